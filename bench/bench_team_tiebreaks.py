"""Benchmark: the team tie-breaks of FIDE C.07 (art. 12 and 13) on a large team event.

Builds synthetic team results (``--teams`` teams of ``--boards`` boards, ``--rounds`` rounds,
teams paired inside match-point groups, one pause a round when the number is odd, about 2 %
forfeited matches), then times every team tie-break of the catalogue one by one, and the
team standings with a typical list (``match-points, ede, esb-mg-cut1, board-count, sssc,
lot``) under ``played-only`` and ``fide2026``.  Single-threaded; the best CPU time of
``--repeat`` runs is printed with the wall time.

    python bench/bench_team_tiebreaks.py [--teams 400] [--boards 6] [--rounds 11] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace

from swisspairing.model import Team, Tournament
from swisspairing.standings import compute_standings
from swisspairing.tiebreaks import CORE_TIEBREAKS, TeamRound, TeamScale, TiebreakPolicy

RANKING = ["match-points", "ede", "esb-mg-cut1", "board-count", "sssc", "lot"]


def make_results(teams: int, boards: int, rounds: int, seed: int = 1) -> dict[int, list]:
    rng = random.Random(seed)
    res: dict[int, list] = {t: [] for t in range(1, teams + 1)}
    mp = dict.fromkeys(res, 0.0)
    for _ in range(rounds):
        order = sorted(res, key=lambda t: (-mp[t], rng.random()))
        if len(order) % 2:
            pause = order.pop()
            res[pause].append(TeamRound(None, 1, boards / 2, False, (1.0,) * boards))
            mp[pause] += 1
        for k in range(0, len(order), 2):
            a, b = order[k], order[k + 1]
            if rng.random() < 0.02:  # forfeited match, a wins
                res[a].append(TeamRound(b, 2, boards, False, (1.0,) * boards))
                res[b].append(TeamRound(a, 0, 0, False, (0.0,) * boards))
                mp[a] += 2
                continue
            pa = tuple(rng.choice((0.0, 0.5, 1.0)) for _ in range(boards))
            pb = tuple(1.0 - x for x in pa)
            ga, gb = sum(pa), sum(pb)
            ma, mb = (2, 0) if ga > gb else (0, 2) if gb > ga else (1, 1)
            res[a].append(TeamRound(b, ma, ga, True, pa))
            res[b].append(TeamRound(a, mb, gb, True, pb))
            mp[a] += ma
            mp[b] += mb
    return res


def _best(fn, repeat: int) -> tuple[float, float]:
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_cpu, best_wall


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--teams", type=int, default=400)
    ap.add_argument("--boards", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    res = make_results(args.teams, args.boards, args.rounds)
    scale = TeamScale(boards=args.boards, rounds=args.rounds)
    print(f"{args.teams} teams x {args.boards} boards x {args.rounds} rounds")
    times = []
    group = list(res)
    teams = tuple(Team(t, f"Team {t:04d}") for t in res)
    tournament = Tournament((), name="Bench league", total_rounds=args.rounds, teams=teams)
    for unplayed in ("played-only", "fide2026"):
        policy = TiebreakPolicy(unplayed, direct_encounter="fide2023", team_scale=scale, seed=1)
        for tb in CORE_TIEBREAKS.values():
            if not tb.team:
                continue
            if tb.function is not None:
                cpu, wall = _best(lambda tb=tb, p=policy: tb.function(res, p), args.repeat)
            else:  # a split: the whole field as one tied group
                cpu, wall = _best(lambda tb=tb, p=policy: tb.split(res, group, p, 0), args.repeat)
            times.append(cpu)
            print(f"  {unplayed:11s} {tb.id:28s} {cpu:.4f} s CPU, {wall:.4f} s wall")
        cpu, wall = _best(
            lambda p=policy: compute_standings(
                tournament, None, tiebreaks=RANKING, policy=replace(p), results=res, team=True
            ),
            args.repeat,
        )
        print(f"  {unplayed:11s} standings {', '.join(RANKING)}: {cpu:.3f} s CPU, {wall:.3f} s")
    times.sort()
    print(f"per tie-break: median {times[len(times) // 2]:.4f} s, worst {times[-1]:.4f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
