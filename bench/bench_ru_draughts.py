"""Benchmark: one round of each RDF Swiss variant for 200, 1,000 and 5,000 players.

For each variant (``rdf-random``, ``rdf-coefficient``, ``rdf-solkoff``, ``rdf-buchholz``) and
field size, a tournament is played for ``--rounds`` rounds with the seeded simulator
(:mod:`swisspairing.simulate`: results by rating, draws, forfeits, known absences,
withdrawals), then the next round is paired ``--repeat`` times.  Printed per row:

- the median wall-clock and CPU time of ``Engine.pair`` (whole round: the core's round
  context, the variant's ordering, the group-by-group draw, colours, board order);
- the share of that spent building the core's round context (player states), which is the
  same for every system;
- the peak memory of one pairing (``tracemalloc``, measured in a separate run because
  tracing slows Python down).

Target: under 0.5 s for 5,000 players.  The limit is checked on the median CPU time, so that
other jobs on the same cores do not fail it.

    python bench/bench_ru_draughts.py [--sizes 200 1000 5000] [--rounds 4] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace

from swisspairing import Engine, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate

VARIANTS = ("rdf-random", "rdf-coefficient", "rdf-solkoff", "rdf-buchholz")
CONFIG = SimulationConfig(
    draw_rate=0.35,
    forfeit_rate=0.03,
    half_bye_rate=0.0,
    absence_rate=0.02,
    withdrawal_rate=0.005,
    unrated_rate=0.1,
)
LIMIT = 0.5


def measure(ruleset: str, players: int, rounds: int, repeat: int) -> dict[str, float]:
    engine = Engine(load_ruleset(ruleset))
    t = simulate(
        engine, players, rounds, seed=players, config=CONFIG, name=f"bench {ruleset} {players}"
    )
    t = replace(t, total_rounds=rounds + 5)
    walls, cpus, ctxs = [], [], []
    pairing = None
    for i in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        engine.context(t, seed=i, explain=False)
        ctxs.append(time.perf_counter() - w)
        w, c = time.perf_counter(), time.process_time()
        pairing = engine.pair(t, seed=i, explain=False)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    tracemalloc.start()
    engine.pair(t, seed=0, explain=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert pairing is not None
    return {
        "wall": statistics.median(walls),
        "cpu": statistics.median(cpus),
        "context": statistics.median(ctxs),
        "peak_mb": peak / 2**20,
        "boards": len(pairing.boards),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 5000])
    ap.add_argument(
        "--rounds", type=int, default=4, help="rounds simulated before the measured one"
    )
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS))
    args = ap.parse_args(argv)
    print(
        f"one round (round {args.rounds + 1}) after {args.rounds} simulated rounds; median of "
        f"{args.repeat}"
    )
    head = (
        f"{'ruleset':<16} {'players':>7} {'boards':>6} {'wall s':>8} {'CPU s':>8} "
        f"{'context s':>9} {'peak MiB':>9}"
    )
    print(head)
    print("-" * len(head))
    worst = 0.0
    for ruleset in args.variants:
        for n in args.sizes:
            m = measure(ruleset, n, args.rounds, args.repeat)
            print(
                f"{ruleset:<16} {n:>7} {m['boards']:>6} {m['wall']:>8.3f} {m['cpu']:>8.3f} "
                f"{m['context']:>9.3f} {m['peak_mb']:>9.1f}"
            )
            if n >= 5000:
                worst = max(worst, m["cpu"])
    if worst:
        ok = worst < LIMIT
        print(
            ("OK" if ok else "TOO SLOW")
            + f": {worst:.3f} s CPU for 5,000 players (limit {LIMIT} s)"
        )
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
