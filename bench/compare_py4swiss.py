"""Agreement with py4swiss (PyPI ``py4swiss``) on generated tournaments.

Usage: python bench/compare_py4swiss.py [--system burstein|dubov] [--sizes 16 24 40]
       [--rounds 9] [--seeds 5] [--ruleset ID] [--realistic]

Each tournament is simulated with swisspairing; before every round the same TRF is handed to
py4swiss and both pairings are compared: a round agrees when both engines make the same pairs
(and the same bye); "same colours" also compares who has White.  py4swiss implements the
Burstein text in force from 1 February 2026 (seeding rounds by its Dutch 2026 engine) and the
Dubov text in force from 2026; rounds swisspairing pairs by another text (Burstein seeding
rounds, Dubov 1997) are listed separately.  Without py4swiss installed the script says so.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import defaultdict

from swisspairing import Engine, dumps_trf, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate


def _trf_for_py4swiss(before, ps) -> str:  # type: ignore[no-untyped-def]
    """The TRF of ``before`` with points and rank filled in (py4swiss requires them); round-1
    lines padded to the first round block."""
    from dataclasses import replace

    from swisspairing import player_states

    del player_states
    # the points field counts every result listed, pre-entered byes of the round included
    t = replace(
        before,
        players=tuple(
            replace(p, points=sum(ps.points(r) for r in p.rounds), rank=p.number)
            for p in before.players
        ),
    )
    lines = []
    for line in dumps_trf(t).splitlines():
        if line.startswith("001") and len(line) < 91:
            line = line.ljust(91)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _theirs(
    engine_cls, trf_text: str
) -> tuple[set[frozenset[int]], set[tuple[int, int]], int | None]:
    from py4swiss.trf import TrfParser

    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as fh:
        fh.write(trf_text)
        path = fh.name
    try:
        from pathlib import Path

        pairings = engine_cls.generate_pairings(TrfParser.parse(Path(path)))
    finally:
        os.unlink(path)
    pairs, coloured, bye = set(), set(), None
    for p in pairings:
        if p.black == 0:
            bye = p.white
        else:
            pairs.add(frozenset((p.white, p.black)))
            coloured.add((p.white, p.black))
    return pairs, coloured, bye


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--system", choices=["burstein", "dubov"], default="burstein")
    ap.add_argument("--sizes", nargs="*", type=int, default=[16, 24, 40])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--ruleset", default=None)
    ap.add_argument(
        "--realistic",
        action="store_true",
        help="simulate forfeits, half-point byes and absences too",
    )
    args = ap.parse_args(argv)
    try:
        from py4swiss.engines import BursteinEngine, DubovEngine
    except ImportError:
        print("py4swiss is not installed (pip install py4swiss)")
        return 0
    ruleset = args.ruleset or (
        "fide-burstein-2025" if args.system == "burstein" else "fide-dubov-1997"
    )
    engine = Engine(load_ruleset(ruleset))
    theirs_cls = BursteinEngine if args.system == "burstein" else DubovEngine
    # withdrawals are left out: py4swiss does not read swisspairing's SPW records
    config = (
        SimulationConfig(withdrawal_rate=0)
        if args.realistic
        else SimulationConfig(
            forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0, unrated_rate=0
        )
    )
    seeding = min(args.rounds // 2, 4) if args.system == "burstein" else 0
    stats: dict[str, list[int]] = defaultdict(
        lambda: [0, 0, 0, 0]
    )  # rounds, same pairs, same colours, pairs in common
    per_round: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    examples: list[str] = []
    for n in args.sizes:
        for seed in range(1, args.seeds + 1):

            def on_round(before, pairing):  # type: ignore[no-untyped-def]
                rnd = pairing.round
                ours = {frozenset((b.white, b.black)) for b in pairing.boards}
                ours_c = {(b.white, b.black) for b in pairing.boards}
                our_bye = pairing.byes[0].player if pairing.byes else None
                try:
                    pairs, coloured, bye = _theirs(
                        theirs_cls, _trf_for_py4swiss(before, engine.ruleset.points)
                    )
                except Exception as exc:  # py4swiss failure: counted, not fatal
                    examples.append(f"n={n} seed={seed} round {rnd}: py4swiss failed: {exc!r}")  # noqa: B023
                    return
                kind = (
                    "seeding (Dutch)"
                    if rnd <= seeding
                    else "post-seeding"
                    if args.system == "burstein"
                    else "all"
                )
                s = stats[kind]
                same = pairs == ours and bye == our_bye
                s[0] += 1
                s[1] += same
                s[2] += same and coloured == ours_c
                s[3] += len(pairs & ours) * 100 // max(len(ours), 1)
                per_round[rnd][0] += 1
                per_round[rnd][1] += same
                if not same and len(examples) < 6:
                    diff_o = sorted(tuple(sorted(p)) for p in ours - pairs)
                    diff_t = sorted(tuple(sorted(p)) for p in pairs - ours)
                    examples.append(
                        f"n={n} seed={seed} round {rnd}: ours {diff_o} bye {our_bye} / py4swiss "  # noqa: B023
                        f"{diff_t} bye {bye}"
                    )

            simulate(engine, n, args.rounds, seed, config, on_round=on_round)
    print(
        f"swisspairing {ruleset} vs py4swiss {args.system}; sizes {args.sizes}, {args.rounds} "
        f"rounds, {args.seeds} seeds"
    )
    for kind, (rounds, same, same_c, common) in stats.items():
        print(
            f"  {kind:16} rounds {rounds:4}  same pairs {same:4} "
            f"({100 * same / max(rounds, 1):5.1f} %)  same colours too {same_c:4}  pairs in "
            f"common {common / max(rounds, 1):5.1f} %"
        )
    print("  per round: " + ", ".join(f"r{r} {s}/{t}" for r, (t, s) in sorted(per_round.items())))
    for e in examples:
        print("  " + e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
