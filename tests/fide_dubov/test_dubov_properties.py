"""Properties of Dubov (1997) and Burstein (both editions) rounds over seeded simulations:
everyone paired once or one bye, no rematch (C.04.1 b), colour limits (C.04.1 f, g), bye
eligibility (C.04.1 d), Dubov 2.5 for the players transferred up, determinism, and every
"no valid pairing" proven by a maximum matching."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import BLACK, WHITE, Engine, NoValidPairingError, load_ruleset
from swisspairing.matching import max_matching_size
from swisspairing.model import Float
from swisspairing.plugins.fide_dubov import max_upfloats
from swisspairing.simulate import simulate

RULESETS = ["fide-dubov-1997", "fide-dubov-2026", "fide-burstein", "fide-burstein-2025"]


class _NoPairing(Exception):
    pass


def _check_round(engine: Engine, before, pairing) -> None:  # type: ignore[no-untyped-def]
    ctx = engine.context(before)
    seen: list[int] = []
    for b in pairing.boards:
        seen += [b.white, b.black]
        assert ctx.may_meet(b.white, b.black), "C.04.1 b: rematch"
        assert ctx.colour_allowed(b.white, WHITE), "C.04.1 f/g"
        assert ctx.colour_allowed(b.black, BLACK), "C.04.1 f/g"
    assert len(pairing.byes) == len(ctx.participants) % 2
    for bye in pairing.byes:
        seen.append(bye.player)
        assert ctx.can_receive_bye(bye.player), "C.04.1 d"
    assert sorted(seen) == sorted(ctx.participants), "everyone once"
    again = engine.pair(before, seed=pairing.round)
    assert again.boards == pairing.boards and again.byes == pairing.byes, "determinism"
    if (
        engine.ruleset.system == "fide-dubov"
        and str(engine.ruleset.param("edition", "1997")) == "1997"
        and not ctx.is_last_round
    ):
        # (in the 2025/2026 text the upfloat limits are quality criteria C8-C10, not absolute)
        # Dubov 2.5: a player transferred up must not have upfloated in the previous round
        # nor have reached the limit
        c2 = engine.context(before)
        from swisspairing.plugins.fide_dubov import pair_dubov_round

        pair_dubov_round(c2)
        for n in c2.data["dubov.transferred"]:
            stt = c2.state(n)
            assert stt.floated(1) is not Float.UP
            assert sum(1 for f in stt.floats if f is Float.UP) < max_upfloats(c2.total_rounds)


def _run_allowing_genuine_failures(ruleset: str, players: int, rounds: int, seed: int) -> None:
    engine = Engine(load_ruleset(ruleset))
    orig = engine.pair

    def pair(t, **kw):  # type: ignore[no-untyped-def]
        try:
            return orig(t, **kw)
        except NoValidPairingError:
            ctx = engine.context(t)
            parts = ctx.participants
            if len(parts) % 2:
                # with a bye: some eligible player can be left out of a perfect matching
                ok = any(
                    ctx.can_receive_bye(n)
                    and max_matching_size([m for m in parts if m != n], ctx.compatible) * 2
                    == len(parts) - 1
                    for n in parts
                )
            else:
                ok = max_matching_size(parts, ctx.compatible) * 2 == len(parts)
            assert not ok, "a complete pairing exists but none was found"
            raise _NoPairing from None

    engine.pair = pair  # type: ignore[method-assign]
    with contextlib.suppress(_NoPairing):
        simulate(engine, players, rounds, seed, on_round=lambda t, p: _check_round(engine, t, p))


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=12)
@given(players=st.integers(10, 60), rounds=st.integers(5, 11), seed=st.integers(0, 10_000))
def test_rounds_are_legal_and_complete(ruleset: str, players: int, rounds: int, seed: int) -> None:
    _run_allowing_genuine_failures(ruleset, players, rounds, seed)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_small_fields_many_rounds_failures_are_genuine(ruleset: str) -> None:
    """Ten players over eleven rounds run out of opponents: every refusal must be proven."""
    for seed in range(3):
        _run_allowing_genuine_failures(ruleset, 10, 11, seed)


#: fide-burstein-2025 pairs its seeding rounds (here 1-2) by the current Dutch system
#: (Burstein-2025 1.6.1, AMB-B1), whose 2,000-player round 2 takes about a minute (issue 19):
#: that case runs with --run-slow, and 400 players always.
_LARGE = [
    *(pytest.param(r, 2000, id=f"{r}-2000") for r in RULESETS if r != "fide-burstein-2025"),
    pytest.param("fide-burstein-2025", 2000, id="fide-burstein-2025-2000", marks=pytest.mark.slow),
    pytest.param("fide-burstein-2025", 400, id="fide-burstein-2025-400"),
]


@pytest.mark.parametrize(("ruleset", "players"), _LARGE)
def test_large_fields(ruleset: str, players: int) -> None:
    """Five rounds of a large field: every round passes the independent check."""
    engine = Engine(load_ruleset(ruleset))
    t = simulate(engine, players, 5, 7)
    assert engine.check(t) == []
