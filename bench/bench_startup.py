"""Start-up cost of the command line: CPU seconds of ``--help``, ``--version`` and a 10-player
``pair`` (issue 20: goals 0.06 s and 0.12 s).

Each command runs as a fresh process ``--repeat`` times; the figure is the CPU time (user +
system) of the child, from ``getrusage(RUSAGE_CHILDREN)``, median and worst.  The 10-player
tournament (round 1 played: k beat k + 5 with White) is written to a temporary directory, and
round 2 is paired under ``--ruleset`` (default ``fide-dutch-1992``).

Measure a wheel, not the editable install: under ``PYTHONDONTWRITEBYTECODE=1`` an editable
install recompiles every module at every call.  For example::

    python -m venv /tmp/sp && /tmp/sp/bin/pip install -q .          # builds and installs the wheel
    python bench/bench_startup.py --python /tmp/sp/bin/python
    /tmp/sp/bin/python -X importtime -m swisspairing --help 2>&1 | sort -t'|' -k2 -n | tail

``--python`` is the interpreter of the environment to measure (default: this one); the
command is its ``swisspairing`` script when it has one, else ``python -m swisspairing``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GOALS = {"python -c pass": 0.0, "--help": 0.06, "--version": 0.06, "pair (10 players)": 0.12}
"""Issue 20's goals, CPU seconds (the bare interpreter is the floor, no goal)."""


def ten_players(path: Path) -> Path:
    """A 10-player TRF16 after round 1: player k (White) beat k + 5."""
    lines = ["012 Start-up bench", "XXR 5"]
    for k in range(1, 11):
        opp, colour, res, pts = (k + 5, "w", "1", "1.0") if k <= 5 else (k - 5, "b", "0", "0.0")
        head = (
            f"001 {k:>4} m    {'Player ' + str(k):<33} {2400 - 10 * k:>4} GER {'':>11} {'':10} "
            f"{pts:>4} {'':4}"
        )
        lines.append(f"{head}  {opp:04d} {colour} {res}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def command(python: str) -> list[str]:
    """How the environment of ``python`` runs the command line."""
    script = Path(python).parent / "swisspairing"
    return [str(script)] if script.exists() else [python, "-m", "swisspairing"]


def cpu_of(argv: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``argv``; it must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, capture_output=True, env={**os.environ, "SWISSPAIRING_LANG": "en"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}\n{done.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="interpreter to measure")
    parser.add_argument("--repeat", type=int, default=15, help="runs per command")
    parser.add_argument("--ruleset", default="fide-dutch-1992")
    args = parser.parse_args(argv)
    base = command(args.python)
    with tempfile.TemporaryDirectory() as tmp:
        trf = ten_players(Path(tmp) / "ten.trf")
        commands = {
            "python -c pass": [args.python, "-c", "pass"],
            "--help": [*base, "--help"],
            "--version": [*base, "--version"],
            "pair (10 players)": [*base, "pair", str(trf), "-r", args.ruleset],
        }
        cpu_of(commands["--version"])  # warm the file cache and the bytecode
        head = f"{'command':<20} {'median':>8} {'worst':>8} {'goal':>6}"
        print(f"{head}  (CPU s, {args.repeat} runs)")
        for name, cmd in commands.items():
            times = [cpu_of(cmd) for _ in range(args.repeat)]
            print(
                f"{name:<20} {statistics.median(times):8.3f} {max(times):8.3f} {GOALS[name]:6.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
