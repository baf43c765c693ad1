"""How the files of this folder were made (bbpPairings 6.0.0; not run by the tests).

    python tests/data/bbp/make_files.py /path/to/bbpPairings.exe

1. bbpPairings' generator writes the tournaments (``--dutch|--burstein -g CFG -o FILE -s SEED``)
   from the ``*.cfg`` files; each file gets a ``142`` line (the rounds of the event), which
   bbpPairings writes only for unfinished events, so that the next round can be paired.
2. Variants of ``dutch-std.trf`` add one record each: ``240`` (bye requests), ``260`` and
   ``XXP`` (the first pair bbpPairings makes, forbidden), ``152`` (initial colour);
   ``dutch-310-bb.trf`` says the 3/1/0 point system with ``BBW``/``BBD`` instead of ``162``.
3. ``FILE.pairs`` is bbpPairings' answer (``-p``) for each file; ``dutch-std.check`` its
   checker report (``-c``).
Line ends stay CR, as bbpPairings writes them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
GENERATED = (
    # file, system, config, seed, rounds of the event
    ("dutch-std.trf", "--dutch", "std.cfg", 11, 7),
    ("dutch-310.trf", "--dutch", "p310.cfg", 12, 7),
    ("dutch-210.trf", "--dutch", "p210.cfg", 13, 8),
    ("dutch-forfeits.trf", "--dutch", "forfeits.cfg", 14, 9),
    ("burstein.trf", "--burstein", "burstein.cfg", 15, 7),
)


def _lines(name: str) -> list[str]:
    return (HERE / name).read_bytes().decode().split("\r")


def _write(name: str, lines: list[str]) -> None:
    (HERE / name).write_bytes("\r".join(lines).encode())


def _after_012(lines: list[str], new: list[str]) -> list[str]:
    i = next(k for k, line in enumerate(lines) if line.startswith("012"))
    return lines[: i + 1] + new + lines[i + 1 :]


def main(program: str) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [program, *args], check=False, cwd=HERE, capture_output=True, text=True
        )

    def pairs(name: str, system: str = "--dutch") -> None:
        done = run(system, name, "-p", Path(name).with_suffix(".pairs").name)
        print(name, done.returncode, done.stderr.strip())

    for name, system, cfg, seed, rounds in GENERATED:
        run(system, "-g", cfg, "-o", name, "-s", str(seed))
        _write(name, _after_012(_lines(name), [f"142 {rounds}"]))
        pairs(name, system)
    std = _lines("dutch-std.trf")
    _write("dutch-240.trf", _after_012(std, ["240 H 005 0003 0007"]))
    pairs("dutch-240.trf")
    a, b = sorted(int(x) for x in (HERE / "dutch-std.pairs").read_text().split("\n")[1].split())
    _write("dutch-260.trf", _after_012(std, [f"260 005 007 {a:04d} {b:04d}"]))
    pairs("dutch-260.trf")
    _write("dutch-xxp.trf", _after_012(std, [f"XXP {a} {b}"]))
    pairs("dutch-xxp.trf")
    p310 = [line for line in _lines("dutch-310.trf") if not line.startswith("162")]
    _write("dutch-310-bb.trf", _after_012(p310, ["BBW  3.0", "BBD  1.0"]))
    pairs("dutch-310-bb.trf")
    _write("dutch-152.trf", _after_012(std, ["152 W"]))
    pairs("dutch-152.trf")
    (HERE / "dutch-std.check").write_text(run("--dutch", "dutch-std.trf", "-c").stdout)


if __name__ == "__main__":
    main(sys.argv[1])
