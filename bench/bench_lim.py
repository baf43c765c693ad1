"""Benchmark: every round of a simulated FIDE Lim tournament (500, 2,000 and 5,000 players).

A tournament of ``--rounds`` rounds is played with the seeded simulator
(:mod:`swisspairing.simulate`: results by rating, draws, forfeits, requested byes, absences,
withdrawals); each round's ``Engine.pair`` (whole round: the core's round context, ranking,
bye, Lim groups with their transfers and exchanges, colours, board order) is timed.  Printed
per size: the median and the worst round (wall clock and CPU) and the peak memory of pairing
the worst round again (``tracemalloc``, a separate run because tracing slows Python down).

Target: well under a second for a 2,000-player round.

    python bench/bench_lim.py [--sizes 500 2000 5000] [--rounds 9] [--ruleset fide-lim]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from swisspairing import Engine, load_ruleset
from swisspairing.simulate import simulate


def measure(ruleset: str, players: int, rounds: int, seed: int) -> dict[str, float]:
    engine = Engine(load_ruleset(ruleset))
    original = engine.pair
    runs: list[tuple[float, float, object]] = []

    def timed(t, **kw):
        w, c = time.perf_counter(), time.process_time()
        out = original(t, **kw)
        runs.append((time.perf_counter() - w, time.process_time() - c, t))
        return out

    engine.pair = timed  # type: ignore[method-assign]
    simulate(engine, players, rounds, seed, name=f"bench lim {players}")
    walls = [r[0] for r in runs]
    cpus = [r[1] for r in runs]
    worst = max(range(len(runs)), key=lambda i: walls[i])
    tracemalloc.start()
    original(runs[worst][2], seed=seed + worst + 1, explain=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "median": statistics.median(walls),
        "worst": walls[worst],
        "worst_round": worst + 1,
        "cpu_median": statistics.median(cpus),
        "cpu_worst": max(cpus),
        "peak_mb": peak / 1e6,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[500, 2000, 5000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--ruleset", default="fide-lim")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(
        f"{'players':>8} {'rounds':>6} {'median s':>9} {'worst s':>8} {'(round)':>7} "
        f"{'cpu med':>8} {'cpu max':>8} {'peak MB':>8}"
    )
    for n in args.sizes:
        m = measure(args.ruleset, n, args.rounds, args.seed)
        print(
            f"{n:>8} {args.rounds:>6} {m['median']:>9.3f} {m['worst']:>8.3f} "
            f"{m['worst_round']:>7} {m['cpu_median']:>8.3f} {m['cpu_worst']:>8.3f} "
            f"{m['peak_mb']:>8.1f}"
        )


if __name__ == "__main__":
    main()
