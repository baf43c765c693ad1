"""Benchmark: the API and the HTTP service on a 2,000-player open after 5 rounds.

Times what a portal pays on top of the pairing itself: reading the tournament as a JSON
document (schema check and game checks) or as TRF, pairing round 6 through
``swisspairing.pair_next_round`` and through ``POST /pair`` (Starlette's test client: the
framework, the JSON encoding of the answer with the TRF, the tournament document and the
standings, but no network).  The event is played by ``swisspairing.simulate`` under the
FIDE Dutch rules.  Best CPU time of ``--repeat`` runs, so a busy machine does not distort it.

    python bench/bench_api.py [--players 2000] [--rounds 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import replace

import swisspairing
from swisspairing.engine import Engine
from swisspairing.simulate import simulate


def best(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    cpu, wall = [], []
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    ruleset = "fide-dutch-1992"
    event = simulate(Engine(swisspairing.load_ruleset(ruleset)), args.players, args.rounds, seed=1)
    event = replace(
        swisspairing.loads_trf(swisspairing.dump_trf(event)), total_rounds=args.rounds + 1
    )
    doc = swisspairing.tournament_to_json(event)
    trf = swisspairing.dump_trf(event)
    rows: list[tuple[str, Callable[[], object]]] = [
        ("tournament_from_json", lambda: swisspairing.tournament_from_json(doc)),
        ("loads_trf", lambda: swisspairing.loads_trf(trf)),
        ("tournament_to_json", lambda: swisspairing.tournament_to_json(event)),
        ("pair_next_round", lambda: swisspairing.pair_next_round(event, ruleset, explain=False)),
    ]
    try:
        from fastapi.testclient import TestClient
        from swisspairing.server import create_app

        client = TestClient(create_app())

        def post() -> None:
            r = client.post("/pair", json={"tournament": doc, "ruleset": ruleset, "explain": False})
            assert r.status_code == 200, r.text[:300]

        rows.append(("POST /pair (tournament document)", post))
    except ImportError:
        print("fastapi is not installed: the HTTP row is left out")
    print(f"{args.players} players after {args.rounds} rounds, best of {args.repeat}:")
    for label, fn in rows:
        cpu, wall = best(fn, args.repeat)
        print(f"  {label:<34} cpu {cpu * 1000:7.0f} ms   wall {wall * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
