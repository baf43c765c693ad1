"""Agreement of ``fide-dutch-2025`` / ``fide-dutch-2017`` with bbpPairings, round by round.

Usage::

    python bench/compare_bbp_dutch.py --edition 2025 --count 50 [--players 11 100]
        [--rounds 7 15] [--seed 1] [--bbp PATH] [--save-corpus DIR] [--show-diffs 5]

For each tournament: bbpPairings' generator (``--dutch -g config -o out.trf -s SEED``) makes a
random event with forfeits, half-point byes and retired players; every round r is re-paired
from the event as it stood before r (``bench/replay.truncate``) by both engines, and the pairs
and colours are compared.  bbpPairings 6.0.0 implements the 2026 text, 5.0.1 the 2017 text.
With ``--save-corpus`` every round's input TRF and bbpPairings' answer are written there
(the corpus test in ``tests/fide_dutch`` reads them back).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import bbp_trf, truncate
from swisspairing import Engine, load_ruleset, load_trf

BBP = {
    "2025": "/work/ext/bbp-v6.0.0/bbpPairings.exe",
    "2017": "/work/ext/bbp-v5.0.1/bbpPairings.exe",
}


def generate(binary: str, tmp: str, players: int, rounds: int, seed: int, extra: str) -> str:
    cfg = os.path.join(tmp, "cfg.txt")
    with open(cfg, "w") as fh:
        fh.write(f"PlayersNumber={players}\nRoundsNumber={rounds}\n{extra}")
    out = os.path.join(tmp, "gen.trf")
    subprocess.run(
        [binary, "--dutch", "-g", cfg, "-o", out, "-s", str(seed)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return out


def baku_xxa(t, rounds: int) -> str:  # type: ignore[no-untyped-def]
    """Baku 1-3 as XXA records: GA = the first 2*ceil(N/4) start numbers get 1 point in the
    first half (rounded up) of the accelerated rounds and 1/2 in the others."""
    numbers = sorted(p.number for p in t.players)
    ga = numbers[: 2 * ((len(numbers) + 3) // 4)]
    accelerated = (rounds + 1) // 2
    full = (accelerated + 1) // 2
    values = [1.0 if r <= full else 0.5 for r in range(1, accelerated + 1)]
    return "".join(f"XXA {n:4d}" + "".join(f" {v:4.1f}" for v in values) + "\n" for n in ga)


def bbp_pairs(binary: str, text: str, tmp: str) -> tuple[str, list[tuple[int, int]]]:
    src = os.path.join(tmp, "in.trf")
    out = os.path.join(tmp, "out.txt")
    with open(src, "w") as fh:
        fh.write(text)
    proc = subprocess.run(
        [binary, "--dutch", src, "-p", out],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if proc.returncode == 1:
        return "nopairing", []
    if proc.returncode != 0:
        return f"error {proc.returncode}: {proc.stderr[:200]}", []
    nums = [int(x) for x in Path(out).read_text().split()[1:]]
    return "ok", [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def ours(engine: Engine, t) -> tuple[str, list[tuple[int, int]], float]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    try:
        res = engine.pair(t, explain=False)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}", [], time.perf_counter() - start
    pairs = [(b.white, b.black) for b in res.boards] + [(b.player, 0) for b in res.byes]
    return "ok", pairs, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", choices=["2025", "2017"], default="2025")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--players", type=int, nargs=2, default=(11, 60))
    ap.add_argument("--rounds", type=int, nargs=2, default=(7, 11))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bbp")
    ap.add_argument("--extra", default="", help="more generator configuration lines (\\n)")
    ap.add_argument(
        "--baku",
        action="store_true",
        help="add Baku virtual points (C.04.5.1) as XXA records to every round's input",
    )
    ap.add_argument("--save-corpus")
    ap.add_argument("--show-diffs", type=int, default=5)
    ap.add_argument("--max-minutes", type=float, default=1e9, help="stop after this long")
    args = ap.parse_args(argv)
    binary = args.bbp or BBP[args.edition]
    engine = Engine(load_ruleset(f"fide-dutch-{args.edition}"))
    rng = random.Random(args.seed)
    total = same = same_colour = tournaments = 0
    times: list[float] = []
    bbp_times: list[float] = []
    slowest: list[tuple[float, str]] = []
    shown = 0
    with tempfile.TemporaryDirectory(prefix="cmpdutch-") as tmp:
        started = time.monotonic()
        for k in range(args.count):
            if time.monotonic() - started > 60 * args.max_minutes:
                print(f"stopped after {args.max_minutes:g} minutes")
                break
            players = rng.randint(*args.players)
            rounds = rng.randint(*args.rounds)
            seed = rng.randrange(1 << 30)
            extra = args.extra.replace("\\n", "\n")
            try:
                gen = generate(binary, tmp, players, rounds, seed, extra)
            except subprocess.CalledProcessError:
                print(f"[{k + 1}/{args.count}] generator failed for seed {seed}; skipped")
                continue
            full = load_trf(gen)
            tournaments += 1
            for rnd in range(1, rounds + 1):
                t = truncate(full, rnd)
                text = bbp_trf(t)
                if args.baku:
                    text += baku_xxa(t, rounds)
                bbp_start = time.perf_counter()
                status_b, theirs = bbp_pairs(binary, text, tmp)
                bbp_times.append(time.perf_counter() - bbp_start)
                t2 = load_trf(os.path.join(tmp, "in.trf"))
                status_o, mine, secs = ours(engine, t2)
                times.append(secs)
                slowest = sorted([*slowest, (secs, f"seed={seed} players={players} round={rnd}")])
                slowest = slowest[-3:]
                total += 1
                sb = {frozenset(p) for p in theirs}
                so = {frozenset(p) for p in mine}
                ok = status_b == status_o and sb == so
                okc = ok and set(theirs) == set(mine)
                same += ok
                same_colour += okc
                if args.save_corpus and status_b == "ok":
                    d = Path(args.save_corpus)
                    d.mkdir(parents=True, exist_ok=True)
                    name = f"e{args.edition}-s{seed}-p{players}-r{rnd}"
                    (d / f"{name}.trf").write_text(text)
                    (d / f"{name}.pairs").write_text(
                        "".join(f"{a} {b}\n" for a, b in sorted(theirs))
                    )
                if not okc and shown < args.show_diffs:
                    shown += 1
                    print(f"DIFF seed={seed} players={players} round={rnd}: {status_b}/{status_o}")
                    print("  bbp only:", sorted(set(theirs) - set(mine)))
                    print("  ours only:", sorted(set(mine) - set(theirs)))
                    (Path(tmp).parent / f"dutchdiff-{seed}-{rnd}.trf").write_text(text)
            print(
                f"[{k + 1}/{args.count}] players={players} rounds={rounds} seed={seed}: "
                f"{same_colour}/{total} identical so far",
                flush=True,
            )
    times.sort()
    bbp_times.sort()
    print(
        f"tournaments {tournaments}, rounds {total}: "
        f"same pairs {same} ({100 * same / max(total, 1):.2f} %), "
        f"same pairs and colours {same_colour} ({100 * same_colour / max(total, 1):.2f} %); "
        f"ours: median {times[len(times) // 2]:.3f} s, worst {times[-1]:.3f} s; "
        f"bbpPairings (process): median {bbp_times[len(bbp_times) // 2]:.3f} s, "
        f"worst {bbp_times[-1]:.3f} s"
    )
    for secs, where in reversed(slowest):
        print(f"slow: {where}: ours {secs:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
