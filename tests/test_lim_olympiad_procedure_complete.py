"""The group procedures find a pairing themselves: over seeded simulations, no round of
``fide-lim`` or ``fide-olympiad`` falls back to the last resort ("no pairing follows the group
procedure"), which only exists as a safety net.  The 2006 merge of groups (Olympiad-2006 6.6)
and the cracking of a whole group's pairings (Lim 2.6) are what make this hold on small
fields late in the event."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from swisspairing import Engine, NoValidPairingError, load_ruleset
from swisspairing.simulate import simulate

sys.path.insert(0, str(Path(__file__).parent / "olympiad"))
import contextlib

from conftest import make_teams, play

LAST_RESORT = "no pairing follows the group procedure"


def test_lim_never_needs_the_last_resort():
    rounds = 0
    for seed in range(4):
        for n in (11, 30):
            engine = Engine(load_ruleset("fide-lim"))
            original = engine.pair

            def pair(t, **kw):
                nonlocal rounds
                p = original(t, **{**kw, "explain": True})  # noqa: B023
                rounds += 1
                assert not any(LAST_RESORT in e.message for e in p.events), f"round {p.round}"
                return p

            engine.pair = pair  # type: ignore[method-assign]
            with contextlib.suppress(NoValidPairingError):
                simulate(engine, n, 9, seed)
    assert rounds > 50


@pytest.mark.parametrize("edition", ["2006", "2010", "2022"])
def test_olympiad_never_needs_the_last_resort(edition):
    rs = load_ruleset(f"fide-olympiad-{edition}")
    merged = 0
    for seed in range(3):
        engine = Engine(rs)
        rng = random.Random(seed)
        t = replace(make_teams(20, seed), total_rounds=11, point_system=rs.points)
        for _ in range(11):
            try:
                p = engine.pair(t)
            except NoValidPairingError:
                break
            assert not any(LAST_RESORT in e.message for e in p.events), f"round {p.round}"
            merged += any(e.rule == "Olympiad-2006 6.6" for e in p.events)
            t = play(engine.apply(t, p), p, rng)
    if edition == "2006":
        assert merged  # the return/merge of 6.6 is exercised
