"""Benchmark: the HTTP service under load, on 127.0.0.1 only (issue 22).

Starts ``swisspairing serve`` and measures, with bounded counts and times:

- a light ``POST /pair`` (the 21-player example): median and worst latency of ``--light``
  requests;
- a heavy one (round 4 of a generated ``--players`` open) under ``--time-limit``: the time to
  its 503 and the CPU the server spends in the two seconds after it (the killed worker's work
  must have stopped);
- light latency while ``--heavy`` heavy requests run at once;
- the rejection of a 1.8 MB deeply nested ``ruleset_yaml`` (it cost ~24 s of CPU before).

    python bench/bench_service.py [--players 2500] [--time-limit 1] [--light 20] [--heavy 3]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parent.parent
LIGHT = {"trf": (ROOT / "examples" / "swiss-open-21.trf").read_text(encoding="utf-8")}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, body: dict, timeout: float = 120) -> int:
    req = urllib.request.Request(
        base + "/pair",
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as exc:
        exc.read()
        return exc.code


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and every process below it."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    total, todo, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        todo.extend(parents.get(p, []))
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2500)
    ap.add_argument("--time-limit", type=float, default=1.0)
    ap.add_argument("--light", type=int, default=20)
    ap.add_argument("--heavy", type=int, default=3)
    ap.add_argument("--ruleset", default="fide-dutch-1992")
    args = ap.parse_args()
    light = {**LIGHT, "ruleset": args.ruleset}
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.trf"
        subprocess.run(
            [
                *(sys.executable, "-m", "swisspairing", "generate", "-r", args.ruleset),
                *("--players", str(args.players), "--rounds", "3", "-o", str(big)),
            ],
            check=True,
            timeout=600,
            capture_output=True,
        )
        heavy = {
            "trf": big.read_text(encoding="utf-8").replace("XXR 3\n", "XXR 9\n", 1),
            "ruleset": args.ruleset,
        }
    port = _port()
    base = f"http://127.0.0.1:{port}"
    code = (
        "import os, sys, threading; threading.Timer(600, os._exit, (0,)).start(); "
        "from swisspairing.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [
            *(sys.executable, "-c", code, "serve", "--port", str(port), "--concurrency", "2"),
            *("--time-limit", str(args.time_limit), "--max-queue", "2"),
        ],
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(base + "/readyz", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        times = []
        for _ in range(args.light):
            t0 = time.perf_counter()
            assert post(base, light) == 200
            times.append(time.perf_counter() - t0)
        print(
            f"light /pair: median {statistics.median(times) * 1000:.0f} ms, "
            f"worst {max(times) * 1000:.0f} ms ({args.light} requests)"
        )
        t0 = time.perf_counter()
        status = post(base, heavy)
        answered = time.perf_counter() - t0
        time.sleep(1.0)
        cpu = tree_cpu(proc.pid)
        time.sleep(2.0)
        after = tree_cpu(proc.pid) - cpu
        print(
            f"heavy /pair ({args.players} players): {status} after {answered:.2f} s "
            f"(limit {args.time_limit} s); server CPU in the 2 s after: {after:.2f} s"
        )
        with concurrent.futures.ThreadPoolExecutor(args.heavy) as ex:
            running = [ex.submit(post, base, heavy) for _ in range(args.heavy)]
            time.sleep(0.5)
            during = []
            for _ in range(5):
                t0 = time.perf_counter()
                assert post(base, light) == 200
                during.append(time.perf_counter() - t0)
            statuses = sorted(f.result(timeout=300) for f in running)
        print(
            f"light /pair while {args.heavy} heavy run: median "
            f"{statistics.median(during) * 1000:.0f} ms, worst {max(during) * 1000:.0f} ms; "
            f"heavy answers {statuses}"
        )
        nested = {"trf": LIGHT["trf"], "ruleset_yaml": "a: " + "[" * 900_000 + "]" * 900_000}
        t0 = time.perf_counter()
        status = post(base, nested)
        print(f"1.8 MB nested ruleset_yaml: {status} in {(time.perf_counter() - t0) * 1000:.0f} ms")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
