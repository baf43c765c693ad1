"""fast_compatible answers exactly what RoundContext.compatible answers."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from swisspairing import Engine, load_ruleset
from swisspairing.compatibility import fast_compatible
from swisspairing.simulate import simulate


def test_fast_compatible_equals_context_compatible() -> None:
    engine = Engine(load_ruleset("fide-burstein"))
    t = simulate(engine, 24, 6, 11)
    t = replace(t, forbidden_pairs=(frozenset((1, 2)), frozenset((3, 4, 5))), total_rounds=9)
    ctx = engine.context(t)
    fast = fast_compatible(ctx)
    checked = 0
    for a, b in combinations(ctx.participants, 2):
        assert fast(a, b) == ctx.compatible(a, b), (a, b)
        checked += not ctx.compatible(a, b)
    assert checked > 0
