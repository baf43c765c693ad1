"""Maximum-weight matching (swisspairing.matching): cold solves and warm starts.

Cold: :func:`max_weight_matching` on random graphs, dense (every pair an edge, as in a Dutch
bracket question: every player against every other) and sparse (average degree 10), with small
weights and with lexicographic big-integer weights (four 24-bit criteria fields, the way
``dutch-current.md`` G.2 builds them).

Warm: the questions bracket-by-bracket pairing asks, on a dense lexicographic graph: a sequence
of re-solves that each change the low field of the edges at a few vertices (freezing one
decision, G.4) or remove two vertices (a pair made), answered by one :class:`WeightedMatching`
kept between questions, against a cold solve of each question.

    python bench/bench_matching.py                  # n = 50 100 200 400 1000
    python bench/bench_matching.py 300 --warm 20    # one size, 20 warm questions
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from swisspairing.matching import WeightedMatching, max_weight_matching

FIELD = 24


def lexicographic(rng: random.Random) -> int:
    """Four criteria fields, most important first, each a small count."""
    w = 0
    for _ in range(4):
        w = (w << FIELD) | rng.randint(0, 7)
    return w | 1 << (4 * FIELD)  # leading "pair is allowed" field


def graph(n: int, dense: bool, big: bool, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    p = 1.0 if dense else min(1.0, 10 / max(1, n - 1))
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p:
                edges.append((i, j, lexicographic(rng) if big else rng.randint(1, 1000)))
    return edges


def timed(fn, *args, **kw):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    out = fn(*args, **kw)
    return out, time.perf_counter() - start


def cold(sizes: list[int], limit: float) -> None:
    print(
        f"{'n':>6} {'graph':>6} {'weights':>8} {'edges':>8} {'max weight s':>13} {'max card s':>11}"
    )
    for n in sizes:
        for dense in (False, True):
            for big in (False, True):
                if dense and n > 400 and limit < n / 10:
                    print(f"{n:>6} {'dense':>6} {'lex' if big else 'small':>8}  skipped (--limit)")
                    continue
                edges = graph(n, dense, big, seed=n)
                _, t1 = timed(max_weight_matching, edges)
                _, t2 = timed(max_weight_matching, edges, max_cardinality=True)
                print(
                    f"{n:>6} {'dense' if dense else 'sparse':>6} {'lex' if big else 'small':>8} "
                    f"{len(edges):>8} {t1:>13.3f} {t2:>11.3f}",
                    flush=True,
                )


def _total(m: dict[int, int], weight: dict[tuple[int, int], int]) -> int:
    return sum(weight[(a, b)] for a, b in m.items() if a < b)


def warm(n: int, questions: int, seed: int) -> None:
    rng = random.Random(seed)
    edges = graph(n, True, True, seed)
    weight = {(u, v): w for u, v, w in edges}
    wm: WeightedMatching[int] = WeightedMatching()
    for (u, v), w in weight.items():
        wm.set_weight(u, v, w)
    _, t0 = timed(wm.solve, max_cardinality=True)
    print(f"warm starts, n = {n} dense lexicographic: first solve {t0:.3f} s")
    alive = set(range(n))
    t_warm: list[float] = []
    t_cold: list[float] = []
    for q in range(questions):
        start = time.perf_counter()
        if q % 3 == 2 and len(alive) > 4:  # a pair is made: both leave the graph
            a, b = rng.sample(sorted(alive), 2)
            for x in (a, b):
                alive.discard(x)
                wm.remove_vertex(x)
            weight = {k: w for k, w in weight.items() if a not in k and b not in k}
        else:  # freeze a decision: the low field changes on the edges of a few vertices
            touched = rng.sample(sorted(alive), max(1, len(alive) // 20))
            for x in touched:
                for y in alive:
                    if y != x:
                        k = (min(x, y), max(x, y))
                        w = (weight[k] >> FIELD << FIELD) | rng.randint(0, 7)
                        weight[k] = w
                        wm.set_weight(x, y, w)
        got = wm.solve(max_cardinality=True)
        t_warm.append(time.perf_counter() - start)
        current = [(u, v, w) for (u, v), w in weight.items()]
        ref, tc = timed(max_weight_matching, current, max_cardinality=True)
        t_cold.append(tc)

        assert _total(got, weight) == _total(ref, weight), "warm and cold optimum differ"
    print(
        f"  {questions} questions: warm median {statistics.median(t_warm):.3f} s, worst "
        f"{max(t_warm):.3f} s; cold median {statistics.median(t_cold):.3f} s, worst "
        f"{max(t_cold):.3f} s (warm includes the edits)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("sizes", nargs="*", type=int, default=[50, 100, 200, 400, 1000])
    ap.add_argument("--warm", type=int, default=12, help="warm-start questions (0: none)")
    ap.add_argument("--warm-n", type=int, default=300, help="vertices of the warm-start graph")
    ap.add_argument(
        "--limit", type=float, default=100.0, help="skip dense graphs above n = 10·limit"
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    cold(args.sizes, args.limit)
    if args.warm:
        warm(args.warm_n, args.warm, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
