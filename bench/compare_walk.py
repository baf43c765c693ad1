"""Differential check: fide-dutch with the walk of homogeneous brackets (D.1 order walked,
certified by the kinds' bound; :mod:`fide_dutch.homogeneous`) against the matchings alone.

Usage::

    python bench/compare_walk.py [SIZES...] [--events E] [--rounds R] [--ruleset ID]
                                 [--white-top]

Each event is simulated with the walk on; every round is then paired again from the same
history with the walk off, and the two pairings (pairs, colours, byes) must be equal.  Prints
the rounds compared, the differences and the CPU time of both ways.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from typing import Any

from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.fide_dutch import procedure
from swisspairing.simulate import SimulationConfig, simulate

sys.path.insert(0, os.path.dirname(__file__))
from bench_fide_dutch import white_top


class _Both(Engine):
    """Pairs every round both ways and records any difference."""

    def __init__(self, *args: Any, white_top: bool = False, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.white_top = white_top
        self.rounds = 0
        self.differ: list[int] = []
        self.walk_s = 0.0
        self.match_s = 0.0

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        start = time.process_time()
        try:
            result: RoundPairing | None = super().pair(tournament, **kwargs)
        except NoValidPairingError:
            result = None
        self.walk_s += time.process_time() - start
        procedure._Round.walk_homogeneous = False
        try:
            start = time.process_time()
            plain: RoundPairing | None = super().pair(tournament, **kwargs)
        except NoValidPairingError:
            plain = None
        finally:
            self.match_s += time.process_time() - start
            procedure._Round.walk_homogeneous = True
        self.rounds += 1
        if (result is None) != (plain is None) or (
            result is not None
            and plain is not None
            and (result.boards, result.byes) != (plain.boards, plain.byes)
        ):
            self.differ.append(self.rounds)
        if result is None:
            raise NoValidPairingError("no valid pairing")
        return white_top(result) if self.white_top else result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int, default=[12, 20, 31, 50, 80])
    ap.add_argument("--events", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--ruleset", default="fide-dutch-2025")
    ap.add_argument("--white-top", action="store_true")
    args = ap.parse_args(argv)
    config = SimulationConfig(
        draw_rate=0.3,
        forfeit_rate=0.04,
        half_bye_rate=0.03,
        absence_rate=0.02,
        withdrawal_rate=0.01,
    )
    bad = 0
    for n in args.sizes:
        for seed in range(1, args.events + 1):
            engine = _Both(load_ruleset(args.ruleset), white_top=args.white_top)
            # the event ends where no pairing exists (both ways agreed, else DIFFER)
            with contextlib.suppress(NoValidPairingError):
                simulate(engine, n, min(args.rounds, n - 1), seed, config)
            if engine.differ:
                bad += 1
                print(f"DIFFER players {n} seed {seed} rounds {engine.differ}", flush=True)
            print(
                f"players {n} seed {seed}: {engine.rounds} rounds, walk {engine.walk_s:.2f} s, "
                f"matchings {engine.match_s:.2f} s",
                flush=True,
            )
    print(f"events differing: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
