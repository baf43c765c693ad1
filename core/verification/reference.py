"""Run an outside pairing engine that speaks the bbpPairings/JaVaFo command line.

The command line (bbpPairings 6.0.0 ``README.txt``, "Command line arguments"; JaVaFo 1.4
advanced user manual)::

    PROGRAM (--dutch | --burstein) IN.trf -p OUT            pair the next round
    PROGRAM (--dutch | --burstein) IN.trf -c                check every round of IN.trf
    PROGRAM (--dutch | --burstein) -g CONFIG -o OUT.trf [-s SEED]   generate a tournament

The pairs file ``OUT`` holds the number of pairs on its first line, then one ``white black``
line per board in the engine's board order, ``black`` being ``0`` for the pairing-allocated
bye.  Exit codes (same README, "Error codes"): 0 ok, 1 no valid pairing, 2 unexpected error,
3 invalid request or input, 4 size limit, 5 file access.

:class:`ReferenceEngine` wraps one program: every run is bounded in time (the process is
killed when the limit passes), its output files are read with a size bound, and each failure
is an error named by what went wrong (:class:`ReferenceNotFoundError`,
:class:`ReferenceFailedError` with the program's stderr, :class:`ReferenceNoPairingError`,
:class:`ReferenceTimeoutError`, :class:`ReferenceOutputError` with file and line).
Nothing here knows a pairing system: the engine's answers are data to compare with ours.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Location, NoValidPairingError, SwissPairingError
from ..i18n import N_, NP_
from ..libmessages import os_problem
from ..pairing import Pairing

__all__ = [
    "GENERATOR_KEYS",
    "SYSTEMS",
    "ReferenceCheck",
    "ReferenceEngine",
    "ReferenceEngineError",
    "ReferenceFailedError",
    "ReferenceNoPairingError",
    "ReferenceNotFoundError",
    "ReferenceOutputError",
    "ReferencePairing",
    "ReferenceTimeoutError",
    "format_generator_config",
    "parse_check_output",
    "parse_pairs",
]

#: The systems of the command line, by their option name (``--dutch``, ``--burstein``).
SYSTEMS = ("dutch", "burstein")

#: Keys of the random tournament generator's configuration file (``KEY=VALUE`` lines, ``#``
#: comments), as bbpPairings 6.0.0 reads them (``generatorconfiguration.cpp``; JaVaFo 1.4
#: AUM plus ``PointsForLoss``, ``PointsForZPB``, ``PointsForForfeitLoss``, ``PointsForPAB``):
#: key -> what it means.
GENERATOR_KEYS: Mapping[str, str] = {
    "PlayersNumber": "number of players",
    "RoundsNumber": "number of rounds",
    "DrawPercentage": "percentage of draws between equally rated players (0-100)",
    "ForfeitRate": "one game in N is forfeited (N >= 1)",
    "RetiredRate": "one player in N retires (N >= 2)",
    "HalfPointByeRate": "one player-round in N is a requested half-point bye (N >= 1)",
    "HighestRating": "highest rating",
    "LowestRating": "lowest rating",
    "PointsForWin": "points for a win (one decimal)",
    "PointsForDraw": "points for a draw",
    "PointsForLoss": "points for a played loss",
    "PointsForZPB": "points for a zero-point bye",
    "PointsForForfeitLoss": "points for a forfeit loss and a zero-point bye",
    "PointsForPAB": "points for the pairing-allocated bye (default: PointsForWin)",
}

#: Largest pairs or check output read back (bytes): 9,999 players need well under 100 kB.
_MAX_OUTPUT = 8 * 1024 * 1024
#: Characters of the program's stderr kept in an error message.
_MAX_STDERR = 2000


# ---------------------------------------------------------------------------------- errors
class ReferenceEngineError(SwissPairingError):
    """The reference engine could not give an answer (base class)."""

    def __init__(self, message: str, /, *, program: str, **args: Any) -> None:
        self.program = program
        """The program as given (path or name on ``PATH``)."""
        super().__init__(message, program=program, **args)


class ReferenceNotFoundError(ReferenceEngineError):
    """The program does not exist or cannot be executed (exit code 5)."""

    exit_code = 5


class ReferenceTimeoutError(ReferenceEngineError):
    """The program did not finish in time and was killed (exit code 2)."""


class ReferenceFailedError(ReferenceEngineError):
    """The program exited with a code other than 0 (or 1 when pairing)."""

    def __init__(self, *, program: str, returncode: int, stderr: str, argv: Sequence[str]) -> None:
        self.returncode = returncode
        """The program's exit code (negative: killed by that signal)."""
        self.stderr = stderr
        """What it wrote to its standard error, cut to its last 2,000 characters."""
        self.argv = tuple(argv)
        """The command line that failed."""
        super().__init__(
            N_("reference engine {program} exited with code {code}: {stderr}"),
            program=program,
            code=returncode,
            stderr=stderr.strip() or "-",
        )


class ReferenceNoPairingError(ReferenceEngineError, NoValidPairingError):
    """The program reports that no valid pairing exists (its exit code 1)."""

    exit_code = 1

    def __init__(self, *, program: str, file: str, stderr: str) -> None:
        self.stderr = stderr
        """The program's message."""
        super().__init__(
            N_("reference engine {program} finds no valid pairing for {file}"),
            program=program,
            file=file,
        )


class ReferenceOutputError(ReferenceEngineError):
    """The program's output cannot be read: ``where`` names the file and line."""


# ---------------------------------------------------------------------------------- results
@dataclass(frozen=True)
class ReferencePairing:
    """The reference engine's pairing of one round."""

    boards: tuple[Pairing, ...]
    """The boards in the engine's order, White first."""
    byes: tuple[int, ...] = ()
    """Players the engine gave the pairing-allocated bye (paired with ``0``)."""

    @property
    def pairs(self) -> frozenset[frozenset[int]]:
        """Who meets whom, colours left aside."""
        return frozenset(frozenset(b.players) for b in self.boards)

    @property
    def coloured(self) -> frozenset[tuple[int, int]]:
        """``(white, black)`` of every board."""
        return frozenset(b.players for b in self.boards)

    def __str__(self) -> str:
        parts = [str(b) for b in self.boards] + [f"{p} - bye" for p in self.byes]
        return ", ".join(parts)


@dataclass(frozen=True)
class ReferenceCheck:
    """The reference engine's checker report (``-c``) on a whole tournament file."""

    rounds: int
    """Rounds the checker looked at."""
    differing: tuple[int, ...]
    """Rounds whose pairing in the file differs from the engine's, in order."""
    no_pairing: tuple[int, ...]
    """Rounds for which the engine finds no valid pairing."""
    output: str
    """The checker's report as printed (the engine's own words)."""


# ---------------------------------------------------------------------------------- parsing
def parse_pairs(text: str, *, program: str = "", filename: str = "") -> ReferencePairing:
    """Read a pairs file: the number of pairs, then ``white black`` per line, ``0`` for the
    bye.  Blank lines at the end are allowed; anything else that does not fit is an error
    naming ``filename`` and the line."""
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()

    def error(line: int, message: str, **args: Any) -> ReferenceOutputError:
        return ReferenceOutputError(
            message, program=program, where=Location(filename or "-", line), **args
        )

    if not lines or not lines[0].strip().isdigit():
        raise error(1, N_("the first line must be the number of pairs"))
    count = int(lines[0])
    if len(lines) - 1 != count:
        raise error(
            len(lines),
            N_("pairs announced: {expected}, pairs found: {found}"),
            expected=count,
            found=len(lines) - 1,
        )
    boards: list[Pairing] = []
    byes: list[int] = []
    seen: set[int] = set()
    for n, line in enumerate(lines[1:], start=2):
        fields = line.split()
        if len(fields) != 2 or not all(f.isdigit() for f in fields):
            raise error(n, N_("expected two player numbers, found: {text}"), text=line[:80])
        white, black = int(fields[0]), int(fields[1])
        if white in (0, black):
            raise error(n, N_("expected two player numbers, found: {text}"), text=line[:80])
        for p in (white, black):
            if p and p in seen:
                raise error(n, N_("player {player} is paired twice"), player=p)
            seen.add(p)
        if black == 0:
            byes.append(white)
        else:
            boards.append(Pairing(white, black))
    return ReferencePairing(tuple(boards), tuple(byes))


_ROUND_HEADER = re.compile(r": Round #(\d+)\s*$")
_NO_PAIRING = re.compile(r"^No valid pairing exists for round (\d+)\.")


def parse_check_output(text: str) -> ReferenceCheck:
    """Read the checker's report (bbpPairings ``-c``): a ``FILE: Round #N`` line per round,
    followed by a ``Checker pairings … Tournament pairings`` table when the file's pairing
    differs from the engine's, or ``No valid pairing exists for round N.``"""
    rounds = 0
    differing: list[int] = []
    no_pairing: list[int] = []
    current = 0
    for line in text.splitlines():
        if m := _ROUND_HEADER.search(line):
            current = int(m.group(1))
            rounds = max(rounds, current)
        elif line.strip().startswith("Checker pairings") and current:
            if not differing or differing[-1] != current:
                differing.append(current)
        elif m := _NO_PAIRING.match(line.strip()):
            no_pairing.append(int(m.group(1)))
    return ReferenceCheck(rounds, tuple(differing), tuple(no_pairing), text)


def format_generator_config(config: Mapping[str, object]) -> str:
    """The generator's configuration file for ``config`` (``KEY=VALUE`` lines), refusing keys
    the generator does not know (:data:`GENERATOR_KEYS`): the engine would stop on them."""
    lines = []
    for key, value in config.items():
        if key not in GENERATOR_KEYS:
            raise ReferenceEngineError(
                N_("unknown generator configuration key {key}; known keys: {keys}"),
                program="",
                key=key,
                keys=", ".join(GENERATOR_KEYS),
            )
        if isinstance(value, float):
            text = f"{value:.1f}" if key.startswith("Points") else repr(value)
        else:
            text = str(value)
        lines.append(f"{key}={text}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- the engine
def _flag(system: str) -> str:
    if system not in SYSTEMS:
        raise ValueError(f"system must be one of {SYSTEMS}, not {system!r}")
    return f"--{system}"


def _read_bounded(path: Path, program: str) -> str:
    try:
        with path.open("rb") as fh:
            data = fh.read(_MAX_OUTPUT + 1)
    except FileNotFoundError:
        raise ReferenceOutputError(
            N_("reference engine {program} wrote no output file"),
            program=program,
            where=str(path),
        ) from None
    if len(data) > _MAX_OUTPUT:
        raise ReferenceOutputError(
            NP_(
                "reference engine output is larger than {limit} byte",
                "reference engine output is larger than {limit} bytes",
                "limit",
            ),
            program=program,
            where=str(path),
            limit=_MAX_OUTPUT,
        )
    return data.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class _Run:
    returncode: int
    stdout: str
    stderr: str


@dataclass(frozen=True)
class ReferenceEngine:
    """An outside engine with the bbpPairings/JaVaFo command line, e.g.
    ``ReferenceEngine("/work/ext/bbp-v6.0.0/bbpPairings.exe")``."""

    program: str
    """Path of the program, or its name on ``PATH``."""
    timeout: float = 60.0
    """Seconds one run may take before it is killed (:class:`ReferenceTimeoutError`)."""
    prefix: tuple[str, ...] = ()
    """Words put before the program (e.g. ``("java", "-jar")`` for JaVaFo's jar)."""

    def executable(self) -> str:
        """The program's full path; :class:`ReferenceNotFoundError` if there is none (with a
        :attr:`prefix`, the program is a file the prefix runs, such as a jar)."""
        path = self.program if self.prefix else shutil.which(self.program)
        if path is None or not os.path.isfile(path):
            raise ReferenceNotFoundError(
                N_("reference engine {program} not found or not executable"),
                program=self.program,
            )
        return os.path.abspath(path)

    def run(self, args: Sequence[str], *, cwd: str | None = None) -> _Run:
        """Run the program with ``args``, bounded by :attr:`timeout`; the exit code is
        returned, not judged."""
        argv = [*self.prefix, self.executable(), *args]
        try:
            done = subprocess.run(
                argv,
                capture_output=True,
                timeout=self.timeout,
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise ReferenceTimeoutError(
                N_("reference engine {program} did not finish within the time limit ({seconds} s)"),
                program=self.program,
                seconds=self.timeout,
            ) from None
        except OSError as exc:
            raise ReferenceNotFoundError(
                N_("reference engine {program} cannot be started: {reason}"),
                program=self.program,
                reason=os_problem(exc),
            ) from None
        stderr = done.stderr[-_MAX_STDERR * 4 :].decode("utf-8", errors="replace")
        return _Run(
            done.returncode,
            done.stdout[:_MAX_OUTPUT].decode("utf-8", errors="replace"),
            stderr[-_MAX_STDERR:],
        )

    def _failed(self, run: _Run, args: Sequence[str]) -> ReferenceFailedError:
        return ReferenceFailedError(
            program=self.program, returncode=run.returncode, stderr=run.stderr, argv=args
        )

    # -- pairing
    def pair(self, trf: str | os.PathLike[str], system: str = "dutch") -> ReferencePairing:
        """Pair the next round of the TRF file ``trf``: ``PROGRAM --SYSTEM trf -p OUT``.

        :raises ReferenceNoPairingError: the engine finds no valid pairing (exit code 1).
        :raises ReferenceFailedError: any other non-zero exit, with the engine's stderr."""
        trf = os.fspath(trf)
        with tempfile.TemporaryDirectory(prefix="swisspairing-ref-") as tmp:
            out = Path(tmp) / "pairs.txt"
            args = [_flag(system), os.path.abspath(trf), "-p", str(out)]
            run = self.run(args)
            if run.returncode == 1:
                raise ReferenceNoPairingError(program=self.program, file=trf, stderr=run.stderr)
            if run.returncode != 0:
                raise self._failed(run, args)
            return parse_pairs(
                _read_bounded(out, self.program),
                program=self.program,
                filename=f"{self.program} -p",
            )

    def pair_text(self, trf_text: str, system: str = "dutch") -> ReferencePairing:
        """:meth:`pair` for a TRF given as text (written to a temporary file)."""
        with tempfile.TemporaryDirectory(prefix="swisspairing-ref-") as tmp:
            path = Path(tmp) / "in.trf"
            path.write_text(trf_text, encoding="utf-8", newline="\n")
            return self.pair(path, system)

    # -- checking
    def check(self, trf: str | os.PathLike[str], system: str = "dutch") -> ReferenceCheck:
        """Run the engine's checker on a whole file: ``PROGRAM --SYSTEM trf -c``."""
        args = [_flag(system), os.path.abspath(os.fspath(trf)), "-c"]
        run = self.run(args)
        if run.returncode != 0:
            raise self._failed(run, args)
        return parse_check_output(run.stdout)

    # -- generating
    def generate(
        self,
        out: str | os.PathLike[str],
        *,
        system: str = "dutch",
        config: Mapping[str, object] | str | os.PathLike[str] | None = None,
        seed: int | str | None = None,
        model: str | os.PathLike[str] | None = None,
    ) -> Path:
        """Generate a random tournament into ``out``:
        ``PROGRAM --SYSTEM -g [CONFIG] -o OUT [-s SEED]`` (or ``MODEL -g -o OUT``).

        ``config`` is a mapping of :data:`GENERATOR_KEYS` (written to a temporary file) or the
        path of a configuration file; ``None`` lets the engine draw every parameter."""
        out_path = Path(out).absolute()
        with tempfile.TemporaryDirectory(prefix="swisspairing-ref-") as tmp:
            args = [_flag(system)]
            if model is not None:
                args += [os.path.abspath(os.fspath(model)), "-g"]
            else:
                args.append("-g")
                if isinstance(config, Mapping):
                    cfg = Path(tmp) / "config.txt"
                    cfg.write_text(format_generator_config(config), encoding="utf-8")
                    args.append(str(cfg))
                elif config is not None:
                    args.append(os.path.abspath(os.fspath(config)))
            args += ["-o", str(out_path)]
            if seed is not None:
                args += ["-s", str(seed)]
            run = self.run(args)
            if run.returncode != 0:
                raise self._failed(run, args)
        if not out_path.is_file():
            raise ReferenceOutputError(
                N_("reference engine {program} wrote no output file"),
                program=self.program,
                where=str(out_path),
            )
        return out_path
