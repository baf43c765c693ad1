"""Worst rounds (issue 20): re-pair every round of whole histories, CPU time including start-up.

Each round r of each file is cut back to the state before r (``replay.truncate``), written to
a temporary TRF and paired by the command line (``swisspairing pair FILE -r RULESET -p OUT``) in
a child process stopped after ``--timeout`` seconds of CPU time (RLIMIT_CPU).  The CPU time is
the child's (user + system, from ``wait4``), so start-up is included and a busy machine does
not inflate it.

    python bench/bench_worst.py bench/data/*.trf                     # every round of the files
    python bench/bench_worst.py --bbp-sample 2000 --seed 1           # 2,000 rounds of fields from
                                                                     # bbpPairings' generator
    python bench/bench_worst.py FILES --ruleset kpzszach-a-klasa-2005 --rounds 9-13
    SWISSPAIRING_CLI=/path/to/wheel-venv/bin/swisspairing python bench/bench_worst.py ...  # a wheel

``--bbp-sample K``: fields of 11–100 players over 9–15 rounds from bbpPairings' random
tournament generator (seeded, ``make_histories.bbp_generated``), every round re-paired, until K
rounds are done.  ``--keep DIR`` writes the generated fields whose worst round exceeds
``--slow`` there (to be kept as bench inputs).

Prints one line per file (rounds, median, worst and its round, failures) and the totals; any
round that is not paired (timeout, exit code other than 0) is listed.  Exit code 1 if any round
fails or takes ``--limit`` seconds or more (default 1).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_histories import bbp_generated
from replay import parse_rounds, rounds_in, truncate
from swisspairing import load_trf
from swisspairing.trf import dumps_trf

CLI = os.environ.get("SWISSPAIRING_CLI") or shutil.which("swisspairing") or "swisspairing"
#: The child may write byte code, as an installed wheel has it: without it every call recompiles
#: the package (PYTHONDONTWRITEBYTECODE=1 with an editable install) and start-up is not measured.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass
class Round:
    file: str
    round: int
    cpu: float
    status: str
    message: str = ""


def _cpu_limit(seconds: float):  # type: ignore[no-untyped-def]
    """The child's CPU-time limit (RLIMIT_CPU): a busy machine slows the wall clock, not this."""

    def apply() -> None:
        limit = max(1, int(seconds + 0.999))
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    return apply


def pair_cli(path: str, ruleset: str, timeout: float) -> tuple[float, str, str]:
    """Pair ``path`` with the command line; (child CPU seconds, status, message).  The child
    is stopped after ``timeout`` seconds of CPU time (and after 50 times that of wall time)."""
    with tempfile.TemporaryDirectory(prefix="worst-") as tmp:
        out = os.path.join(tmp, "pairs.txt")
        with open(os.path.join(tmp, "err"), "w+b") as err:
            proc = subprocess.Popen(
                [CLI, "pair", path, "-r", ruleset, "-p", out],
                stdout=subprocess.DEVNULL,
                stderr=err,
                env=ENV,
                preexec_fn=_cpu_limit(timeout),  # noqa: PLW1509 - the bench starts no threads
            )
            deadline = time.monotonic() + 50 * timeout
            while True:
                pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() > deadline:
                    proc.kill()
                    _, status, usage = os.wait4(proc.pid, 0)
                    proc.returncode = -9
                    cpu = usage.ru_utime + usage.ru_stime
                    return cpu, "timeout", f"killed after {50 * timeout:g} s wall"
                time.sleep(0.005)
            proc.returncode = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
            if proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
                return cpu, "timeout", f"stopped after {timeout:g} s CPU"
            if proc.returncode != 0:
                err.seek(0)
                msg = err.read().decode("utf-8", "replace").strip().splitlines()
                return cpu, f"exit {proc.returncode}", (msg[-1] if msg else "")[:200]
            return cpu, "ok", ""


def _team_event_rounds(path: str) -> tuple[dict, int]:
    """A team event file (YAML/JSON) and the number of its rounds with results."""
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return data, len(data.get("results") or [])


def bench_file(
    path: str, label: str, ruleset: str, timeout: float, rounds: str | None
) -> list[Round]:
    team = path.endswith((".yaml", ".yml", ".json"))
    if team:  # a team event file: the state before round r is its first r - 1 results
        data, last = _team_event_rounds(path)
    else:
        t = load_trf(path)
        last = rounds_in(t)
    out: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="worst-in-") as tmp:
        for rnd in parse_rounds(rounds, last):
            if rnd < 2:
                continue  # round 1 of these fields is the history's premise, not a search
            src = os.path.join(tmp, f"r{rnd}." + ("json" if team else "trf"))
            with open(src, "w", encoding="utf-8") as fh:
                if team:
                    json.dump({**data, "results": data["results"][: rnd - 1]}, fh)
                else:
                    fh.write(dumps_trf(truncate(t, rnd, t.point_system)))
            cpu, status, msg = pair_cli(src, ruleset, timeout)
            out.append(Round(label, rnd, cpu, status, msg))
    return out


def summary(label: str, rs: list[Round]) -> str:
    if not rs:
        return f"{label:<40} no rounds"
    worst = max(rs, key=lambda r: r.cpu)
    bad = sum(r.status != "ok" for r in rs)
    return (
        f"{label:<40} {len(rs):>6} {statistics.median(r.cpu for r in rs):>8.3f} "
        f"{worst.cpu:>8.3f} {worst.round:>6} {bad:>5}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--ruleset", "-r", default="fide-dutch-1992")
    ap.add_argument("--timeout", type=float, default=30.0, help="CPU seconds per round")
    ap.add_argument("--rounds", help="rounds to re-pair, e.g. 3-9 (default: 2..last)")
    ap.add_argument("--bbp-sample", type=int, default=0, metavar="K")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="directory for generated fields with a slow round")
    ap.add_argument("--slow", type=float, default=0.5)
    ap.add_argument("--limit", type=float, default=1.0)
    args = ap.parse_args(argv)
    head = f"{'file':<40} {'rounds':>6} {'median':>8} {'worst':>8} {'round':>6} {'fail':>5}"
    print(f"ruleset {args.ruleset}; CPU seconds per round including start-up")
    print(head, flush=True)
    everything: list[Round] = []
    for path in args.files:
        rs = bench_file(path, os.path.basename(path), args.ruleset, args.timeout, args.rounds)
        everything += rs
        print(summary(os.path.basename(path), rs), flush=True)
    if args.bbp_sample:
        rng = random.Random(args.seed)
        done = 0
        with tempfile.TemporaryDirectory(prefix="worst-bbp-") as tmp:
            while done < args.bbp_sample:
                n, r, s = rng.randint(11, 100), rng.randint(9, 15), rng.randrange(1, 10**6)
                label = f"bbp-{n}x{r}-s{s}"
                path = os.path.join(tmp, label + ".trf")
                try:
                    text = bbp_generated(n, r, s)
                except RuntimeError as exc:  # the generator found no pairing for a round
                    print(f"{label:<40} skipped: {str(exc)[:80]}", flush=True)
                    continue
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
                rs = bench_file(path, label, args.ruleset, args.timeout, args.rounds)
                rs = rs[: args.bbp_sample - done]
                done += len(rs)
                everything += rs
                print(summary(label, rs), flush=True)
                if args.keep and rs and max(x.cpu for x in rs) > args.slow:
                    os.makedirs(args.keep, exist_ok=True)
                    shutil.copy(path, os.path.join(args.keep, label + ".trf"))
    print(summary("TOTAL", everything))
    failed = [r for r in everything if r.status != "ok" or r.cpu >= args.limit]
    for r in sorted(failed, key=lambda r: -r.cpu)[:30]:
        print(f"  {r.file} round {r.round}: {r.cpu:.2f} s {r.status} {r.message}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
