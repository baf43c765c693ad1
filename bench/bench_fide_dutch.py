"""Benchmark: FIDE Dutch (C.04.3) rounds, ``fide-dutch-2025`` by default.

Usage::

    python bench/bench_fide_dutch.py [SIZES...] [--rounds R] [--ruleset ID] [--seed S]
                                     [--white-top] [--max-seconds T]

For each size a whole event is simulated (seeded: draws, forfeits, half-point byes, absences,
withdrawals) and every round is timed (CPU seconds of this process, explanations on as with
``pair --explain``); it prints the median and the worst round.  ``--white-top`` makes every
round-1 board White for the higher-ranked player (round-1 colours not alternated), so that the
low scoregroups fill with players due the same colour -- the fields where bracket searches
explode.  ``--max-seconds`` stops an event after a round slower than that (and says so).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from swisspairing import Engine, load_ruleset
from swisspairing.model import Tournament
from swisspairing.pairing import Pairing, RoundPairing
from swisspairing.simulate import SimulationConfig, simulate


def white_top(result: RoundPairing) -> RoundPairing:
    """Round 1 with White to the higher-ranked player on every board (colours not
    alternated); any other round as it is."""
    if result.round != 1:
        return result
    boards = tuple(Pairing(min(b.white, b.black), max(b.white, b.black)) for b in result.boards)
    return RoundPairing(result.round, boards, result.byes, result.events)


class _Timed(Engine):
    """Times every pairing; optionally gives White to the higher-ranked player in round 1."""

    def __init__(self, *args: Any, white_top: bool = False, limit: float = 1e9, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.times: list[float] = []
        self.white_top = white_top
        self.limit = limit

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        start = time.process_time()
        result = super().pair(tournament, **kwargs)
        self.times.append(time.process_time() - start)
        if self.times[-1] > self.limit:
            raise TimeoutError
        return white_top(result) if self.white_top else result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int, default=[11, 30, 60, 100])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--ruleset", default="fide-dutch-2025")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--white-top", action="store_true")
    ap.add_argument("--max-seconds", type=float, default=1e9)
    args = ap.parse_args(argv)
    config = SimulationConfig(
        draw_rate=0.3,
        forfeit_rate=0.02,
        half_bye_rate=0.03,
        absence_rate=0.02,
        withdrawal_rate=0.01,
    )
    print(f"ruleset {args.ruleset}, {args.rounds} rounds, white-top={args.white_top}")
    print(f"{'players':>8} {'rounds':>6} {'median s':>9} {'worst s':>8} {'worst rnd':>9}")
    for n in args.sizes:
        engine = _Timed(
            load_ruleset(args.ruleset), white_top=args.white_top, limit=args.max_seconds
        )
        note = ""
        try:
            simulate(engine, n, min(args.rounds, n - 1), args.seed, config)
        except TimeoutError:
            note = f"  (stopped: a round took more than {args.max_seconds:g} s)"
        times = engine.times
        worst = max(range(len(times)), key=times.__getitem__)
        print(
            f"{n:>8} {len(times):>6} {statistics.median(times):>9.3f} {times[worst]:>8.3f} "
            f"{worst + 1:>9}{note}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
