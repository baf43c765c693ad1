"""The bbpPairings/JaVaFo command line: swisspairing as a drop-in for programs that call them.

The forms of bbpPairings 6.0.0 (``README.txt``, "Command line arguments"; ``spec/trf.md`` §8),
argument for argument::

    swisspairing [-r]
    swisspairing [-r] (--dutch | --burstein) INPUT -c [-l [CHECKLIST]]
    swisspairing [-r] (--dutch | --burstein) INPUT -p [OUTPUT] [-l [CHECKLIST]]
    swisspairing [-r] (--dutch | --burstein) (MODEL -g | -g [CONFIG]) -o TRF [-s SEED]
                 [-l [CHECKLIST]]

- ``-p [OUTPUT]``: pair the next round; the pairs file (number of pairs, then ``white black``,
  ``N 0`` for the bye) goes to OUTPUT, else to standard output.
- ``-c``: the checker: every round re-paired from its history and compared with the file;
  ``FILE: Round #N`` per round, a ``Checker pairings / Tournament pairings`` table where they
  differ, ``No valid pairing exists for round N.``; exit code 0 unless the file is invalid.
- ``-g``: a random tournament, from a JaVaFo/bbpPairings configuration file (``PlayersNumber=…``
  keys: :data:`GENERATOR_KEYS`) or a model TRF (its players), written to ``-o TRF``.
- ``-l [CHECKLIST]``: also write a check list (default: the input's name with ``.list``).
- ``-r``: print the program's name and version.

A relative OUTPUT or CHECKLIST without a directory is placed next to the input file, as
bbpPairings does.  ``--dutch`` pairs with ``fide-dutch-2025`` when that ruleset is installed,
else with ``fide-dutch-1992`` (said on standard error); ``--burstein`` with ``fide-burstein``;
``--ruleset ID`` (anywhere on the line) chooses another.  Exit codes: 0 success, 1 no valid
pairing (``-p``), 2 unexpected error, 3 invalid request or input, 4 size limit, 5 file access.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TextIO

from . import __version__
from .engine_flags import SYSTEM_FLAGS, is_engine_command, without_globals
from .errors import InvalidInputError, Location, NoValidPairingError, SwissPairingError
from .i18n import N_, gettext

if TYPE_CHECKING:  # the engine, model and writers load in the commands that use them
    from .model import Tournament
    from .pairing import RoundPairing
    from .ruleset import Ruleset

__all__ = [
    "GENERATOR_KEYS",
    "SYSTEM_FLAGS",
    "EngineCommand",
    "check_round_table",
    "generator_config",
    "is_engine_command",
    "main",
    "parse_engine_argv",
]

#: TRF26 ``192`` codes of each system flag (bbpPairings refuses a file of another system).
_FILE_SYSTEMS = {
    "--dutch": ("FIDE_DUTCH",),
    "--burstein": ("FIDE_BURSTEIN",),
}

#: JaVaFo/bbpPairings generator keys -> how they set the generator (``spec/trf.md`` §8).
GENERATOR_KEYS: Mapping[str, str] = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_rate (percent / 100)",
    "ForfeitRate": "forfeit_rate (one game in N)",
    "RetiredRate": "withdrawal_rate (one player in N over the event)",
    "HalfPointByeRate": "bye_request_rate (one player in N over the event)",
    "HalfPointByteRate": "the same (bbpPairings accepts the misspelling)",
    "HighestRating": "highest rating of the field",
    "LowestRating": "lowest rating of the field",
    "PointsForWin": "points for a win, forfeit win, full-point bye",
    "PointsForDraw": "points for a draw, half-point bye",
    "PointsForLoss": "points for a played loss",
    "PointsForZPB": "points for a zero-point bye",
    "PointsForForfeitLoss": "points for a forfeit loss and a zero-point bye",
    "PointsForPAB": "points for the pairing-allocated bye (default: PointsForWin)",
}

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_FILE = 5

_SYNTAX = (
    "swisspairing [-r]\n"
    "swisspairing [-r] (--dutch | --burstein) input-file -c [-l [check-list-file]]\n"
    "swisspairing [-r] (--dutch | --burstein) input-file -p [output-file] [-l [check-list-file]]\n"
    "swisspairing [-r] (--dutch | --burstein) (model-file -g | -g [config-file]) -o trf_file "
    "[-s random_seed] [-l [check-list-file]]\n"
    "  --ruleset ID|FILE  pair with this ruleset instead of the flag's\n"
)


@dataclass(frozen=True)
class EngineCommand:
    """One parsed command line."""

    info: bool
    """``-r``: print the program's name and version first."""
    system: str | None
    """``--dutch`` or ``--burstein``; ``None`` for ``-r`` alone."""
    mode: str | None
    """``pair``, ``check`` or ``generate``."""
    input: str | None = None
    """The tournament (``-p``, ``-c``) or the model TRF (``-g``)."""
    output: str | None = None
    """``-p OUTPUT`` (``None``: standard output) or ``-o TRF``."""
    config: str | None = None
    """``-g CONFIG``."""
    seed: str | None = None
    """``-s SEED``."""
    checklist: bool = False
    """``-l`` given."""
    checklist_file: str | None = None
    """``-l CHECKLIST`` (``None``: the input's name with ``.list``)."""
    ruleset: str | None = None
    """``--ruleset ID|FILE``."""


def parse_engine_argv(argv: Sequence[str]) -> EngineCommand:
    """Parse ``argv`` by bbpPairings' grammar (``main.cpp``); :class:`InvalidInputError` with
    the syntax when it fits none of the forms."""
    words = list(argv)
    ruleset = None
    for opt in ("--ruleset", "-R"):
        while opt in words:
            i = words.index(opt)
            if i + 1 >= len(words):
                raise _usage()
            ruleset = words[i + 1]
            del words[i : i + 2]
    words = without_globals(words)
    info = words[:1] == ["-r"]
    if info:
        words = words[1:]
    if not words:
        if info:
            return EngineCommand(True, None, None, ruleset=ruleset)
        raise _usage()
    system, rest = words[0], words[1:]
    if system not in SYSTEM_FLAGS or not rest:
        raise _usage()
    checklist, checklist_file = False, None
    if "-l" in rest:
        i = rest.index("-l")
        tail = rest[i + 1 :]
        if len(tail) > 1:
            raise _usage()
        checklist, checklist_file = True, (tail[0] if tail else None)
        rest = rest[:i]
    base = EngineCommand(
        info, system, None, checklist=checklist, checklist_file=checklist_file, ruleset=ruleset
    )
    if len(rest) == 2 and rest[1] == "-c":
        return replace(base, mode="check", input=rest[0])
    if len(rest) in (2, 3) and rest[1] == "-p":
        return replace(base, mode="pair", input=rest[0], output=rest[2] if len(rest) == 3 else None)
    # (MODEL -g | -g [CONFIG]) -o TRF [-s SEED]
    model = config = seed = None
    if rest and rest[0] != "-g":
        model, rest = rest[0], rest[1:]
    if not rest or rest[0] != "-g":
        raise _usage()
    rest = rest[1:]
    if rest and rest[0] != "-o":
        if model is not None:
            raise _usage()
        config, rest = rest[0], rest[1:]
    if len(rest) < 2 or rest[0] != "-o":
        raise _usage()
    output, rest = rest[1], rest[2:]
    if rest:
        if len(rest) != 2 or rest[0] != "-s":
            raise _usage()
        seed = rest[1]
    return replace(base, mode="generate", input=model, output=output, config=config, seed=seed)


def _usage() -> InvalidInputError:
    return InvalidInputError(N_("invalid command line; the forms are:\n{syntax}"), syntax=_SYNTAX)


# ---------------------------------------------------------------------------- files and rulesets
def _beside(path: str, base: str) -> str:
    """``path`` next to ``base`` when it names no directory (bbpPairings ``relativizePath``)."""
    if path == "-" or os.path.dirname(path):
        return path
    return os.path.join(os.path.dirname(base), path)


def resolve_ruleset(cmd: EngineCommand, err: TextIO, locale: str | None) -> Ruleset:
    """The ruleset of the command: ``--ruleset``, else the first installed one of the flag."""
    from .manager import ruleset_dirs
    from .ruleset import builtin_rulesets, load_ruleset

    if cmd.ruleset:
        return load_ruleset(cmd.ruleset)
    assert cmd.system is not None
    wanted = SYSTEM_FLAGS[cmd.system]
    installed = builtin_rulesets(ruleset_dirs())
    for i, rid in enumerate(wanted):
        if rid in installed:
            if i:
                err.write(
                    "swisspairing: "
                    + gettext(
                        N_("{flag}: ruleset {wanted} is not installed; pairing with {ruleset}"),
                        locale,
                    ).format(flag=cmd.system, wanted=wanted[0], ruleset=rid)
                    + "\n"
                )
            return load_ruleset(rid)
    return load_ruleset(wanted[-1])  # raises the ruleset's own "unknown ruleset" error


def _load(cmd: EngineCommand, ruleset: Ruleset, err: TextIO, locale: str | None) -> Tournament:
    from .io import load_tournament_source
    from .trf import inferred_initial_colour, unknown_records

    assert cmd.input is not None
    tournament, _decoded = load_tournament_source(cmd.input, point_system=ruleset.points)
    # as bbpPairings: without XXC/152 the colour of round 1 tells the initial colour
    tournament = replace(tournament, initial_colour=inferred_initial_colour(tournament))
    unknown = unknown_records(tournament)
    if unknown:
        err.write(
            "swisspairing: "
            + f"{cmd.input}: "
            + gettext(N_("records kept but not read: {codes}"), locale).format(
                codes=", ".join(sorted(unknown))
            )
            + "\n"
        )
    for code, line in tournament.header:
        if code == "192":
            kind = line[4:].strip().upper()
            assert cmd.system is not None
            if kind.startswith("FIDE_") and not kind.startswith(_FILE_SYSTEMS[cmd.system]):
                raise InvalidInputError(
                    N_("the pairing system of the file ({kind}) does not match {flag}"),
                    where=cmd.input,
                    kind=kind,
                    flag=cmd.system,
                )
    return tournament


# ---------------------------------------------------------------------------- -c
def _file_round(t: Tournament, rnd: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The file's boards (white, black) and pairing-allocated byes of round ``rnd``."""
    from .model import BLACK

    boards, byes = [], []
    for p in t.players:
        rec = p.record(rnd)
        if rec is None:
            continue
        if rec.opponent is not None:
            if rec.colour is not BLACK and (p.number < rec.opponent or rec.colour is not None):
                other = t.player(rec.opponent).record(rnd)
                if rec.colour is None and other is not None and other.colour is not None:
                    continue  # the opponent's line says who had White
                boards.append((p.number, rec.opponent))
        elif rec.result == "U":
            byes.append(p.number)
    return boards, byes


def check_round_table(t: Tournament, rnd: int, ours: RoundPairing) -> list[tuple[str, str]] | None:
    """The rows of the checker's table for round ``rnd`` (ours, the file's), or ``None`` when
    the file has our pairing.  As bbpPairings compares (``checker.cpp``): a board agrees when
    White's round block names our Black and does not give White the black pieces (an unplayed
    game without colour agrees either way); a bye when the file has the same bye."""
    from .model import BLACK

    wrong: list[tuple[int, int]] = []
    for b in ours.boards:
        rec = t.player(b.white).record(rnd)
        if rec is None or rec.opponent != b.black or rec.colour is BLACK:
            wrong.append((b.white, b.black))
    for bye in ours.byes:
        if bye.result != "U":
            continue
        rec = t.player(bye.player).record(rnd)
        if rec is None or rec.opponent is not None or rec.result != "U":
            wrong.append((bye.player, 0))
    if not wrong:
        return None
    involved = {n for pair in wrong for n in pair if n}
    boards, byes = _file_round(t, rnd)
    theirs = [b for b in boards if b[0] in involved or b[1] in involved]
    theirs += [(n, 0) for n in byes if n in involved]
    order = {n: i for i, n in enumerate(n for b in ours.boards for n in b.players)}
    theirs.sort(key=lambda b: min(order.get(b[0], 10**6), order.get(b[1], 10**6)))
    rows = []
    for i in range(max(len(wrong), len(theirs))):
        left = f"{wrong[i][0]:>3} - {wrong[i][1]:>3}" if i < len(wrong) else " " * 9
        right = f"{theirs[i][0]:>3} - {theirs[i][1]:>3}" if i < len(theirs) else ""
        rows.append((left, right))
    return rows


def _check(
    cmd: EngineCommand, ruleset: Ruleset, out: TextIO, err: TextIO, locale: str | None
) -> int:
    from .engine import Engine
    from .verify import tournament_before

    assert cmd.input is not None
    t = _load(cmd, ruleset, err, locale)
    engine = Engine(ruleset)
    stem = os.path.splitext(os.path.basename(cmd.input))[0]
    lists: list[str] = []
    for rnd in range(1, t.rounds_recorded + 1):
        out.write(f"{stem}: Round #{rnd}\n")
        before = tournament_before(t, rnd)
        if cmd.checklist:
            lists.append(f"Round #{rnd}\n" + checklist(before, ruleset))
        try:
            ours = engine.pair(before, explain=False)
        except NoValidPairingError:
            out.write(f"No valid pairing exists for round {rnd}.\n\n")
            continue
        rows = check_round_table(t, rnd, ours)
        if rows:
            out.write("  Checker pairings" + " " * 8 + "Tournament pairings \n")
            for left, right in rows:
                out.write(f"    {left}{' ' * 16}{right}".rstrip() + "\n")
            out.write("\n")
    out.write("\n")
    if cmd.checklist:
        _write_checklist(cmd, "".join(lists))
    return EXIT_OK


# ---------------------------------------------------------------------------- -l
def _pref_code(state: Any) -> str:
    """JaVaFo's colour-preference code (AUM check list): ``WWW``/``BBB`` absolute by both the
    difference and the run, ``WW``/``BB`` |CD| > 1, ``W1``/``B1`` a run of two with |CD| = 1,
    ``W``/``B`` a run of two with CD = 0, ``(W)``/``(B)`` strong (|CD| = 1), ``(w)``/``(b)``
    mild, ``A`` none (no game yet)."""
    cd = state.colour_difference
    last = state.last_colour
    run = state.colour_run
    if last is None:
        return "A"
    other = "B" if last.value == "w" else "W"
    want = "W" if cd < 0 else "B" if cd > 0 else other
    if abs(cd) > 1 and run >= 2:
        return want * 3
    if abs(cd) > 1:
        return want * 2
    if run >= 2:
        return (other + "1") if abs(cd) == 1 else other
    if abs(cd) == 1:
        return f"({want})"
    return f"({other.lower()})"


def checklist(t: Tournament, ruleset: Ruleset) -> str:
    """The check list of the round to be paired: per player the start number, score, colour
    difference, colours, colour preference, floats of the last two rounds, whether the
    pairing-allocated bye is allowed, and the opponents met."""
    from .model import player_states

    ps = t.point_system or ruleset.points
    rnd = t.next_round
    states = player_states(t, ps, rnd)
    blocked = ruleset.byes.blocked_by
    head = (
        f"{'ID':>4} {'Pts':>5} {'CD':>3} {'Colours':<12} {'Pref':<5} {'C14':<3} {'C16':<3} "
        "C2  Opponents"
    )
    rows = [head]
    for p in t.participants(rnd):
        s = states[p.number]
        colours = "".join(c.value if c is not None else "-" for c in s.colours)
        f1, f2 = s.floated(1), s.floated(2)
        eligible = not any(
            (rec := p.record(r)) is not None and rec.result in blocked for r in range(1, rnd)
        )
        rows.append(
            f"{p.number:>4} {s.score:>5.1f} {s.colour_difference:>+3d} {colours[-12:]:<12} "
            f"{_pref_code(s):<5} {(f1.value[0].upper() if f1 else ''):<3} "
            f"{(f2.value[0].upper() if f2 else ''):<3} {'Y' if eligible else 'N':<3} "
            + " ".join(str(o) for o in sorted(s.opponents))
        )
    return "\n".join(r.rstrip() for r in rows) + "\n\n"


def _write_checklist(cmd: EngineCommand, text: str) -> None:
    from .output import write_outputs

    write_outputs([(_checklist_path(cmd), text, None)])


# ---------------------------------------------------------------------------- -p
def _pair(
    cmd: EngineCommand, ruleset: Ruleset, out: TextIO, err: TextIO, locale: str | None
) -> int:
    from .engine import Engine
    from .output import format_pairs, guard_outputs, write_outputs

    assert cmd.input is not None
    output = _beside(cmd.output, cmd.input) if cmd.output else None
    guard_outputs([("-p", output)], [cmd.input])
    from .trf import has_acceleration

    t = _load(cmd, ruleset, err, locale)
    if has_acceleration(t):  # as `pair` says it
        err.write(
            "swisspairing: "
            + gettext(
                N_(
                    "{file}: acceleration records are read for the points field only; this system "
                    "pairs by the real scores"
                ),
                locale,
            ).format(file=cmd.input)
            + "\n"
        )
    pairing = Engine(ruleset).pair(t, explain=False)
    files = [(output or "-", format_pairs(pairing), None)]
    if cmd.checklist:
        _write_checklist(cmd, checklist(t, ruleset))
    write_outputs(files, stdout=out)
    return EXIT_OK


# ---------------------------------------------------------------------------- -g
def generator_config(text: str, *, source: str = "<config>") -> dict[str, Any]:
    """The generator options of a JaVaFo/bbpPairings configuration file (``KEY=VALUE`` lines,
    ``#`` comments); an unknown key or a bad value is an error naming the line.  Returns the
    :class:`~swisspairing.generate.GeneratorConfig` fields, and ``points`` (a
    :class:`PointSystem` mapping) when a ``PointsFor…`` key is given."""
    values: dict[str, float] = {}
    where_of: dict[str, str] = {}
    for i, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        where = Location(source, i)
        if not sep:
            raise InvalidInputError(N_("expected KEY=VALUE"), where=where)
        if key not in GENERATOR_KEYS:
            raise InvalidInputError(
                N_("unknown generator configuration key {key}; known keys: {keys}"),
                where=where,
                key=key,
                keys=", ".join(GENERATOR_KEYS),
            )
        try:
            number = float(value)
            if not abs(number) < 1e7:
                raise ValueError(value)
        except ValueError:
            raise InvalidInputError(
                N_("the value of {key} is not a number: {value}"), where=where, key=key, value=value
            ) from None
        values["HalfPointByeRate" if key == "HalfPointByteRate" else key] = number
        where_of[key] = where
    return _config_values(values, where_of)


def _config_values(values: Mapping[str, float], where_of: Mapping[str, str]) -> dict[str, Any]:
    from .explain import Term

    def bad(key: str, rule: str) -> InvalidInputError:
        return InvalidInputError(
            N_("the value of {key} must be {rule}"),
            where=where_of.get(key, ""),
            key=key,
            rule=Term(rule),
        )

    out: dict[str, Any] = {}
    n = values.get("PlayersNumber")
    if n is not None:
        if n != int(n) or not 2 <= n <= 9999:
            raise bad("PlayersNumber", N_("a whole number from 2 to 9999"))
        out["players"] = int(n)
    r = values.get("RoundsNumber")
    if r is not None:
        if r != int(r) or not 1 <= r <= 999:
            raise bad("RoundsNumber", N_("a whole number from 1 to 999"))
        out["rounds"] = int(r)
    if "DrawPercentage" in values:
        if not 0 <= values["DrawPercentage"] <= 100:
            raise bad("DrawPercentage", N_("from 0 to 100"))
        out["draw_rate"] = values["DrawPercentage"] / 100
    rounds = out.get("rounds") or 9
    for key, minimum, option, per_round in (
        ("ForfeitRate", 1, "forfeit_rate", False),
        ("RetiredRate", 2, "withdrawal_rate", True),
        ("HalfPointByeRate", 1, "bye_request_rate", True),
    ):
        if key in values:
            if values[key] < minimum:
                raise bad(key, N_("at least 1") if minimum == 1 else N_("at least 2"))
            rate = 1 / values[key]
            out[option] = min(1.0, rate / rounds if per_round else rate)
    for key in ("HighestRating", "LowestRating"):
        if key in values and not 0 <= values[key] <= 9999:
            raise bad(key, N_("from 0 to 9999"))
    if "HighestRating" in values or "LowestRating" in values:
        high = int(values.get("HighestRating", 2800))
        low = int(values.get("LowestRating", min(high, 1400)))
        if low > high:
            raise bad("LowestRating", N_("at most HighestRating"))
        out["ratings"] = (low, high)
    points = {
        "PointsForWin": ("win", "forfeit_win", "full_point_bye"),
        "PointsForDraw": ("draw", "half_point_bye"),
        "PointsForLoss": ("loss",),
        "PointsForZPB": ("zero_point_bye",),
        "PointsForForfeitLoss": ("forfeit_loss", "zero_point_bye"),
        "PointsForPAB": ("pairing_allocated_bye",),
    }
    ps: dict[str, float] = {}
    for key, names in points.items():
        if key in values:
            if not 0 <= values[key] <= 99.9:
                raise bad(key, N_("from 0 to 99.9"))
            for name in names:
                ps[name] = values[key]
    if ps:
        if "PointsForWin" in values and "PointsForPAB" not in values:
            ps["pairing_allocated_bye"] = values["PointsForWin"]
        out["points"] = ps
    return out


def _generate(
    cmd: EngineCommand, ruleset: Ruleset, out: TextIO, err: TextIO, locale: str | None
) -> int:
    from .generate import GeneratorConfig, generate
    from .model import PointSystem
    from .output import guard_outputs, write_outputs
    from .safeyaml import read_text_capped
    from .trf import TRF26, dumps_trf

    assert cmd.output is not None
    source = cmd.input or cmd.config
    # as bbpPairings: a bare -o name goes beside the model or configuration file
    cmd = replace(cmd, output=_beside(cmd.output, source) if source else cmd.output)
    assert cmd.output is not None
    guard_outputs([("-o", cmd.output)], [cmd.input, cmd.config])
    if cmd.seed is not None:
        if not (cmd.seed.isascii() and cmd.seed.isdigit()) or len(cmd.seed) > 18:
            raise InvalidInputError(N_("the seed must be a whole number: {seed}"), seed=cmd.seed)
        seed = int(cmd.seed)
    else:
        import random

        seed = random.SystemRandom().randrange(1, 2**31)
    options: dict[str, Any] = {}
    if cmd.config is not None:
        options = generator_config(read_text_capped(cmd.config), source=cmd.config)
    model: Tournament | None = None
    if cmd.input is not None:
        model = _load(cmd, ruleset, err, locale)
        options["players"] = len(model.players)
        options.setdefault("rounds", model.total_rounds)
    points = options.pop("points", None)
    ratings = options.pop("ratings", None)
    if points is not None:
        ruleset = replace(ruleset, points=PointSystem(**{**_points_of(ruleset), **points}))
    config = GeneratorConfig(seed=seed, **options)
    generated = generate(ruleset, config, players=_field(model, ratings, config))
    t = generated.tournament
    if points is not None:
        t = replace(t, point_system=ruleset.points)
    name = f"012 AutoTest Tournament {seed}"
    header = (("012", name), *(h for h in t.header if h[0] != "012"))
    t = replace(t, name=name[4:], header=header)
    if generated.stopped:  # a small field ran out of opponents: the rounds played are kept
        why = (
            generated.error.render(locale)
            if isinstance(generated.error, SwissPairingError)
            else generated.stopped
        )
        err.write(f"swisspairing: {cmd.output}: {why}\n")
    files = [(cmd.output, dumps_trf(t, version=TRF26), None)]
    if cmd.checklist:
        from .verify import tournament_before

        lists = [
            f"Round #{r}\n" + checklist(tournament_before(t, r), ruleset)
            for r in range(1, t.rounds_recorded + 1)
        ]
        # the generated file is the check list's base (bbpPairings)
        files.append((_checklist_path(replace(cmd, input=None)), "".join(lists), None))
    write_outputs(files, stdout=out)
    return EXIT_OK


def _points_of(ruleset: Ruleset) -> dict[str, float]:
    from dataclasses import asdict

    return asdict(ruleset.points)


def _checklist_path(cmd: EngineCommand) -> str:
    base = cmd.input or cmd.output or ""
    if cmd.checklist_file:
        return _beside(cmd.checklist_file, base)
    return os.path.splitext(base)[0] + ".list"


def _field(
    model: Tournament | None, ratings: tuple[int, int] | None, config: Any
) -> tuple[Any, ...] | None:
    """The players of a generated tournament: the model's, or new ones in the rating range."""
    if model is not None:
        return tuple(replace(p, rounds=(), points=0.0, rank=None) for p in model.players)
    if ratings is None:
        return None
    from .generate import make_individuals

    low, high = ratings
    players = make_individuals(config.players, config.seed, unrated_share=0.0)
    span = max(p.rating for p in players) - min(p.rating for p in players) or 1
    base = min(p.rating for p in players)
    return tuple(
        replace(p, rating=round(low + (p.rating - base) * (high - low) / span)) for p in players
    )


# ---------------------------------------------------------------------------- main
def main(argv: Sequence[str], *, out: TextIO, err: TextIO, locale: str | None = None) -> int:
    """Run one bbpPairings/JaVaFo command line; returns its exit code."""
    try:
        cmd = parse_engine_argv(argv)
        if cmd.info:
            out.write(f"swisspairing {__version__} (a drop-in for bbpPairings and JaVaFo)\n\n")
        if cmd.mode is None:
            return EXIT_OK
        ruleset = resolve_ruleset(cmd, err, locale)
        run = {"pair": _pair, "check": _check, "generate": _generate}[cmd.mode]
        return run(cmd, ruleset, out, err, locale)
    except SwissPairingError as exc:
        err.write(f"swisspairing: {exc.render(locale)}\n")
        return exc.exit_code
    except OSError as exc:
        name = exc.filename or ""
        from .explain import render_message
        from .libmessages import os_problem

        prefix = f"swisspairing: {name}: " if name else "swisspairing: "
        err.write(
            prefix
            + render_message(
                N_("cannot access file: {reason}"), {"reason": os_problem(exc)}, locale
            )
            + "\n"
        )
        return EXIT_FILE
