"""Agreement with bbpPairings ``--burstein`` (its "previous version" of the Burstein system).

Usage: python bench/compare_bbp_burstein.py [--bbp PATH] [--sizes 16 24 40] [--rounds 9 ...]
       [--seeds 5] [--ruleset fide-burstein] [--acceleration none|default] [--per-kind N]

Which text bbpPairings follows: its README calls it "a flawed implementation of a previous
version of the Burstein system"; ``src/swisssystems/burstein.cpp`` orders a score group by
Sonneborn-Berger, Buchholz, Median and rank, counts unfinished games as draws and weighs the
"due colour" (the colour played less often, else the alternate of the last round) -- the
definitions 1.3, 2 and 3.2 of the C.04.4.2 text on old.fide.com (handbook id=85), older than
the text valid until 30 June 2025 that ``fide-burstein`` follows (A.1-A.7: seeding rounds by
"traditional methods", then the Index).  No ruleset of ours implements that older text.

``classify`` names what separates the two pairings at the first bracket (from the top, our
floaters carried down) whose pairs differ: ``bye``; ``seeding round`` (A.5: ours top half v
bottom half, bbpPairings has no seeding rounds and folds the whole group by rating);
``number of floaters`` (bbpPairings lets at most one player leave a score group, merging the
groups otherwise; A.2 lets a bracket leave any number unpaired, ours the fewest with which
the round completes); ``due colours`` (bbpPairings weighs compatible due colours above the
first-v-last order; A.7 pairs by the Index alone); ``floater choice`` (as many colours, other
floaters); ``fold order`` (the same criteria, another order: bbpPairings ranks an incoming
floater by Buchholz times score, A.6/A.7 ranks floaters with the residents by the Index).

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
from swisspairing.defaults import colour_preference
from swisspairing.plugins.fide_burstein.index import index_key
from swisspairing.plugins.fide_burstein.procedure import is_seeding_round
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


def _due_colour_ok(ctx, a: int, b: int) -> bool:  # type: ignore[no-untyped-def]
    """The two due colours (old text 1.3: the colour played less often, else the alternate of
    the last round) are compatible: different, or one player without one."""
    pa = colour_preference(ctx.state(a))[0]
    pb = colour_preference(ctx.state(b))[0]
    return pa is None or pb is None or pa is not pb


def classify(engine: Engine, before, ours, our_bye, theirs, their_bye) -> str:  # type: ignore[no-untyped-def]
    """The kind of a difference: the first bracket (from the top, our floaters carried) whose
    pairs differ, and what separates the two pairings there."""
    if our_bye != their_bye:
        return "bye"
    ctx = engine.context(before)
    if is_seeding_round(ctx):
        return "seeding round"
    key = index_key(ctx)
    groups: dict[float, list[int]] = defaultdict(list)
    for x in {x for p in ours | theirs for x in p}:
        groups[ctx.score(x)].append(x)
    carried: list[int] = []
    for s in sorted(groups, reverse=True):
        bracket = set(carried) | set(groups[s])
        in_o = {p for p in ours if p <= bracket}
        in_t = {p for p in theirs if p <= bracket}
        down_o = bracket - {x for p in in_o for x in p}
        down_t = bracket - {x for p in in_t for x in p}
        if in_o != in_t:
            if len(down_o) != len(down_t):
                return "number of floaters"
            col_o = sum(_due_colour_ok(ctx, *p) for p in in_o)
            col_t = sum(_due_colour_ok(ctx, *p) for p in in_t)
            if col_t > col_o:
                return "due colours (bbp: more pairs with compatible due colours)"
            if col_o > col_t:
                return "due colours (ours more)"
            if down_o != down_t:
                return "floater choice (same colours)"
            order = sorted(bracket, key=lambda n: key[n])
            bsn = {n: i for i, n in enumerate(order)}

            def seq(pairs, bsn=bsn, order=order):  # type: ignore[no-untyped-def]
                mate = {a: b for a, b in map(tuple, pairs)} | {b: a for a, b in map(tuple, pairs)}
                return [bsn.get(mate.get(n, -1), -1) for n in order]

            return (
                "fold order: ours first"
                if seq(in_o) > seq(in_t)
                else "fold order: bbp first in our Index order"
            )
        carried = sorted(down_o)
    return "colours only"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bbp", default=BBP)
    ap.add_argument("--sizes", nargs="*", type=int, default=[16, 24, 40])
    ap.add_argument("--rounds", type=int, nargs="*", default=[9])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--ruleset", default="fide-burstein")
    ap.add_argument("--acceleration", choices=["none", "default"], default="none")
    ap.add_argument("--per-kind", type=int, default=0, help="examples printed per kind")
    args = ap.parse_args(argv)
    if not os.path.exists(args.bbp):
        print(f"bbpPairings not found at {args.bbp}")
        return 0
    engine = Engine(load_ruleset(args.ruleset))
    config = SimulationConfig(
        forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0, unrated_rate=0
    )
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    kinds: dict[str, int] = defaultdict(int)
    by_kind: dict[str, list[str]] = defaultdict(list)
    examples: list[str] = []
    for n, rounds, seed in (
        # a seed per length: two lengths with the same seed share their first rounds
        (n, r, s + 100 * r)
        for n in args.sizes
        for r in args.rounds
        for s in range(1, args.seeds + 1)
    ):
        if True:
            seeding = min(rounds // 2, 4)

            def on_round(before, pairing, n=n, seed=seed, seeding=seeding, rounds=rounds):  # type: ignore[no-untyped-def]
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
                if not same:
                    kind = classify(engine, before, ours, our_bye, pairs, bye)
                    kinds[kind] += 1
                    if len(by_kind[kind]) < args.per_kind:
                        by_kind[kind].append(
                            f"n={n} rounds={rounds} seed={seed} round {rnd}: ours "
                            f"{sorted(tuple(sorted(p)) for p in ours - pairs)} / bbp "
                            f"{sorted(tuple(sorted(p)) for p in pairs - ours)}"
                        )
                if not same and len(examples) < 8:
                    diff_o = sorted(tuple(sorted(p)) for p in ours - pairs)
                    diff_t = sorted(tuple(sorted(p)) for p in pairs - ours)
                    examples.append(
                        f"n={n} seed={seed} round {rnd}: ours {diff_o} bye {our_bye} / bbp "
                        f"{diff_t} bye {bye}"
                    )

            simulate(engine, n, rounds, seed, config, on_round=on_round)
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
    print("  kinds of difference:")
    for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"    {count:4}  {kind}")
        for example in by_kind[kind]:
            print(f"            {example}")
    for e in examples:
        print("  " + e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
