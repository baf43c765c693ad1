"""One benchmark table for every installed pairing system.

For each system (its first ruleset; ``--all-rulesets`` for every ruleset) and each field size
— 100, 500, 2,000 and 5,000 players, or 20, 100 and 200 teams for a team system — a
tournament that looks like a real event is generated (half the field unrated, requested byes,
absences, withdrawals, forfeits; ``swisspairing.generate``) and the time our engine takes to
pair each of its rounds is measured.  Each case runs in its own process, so the peak memory
(maximum resident set size) is that case's alone.

The table lists players × median and worst time per round × peak memory, and a growth check:
between consecutive sizes the median time may grow at most quadratically (exponent
log(t₂/t₁) / log(n₂/n₁) ≤ ``--max-exponent``, default 2), and a 2,000-player round must take
well under a second (the project's speed requirement).  A case that breaks either is marked
and the exit code is 1.

    python bench/run.py                       # the full table (takes minutes)
    python bench/run.py --quick               # 100/500 players, 20/100 teams, 3 rounds
    python bench/run.py --sizes 100 2000 --rounds 5 --rulesets fide-dutch-1992 rdf-solkoff

Not run by the test suite; timing is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

INDIVIDUAL_SIZES = (100, 500, 2000, 5000)
TEAM_SIZES = (20, 100, 200)
#: An event that looks real: half the field unrated, byes requested, withdrawals, forfeits.
REAL_EVENT = {
    "unrated_share": 0.5,
    "bye_request_rate": 0.04,
    "absence_rate": 0.01,
    "withdrawal_rate": 0.01,
    "forfeit_rate": 0.03,
    "draw_rate": 0.3,
}


def run_case(ruleset_id: str, entrants: int, rounds: int, seed: int) -> dict[str, Any]:
    """Generate one event of ``rounds`` rounds and time each round's pairing (in this process).

    The number of rounds is not announced in the tournament, so that a round robin (whose
    table fixes its length) can be measured over its first rounds too."""
    from swisspairing import load_ruleset
    from swisspairing.generate import GeneratorConfig, generate

    ruleset = load_ruleset(ruleset_id)
    started = time.perf_counter()
    result = generate(
        ruleset,
        GeneratorConfig(players=entrants, rounds=None, seed=seed, **REAL_EVENT),
        max_rounds=rounds,
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_mib = peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
    return {
        "ruleset": ruleset_id,
        "system": ruleset.system,
        "entrants": entrants,
        "rounds": len(result.seconds),
        "seconds": list(result.seconds),
        "stopped": result.stopped,
        "peak_mib": peak_mib,
        "total_s": time.perf_counter() - started,
    }


def _subprocess_case(
    ruleset_id: str, entrants: int, rounds: int, seed: int, timeout: float
) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--case", ruleset_id, str(entrants), str(rounds), str(seed)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {
            "ruleset": ruleset_id,
            "entrants": entrants,
            "error": f"timeout after {timeout:.0f} s",
        }
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"ruleset": ruleset_id, "entrants": entrants, "error": tail}
    return json.loads(done.stdout)


def _cases(all_rulesets: bool, only: list[str] | None) -> list[tuple[str, bool]]:
    from swisspairing import load_ruleset
    from swisspairing.generate import team_boards
    from swisspairing.manager import ruleset_dirs
    from swisspairing.ruleset import builtin_rulesets

    ids = only or sorted(builtin_rulesets(ruleset_dirs()))
    if not all_rulesets and not only:
        # one ruleset per system: the one named like the system, else the shortest id
        chosen: dict[str, str] = {}
        for rid in ids:
            system = load_ruleset(rid).system
            best = chosen.get(system)
            if (
                best is None
                or (rid == system)
                or (best != system and (len(rid), rid) < (len(best), best))
            ):
                chosen[system] = rid
        ids = sorted(chosen.values())
    return [(rid, team_boards(load_ruleset(rid)) is not None) for rid in ids]


def _ms(s: float) -> str:
    return f"{s * 1000:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--case", nargs=4, metavar=("RULESET", "N", "ROUNDS", "SEED"), help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--rulesets",
        nargs="+",
        default=None,
        help="rulesets to measure (default: the first ruleset of each installed system)",
    )
    parser.add_argument(
        "--all-rulesets", action="store_true", help="measure every installed ruleset"
    )
    parser.add_argument(
        "--sizes",
        nargs="+",
        type=int,
        default=None,
        help="player counts (default: 100 500 2000 5000)",
    )
    parser.add_argument(
        "--team-sizes", nargs="+", type=int, default=None, help="team counts (default: 20 100 200)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds paired per case (default: 5)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--timeout", type=float, default=600.0, help="seconds per case (default: 600)"
    )
    parser.add_argument(
        "--max-exponent",
        type=float,
        default=2.0,
        help="largest allowed growth exponent of the median time (default: 2)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="100/500 players, 20/100 teams, 3 rounds"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the measurements as JSON")
    args = parser.parse_args(argv)
    if args.case:
        rid, n, rounds, seed = args.case
        print(json.dumps(run_case(rid, int(n), int(rounds), int(seed))))
        return 0
    sizes = tuple(args.sizes or ((100, 500) if args.quick else INDIVIDUAL_SIZES))
    team_sizes = tuple(args.team_sizes or ((20, 100) if args.quick else TEAM_SIZES))
    rounds = 3 if args.quick and args.rounds == 5 else args.rounds
    results: list[dict[str, Any]] = []
    header = (
        f"{'ruleset':<24} {'system':<20} {'entrants':>8} {'rounds':>6} {'median ms':>10} "
        f"{'worst ms':>10} {'peak MiB':>9}  growth"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for rid, team in _cases(args.all_rulesets, args.rulesets):
        previous: tuple[int, float] | None = None
        for n in team_sizes if team else sizes:
            res = _subprocess_case(rid, n, rounds, args.seed, args.timeout)
            results.append(res)
            if "error" in res:
                print(
                    f"{rid:<24} {'':<20} {n:>8} {'':>6} {'':>10} {'':>10} {'':>9}  {res['error']}"
                )
                failed = True
                previous = None
                continue
            secs = res["seconds"] or [0.0]
            med, worst = statistics.median(secs), max(secs)
            notes = []
            if (
                previous is not None and previous[1] >= 0.005 and med > 0
            ):  # below 5 ms the timer's noise dominates
                exponent = math.log(med / previous[1]) / math.log(n / previous[0])
                res["exponent"] = exponent
                ok = exponent <= args.max_exponent
                notes.append(f"n^{exponent:.2f}" + ("" if ok else f" > n^{args.max_exponent:g} !"))
                failed |= not ok
            if not team and n == 2000:
                ok = worst < 1.0
                notes.append("2,000 < 1 s" if ok else "2,000 players: a round over 1 s !")
                failed |= not ok
            if res.get("stopped"):
                notes.append(f"stopped: {res['stopped']}")
            print(
                f"{rid:<24} {res['system']:<20} {n:>8} {res['rounds']:>6} {_ms(med):>10} "
                f"{_ms(worst):>10} {res['peak_mib']:>9.0f}  {'; '.join(notes)}",
                flush=True,
            )
            previous = (n, med)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    print()
    print(
        "growth check: "
        + (
            "failed (see '!')"
            if failed
            else f"every system within n^{args.max_exponent:g} and 2,000 players < 1 s per round"
        )
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
