"""Burstein 2025: how many players a bracket floats and which, as the criteria order them.

``tests/data/fide_burstein_2025/n16-seed1-round5.trf``: a generated event before round 5
(the first post-seeding round); the expected pairs are derived by hand from the text
(``Burstein-2025``, C4 before C5, 4.3 order).
"""

from __future__ import annotations

from pathlib import Path

from swisspairing import Engine, load_ruleset, load_trf

DATA = Path(__file__).parent.parent / "data" / "fide_burstein_2025"


def test_c4_before_c5_floaters_the_next_bracket_needs() -> None:
    """The 1.5 bracket in Index order is 9, 13, 12, 11, 8, 15; it can be paired completely
    (9-15, 13-12, 11-8), but the players below are 14 and 16, who have met: C4 (the round
    must be completed) comes before C5 (most pairs), so two players float.  In the 4.3 order
    #1 (9) takes 15, #2 (13) takes the lowest possible: 8 cannot (both Black: C8), 11 can —
    the rest float (12 and 8) and meet 16 and 14.  So 13-11 and 12-16, not 13-12 with 11
    and 8 floating (11-16, 8-14), which C4 only discovered after the bracket was paired."""
    t = load_trf(DATA / "n16-seed1-round5.trf")
    p = Engine(load_ruleset("fide-burstein-2025")).pair(t)
    pairs = {frozenset((b.white, b.black)) for b in p.boards}
    for pair in ((9, 15), (13, 11), (12, 16), (8, 14)):
        assert frozenset(pair) in pairs, pairs


def test_bracket_order_is_index_and_tpn_only() -> None:
    """1.8: the players of a bracket, incoming floaters included, are ranked by the Index
    (Buchholz, Sonneborn-Berger) and TPN only — not by score first."""
    from swisspairing.plugins.fide_burstein.index import index_key

    t = load_trf(DATA / "n16-seed1-round5.trf")
    engine = Engine(load_ruleset("fide-burstein-2025"))
    p = engine.pair(t)
    key = index_key(engine.context(t))
    orders = [e.args["players"] for e in p.events if e.rule == "Burstein A.7"]
    assert any(len(o) > 2 for o in orders)
    for order in orders:
        assert order == sorted(order, key=lambda n: key[n])
