"""Benchmark: FIDE Dutch 1992 rounds on inputs shaped like real events.

Usage::

    python bench/bench_dutch.py [SIZES...] [--rounds R] [--unrated 0.5] [--byes 0.1]
                                [--imported 0.01] [--seed S]
    python bench/bench_dutch.py --fields K [--seed S]

Sizes mode: for each size it plays a whole event (seeded; half the field unrated, a tenth
asking for byes each round, withdrawals, forfeits) and times every round; a share of the
players get an imported colour history that already breaks B2 (their recorded colours are
rewritten to one colour, as after a file from another program, AMB-D21) before the last round.
It prints the median and the worst round (CPU seconds: the machine may be shared) and the peak
memory of the last round (tracemalloc).

Fields mode (``--fields K``): K events of 10–200 players over 9–15 rounds (small fields with
many rounds: the late rounds are the hard ones), every round timed; median and worst round
and the slowest event.

Times are CPU time of this process (``time.process_time``), so a busy machine does not inflate
them; wall-clock time on an idle machine is the same within a few per cent.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace

from swisspairing import Engine, load_ruleset
from swisspairing.model import BLACK, Tournament
from swisspairing.simulate import SimulationConfig, simulate


def _config(args: argparse.Namespace) -> SimulationConfig:
    return SimulationConfig(
        unrated_rate=args.unrated,
        half_bye_rate=args.byes,
        absence_rate=args.byes / 4,
        withdrawal_rate=0.01,
        forfeit_rate=0.02,
    )


class _Timed:
    """Wraps ``engine.pair`` to record the CPU time of every round."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.orig = engine.pair
        self.times: list[tuple[float, int, int]] = []
        engine.pair = self  # type: ignore[method-assign]

    def __call__(self, t: Tournament, **kw):  # type: ignore[no-untyped-def]
        start = time.process_time()
        result = self.orig(t, **kw)
        self.times.append((time.process_time() - start, len(t.players), t.next_round))
        return result


def _imported(t: Tournament, share: float, seed: int) -> Tournament:
    """Rewrite the played colours of ``share`` of the players to Black (a history from another
    program that breaks B2; the opponents' records are left as they are)."""
    rng = random.Random(seed)
    victims = set(rng.sample([p.number for p in t.players], max(1, int(len(t.players) * share))))
    players = []
    for p in t.players:
        if p.number in victims:
            p = replace(
                p,
                rounds=tuple(
                    replace(r, colour=BLACK)
                    if r is not None and r.opponent and r.colour is not None
                    else r
                    for r in p.rounds
                ),
            )
        players.append(p)
    return replace(t, players=tuple(players))


def _before_last(t: Tournament) -> Tournament:
    """The tournament as it was before its last round was paired."""
    last = t.rounds_recorded
    players = tuple(replace(p, rounds=p.rounds[: last - 1], points=None) for p in t.players)
    return replace(t, players=players)


def sizes(args: argparse.Namespace) -> None:
    engine = Engine(load_ruleset(args.ruleset))
    print(
        f"{'players':>8} {'rounds':>6} {'median s':>9} {'worst s':>8} {'worst rnd':>9} "
        f"{'imported last s':>15} {'peak MiB':>9}"
    )
    for n in args.sizes:
        timer = _Timed(engine)
        t = simulate(engine, n, args.rounds, args.seed, _config(args))
        engine.pair = timer.orig  # type: ignore[method-assign]
        times = [x for x, _, _ in timer.times]
        worst = max(timer.times)
        before = _imported(_before_last(t), args.imported, args.seed)
        start = time.process_time()
        engine.pair(before, seed=args.seed)
        imported = time.process_time() - start
        tracemalloc.start()
        engine.pair(before, seed=args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"{n:>8} {args.rounds:>6} {statistics.median(times):>9.3f} {worst[0]:>8.3f} "
            f"{worst[2]:>9} {imported:>15.3f} {peak / 2**20:>9.1f}"
        )
        sys.stdout.flush()


def fields(args: argparse.Namespace) -> None:
    engine = Engine(load_ruleset(args.ruleset))
    from swisspairing.errors import NoValidPairingError

    rng = random.Random(args.seed)
    all_times: list[tuple[float, int, int, int]] = []
    impossible = 0
    for k in range(args.fields):
        n = rng.randint(10, 200)
        rounds = min(rng.randint(9, 15), n - 1)
        timer = _Timed(engine)
        seed = args.seed * 1000 + k
        try:
            simulate(engine, n, rounds, seed, _config(args))
        except NoValidPairingError:
            impossible += 1  # proven by a maximum matching (the message carries the witness)
        engine.pair = timer.orig  # type: ignore[method-assign]
        all_times += [(x, pl, r, seed) for x, pl, r in timer.times]
    times = sorted(x for x, *_ in all_times)
    worst = max(all_times)
    print(f"events {args.fields}, rounds paired {len(times)}, proven impossible {impossible}")
    print(
        f"median {statistics.median(times):.4f} s, 90th percentile "
        f"{times[int(0.9 * len(times))]:.4f} s, worst {worst[0]:.3f} s ({worst[1]} players, round "
        f"{worst[2]}, seed {worst[3]})"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("sizes", nargs="*", type=int, default=[100, 500, 2000, 5000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--ruleset", default="fide-dutch-1992")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--unrated", type=float, default=0.5, help="share of unrated players")
    ap.add_argument(
        "--byes", type=float, default=0.1, help="chance per round that a player asks for a bye"
    )
    ap.add_argument(
        "--imported",
        type=float,
        default=0.01,
        help="share of players with an imported history breaking B2",
    )
    ap.add_argument(
        "--fields", type=int, default=0, help="run K small-field events instead of the sizes"
    )
    args = ap.parse_args(argv)
    if args.fields:
        fields(args)
    else:
        sizes(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
