"""The verification commands: ``generate``, ``check --repair`` and ``simulate``.

Kept apart from :mod:`swisspairing.cli`, which only registers them (:func:`add_parsers`,
:func:`commands`).  Every function takes the parsed arguments, the locale and the output
streams and returns the exit code: 0 when everything agrees, 1 when a round differs, a
criterion is violated or no pairing exists.
"""

from __future__ import annotations

import argparse
import resource
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .errors import InvalidInputError
from .i18n import N_, NP_, gettext

if TYPE_CHECKING:  # the command line builds these parsers at start-up: the engine loads on use
    from .pairing import Bye, Pairing
    from .ruleset import Ruleset

__all__ = ["add_parsers", "commands", "peak_memory_mib", "render_repair_report", "render_summary"]

EXIT_OK = 0
EXIT_DIFFERS = 1

#: generate/simulate options with their GeneratorConfig field, help and default (the
#: defaults of :class:`~swisspairing.generate.GeneratorConfig`, shown in the locale's form).
_RATES = (
    (
        "--draw-rate",
        "draw_rate",
        N_("share of draws between equally rated players (default: {default})"),
        0.3,
    ),
    (
        "--forfeit-rate",
        "forfeit_rate",
        N_("share of games lost by forfeit (default: {default})"),
        0.02,
    ),
    (
        "--bye-request-rate",
        "bye_request_rate",
        N_(
            "chance per round of a requested half-point bye; team events: of a team sitting out "
            "(default: {default})"
        ),
        0.02,
    ),
    (
        "--absence-rate",
        "absence_rate",
        N_("chance per round of an announced absence (default: {default})"),
        0.01,
    ),
    (
        "--withdrawal-rate",
        "withdrawal_rate",
        N_("chance per round of a withdrawal (default: {default})"),
        0.005,
    ),
    ("--unrated-share", "unrated_share", N_("share of unrated players (default: {default})"), 0.05),
)


def _rate_help(text: str, default: float, locale: str | None) -> str:
    from .explain import render_message

    return render_message(text, {"default": default}, locale).replace("%", "%%")


def _add_rate_options(p: argparse.ArgumentParser, locale: str | None) -> None:
    """The generator's rates (``--draw-rate`` …) of ``generate`` and ``simulate``."""
    for flag, dest, text, value in _RATES:
        p.add_argument(
            flag,
            dest=dest,
            type=float,
            default=None,
            metavar="X",
            help=_rate_help(text, value, locale),
        )


def add_parsers(
    sub: Any, common: argparse.ArgumentParser, _: Callable[[str], str], locale: str | None = None
) -> None:
    """Add ``generate`` and ``simulate`` and the ``--repair`` options of ``check``."""
    g = sub.add_parser(
        "generate",
        parents=[common],
        help=_(N_("generate a random tournament paired by a ruleset (TRF or team event file)")),
    )
    g.add_argument(
        "--ruleset", "-r", default=None, metavar="ID|FILE", help=_(N_("ruleset id or YAML file"))
    )
    g.add_argument(
        "--config",
        "-g",
        default=None,
        metavar="CONFIG",
        help=_(N_("read the options from a YAML or JSON configuration file")),
    )
    g.add_argument(
        "--players",
        "--teams",
        "-n",
        dest="players",
        type=int,
        default=None,
        metavar="N",
        help=_(N_("number of players (teams, for a team ruleset)")),
    )
    g.add_argument(
        "--entrants",
        choices=["auto", "players", "teams"],
        default=None,
        help=_(
            N_(
                "individual or team event, for a system that pairs both (default auto: teams "
                "when the ruleset has boards)"
            )
        ),
    )
    g.add_argument(
        "--rounds",
        type=int,
        default=None,
        metavar="R",
        help=_(N_("number of rounds (default: as many as the system pairs, at most log2 N + 2)")),
    )
    g.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help=_(N_("seed of the field, the results and the events (default: 1)")),
    )
    _add_rate_options(g, locale)
    g.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help=_(N_("write the tournament here (.trf, or .yaml/.json for a team event file)")),
    )

    s = sub.add_parser(
        "simulate",
        parents=[common],
        help=_(N_("generate and re-check many tournaments, with a summary table")),
    )
    s.add_argument(
        "--ruleset",
        "-r",
        action="append",
        required=True,
        metavar="ID|FILE",
        help=_(N_("ruleset id or YAML file; repeat it, or 'all' for every installed ruleset")),
    )
    s.add_argument(
        "--tournaments",
        "-k",
        type=int,
        default=100,
        metavar="K",
        help=_(N_("tournaments per ruleset (default: 100)")),
    )
    s.add_argument(
        "--players",
        "-n",
        default="8-40",
        metavar="N|MIN-MAX",
        help=_(N_("players (teams) per tournament, or a range drawn by the seed (default: 8-40)")),
    )
    s.add_argument(
        "--rounds",
        type=int,
        default=None,
        metavar="R",
        help=_(N_("number of rounds (default: as many as the system pairs, at most log2 N + 2)")),
    )
    s.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help=_(N_("seed of the first tournament; the next ones use S+1, S+2, … (default: 1)")),
    )
    _add_rate_options(s, locale)
    s.add_argument("--no-progress", action="store_true", help=_(N_("do not show the progress bar")))
    _add_run_options(s, _)
    _add_output_options(s, _)

    c = sub.choices["check"]
    c.add_argument(
        "more",
        nargs="*",
        metavar="MORE.trf",
        help=_(N_("with --repair: further tournaments, checked in parallel")),
    )
    _add_run_options(c, _)
    _add_output_options(c, _)
    c.add_argument(
        "--repair",
        action="store_true",
        help=_(
            N_(
                "re-pair every round from the rounds before it and compare with the file, board "
                "by board"
            )
        ),
    )
    c.add_argument(
        "--explain",
        action="store_true",
        help=_(N_("with --repair: say which rules made our choice on each differing board")),
    )
    c.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(N_("seed for drawing lots (default: derived from the file)")),
    )


def _add_run_options(p: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--workers``, ``--scheduler`` and ``--reference`` of ``simulate`` and ``check``."""
    p.add_argument(
        "--workers",
        "-j",
        type=int,
        default=None,
        metavar="N",
        help=_(N_("worker processes on this machine (default: all cores; 1: no workers)")),
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=_(
            N_(
                "run on a Dask cluster through its scheduler (e.g. tcp://10.0.0.5:8786; needs "
                "swisspairing[distributed])"
            )
        ),
    )
    p.add_argument(
        "--reference",
        default=None,
        metavar="PROGRAM",
        help=_(
            N_(
                "compare every round with an outside engine that speaks the bbpPairings/JaVaFo "
                "command line (--dutch or --burstein)"
            )
        ),
    )


def _add_output_options(p: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--journal`` and ``--report`` of ``simulate`` and ``check --repair``."""
    p.add_argument(
        "--journal",
        metavar="FILE",
        default=None,
        help=_(
            N_(
                "write each tournament's outcome to this file as it arrives; run again with the "
                "same file and options to resume an interrupted run"
            )
        ),
    )
    p.add_argument(
        "--report",
        metavar="FILE.html",
        default=None,
        help=_(N_("write a self-contained HTML report with tables and plots (needs matplotlib)")),
    )


#: Options of ``check`` that only ``--repair`` reads (the tournaments re-paired as jobs).
_REPAIR_ONLY = ("more", "workers", "scheduler", "reference", "journal", "report")


def commands(plain_check: Callable[..., int]) -> dict[str, Callable[..., int]]:
    """The handlers to register; ``check`` without ``--repair`` stays ``plain_check``."""

    def check(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
        if getattr(args, "repair", False):
            if any(getattr(args, option, None) for option in _REPAIR_ONLY):
                return cmd_check_many(args, locale, out, err)
            return cmd_check_repair(args, locale, out, err)
        for option in _REPAIR_ONLY:
            if getattr(args, option, None):
                raise InvalidInputError(
                    N_("{option} needs --repair"),
                    option="MORE.trf" if option == "more" else f"--{option}",
                )
        return plain_check(args, locale, out, err)

    return {"generate": cmd_generate, "simulate": cmd_simulate, "check": check}


def _t(msgid: str, locale: str) -> str:
    return gettext(msgid, locale)


# ---------------------------------------------------------------------- generate
def cmd_generate(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    """``swisspairing generate``."""
    from dataclasses import replace

    from .generate import GeneratorConfig, generate, load_config
    from .output import write_atomic
    from .ruleset import load_ruleset

    config, ruleset_ref = load_config(args.config) if args.config else (GeneratorConfig(), None)
    ruleset_ref = args.ruleset or ruleset_ref
    if ruleset_ref is None:
        raise InvalidInputError(
            N_("no ruleset given: use --ruleset or a configuration file with ruleset")
        )
    changes = {
        k: getattr(args, k)
        for k in ("players", "entrants", "rounds", "seed", *(d for _, d, _, _ in _RATES))
        if getattr(args, k) is not None
    }
    config = replace(config, **changes) if changes else config
    ruleset = load_ruleset(ruleset_ref)
    from .generate import TRF16_MAX_PLAYERS, players_needed
    from .io import EVENT_SUFFIXES

    needed = players_needed(ruleset, config)
    if needed > TRF16_MAX_PLAYERS and not args.output.lower().endswith(EVENT_SUFFIXES):
        raise InvalidInputError(
            NP_(
                "{file}: {count} player does not fit a TRF16 file (start numbers up to {most}): "
                "write a team event file (.yaml or .json) or generate fewer entrants",
                "{file}: {count} players do not fit a TRF16 file (start numbers up to {most}): "
                "write a team event file (.yaml or .json) or generate fewer entrants",
                "count",
            ),
            file=args.output,
            count=needed,
            most=TRF16_MAX_PLAYERS,
        )
    result = generate(ruleset, config)
    text = _serialise(result.tournament, args.output)
    write_atomic(args.output, text)
    t = result.tournament
    summary = _t(
        N_("{file}: entrants: {entrants}, rounds paired: {rounds}, ruleset {ruleset}"), locale
    )
    out.write(
        summary.format(
            file=args.output,
            entrants=len(t.teams) if t.teams else len(t.players),
            rounds=t.rounds_recorded,
            ruleset=ruleset.id,
        )
        + "\n"
    )
    if result.stopped is not None:
        msg = _t(N_("round {round} could not be paired: {reason}"), locale)
        reason = result.error.render(locale) if result.error is not None else result.stopped  # type: ignore[attr-defined]
        err.write("swisspairing: " + msg.format(round=t.rounds_recorded + 1, reason=reason) + "\n")
        return EXIT_DIFFERS
    return EXIT_OK


def _serialise(tournament: Any, path: str) -> str:
    from .io import EVENT_SUFFIXES
    from .trf import dumps_trf

    if path.lower().endswith(EVENT_SUFFIXES):
        from .event_writer import dumps_event

        return dumps_event(tournament, json_format=path.lower().endswith(".json"))
    return dumps_trf(tournament)


# ---------------------------------------------------------------------- check --repair
def _unit(unit: Pairing | Bye | None, team: bool, locale: str) -> str:
    from .pairing import Pairing

    if unit is None:
        return _t(N_("not in the file"), locale)
    if isinstance(unit, Pairing):
        return f"{unit.white} - {unit.black}"
    if team:
        pause = _t(N_("pause"), locale)  # outside the f-string, where Babel's extractor sees it
        return f"{unit.player} ({pause})"
    return f"{unit.player} ({unit.result})"


def render_repair_report(report: Any, locale: str, *, explain: bool = False) -> list[str]:
    """The lines ``check --repair`` prints."""
    from .pairing import Bye

    lines: list[str] = []
    for rc in report.rounds:
        if rc.agrees:
            continue
        if rc.error is not None:
            lines.append(
                _t(N_("round {round}: we find no pairing: {reason}"), locale).format(
                    round=rc.round, reason=rc.error.render(locale)
                )
            )
            continue
        lines.append(
            _t(N_("round {round}: the published pairing differs from ours"), locale).format(
                round=rc.round
            )
        )
        for d in rc.differences:
            if d.board is not None:
                where = _t(N_("board {board}"), locale).format(board=d.board)
            elif d.team:
                where = (
                    _t(N_("pause"), locale)
                    if isinstance(d.published, Bye)
                    else _t(N_("match"), locale)
                )
            else:
                where = _t(N_("bye"), locale)
            ours = []
            for number, unit in d.ours:
                text = _unit(unit, d.team, locale)
                ours.append(
                    _t(N_("{unit} on board {board}"), locale).format(unit=text, board=number)
                    if number is not None
                    else text
                )
            ours_text = "; ".join(ours) if ours else _t(N_("not paired"), locale)
            lines.append(
                "  "
                + _t(N_("{where}: published {published}, ours {ours}"), locale).format(
                    where=where, published=_unit(d.published, d.team, locale), ours=ours_text
                )
            )
            if explain:
                for event in d.reasons:
                    lines.append("      " + event.render(locale))
    for v in report.violations:
        lines.append(
            _t(N_("round {round}"), locale).format(round=v.round) + ": " + v.render(locale)
        )
    rounds = len(report.rounds)
    differing = len(report.differing)
    if report.ok:
        lines.append(
            _t(
                N_(
                    "all rounds agree with our pairing and no violations found (rounds checked: "
                    "{rounds})"
                ),
                locale,
            ).format(rounds=rounds)
        )
    else:
        lines.append(
            _t(
                N_(
                    "rounds checked: {rounds}, agreeing: {agree}, differing: {differ}, "
                    "violations: {violations}"
                ),
                locale,
            ).format(
                rounds=rounds,
                agree=rounds - differing,
                differ=differing,
                violations=len(report.violations),
            )
        )
        total = sum(rc.boards for rc in report.rounds if rc.error is None)
        same = total - sum(
            1
            for rc in report.rounds
            if rc.error is None
            for d in rc.differences
            if d.published is not None
        )
        if differing and total:
            lines.append(
                _t(
                    N_("boards, byes and matches agreeing: {same} of {total} ({share} %)"), locale
                ).format(same=same, total=total, share=f"{100 * same / total:.0f}")
            )
    return lines


def cmd_check_repair(args: argparse.Namespace, locale: str, out: TextIO, _err: TextIO) -> int:
    """``swisspairing check TOURNAMENT --ruleset ID --repair [--explain]``."""
    from .engine import Engine
    from .io import load_tournament
    from .ruleset import load_ruleset
    from .verify import repair_check

    ruleset = load_ruleset(args.ruleset)
    tournament = load_tournament(args.tournament, point_system=ruleset.points)
    report = repair_check(Engine(ruleset), tournament, seed=args.seed, explain=args.explain)
    for line in render_repair_report(report, locale, explain=args.explain):
        out.write(line + "\n")
    return EXIT_OK if report.ok else EXIT_DIFFERS


# ---------------------------------------------------------------------- simulate
def peak_memory_mib() -> float:
    """Peak resident memory of this process or of its largest worker process so far, in MiB."""
    peak = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,  # the largest worker process
    )
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _players_range(text: str) -> tuple[int, int]:
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
        else:
            lo = hi = int(text)
    except ValueError:
        raise InvalidInputError(
            N_("{field}: expected N or MIN-MAX, not {value!r}"), field="--players", value=text
        ) from None
    if lo < 2 or hi < lo:
        raise InvalidInputError(
            N_("{field}: expected N or MIN-MAX, not {value!r}"), field="--players", value=text
        )
    return lo, hi


def _rulesets(refs: Sequence[str]) -> list[Ruleset]:
    from .manager import ruleset_dirs
    from .ruleset import builtin_rulesets, load_ruleset

    out: list[Ruleset] = []
    for ref in refs:
        if ref == "all":
            out.extend(load_ruleset(rid) for rid in builtin_rulesets(ruleset_dirs()))
        else:
            out.append(load_ruleset(ref))
    return out


def _ms(seconds: float, locale: str) -> str:
    from .explain import format_fixed

    return format_fixed(seconds * 1000, 1, locale)


def render_summary(summaries: Sequence[Any], memory: float, locale: str) -> list[str]:
    """The summary table of ``simulate`` (one row per ruleset) and the findings."""
    head = [
        _t(N_("ruleset"), locale),
        _t(N_("tournaments"), locale),
        _t(N_("rounds checked"), locale),
        _t(N_("discrepancies"), locale),
        _t(N_("violations"), locale),
        _t(N_("stopped early"), locale),
        _t(N_("median ms/round"), locale),
        _t(N_("worst ms/round"), locale),
    ]
    rows = [
        [
            s.ruleset,
            str(s.tournaments),
            str(s.rounds_checked),
            str(s.discrepancies),
            str(s.violations),
            str(s.stopped),
            _ms(s.median, locale),
            _ms(s.worst, locale),
        ]
        for s in summaries
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def fmt(r: Sequence[str]) -> str:
        cells = enumerate(zip(r, widths, strict=True))
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in cells).rstrip()

    lines = [fmt(head), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows)]
    lines.append(_t(N_("peak memory: {mib} MiB"), locale).format(mib=f"{memory:.0f}"))
    for s in summaries:
        if s.slowest is not None:
            seed, players, rnd = s.slowest
            text = _t(
                N_("{ruleset}: slowest round: seed {seed} ({players}), round {round}, {ms} ms"),
                locale,
            )
            lines.append(
                text.format(
                    ruleset=s.ruleset,
                    seed=seed,
                    players=players,
                    round=rnd,
                    ms=_ms(s.worst, locale),
                )
            )
    for s in summaries:
        if s.reference_rounds:
            text = _t(
                N_("{ruleset}: reference engine: rounds compared: {rounds}, differing: {differ}"),
                locale,
            )
            lines.append(
                text.format(
                    ruleset=s.ruleset, rounds=s.reference_rounds, differ=s.reference_differing
                )
            )
    for s in summaries:
        for f in s.findings:
            if f.kind == "stopped":
                text = N_(
                    "{ruleset} seed {seed} ({players}): generation stopped in round {round}: "
                    "{detail}"
                )
            elif f.kind == "violation":
                text = N_("{ruleset} seed {seed} ({players}): round {round} violates {detail}")
            elif f.kind == "reference":
                text = N_(
                    "{ruleset} seed {seed} ({players}): round {round}: the reference engine "
                    "pairs otherwise: {detail}"
                )
            else:
                text = N_("{ruleset} seed {seed} ({players}): round {round} differs: {detail}")
            lines.append(
                _t(text, locale).format(
                    ruleset=f.ruleset,
                    seed=f.seed,
                    players=f.players,
                    round=f.round,
                    detail=f.detail,
                )
            )
    return lines


def _progress(total: int, locale: str, err: TextIO, enabled: bool) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(
        total=total,
        file=err,
        unit=_t(N_("tournaments"), locale),
        disable=None,
        leave=False,
    )


def _ruleset_refs(refs: Sequence[str]) -> list[str]:
    """What the workers load: installed ids, or files by their absolute path."""
    import os

    from .manager import ruleset_dirs
    from .ruleset import builtin_rulesets

    out: list[str] = []
    for ref in refs:
        if ref == "all":
            out.extend(builtin_rulesets(ruleset_dirs()))
        elif os.path.exists(ref):
            out.append(os.path.abspath(ref))
        else:
            out.append(ref)
    return out


def _check_reference(program: str | None, rulesets: Sequence[Ruleset]) -> None:
    if program is None:
        return
    from .verification.compare import reference_system
    from .verification.reference import ReferenceEngine

    ReferenceEngine(program).executable()
    for rs in rulesets:
        reference_system(rs)


def _on_lost(locale: str, err: TextIO) -> Callable[[Any], None]:
    def warn(job: Any) -> None:
        text = _t(
            N_("a worker died running tournament {key} (ruleset {ruleset}); it runs again"),
            locale,
        )
        err.write(
            "swisspairing: " + text.format(key=job.path or job.seed, ruleset=job.ruleset) + "\n"
        )

    return warn


def _workers(value: int | None) -> int | None:
    if value is not None and value < 1:
        raise InvalidInputError(
            N_("{field} must be at least {minimum}, not {value}"),
            field="--workers",
            minimum=1,
            value=value,
        )
    return value


def cmd_check_many(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    """``swisspairing check A.trf B.trf … --ruleset ID --repair [--workers N | --scheduler
    ADDRESS] [--reference PROGRAM]``: each file re-paired in a worker, reported in the order
    given; the exit code is the first unreadable file's, else 1 if any round differs."""
    import os
    import time

    from .ruleset import load_ruleset
    from .verification.jobs import check_jobs
    from .verification.parallel import Journal, run_jobs

    ruleset = load_ruleset(args.ruleset)
    _check_reference(args.reference, [ruleset])
    if args.report is not None:
        from .verification.report import require_matplotlib

        require_matplotlib()
    paths = [args.tournament, *args.more]
    ref = _ruleset_refs([args.ruleset])[0]
    workers = _workers(args.workers)
    jobs = check_jobs(
        paths, ref, locale=locale, explain=args.explain, seed=args.seed, reference=args.reference
    )
    journal = None
    if args.journal is not None:
        run = {
            "command": "check",
            "files": [os.path.abspath(p) for p in paths],
            "ruleset": ref,
            "explain": args.explain,
            "seed": args.seed,
            "reference": args.reference,
            "lang": locale,
        }
        journal = Journal(args.journal, run)
    start = time.perf_counter()
    outcomes = run_jobs(
        jobs,
        workers=workers,
        scheduler=args.scheduler,
        journal=journal,
        on_lost=_on_lost(locale, err),
    )
    if args.report is not None:
        _write_report(args, outcomes, locale, time.perf_counter() - start, workers)
    many = len(paths) > 1
    for o in outcomes:
        if o.error:
            err.write(f"swisspairing: {o.path}: {o.error}\n")
            continue
        if many:
            out.write(f"{o.path}:\n")
        for line in o.lines:
            out.write(("  " if many else "") + line + "\n")
        for r in o.rounds:
            if r.reference is False:
                text = _t(
                    N_("round {round}: the reference engine pairs otherwise: {detail}"), locale
                )
                out.write(
                    ("  " if many else "")
                    + text.format(round=r.round, detail=r.reference_detail)
                    + "\n"
                )
    errors = [o.exit_code for o in outcomes if o.error]
    if errors:
        return errors[0]
    return EXIT_DIFFERS if any(not o.ok for o in outcomes) else EXIT_OK


def cmd_simulate(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    """``swisspairing simulate --ruleset ID --tournaments K [--workers N | --scheduler ADDRESS]
    [--journal FILE] [--reference PROGRAM] [--report FILE.html]``."""
    import time

    from .verification.jobs import simulation_jobs, summarise
    from .verification.parallel import Journal, run_jobs

    players = _players_range(args.players)
    if args.tournaments < 1:
        raise InvalidInputError(
            N_("{field} must be at least {minimum}, not {value}"),
            field="--tournaments",
            minimum=1,
            value=args.tournaments,
        )
    workers = _workers(args.workers)
    rates = {d: getattr(args, d) for _, d, _, _ in _RATES if getattr(args, d) is not None}
    rulesets = _rulesets(args.ruleset)
    _check_reference(args.reference, rulesets)
    if args.report is not None:
        from .verification.report import require_matplotlib

        require_matplotlib()
    refs = _ruleset_refs(args.ruleset)
    jobs = simulation_jobs(
        refs,
        args.tournaments,
        players=players,
        rounds=args.rounds,
        seed=args.seed,
        rates=rates,
        reference=args.reference,
    )
    journal = None
    if args.journal is not None:
        run = {
            "command": "simulate",
            "rulesets": refs,
            "tournaments": args.tournaments,
            "players": list(players),
            "rounds": args.rounds,
            "seed": args.seed,
            "rates": rates,
            "reference": args.reference,
        }
        journal = Journal(args.journal, run)
    progress = _progress(len(jobs), locale, err, not args.no_progress)

    def on_outcome(o: Any) -> None:
        if progress is not None:
            progress.set_description(o.ruleset, refresh=False)
            progress.update(1)

    start = time.perf_counter()
    try:
        outcomes = run_jobs(
            jobs,
            workers=workers,
            scheduler=args.scheduler,
            journal=journal,
            on_outcome=on_outcome,
            on_lost=_on_lost(locale, err),
        )
    finally:
        if progress is not None:
            progress.close()
    wall = time.perf_counter() - start
    summaries = summarise(outcomes)
    for line in render_summary(summaries, peak_memory_mib(), locale):
        out.write(line + "\n")
    if args.report is not None:
        _write_report(args, outcomes, locale, wall, workers)
    bad = any(s.discrepancies or s.violations or s.reference_differing for s in summaries)
    return EXIT_DIFFERS if bad else EXIT_OK


def _write_report(
    args: argparse.Namespace, outcomes: Sequence[Any], locale: str, wall: float, workers: Any
) -> None:
    """``--report FILE.html`` of ``simulate`` and ``check --repair`` (written atomically)."""
    from .output import write_atomic
    from .verification.jobs import summarise
    from .verification.parallel import default_workers
    from .verification.report import verification_report

    write_atomic(
        args.report,
        verification_report(
            summarise(outcomes),
            outcomes,
            locale,
            wall_seconds=wall,
            workers=args.scheduler or workers or default_workers(),
            reference=args.reference,
        ),
    )
