""" "May these two meet?" — one rule (RoundContext.barred), read by every consumer (issue 27).

Round 2 of eight players; round 1 was 1-5, 2-6, 3-7, 4-8.  The federations are GER (1, 2),
FRA (3, 4), NED (5, 6), ESP (7, 8); the file forbids 7-8 (``XXP``), the ruleset forbids 3-6
(``forbidden.pairs``).  Each branch of the rule is checked on its own pair, then the feasibility
graph, the fast predicate and the Lim compatibility table are checked against the rule on every
pair.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from swisspairing import Engine, load_ruleset
from swisspairing.compatibility import fast_compatible
from swisspairing.feasibility import PairingGraph
from swisspairing.plugins.lim_family import fide_lim
from swisspairing.ruleset import ForbiddenRules
from swisspairing.trf import read_trf

FEDS = {1: "GER", 2: "GER", 3: "FRA", 4: "FRA", 5: "NED", 6: "NED", 7: "ESP", 8: "ESP"}


def _context(*, same_federation: bool, system: str = "fide-lim"):  # type: ignore[no-untyped-def]
    lines = ["012 May meet", "XXR 5", "XXP 7 8"]
    for k in range(1, 9):
        opp, colour, res, pts = (k + 4, "w", "1", "1.0") if k <= 4 else (k - 4, "b", "0", "0.0")
        head = (
            f"001 {k:>4} m    {'Player ' + str(k):<33} {2400 - 10 * k:>4} {FEDS[k]} {'':>11} "
            f"{'':10} {pts:>4} {'':4}"
        )
        lines.append(f"{head}  {opp:04d} {colour} {res}")
    tournament = read_trf("\n".join(lines) + "\n")
    ruleset = load_ruleset(system)
    ruleset = replace(
        ruleset,
        forbidden=ForbiddenRules(
            pairs=(frozenset((3, 6)),), same_club=False, same_federation=same_federation
        ),
    )
    return Engine(ruleset).context(tournament)


def test_each_branch_of_the_rule() -> None:
    ctx = _context(same_federation=True)
    assert not ctx.may_meet(1, 5), "B1a: they met in round 1"
    assert not ctx.may_meet(7, 8) and not ctx.may_meet(8, 7), "XXP 7 8: a forbidden pair"
    assert not ctx.may_meet(3, 6) and not ctx.may_meet(6, 3), "ruleset forbidden.pairs"
    assert not ctx.may_meet(1, 2) and not ctx.may_meet(4, 3), "forbidden.same_federation"
    assert ctx.may_meet(1, 3) and ctx.may_meet(2, 8), "nothing keeps them apart"
    assert ctx.barred(1) == {5, 2}
    assert ctx.barred(3) == {7, 4, 6}
    # whatever the history: forbidden pairs and federations, not the rematch
    assert ctx.forbidden_opponents()[1] == {2}
    assert ctx.forbidden_opponents()[6] == {3, 5}


def test_same_federation_only_where_the_ruleset_says_so() -> None:
    ctx = _context(same_federation=False)
    assert ctx.may_meet(1, 2) and ctx.may_meet(3, 4)
    assert not ctx.may_meet(7, 8), "the forbidden pair stays"
    assert ctx.barred(1) == {5}


@pytest.mark.parametrize("same_federation", [True, False])
def test_every_consumer_reads_the_same_rule(same_federation: bool) -> None:
    ctx = _context(same_federation=same_federation)
    graph = PairingGraph(ctx)
    fast = fast_compatible(ctx)
    lim = fide_lim.compatibility(ctx, ctx.participants)
    refused = 0
    for a, b in combinations(ctx.participants, 2):
        rule = ctx.may_meet(a, b)
        refused += not rule
        # round 2: the colour limits still allow either colour to everybody
        assert ctx.colours_possible(a, b)
        assert graph.may_pair(a, b) == rule, (a, b)
        assert fast(a, b) == rule, (a, b)
        assert (b not in lim.bad[a]) == rule, (a, b)
        assert (a not in lim.bad[b]) == rule, (a, b)
    # four rematches, 7-8 and 3-6; with federations also 1-2, 3-4, 5-6 (7-8 is both)
    assert refused == (4 + 2 + 3 if same_federation else 4 + 2)
