"""Benchmark: pair the next round of generated FIDE Dutch 1992 tournaments.

Usage: python bench/bench_dutch.py [SIZES...] [--rounds R] [--repeat K]

For each size it simulates R-1 rounds (seeded), then pairs round R K times and prints the
median time and the peak memory (tracemalloc) of one pairing, plus the slowest round met
while simulating (time per 1,000 players).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc

from swisspairing import Engine, load_ruleset
from swisspairing.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sizes", nargs="*", type=int, default=[100, 500, 2000, 5000])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ruleset", default="fide-dutch-1992")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    engine = Engine(load_ruleset(args.ruleset))
    print(f"{'players':>8} {'round':>5} {'median s':>9} {'peak MiB':>9} {'slowest round s/1000':>21}")
    for n in args.sizes:
        slowest = [0.0]
        orig = engine.pair

        def timed(t, **kw):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            result = orig(t, **kw)
            slowest[0] = max(slowest[0], (time.perf_counter() - start) * 1000 / n)
            return result

        engine.pair = timed  # type: ignore[method-assign]
        t = simulate(engine, n, args.rounds, args.seed)
        engine.pair = orig  # type: ignore[method-assign]
        # pair the last round again from the state before it
        before = _before_last(t)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            engine.pair(before, seed=args.seed)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        engine.pair(before, seed=args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{n:>8} {before.next_round:>5} {statistics.median(times):>9.3f} {peak / 2**20:>9.1f} {slowest[0]:>21.3f}")
        sys.stdout.flush()
    return 0


def _before_last(t):  # type: ignore[no-untyped-def]
    """The tournament as it was before its last round was paired."""
    from dataclasses import replace

    last = t.rounds_recorded
    players = tuple(replace(p, rounds=p.rounds[: last - 1], points=None) for p in t.players)
    return replace(t, players=players)


if __name__ == "__main__":
    raise SystemExit(main())
