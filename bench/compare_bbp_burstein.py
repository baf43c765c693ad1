"""Agreement with bbpPairings ``--burstein`` (its "previous version" of the Burstein system).

Usage: python bench/compare_bbp_burstein.py [--bbp PATH] [--sizes 16 24 40] [--rounds 9]
       [--seeds 5] [--ruleset fide-burstein] [--acceleration none|default]

Each tournament is simulated with swisspairing (individual events, no forfeits or byes so that
both engines see the same history); before every round the same TRF is handed to bbpPairings
(``--burstein FILE -p``) and the pairs are compared.  bbpPairings applies the acceleration it
reads into the older text (rounds 1-2, the upper half one virtual win) unless the file has an
XXA line: ``--acceleration none`` (default) writes a zero XXA line, so both engines pair the
same scores.  Without the executable the script says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))

from compare_py4swiss import _trf_for_py4swiss
from swisspairing import Engine, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate

BBP = "/work/ext/bbp-v6.0.0/bbpPairings.exe"


def _bbp(exe: str, trf: str) -> tuple[set[frozenset[int]], int | None]:
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.trf"), os.path.join(tmp, "out.txt")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(trf)
        done = subprocess.run(
            [exe, "--burstein", src, "-p", dst],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"bbpPairings exit {done.returncode}: {done.stderr.strip()}")
        with open(dst, encoding="utf-8") as fh:
            lines = fh.read().split()
    pairs, bye = set(), None
    nums = list(map(int, lines[1:]))
    for a, b in zip(nums[::2], nums[1::2], strict=True):
        if b == 0:
            bye = a
        else:
            pairs.add(frozenset((a, b)))
    return pairs, bye


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bbp", default=BBP)
    ap.add_argument("--sizes", nargs="*", type=int, default=[16, 24, 40])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--ruleset", default="fide-burstein")
    ap.add_argument("--acceleration", choices=["none", "default"], default="none")
    args = ap.parse_args(argv)
    if not os.path.exists(args.bbp):
        print(f"bbpPairings not found at {args.bbp}")
        return 0
    engine = Engine(load_ruleset(args.ruleset))
    config = SimulationConfig(
        forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0, unrated_rate=0
    )
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    examples: list[str] = []
    for n in args.sizes:
        for seed in range(1, args.seeds + 1):
            seeding = min(args.rounds // 2, 4)

            def on_round(before, pairing, n=n, seed=seed, seeding=seeding):  # type: ignore[no-untyped-def]
                rnd = pairing.round
                ours = {frozenset((b.white, b.black)) for b in pairing.boards}
                our_bye = pairing.byes[0].player if pairing.byes else None
                trf = _trf_for_py4swiss(before, engine.ruleset.points)
                if "\nXXC" not in trf:
                    trf += "XXC white1\n"  # bbpPairings needs the initial colour (ours: white)
                if args.acceleration == "none":
                    trf += "XXA    1  0.0\n"
                try:
                    pairs, bye = _bbp(args.bbp, trf)
                except Exception as exc:  # counted, not fatal
                    examples.append(f"n={n} seed={seed} round {rnd}: {exc}")
                    return
                kind = "seeding" if rnd <= seeding else "post-seeding"
                s = stats[kind]
                same = pairs == ours and bye == our_bye
                s[0] += 1
                s[1] += same
                s[2] += len(pairs & ours) * 100 // max(len(ours), 1)
                if not same and len(examples) < 8:
                    diff_o = sorted(tuple(sorted(p)) for p in ours - pairs)
                    diff_t = sorted(tuple(sorted(p)) for p in pairs - ours)
                    examples.append(
                        f"n={n} seed={seed} round {rnd}: ours {diff_o} bye {our_bye} / bbp "
                        f"{diff_t} bye {bye}"
                    )

            simulate(engine, n, args.rounds, seed, config, on_round=on_round)
    print(
        f"swisspairing {args.ruleset} vs bbpPairings --burstein (acceleration "
        f"{args.acceleration}); sizes {args.sizes}, {args.rounds} rounds, {args.seeds} seeds"
    )
    for kind, (rounds, same, common) in stats.items():
        print(
            f"  {kind:14} rounds {rounds:4}  same pairs {same:4} "
            f"({100 * same / max(rounds, 1):5.1f} %)  pairs in common "
            f"{common / max(rounds, 1):5.1f} %"
        )
    for e in examples:
        print("  " + e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
