"""core/feasibility.py: the maximum-matching test the engine prunes with, and its witness.

The answers are checked against brute force on small random graphs (every perfect matching
enumerated), with and without confinement (moved-down players kept inside their bracket), and
the witness sentences are checked on tournaments where the reason is known.
"""

from __future__ import annotations

import itertools
import random

import pytest
from swisspairing import Engine, Player, Tournament, load_ruleset
from swisspairing.feasibility import PairingGraph


class _Graph(PairingGraph):
    """A PairingGraph over an explicit edge set (no tournament behind it)."""

    def __init__(self, n: int, edges: set[frozenset[int]], bye_ok: list[bool]) -> None:
        self.numbers = list(range(1, n + 1))
        self.index = {x: i for i, x in enumerate(self.numbers)}
        self.bye = n
        self.size = n + 1
        adj = [0] * (n + 1)
        for i, j in itertools.permutations(range(n), 2):
            if frozenset((i, j)) in edges:
                adj[i] |= 1 << j
        for i in range(n):
            if bye_ok[i]:
                adj[i] |= 1 << n
                adj[n] |= 1 << i
        self.adj = adj
        self._mate = [-1] * (n + 1)
        self._matched = 0
        self._groups = {}


def _brute(verts: list[int], adj: list[int], confine: tuple[int, int] | None = None) -> bool:
    if not verts:
        return True
    v = verts[0]
    for u in verts[1:]:
        if not adj[v] >> u & 1:
            continue
        if confine is not None:
            inside, allowed = confine
            if (inside >> v & 1 and not allowed >> u & 1) or (
                inside >> u & 1 and not allowed >> v & 1
            ):
                continue
        if _brute([w for w in verts if w not in (v, u)], adj, confine):
            return True
    return False


@pytest.mark.parametrize("seed", range(6))
def test_completable_agrees_with_brute_force(seed: int) -> None:
    """Warm starts carry over between questions (as in the engine), so each graph is asked
    several questions in a row."""
    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randint(1, 9)
        density = rng.random()
        edges = {
            frozenset(e) for e in itertools.combinations(range(n), 2) if rng.random() < density
        }
        g = _Graph(n, edges, [rng.random() < 0.5 for _ in range(n)])
        for _ in range(5):
            sub = [x for x in g.numbers if rng.random() < 0.7]
            verts = [g.index[x] for x in sub] + ([n] if len(sub) % 2 else [])
            assert g.completable(sub) == _brute(verts, g.adj)
            inside = [x for x in sub if rng.random() < 0.3]
            allowed = [x for x in sub if rng.random() < 0.6]
            expected = _brute(verts, g.adj, (g.mask(inside), g.mask(allowed)))
            assert g.completable_within(sub, inside, allowed) == expected


def _round_two(n: int, extra: list[str]) -> Tournament:
    from swisspairing.trf import read_trf

    half = n // 2
    lines = ["012 Feasibility", "XXR 5", *extra]
    for k in range(1, n + 1):
        opp, colour, res, pts = (
            (k + half, "w", "1", "1.0") if k <= half else (k - half, "b", "0", "0.0")
        )
        head = (
            f"001 {k:>4} m    {'Player ' + str(k):<33} {2400 - 10 * k:>4} GER {'':>11} {'':10} "
            f"{pts:>4} {'':4}"
        )
        lines.append(f"{head}  {opp:04d} {colour} {res}")
    return read_trf("\n".join(lines) + "\n")


def test_witness_names_the_player_without_opponents_and_why() -> None:
    t = _round_two(6, [f"XXP 6 {k}" for k in (1, 2, 4, 5)])
    engine = Engine(load_ruleset("fide-dutch-1992"))
    ctx = engine.context(t)
    graph = PairingGraph(ctx)
    assert not graph.completable(ctx.participants)
    witness = graph.witness(ctx.participants)
    assert witness is not None and witness.players == (6,)
    from swisspairing.explain import Event

    text = Event("", witness.message, witness.args).render("en")
    assert text == (
        "player 6 cannot be paired with anybody: already met player 3; may not meet players "
        "1, 2, 4, 5 (forbidden pairs)"
    )


def test_witness_counting_argument() -> None:
    """Round 2 of 8 (round 1: 1-5, 2-6, 3-7, 4-8).  1, 2 and 3 may not meet one another, nor
    6, 7, 8 except where they already met: 1 can only meet 4, and 2 and 3 only 4 or 5.
    Without 4 and 5 the field falls apart into {1}, {2}, {3} and {6, 7, 8}: four groups of
    odd size for two players, so two stay unpaired (Tutte-Berge)."""
    forbidden = [
        "XXP 1 2 3",
        "XXP 1 6",
        "XXP 1 7",
        "XXP 1 8",
        "XXP 2 7",
        "XXP 2 8",
        "XXP 3 6",
        "XXP 3 8",
    ]
    t = _round_two(8, forbidden)
    engine = Engine(load_ruleset("fide-dutch-1992"))
    ctx = engine.context(t)
    graph = PairingGraph(ctx)
    witness = graph.witness(ctx.participants)
    assert witness is not None
    from swisspairing.explain import Event

    text = Event("", witness.message, witness.args).render("en")
    assert text == (
        "players 1, 2, 3, 6, 7, 8 can only be paired with one another or with 4, 5: they form 4 "
        "groups "
        "of odd size, each needing one of the others (there are 2), so 2 of them cannot be paired"
    )


def test_nobody_may_take_the_bye() -> None:
    """Three players who all had the pairing-allocated bye: the odd one out has nowhere to go."""
    from swisspairing.trf import read_trf

    lines = ["012 Byes", "XXR 5"]
    for k in range(1, 4):
        head = (
            f"001 {k:>4} m    {'Player ' + str(k):<33} {2400 - 10 * k:>4} GER {'':>11} {'':10} "
            f"{'1.0':>4} {'':4}"
        )
        lines.append(f"{head}  0000 - U")
    t = read_trf("\n".join(lines) + "\n")
    engine = Engine(load_ruleset("fide-dutch-1992"))
    ctx = engine.context(t)
    graph = PairingGraph(ctx)
    assert not graph.completable(ctx.participants)
    witness = graph.witness(ctx.participants)
    assert witness is not None
    from swisspairing.explain import Event

    assert "the bye" in Event("", witness.message, witness.args).render("en")


def test_exempt_topscorers_widen_the_graph() -> None:
    """Dutch-1992 B-note: in the last round a topscorer is exempt from B2, so two players who
    both must have White may still be paired when one of them is a topscorer."""
    t = Tournament(players=(Player(1, rating=2000), Player(2, rating=1990)), total_rounds=1)
    engine = Engine(load_ruleset("fide-dutch-1992"))
    ctx = engine.context(t)
    graph = PairingGraph(ctx)
    assert graph.may_pair(1, 2)
