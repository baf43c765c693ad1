"""Shared driver of bench_burstein.py and bench_dubov.py: every round of generated tournaments.

For each size it simulates R rounds (seeded) and times every pairing (explanations on, as with
``pair --explain``): median and worst round, peak memory (tracemalloc) of pairing the last
round again, and whether every round passed the absolute-criteria check.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace

from swisspairing import Engine, load_ruleset
from swisspairing.simulate import simulate


def run(default_ruleset: str, argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sizes", nargs="*", type=int, default=[500, 1000, 2000, 5000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--ruleset", default=default_ruleset)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    engine = Engine(load_ruleset(args.ruleset))
    print(f"ruleset {args.ruleset}, {args.rounds} rounds")
    print(
        f"{'players':>8} {'median s':>9} {'worst s':>8} {'worst rnd':>9} {'peak MiB':>9} "
        f"{'legal':>6}"
    )
    for n in args.sizes:
        times: list[float] = []
        orig = engine.pair

        def timed(t, **kw):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            result = orig(t, **kw)  # noqa: B023
            times.append(time.perf_counter() - start)  # noqa: B023
            return result

        engine.pair = timed  # type: ignore[method-assign]
        t = simulate(engine, n, args.rounds, args.seed)
        engine.pair = orig  # type: ignore[method-assign]
        legal = not engine.check(t)
        last = t.rounds_recorded
        before = replace(
            t,
            players=tuple(replace(p, rounds=p.rounds[: last - 1], points=None) for p in t.players),
        )
        tracemalloc.start()
        engine.pair(before, seed=args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        worst = max(range(len(times)), key=times.__getitem__)
        print(
            f"{n:>8} {statistics.median(times):>9.3f} {times[worst]:>8.3f} {worst + 1:>9} "
            f"{peak / 2**20:>9.1f} {legal!s:>6}"
        )
        sys.stdout.flush()
    return 0
