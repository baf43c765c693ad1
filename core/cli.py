"""The ``swisspairing`` command line.

Every command is a function of ``argv`` returning the exit code, so tests call
``main(["pair", …])`` directly.  Exit codes follow bbpPairings: 0 ok, 1 no valid pairing,
2 unexpected error (a bug: one line, the traceback only with ``--debug`` or
``SWISSPAIRING_DEBUG=1``), 3 invalid request or input (command-line usage errors included),
4 size limit, 5 file access.  Bad input never shows a traceback; output files never replace
an input (``core/output.py``); standard output never fails on a character it cannot show.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from . import __version__
from .errors import InvalidInputError, NoValidPairingError, SwissPairingError
from .exitcodes import (
    EXIT_CODES,
    EXIT_FILE,
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_USAGE,
)
from .i18n import LANGUAGES, N_, NP_, default_locale, gettext, ngettext
from .output import SafeStream
from .serve import add_parser as _add_serve_parser
from .serve import command as _cmd_serve

if TYPE_CHECKING:
    from .encoding import Decoded
    from .engine import Engine
    from .model import Tournament
    from .ruleset import Ruleset

# Start-up (issue 20): the engine, the loaders and the writers are imported by the commands that
# use them, so that ``--help`` and ``--version`` load only argparse and the catalogues.

__all__ = ["main"]


def _report_address(locale: str | None) -> str:
    """Where a bug is reported: the distribution's ``Project-URL`` for issues, if it declares
    one, else the words "the swisspairing issue tracker"."""
    try:
        from importlib.metadata import metadata

        for entry in metadata("swisspairing").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("issues", "bug tracker", "bugs", "tracker"):
                return url.strip()
    except Exception:
        pass
    return gettext(N_("the swisspairing issue tracker"), locale)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help whose metavariables (``TOURNAMENT.trf``, ``FILE``, ``SEED``) are catalogue words
    too: each is looked up through argparse's ``_``, which :func:`_argparse_language` points
    at the user's language (the epilogue below them is translated, so are they)."""

    def _metavar_formatter(self, action: argparse.Action, default_metavar: str) -> Any:
        inner = super()._metavar_formatter(action, default_metavar)
        return lambda size: tuple(_metavar(m) for m in inner(size))


def _metavar(name: str) -> str:
    """A metavariable in the current language (argparse's ``_``); choices such as
    ``{en,de,ru,pl}`` and names without an entry stay as they are."""
    if not name or name.startswith("{"):
        return name
    return str(argparse._(name))  # type: ignore[attr-defined]


#: The metavariables of the command line (shown by ``--help`` and in usage errors), so that
#: Babel extracts them; argparse derives ``SEED``, ``SYSTEM``, … from the option names.
_METAVARIABLES = (
    N_("COMMAND"),
    N_("TOURNAMENT"),
    N_("TOURNAMENT.trf"),
    N_("ID|FILE"),
    N_("FILE"),
    N_("FILE.html"),
    N_("PAIRS.txt"),
    N_("NEXT.trf"),
    N_("MORE.trf"),
    N_("NAME"),
    N_("ID,ID"),
    N_("CONFIG"),
    N_("N|MIN-MAX"),
    N_("ADDRESS"),
    N_("PROGRAM"),
    N_("SECONDS"),
    N_("HOST"),
    N_("PORT"),
    N_("BYTES"),
    N_("SEED"),
    N_("SYSTEM"),
    N_("ROUND"),
    N_("FORMAT"),
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors with exit code 3 (an invalid request, as
    bbpPairings) and no traceback."""

    def _print_message(
        self, message: str, file: Any = None
    ) -> None:  # help and usage: never fail on a character
        if message:
            SafeStream(file or sys.stderr).write(message)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)  # epilogs keep their lines
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(
            EXIT_USAGE,
            argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]
            % {"prog": self.prog, "message": message},
        )


#: argparse's own messages (Python 3.11), so that Babel extracts them into the catalogues;
#: :func:`_argparse_language` makes argparse look them up in the user's language.
_ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    NP_("expected %s argument", "expected %s arguments"),
)


@contextlib.contextmanager
def _argparse_language(locale: str | None) -> Any:
    """argparse translates its own words through its module's ``_``/``ngettext`` (GNU gettext,
    domain ``messages``): while the command line is built, parsed or printed they answer from
    swisspairing's catalogues in ``locale``."""
    saved = argparse._, argparse.ngettext, argparse._get_action_name  # type: ignore[attr-defined]
    argparse._ = lambda message: gettext(message, locale)  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, n: ngettext(singular, plural, n, locale)  # type: ignore[attr-defined]
    name_of = saved[2]

    def action_name(argument: argparse.Action | None) -> str | None:
        """An option as it is written, a positional argument by its metavariable in the
        language ("the following arguments are required: TURNIER.trf")."""
        name = name_of(argument)
        return name if name is None or name.startswith("-") else _metavar(name)

    argparse._get_action_name = action_name  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext, argparse._get_action_name = saved  # type: ignore[attr-defined]


#: One example per subcommand, shown at the end of its ``--help``.
_EXAMPLES = {
    "pair": "swisspairing pair open.trf --ruleset fide-dutch-1992 --explain -o open-next.trf",
    "check": "swisspairing check open.trf --ruleset fide-dutch-1992",
    "systems": "swisspairing systems",
    "rulesets": "swisspairing rulesets",
    "validate": "swisspairing validate my-ruleset.yaml",
    "schema": "swisspairing schema --system fide-dutch-1992",
    "standings": (
        "swisspairing standings open.trf --ruleset rdf-buchholz --format html -o standings.html"
    ),
    "crosstable": "swisspairing crosstable open.trf --ruleset fide-dutch-1992 --lang de",
    "pairings": "swisspairing pairings league.yaml --ruleset kpzszach-a-klasa-2005 --round 3",
}


def _rulesets_folder() -> object:
    """``importlib.resources.files("swisspairing.rulesets")``: the package's folder when it
    is one (what that call returns then), without importing :mod:`importlib.resources` and
    its ``zipfile``, ``tempfile`` and ``pathlib`` for ``--help`` (issue 20, start-up)."""
    from . import rulesets

    folder = os.path.dirname(rulesets.__file__ or "")
    if folder and os.path.isdir(folder):
        return folder
    from importlib import resources  # pragma: no cover - a zipped installation

    return resources.files("swisspairing.rulesets")  # pragma: no cover


def _epilogs(parser: argparse.ArgumentParser, sub: Any, _: Callable[[str], str]) -> None:
    """``--help``: the exit codes and where the rulesets are; an example per subcommand."""
    lines = [_(N_("exit codes:"))] + [f"  {e.code}  {_(e.summary)}" for e in EXIT_CODES]
    lines += [
        "",
        _(N_("rulesets:")),
        "  "
        + _(N_("built in: {path} (listed by: swisspairing rulesets)")).format(
            path=_rulesets_folder()
        ),
    ]
    lines += [
        "  "
        + _(
            N_(
                "your own: any YAML file, given as --ruleset FILE (it may extend a built-in "
                "ruleset)"
            )
        )
    ]
    lines += ["", _(N_("examples:"))] + [
        f"  {_EXAMPLES[name]}" for name in ("pair", "standings", "check")
    ]
    parser.epilog = "\n".join(lines)
    for name, example in _EXAMPLES.items():
        if name in sub.choices:
            sub.choices[name].epilog = _(N_("example:")) + "\n  " + example


def _lang_from_argv(argv: Sequence[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return default_locale()


def build_parser(locale: str | None, *, epilogs: bool = True) -> argparse.ArgumentParser:
    """The argument parser, with help texts in ``locale``; ``epilogs=False`` leaves out what
    only ``--help`` shows (it looks up where the rulesets are: start-up, issue 20)."""
    _: Callable[[str], str] = lambda s: gettext(s, locale)  # noqa: E731
    common = _Parser(add_help=False)
    common.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=_(
            N_(
                "language of the output (default: the ruleset's language, else LANGUAGE, LC_ALL, "
                "LC_MESSAGES or LANG)"
            )
        ),
    )
    common.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_(N_("show the traceback of an unexpected error (also SWISSPAIRING_DEBUG=1)")),
    )
    reading = _Parser(add_help=False)
    reading.add_argument(
        "--encoding",
        metavar="NAME",
        default=None,
        help=_(
            N_("encoding of the TRF file (default: UTF-8 or its byte-order mark, else detected)")
        ),
    )
    parser = _Parser(
        prog="swisspairing",
        description=_(
            N_("Pairs Swiss-system and round-robin tournaments by the federation's written rules.")
        ),
        parents=[common],
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"swisspairing {__version__}",
        help=_(N_("show program's version number and exit")),  # Python 3.11 leaves it English
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "pair", parents=[common, reading], help=_(N_("pair the next round of a tournament"))
    )
    p.add_argument("tournament", metavar="TOURNAMENT.trf", help=_(N_("the tournament in TRF16")))
    p.add_argument(
        "--ruleset", "-r", required=True, metavar="ID|FILE", help=_(N_("ruleset id or YAML file"))
    )
    p.add_argument(
        "-p",
        "--pairs",
        metavar="PAIRS.txt",
        help=_(N_("write the pairing in the JaVaFo/bbpPairings pairs format")),
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="NEXT.trf",
        help=_(N_("write the tournament with the new round added")),
    )
    p.add_argument(
        "--explain", action="store_true", help=_(N_("explain every decision, citing the rules"))
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(N_("seed for drawing lots (default: derived from the file)")),
    )
    p.add_argument(
        "--trf-version",
        choices=("16", "2026"),
        default=None,
        help=_(N_("TRF version of the -o file (default: the version the input was read in)")),
    )
    p.add_argument(
        "--output-encoding",
        metavar="NAME",
        default=None,
        help=_(N_("encoding of the -o file (default: the encoding the input was read in)")),
    )

    c = sub.add_parser(
        "check",
        parents=[common, reading],
        help=_(N_("check every round's pairing against the absolute criteria")),
    )
    c.add_argument("tournament", metavar="TOURNAMENT.trf", help=_(N_("the tournament in TRF16")))
    c.add_argument(
        "--ruleset", "-r", required=True, metavar="ID|FILE", help=_(N_("ruleset id or YAML file"))
    )

    sub.add_parser("systems", parents=[common], help=_(N_("list the installed pairing systems")))
    sub.add_parser("rulesets", parents=[common], help=_(N_("list the built-in rulesets")))
    v = sub.add_parser("validate", parents=[common], help=_(N_("validate ruleset files")))
    v.add_argument("files", nargs="+", metavar="FILE", help=_(N_("ruleset id or YAML file")))
    v.add_argument(
        "--ruleset",
        "-r",
        default=None,
        metavar="ID|FILE",
        help=_(N_("validate tournaments (TRF16 or event files) under this ruleset instead")),
    )
    s = sub.add_parser("schema", parents=[common], help=_(N_("print the JSON Schema of rulesets")))
    s.add_argument(
        "--system", default=None, help=_(N_("print the parameter schema of this system instead"))
    )
    _add_report_parsers(sub, common, _, reading)
    from .verify_cli import (
        add_parsers as _add_verification_parsers,
    )  # generate, simulate, check --repair

    _add_verification_parsers(sub, common, _, locale)
    _add_serve_parser(sub, common, _, locale)  # core/serve.py; the server is imported only when run
    if epilogs:
        _epilogs(parser, sub, _)
    return parser


def _add_report_parsers(
    sub: Any,
    common: argparse.ArgumentParser,
    _: Callable[[str], str],
    reading: argparse.ArgumentParser | None = None,
) -> None:
    """``standings``, ``crosstable`` and ``pairings`` (core/reports.py)."""
    from .output import FORMATS

    for name, text in (
        ("standings", N_("print the standings with the ruleset's tiebreaks")),
        ("crosstable", N_("print the crosstable: opponent, colour and result of every round")),
        ("pairings", N_("print the board list of a round in publication order")),
    ):
        r = sub.add_parser(name, parents=[common] + ([reading] if reading else []), help=_(text))
        r.add_argument(
            "tournament", metavar="TOURNAMENT", help=_(N_("the tournament (TRF16 or event file)"))
        )
        r.add_argument(
            "--ruleset",
            "-r",
            required=True,
            metavar="ID|FILE",
            help=_(N_("ruleset id or YAML file")),
        )
        r.add_argument(
            "--format",
            "-f",
            choices=FORMATS,
            default="text",
            help=_(N_("output format (default: text)")),
        )
        r.add_argument(
            "-o",
            "--output",
            metavar="FILE",
            help=_(N_("write to this file instead of standard output")),
        )
        if name == "pairings":
            r.add_argument(
                "--round",
                type=int,
                default=None,
                metavar="N",
                help=_(N_("round to list (default: the last one paired)")),
            )
        else:
            r.add_argument(
                "--after-round",
                type=int,
                default=None,
                metavar="N",
                help=_(N_("count the rounds up to N only (default: all recorded)")),
            )
            r.add_argument(
                "--tiebreaks",
                default=None,
                metavar="ID,ID",
                help=_(N_("comma-separated tiebreak ids instead of the ruleset's")),
            )
            r.add_argument(
                "--seed",
                type=int,
                default=None,
                help=_(N_("seed for the drawing of lots (default: derived from the file)")),
            )
            r.add_argument(
                "--players",
                action="store_true",
                help=_(N_("rank the players of a team event individually")),
            )


def _debug_requested(argv: Sequence[str]) -> bool:
    return "--debug" in argv or os.environ.get("SWISSPAIRING_DEBUG", "") not in ("", "0")


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    out: TextIO = SafeStream(stdout or sys.stdout)  # type: ignore[assignment]
    err: TextIO = SafeStream(stderr or sys.stderr)  # type: ignore[assignment]
    locale = _lang_from_argv(argv)
    try:
        from .engine_flags import is_engine_command

        if is_engine_command(argv):  # the bbpPairings/JaVaFo command line (core/engine_cli.py)
            from .engine_cli import main as engine_main

            return engine_main(argv, out=out, err=err, locale=locale)
        return _run(argv, locale, out, err)
    except BrokenPipeError:  # output piped into e.g. ``head``: not an error of ours
        return EXIT_OK
    except KeyboardInterrupt:  # Ctrl-C: no traceback, the shell's code for SIGINT
        return 130
    except Exception as exc:  # a bug: one line, exit 2; the traceback only on request
        if _debug_requested(argv):
            import traceback

            traceback.print_exc(file=err)
        where = gettext(N_("internal error: {error}"), locale).format(
            error=f"{type(exc).__name__}: {exc}"
        )
        hint = gettext(
            N_(
                "this is a bug in swisspairing; please report it to {where} with the command and "
                "its input files (--debug or SWISSPAIRING_DEBUG=1 shows the traceback)"
            ),
            locale,
        ).format(where=_report_address(locale))
        print(f"swisspairing: {where}; {hint}", file=err)
        return EXIT_INTERNAL


def _run(argv: list[str], locale: str, out: TextIO, err: TextIO) -> int:
    with _argparse_language(locale):
        wants_help = not argv or any(a in ("-h", "--help") for a in argv)
        parser = build_parser(locale, epilogs=wants_help)
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:
            return int(exc.code or 0)
        if getattr(args, "lang", None):
            locale = args.lang
        if args.command is None:
            if not wants_help:
                parser = build_parser(locale)
            parser.print_help(out)
            return EXIT_USAGE
    handler = _COMMANDS[args.command]
    try:
        for option in ("encoding", "output_encoding"):
            if getattr(args, option, None):
                from .encoding import check_encoding_name

                check_encoding_name(getattr(args, option), "--" + option.replace("_", "-"))
        return handler(args, locale, out, err)
    except SwissPairingError as exc:
        print(
            f"swisspairing: {exc.render(getattr(args, 'error_locale', locale))}", file=err
        )  # pair: the ruleset's language
        return exc.exit_code
    except BrokenPipeError:
        raise
    except OSError as exc:
        name = exc.filename or ""
        from .explain import render_message
        from .libmessages import os_problem

        prefix = f"swisspairing: {name}: " if name else "swisspairing: "
        print(
            prefix
            + render_message(
                N_("cannot access file: {reason}"), {"reason": os_problem(exc)}, locale
            ),
            file=err,
        )
        return EXIT_FILE


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files a command reads: the tournament, and the ruleset when it is a file."""
    found = [getattr(args, "tournament", None)]
    ruleset = getattr(args, "ruleset", None)
    if ruleset and os.path.isfile(ruleset):
        found.append(ruleset)
    return [f for f in found if f]


def _load(
    args: argparse.Namespace, err: TextIO | None = None, locale: str | None = None
) -> tuple[Ruleset, Tournament]:
    """The ruleset and the tournament; says on ``err`` which encoding was assumed when the
    file's encoding was a guess (and keeps it in ``args.decoded`` for writing back)."""
    from .io import load_tournament_source
    from .ruleset import load_ruleset

    ruleset = load_ruleset(args.ruleset)
    # A file without XXS is checked against the ruleset's point system.
    tournament, decoded = load_tournament_source(
        args.tournament, point_system=ruleset.points, encoding=getattr(args, "encoding", None)
    )
    args.decoded = decoded
    if decoded is not None and decoded.guessed and err is not None:
        err.write(f"swisspairing: {args.tournament}: {_encoding_note(decoded, locale)}\n")
    if decoded is not None and err is not None:
        from .trf import unknown_records

        if unknown := unknown_records(tournament):  # kept on -o, said once
            err.write(
                f"swisspairing: {args.tournament}: "
                + gettext(N_("records kept but not read: {codes}"), locale).format(
                    codes=", ".join(sorted(unknown))
                )
                + "\n"
            )
    return ruleset, tournament


def _encoding_note(decoded: Decoded, locale: str | None) -> str:
    return gettext(
        N_(
            "no byte-order mark and not UTF-8: read as {encoding} (a guess; --encoding NAME "
            "chooses another)"
        ),
        locale,
    ).format(encoding=decoded.encoding)


def _cmd_pair(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .encoding import encode_text
    from .engine import Engine
    from .output import format_pairs, format_table, guard_outputs, render_events, write_outputs
    from .trf import has_acceleration

    guard_outputs([("-p", args.pairs), ("-o", args.output)], _inputs(args))
    ruleset, tournament = _load(args, err, locale)
    locale = args.error_locale = _report_locale(
        args, ruleset, locale
    )  # the ruleset's language:, as the reports do
    engine = Engine(ruleset)
    reads_acceleration = any(
        (part or {}).get("acceleration") for part in engine.hook.swiss_system_info()
    )
    if not reads_acceleration and has_acceleration(tournament):
        err.write(
            "swisspairing: "
            + gettext(
                N_(
                    "{file}: acceleration records are read for the points field only; this system "
                    "pairs by the real scores"
                ),
                locale,
            ).format(file=args.tournament)
            + "\n"
        )
    if tournament.next_round == 1:
        _warn_rounds_shortfall(engine, tournament, args.tournament, locale, err)
    try:
        ctx = engine.context(tournament, seed=args.seed, explain=args.explain)
        pairing = engine.pair(tournament, seed=args.seed, explain=args.explain, context=ctx)
    except NoValidPairingError as exc:
        if args.explain:  # the proof belongs to the explanation too
            out.write(gettext(N_("Explanation"), locale) + "\n  " + exc.render(locale) + "\n")
        raise
    team_round = bool(pairing.matches or pairing.team_byes)  # team events: matches by team number
    if team_round:  # the team formats load with a team round only (issue 20, start-up)
        from .teams import format_match_pairs, format_match_table
    files: list[tuple[str, str, bytes | None]] = []
    if args.pairs:
        text = format_match_pairs(pairing) if team_round else format_pairs(pairing)
        files.append((args.pairs, text, None))
    if args.output:
        text = _next_round_text(
            args, tournament, pairing, engine
        )  # may fail: before anything is written
        # a TRF goes back in the encoding it came in; an event file is UTF-8
        data = (
            None
            if _writes_event(args)
            else encode_text(
                text, args.decoded, encoding=args.output_encoding, filename=args.output
            )
        )
        files.append((args.output, text, data))
    write_outputs(files, stdout=out)  # both or neither
    written = [name for name, _text, _data in files if name != "-"]
    if written:  # what was written, on standard error (standard output may carry -p -)
        pairs = len(pairing.matches) if team_round else len(pairing.boards)
        byes = len(pairing.team_byes) if team_round else len(pairing.byes)
        err.write(
            "swisspairing: "
            + gettext(
                N_("{files}: round {round} written (pairs: {pairs}, byes: {byes})"), locale
            ).format(files=", ".join(written), round=pairing.round, pairs=pairs, byes=byes)
            + "\n"
        )
    if (not args.pairs and not args.output) or args.explain:
        ctx_scores = {n: s.score for n, s in ctx.states.items()}  # the states computed once
        if not args.pairs and not args.output and team_round:
            out.write(
                format_match_table(
                    pairing, tournament, tournament.point_system or ruleset.points, ruleset, locale
                )
            )
        elif not args.pairs and not args.output:
            out.write(
                format_table(pairing, tournament, ctx_scores, locale, bye_term=engine.bye_term())
            )
        if args.explain:
            out.write("\n" + gettext(N_("Explanation"), locale) + "\n")
            if args.decoded is not None and args.decoded.guessed:
                out.write("  " + _encoding_note(args.decoded, locale) + "\n")
            for line in render_events(pairing.events, locale):
                out.write(line + "\n")
    return EXIT_OK


def _warn_rounds_shortfall(
    engine: Engine, tournament: Tournament, source: str, locale: str, err: TextIO
) -> bool:
    """Warn (stderr) when the declared rounds cannot be played by the field (counting
    argument of :mod:`swisspairing.capacity`); ``True`` when it warned."""
    from .capacity import rounds_shortfall

    event = rounds_shortfall(engine, tournament)
    if event is None:
        return False
    err.write(
        f"swisspairing: {source}: "
        + gettext(N_("warning: {message}"), locale).format(message=event.render(locale))
        + "\n"
    )
    return True


def _writes_event(args: argparse.Namespace) -> bool:
    """Whether ``-o`` writes an event file: the input is one and ``-o`` names no TRF."""
    from .io import input_kind

    return input_kind(args.tournament) == "event" and not str(args.output).lower().endswith(
        (".trf", ".txt")
    )


def _next_round_text(
    args: argparse.Namespace, tournament: Tournament, pairing: Any, engine: Engine
) -> str:
    """``-o``: an event file in, an event file out, in the input's format (``.json`` → JSON,
    YAML otherwise) unless ``-o`` names a TRF (``.trf``, ``.txt``); a tournament document in,
    a document out for a ``.json``/``.yaml`` ``-o``; else a TRF, in the input's TRF version
    unless ``--trf-version`` says."""
    from .trf import dumps_trf

    source = str(args.tournament)
    target = str(args.output).lower()
    if _writes_event(args):
        from .event import dump_event, next_round_event, read_event_file

        data = next_round_event(
            read_event_file(source), tournament, pairing, engine.ruleset, target=str(args.output)
        )
        as_json = target.endswith(".json") or (
            not target.endswith((".yaml", ".yml")) and source.lower().endswith(".json")
        )
        return dump_event(data, json_format=as_json)
    after = engine.apply(tournament, pairing)
    from .io import EVENT_SUFFIXES

    if target.endswith(EVENT_SUFFIXES):  # a tournament document in, JSON or YAML out
        from .io import input_kind

        if input_kind(source) == "document":
            from .jsonio import dumps_json

            text = dumps_json(after)
            if target.endswith(".json"):
                return text
            import json

            import yaml

            return yaml.safe_dump(json.loads(text), sort_keys=False, allow_unicode=True)
    return dumps_trf(after, version=getattr(args, "trf_version", None))


def _cmd_check(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .engine import Engine

    ruleset, tournament = _load(args, err, locale)
    locale = _report_locale(args, ruleset, locale)
    violations = Engine(ruleset).check(tournament)
    for v in violations:
        out.write(
            gettext(N_("round {round}"), locale).format(round=v.round)
            + ": "
            + v.render(locale)
            + "\n"
        )
    if violations:
        out.write(
            ngettext(
                "{count} violation found", "{count} violations found", len(violations), locale
            ).format(count=len(violations))
            + "\n"
        )
        return EXIT_NO_PAIRING
    out.write(
        ngettext(
            "no violations found in {rounds} round",
            "no violations found in {rounds} rounds",
            tournament.rounds_recorded,
            locale,
        ).format(rounds=tournament.rounds_recorded)
        + "\n"
    )
    return EXIT_OK


def _cmd_systems(_args: argparse.Namespace, locale: str, out: TextIO, _err: TextIO) -> int:
    from .manager import systems_info

    for info in systems_info():
        desc = gettext(info["description"], locale) if info["description"] else ""
        out.write(f"{info['name']}  {info['distribution']} {info['version']}\n")
        if desc:
            out.write(f"    {desc}\n")
        out.write(
            "    "
            + gettext(N_("hooks: {hooks}"), locale).format(hooks=", ".join(info["hooks"]))
            + "\n"
        )
    return EXIT_OK


def _cmd_rulesets(_args: argparse.Namespace, locale: str, out: TextIO, _err: TextIO) -> int:
    from .manager import ruleset_dirs
    from .ruleset import builtin_rulesets, load_ruleset

    for rid, _entry in builtin_rulesets(ruleset_dirs()).items():
        rs = load_ruleset(rid)
        name = gettext(rs.name, locale) if rs.name else ""
        out.write(f"{rid:<24} {rs.system:<22} {name}\n")
    return EXIT_OK


def _cmd_validate(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .ruleset import load_ruleset
    from .standings import check_tiebreak_ids

    status = EXIT_OK
    if args.ruleset is not None:
        return _validate_tournaments(args, locale, out, err)
    for ref in args.files:
        try:
            rs = load_ruleset(ref)
            check_tiebreak_ids(rs)
        except InvalidInputError as exc:
            err.write(f"swisspairing: {exc.render(locale)}\n")
            status = exc.exit_code
            continue
        out.write(
            gettext(N_("{source}: valid ruleset {id} for system {system}"), locale).format(
                source=rs.source, id=rs.id, system=rs.system
            )
            + "\n"
        )
    return status


def _validate_tournaments(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    """``validate --ruleset R FILE…``: each FILE is a tournament read under R; warns when its
    declared rounds cannot be played by the field."""
    from .engine import Engine
    from .io import load_tournament_source
    from .ruleset import load_ruleset
    from .standings import check_tiebreak_ids

    ruleset = load_ruleset(args.ruleset)
    check_tiebreak_ids(ruleset)
    engine = Engine(ruleset)
    status = EXIT_OK
    for name in args.files:
        try:
            tournament, _decoded = load_tournament_source(name, point_system=ruleset.points)
        except InvalidInputError as exc:
            err.write(f"swisspairing: {exc.render(locale)}\n")
            status = exc.exit_code
            continue
        _warn_rounds_shortfall(engine, tournament, name, locale, err)
        out.write(
            gettext(
                N_(
                    "{source}: valid tournament for ruleset {id} (players: {players}, rounds "
                    "recorded: {rounds})"
                ),
                locale,
            ).format(
                source=name,
                id=ruleset.id,
                players=len(tournament.players),
                rounds=tournament.rounds_recorded,
            )
            + "\n"
        )
    return status


def _cmd_schema(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .manager import system_names, system_schema
    from .ruleset import core_schema

    schema: Any
    if args.system:
        schema = system_schema(args.system)
        if schema is None:
            err.write(
                "swisspairing: "
                + gettext(
                    N_("unknown pairing system {system!r} (installed: {known})"), locale
                ).format(system=args.system, known=", ".join(system_names()) or "-")
                + "\n"
            )
            return EXIT_INVALID
    else:
        schema = core_schema()
    import json

    out.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK


def _report_locale(args: argparse.Namespace, ruleset: Ruleset, locale: str) -> str:
    """``--lang`` if given, else the ruleset's language, else the environment's."""
    return getattr(args, "lang", None) or ruleset.language or locale


def _emit(args: argparse.Namespace, out: TextIO, text: str) -> int:
    from .output import write_outputs

    if args.output:
        write_outputs([(args.output, text, None)], stdout=out)
    else:
        out.write(text)
    return EXIT_OK


def _standings_for(
    args: argparse.Namespace, err: TextIO | None = None, locale: str | None = None
) -> tuple[Ruleset, Tournament, Any]:
    from .output import guard_outputs
    from .standings import compute_standings

    guard_outputs([("-o", args.output)], _inputs(args))
    ruleset, tournament = _load(args, err, locale)
    ids = [t.strip() for t in args.tiebreaks.split(",") if t.strip()] if args.tiebreaks else None
    team = False if args.players else None
    if args.players and ids is None:  # the ruleset's team tiebreaks do not apply to players
        from .standings import available_tiebreaks

        known = available_tiebreaks(ruleset)
        ids = [t for t in ruleset.tiebreaks if t in known and not known[t].team]
    source = "--tiebreaks" if args.tiebreaks else f"{ruleset.source or ruleset.id}: $.tiebreaks"
    standings = compute_standings(
        tournament,
        ruleset,
        after_round=args.after_round,
        tiebreaks=ids,
        seed=args.seed,
        team=team,
        tiebreaks_source=source,
    )
    return ruleset, tournament, standings


def _cmd_standings(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .reports import render, standings_report

    ruleset, _tournament, standings = _standings_for(args, err, locale)
    return _emit(
        args,
        out,
        render(
            standings_report(
                standings,
                _report_locale(args, ruleset, locale),
                halves=ruleset.score_format == "fraction",
            ),
            args.format,
        ),
    )


def _cmd_crosstable(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .reports import crosstable_report, render

    ruleset, tournament, standings = _standings_for(args, err, locale)
    if standings.team:
        raise InvalidInputError(
            N_("the crosstable lists players; use standings for a team event"),
            where=args.tournament,
        )
    return _emit(
        args,
        out,
        render(
            crosstable_report(
                tournament,
                standings,
                _report_locale(args, ruleset, locale),
                halves=ruleset.score_format == "fraction",
            ),
            args.format,
        ),
    )


def _cmd_pairings(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    from .engine import Engine
    from .output import guard_outputs
    from .reports import pairings_report, render

    guard_outputs([("-o", args.output)], _inputs(args))
    ruleset, tournament = _load(args, err, locale)
    last = tournament.rounds_recorded
    rnd = last if args.round is None else args.round
    if rnd < 1 or rnd > last:
        raise InvalidInputError(
            N_("round {round} has not been paired (rounds paired: {recorded})"),
            where=args.tournament,
            round=rnd,
            recorded=last,
        )
    ps = tournament.point_system or ruleset.points
    report = pairings_report(
        tournament,
        rnd,
        engine=Engine(ruleset),
        point_system=ps,
        locale=_report_locale(args, ruleset, locale),
        halves=ruleset.score_format == "fraction",
    )
    return _emit(args, out, render(report, args.format))


_COMMANDS = {
    "pair": _cmd_pair,
    "check": _cmd_check,
    "systems": _cmd_systems,
    "rulesets": _cmd_rulesets,
    "validate": _cmd_validate,
    "schema": _cmd_schema,
    "standings": _cmd_standings,
    "crosstable": _cmd_crosstable,
    "pairings": _cmd_pairings,
    "serve": _cmd_serve,
}

from .verify_cli import commands as _verification_commands  # noqa: E402

_COMMANDS.update(_verification_commands(_cmd_check))
