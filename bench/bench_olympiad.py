"""Benchmark: every round of a simulated 200-team, 11-round Olympiad, per edition.

Teams of four boards and a reserve (``tests/olympiad/conftest.py``'s generator, results by
rating); each round's ``Engine.pair`` (the core's team view, ranking, bye, the edition's group
procedure, colours, expansion to 800 board games) is timed.  Printed per edition: the median
and the worst round (wall clock and CPU) and the peak memory of pairing the worst round again
(``tracemalloc``).

Target: well under a second per round.

    python bench/bench_olympiad.py [--teams 200] [--rounds 11] [--editions 2006 2010 2022]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from swisspairing import Engine, load_ruleset

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "olympiad"))
from conftest import simulate_olympiad


def measure(edition: str, teams: int, rounds: int, seed: int) -> dict[str, float]:
    ruleset = f"fide-olympiad-{edition}"
    runs: list[tuple[float, float]] = []
    stamps: dict[str, float] = {}
    befores = []

    def before(t, pairing):
        runs.append((time.perf_counter() - stamps["w"], time.process_time() - stamps["c"]))
        befores.append(t)

    original = Engine.pair

    def timed(self, t, **kw):
        stamps["w"], stamps["c"] = time.perf_counter(), time.process_time()
        return original(self, t, **kw)

    Engine.pair = timed  # type: ignore[method-assign]
    try:
        simulate_olympiad(teams, rounds, seed, ruleset, on_round=before)
    finally:
        Engine.pair = original  # type: ignore[method-assign]
    walls = [r[0] for r in runs]
    cpus = [r[1] for r in runs]
    worst = max(range(len(runs)), key=lambda i: walls[i])
    engine = Engine(load_ruleset(ruleset))
    tracemalloc.start()
    engine.pair(befores[worst], seed=seed, explain=False)
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
    ap.add_argument("--teams", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--editions", nargs="+", default=["2006", "2010", "2022"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(
        f"{'edition':>8} {'teams':>6} {'median s':>9} {'worst s':>8} {'(round)':>7} "
        f"{'cpu med':>8} {'cpu max':>8} {'peak MB':>8}"
    )
    for ed in args.editions:
        m = measure(ed, args.teams, args.rounds, args.seed)
        print(
            f"{ed:>8} {args.teams:>6} {m['median']:>9.3f} {m['worst']:>8.3f} "
            f"{m['worst_round']:>7} {m['cpu_median']:>8.3f} {m['cpu_worst']:>8.3f} "
            f"{m['peak_mb']:>8.1f}"
        )


if __name__ == "__main__":
    main()
