"""One tournament's verification work and what it found.

A :class:`Job` names everything a worker needs and nothing it has to share: the ruleset by
reference (an id or a file the worker can read), the seed, the field size, the rates of the
generator, the reference program.  :func:`run_job` generates the tournament (or reads the file,
for ``check --repair``), re-pairs every round from the rounds before it (:func:`repair_check`),
compares each round with the reference engine when one is given, measures the CPU time of each
of our pairings, and names the relaxations each round needed (:func:`round_relaxations`).  The
:class:`Outcome` is plain data (JSON in the journal), so that a run in worker processes or on a
cluster sums up to exactly what a serial run does (:func:`summarise`, in job order).

Nothing here knows a system: pairing and checking go through the engine, the relaxations are
read off the pairing and the state before the round.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from swisspairing.engine import Engine
from swisspairing.errors import SwissPairingError
from swisspairing.i18n import N_
from swisspairing.model import Tournament
from swisspairing.ruleset import Ruleset, load_ruleset
from swisspairing.verify import (
    Finding,
    SimulationSummary,
    _describe,
    repair_check,
    tournament_before,
)

__all__ = [
    "RELAXATIONS",
    "Job",
    "Outcome",
    "RoundOutcome",
    "check_jobs",
    "round_relaxations",
    "run_job",
    "simulation_jobs",
    "summarise",
]

#: The kinds of relaxation a round can need, read off the pairing (system-independent): the
#: ideals of every Swiss system are that players meet opponents of their own score, alternate
#: colours, and stay inside the colour limits; each departure is counted per round.
RELAXATIONS: Mapping[str, str] = {
    "float": N_("players paired outside their score group (floats)"),
    "colour_repeat": N_("a player gets the same colour as in his previous game"),
    "colour_limits": N_("a player gets a colour beyond the colour limits"),
}


@dataclass(frozen=True)
class Job:
    """One tournament to verify."""

    index: int
    """Position in the run (the summary lists outcomes in this order)."""
    ruleset: str
    """The ruleset: an installed id or a YAML file the worker can read."""
    seed: int = 0
    """``simulate``: the generator seed (``generate --seed``)."""
    players: int = 0
    """``simulate``: entrants (players or teams)."""
    rounds: int | None = None
    """``simulate``: rounds to play (``None``: as many as the system pairs)."""
    rates: tuple[tuple[str, float], ...] = ()
    """``simulate``: generator rates given on the command line, as ``(field, value)``."""
    path: str | None = None
    """``check --repair``: the tournament file to re-pair (instead of generating one)."""
    reference: str | None = None
    """The outside engine to compare every round with, if any."""
    locale: str = "en"
    """``check --repair``: the language of the rendered lines."""
    explain: bool = False
    """``check --repair``: explain each differing board."""
    check_seed: int | None = None
    """``check --repair --seed``: the seed for drawing lots."""

    @property
    def key(self) -> str:
        """What identifies the job in a journal."""
        return f"{self.index}:{self.ruleset}:{self.path or self.seed}"


@dataclass(frozen=True)
class RoundOutcome:
    """What re-pairing one round showed."""

    round: int
    """The round."""
    seconds: float
    """CPU time our engine took to pair it (the worker thread's CPU clock)."""
    agrees: bool
    """Our re-pairing is the recorded pairing."""
    detail: str = ""
    """How it differs (English), when it does."""
    boards: int = 0
    """Boards (matches) and byes of the recorded round."""
    relaxations: tuple[str, ...] = ()
    """Keys of :data:`RELAXATIONS` the recorded pairing needed."""
    reference: bool | None = None
    """The reference engine's pairing is the recorded one (``None``: not compared)."""
    reference_detail: str = ""
    """How the reference's pairing differs (English), or why it could not pair."""


@dataclass(frozen=True)
class Outcome:
    """What one job found."""

    key: str
    """:attr:`Job.key`."""
    index: int
    """:attr:`Job.index`."""
    ruleset: str
    """The ruleset id."""
    seed: int
    """The generator seed (0 for a file)."""
    entrants: int
    """Players (teams) in the tournament."""
    rounds: tuple[RoundOutcome, ...]
    """One entry per recorded round."""
    findings: tuple[Finding, ...]
    """Each discrepancy, violation and early stop."""
    stopped: bool = False
    """Generation stopped before the last round (no valid pairing)."""
    trf: str = ""
    """The tournament file, kept when a round differs (ours or the reference's) or something
    is violated, so that the report can name a file to reproduce it."""
    path: str | None = None
    """``check --repair``: the file checked."""
    lines: tuple[str, ...] = ()
    """``check --repair``: the rendered report lines."""
    ok: bool = True
    """``check --repair``: every round agrees and nothing is violated."""
    error: str = ""
    """``check --repair``: why the file could not be checked (rendered)."""
    exit_code: int = 0
    """``check --repair``: the exit code of that error."""
    team: bool = False
    """A team event (its relaxations are judged on the matches)."""

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON data (the journal's lines)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Read back :meth:`to_json`."""
        d = dict(data)
        d["rounds"] = tuple(
            RoundOutcome(**{**r, "relaxations": tuple(r.get("relaxations", ()))})
            for r in d.get("rounds", ())
        )
        d["findings"] = tuple(Finding(**f) for f in d.get("findings", ()))
        d["lines"] = tuple(d.get("lines", ()))
        return cls(**d)


# ---------------------------------------------------------------------- building the jobs
def simulation_jobs(
    rulesets: Sequence[str],
    tournaments: int,
    *,
    players: tuple[int, int] = (8, 40),
    rounds: int | None = None,
    seed: int = 1,
    rates: Mapping[str, float] | None = None,
    reference: str | None = None,
) -> list[Job]:
    """The jobs of ``simulate``: for each ruleset (in order) ``tournaments`` seeds ``seed``,
    ``seed + 1``, …, each with a field size drawn from ``players`` by its seed."""
    jobs: list[Job] = []
    frozen_rates = tuple(sorted((rates or {}).items()))
    for ref in rulesets:
        for i in range(tournaments):
            s = seed + i
            n = random.Random(f"size:{s}").randint(players[0], players[1])
            jobs.append(Job(len(jobs), ref, s, n, rounds, frozen_rates, reference=reference))
    return jobs


def check_jobs(
    paths: Sequence[str],
    ruleset: str,
    *,
    locale: str = "en",
    explain: bool = False,
    seed: int | None = None,
    reference: str | None = None,
) -> list[Job]:
    """The jobs of ``check --repair`` over many files (in the order given)."""
    return [
        Job(
            i, ruleset, path=p, locale=locale, explain=explain, check_seed=seed, reference=reference
        )
        for i, p in enumerate(paths)
    ]


# ---------------------------------------------------------------------- the relaxations
def round_relaxations(engine: Engine, tournament: Tournament, round_number: int) -> tuple[str, ...]:
    """The kinds of :data:`RELAXATIONS` the recorded pairing of ``round_number`` needed, judged
    on the state before the round: a board between players of different scores (a float), a
    player given the colour of his previous game, a player given a colour the colour limits
    forbid.  A team event is judged on its matches, through the team view the team systems
    pair with (:func:`swisspairing.teams.team_context`): teams of different match-point
    scores (a float), and the board-1 colour against the team's previous board-1 colour and
    the colour limits that apply to it."""
    from swisspairing.model import BLACK, WHITE

    before = tournament_before(tournament, round_number)
    ctx = engine.context(before, round_number, explain=False)
    pairs: list[tuple[int, int]]
    if tournament.teams:
        from swisspairing.teams import TeamScoring, team_context, team_records

        ctx = team_context(ctx)
        records = team_records(
            tournament, TeamScoring.from_ruleset(engine.ruleset), ctx.data["players"].point_system
        )
        pairs = []
        for team, recs in sorted(records.items()):
            rec = recs[round_number - 1] if round_number <= len(recs) else None
            if rec is not None and rec.opponent is not None and rec.colour is WHITE:
                pairs.append((team, rec.opponent))
    else:
        from swisspairing.reports import round_boards

        boards, _ = round_boards(tournament, round_number)
        pairs = [(b.white, b.black) for b in boards]
    found: set[str] = set()
    for white, black in pairs:
        if white not in ctx.states or black not in ctx.states:
            continue
        if ctx.score(white) != ctx.score(black):
            found.add("float")
        for n, colour in ((white, WHITE), (black, BLACK)):
            if ctx.states[n].last_colour is colour:
                found.add("colour_repeat")
            if not ctx.colour_allowed(n, colour):
                found.add("colour_limits")
    return tuple(k for k in RELAXATIONS if k in found)


# ---------------------------------------------------------------------- running one job
_ENGINES: dict[str, tuple[Ruleset, Engine]] = {}


def _engine(ref: str) -> tuple[Ruleset, Engine]:
    """The ruleset and engine of ``ref``, built once per worker process."""
    got = _ENGINES.get(ref)
    if got is None:
        ruleset = load_ruleset(ref)
        got = _ENGINES[ref] = (ruleset, Engine(ruleset))
    return got


def run_job(
    job: Job,
    *,
    ruleset: Ruleset | None = None,
    engine: Engine | None = None,
    clock: Callable[[], float] = time.thread_time,
) -> Outcome:
    """Do one job (in whichever process runs it).  ``ruleset``/``engine`` replace the ones
    built from :attr:`Job.ruleset` (tests, and a serial run with its own plugins)."""
    if ruleset is None or engine is None:
        ruleset, engine = _engine(job.ruleset)
    if job.path is not None:
        return _run_check(job, ruleset, engine, clock)
    return _run_simulation(job, ruleset, engine, clock)


def _compare_reference(
    job: Job, engine: Engine, tournament: Tournament, round_number: int
) -> tuple[bool | None, str]:
    if job.reference is None:
        return None, ""
    from .compare import compare_with_reference

    return compare_with_reference(job.reference, engine, tournament, round_number)


def _rounds(
    job: Job,
    ruleset: Ruleset,
    engine: Engine,
    tournament: Tournament,
    report: Any,
) -> tuple[list[RoundOutcome], list[Finding]]:
    rounds: list[RoundOutcome] = []
    findings: list[Finding] = []
    n = len(tournament.teams) if tournament.teams else len(tournament.players)
    for rc in report.rounds:
        detail = ""
        if not rc.agrees:
            detail = (
                rc.error.render("en")
                if rc.error is not None
                else "; ".join(_describe(d) for d in rc.differences[:4])
            )
            findings.append(Finding(ruleset.id, job.seed, n, rc.round, "discrepancy", detail))
        ref_ok, ref_detail = _compare_reference(job, engine, tournament, rc.round)
        if ref_ok is False:
            findings.append(Finding(ruleset.id, job.seed, n, rc.round, "reference", ref_detail))
        rounds.append(
            RoundOutcome(
                rc.round,
                rc.seconds,
                rc.agrees,
                detail,
                rc.boards,
                round_relaxations(engine, tournament, rc.round),
                ref_ok,
                ref_detail,
            )
        )
    for v in report.violations:
        findings.append(Finding(ruleset.id, job.seed, n, v.round, "violation", v.render("en")))
    return rounds, findings


def _run_simulation(
    job: Job, ruleset: Ruleset, engine: Engine, clock: Callable[[], float]
) -> Outcome:
    from dataclasses import replace

    from swisspairing.generate import GeneratorConfig, generate
    from swisspairing.trf import dumps_trf

    config = GeneratorConfig(players=job.players, rounds=job.rounds, seed=job.seed)
    if job.rates:
        rates: dict[str, Any] = dict(job.rates)
        config = replace(config, **rates)
    generated = generate(ruleset, config, engine=engine)
    t = generated.tournament
    findings: list[Finding] = []
    if generated.stopped is not None:
        findings.append(
            Finding(
                ruleset.id,
                job.seed,
                job.players,
                t.rounds_recorded + 1,
                "stopped",
                generated.stopped,
            )
        )
    report = repair_check(engine, t, clock=clock)
    rounds, more = _rounds(job, ruleset, engine, t, report)
    findings.extend(more)
    keep = any(f.kind != "stopped" for f in findings)
    return Outcome(
        job.key,
        job.index,
        ruleset.id,
        job.seed,
        job.players,
        tuple(rounds),
        tuple(findings),
        generated.stopped is not None,
        dumps_trf(t) if keep else "",
        team=bool(t.teams),
    )


def _run_check(job: Job, ruleset: Ruleset, engine: Engine, clock: Callable[[], float]) -> Outcome:
    from swisspairing.io import load_tournament
    from swisspairing.verify_cli import render_repair_report

    assert job.path is not None
    try:
        t = load_tournament(job.path, point_system=ruleset.points)
        report = repair_check(engine, t, seed=job.check_seed, explain=job.explain, clock=clock)
        lines = render_repair_report(report, job.locale, explain=job.explain)
        rounds, findings = _rounds(job, ruleset, engine, t, report)
    except SwissPairingError as exc:
        return _unreadable(job, ruleset, exc.render(job.locale), exc.exit_code)
    except OSError as exc:  # as the command line reports it, exit code 5
        from swisspairing.i18n import gettext

        reason = gettext(N_("cannot access file: {reason}"), job.locale).format(
            reason=exc.strerror or str(exc)
        )
        return _unreadable(job, ruleset, reason, 5)
    entrants = len(t.teams) if t.teams else len(t.players)
    return Outcome(
        job.key,
        job.index,
        ruleset.id,
        0,
        entrants,
        tuple(rounds),
        tuple(findings),
        path=job.path,
        lines=tuple(lines),
        ok=report.ok and all(r.reference is not False for r in rounds),
        team=bool(t.teams),
    )


def _unreadable(job: Job, ruleset: Ruleset, error: str, code: int) -> Outcome:
    return Outcome(
        job.key,
        job.index,
        ruleset.id,
        0,
        0,
        (),
        (),
        path=job.path,
        ok=False,
        error=error,
        exit_code=code,
    )


# ---------------------------------------------------------------------- summing up
def summarise(outcomes: Iterable[Outcome]) -> list[SimulationSummary]:
    """One :class:`SimulationSummary` per ruleset, rulesets in the order of their first job and
    everything inside in job order: the same whichever process ran which job."""
    by_ruleset: dict[str, list[Outcome]] = {}
    for o in sorted(outcomes, key=lambda o: o.index):
        by_ruleset.setdefault(o.ruleset, []).append(o)
    out = []
    for rid, group in by_ruleset.items():
        seconds: list[float] = []
        findings: list[Finding] = []
        checked = discrepancies = violations = stopped = ref_rounds = ref_differing = 0
        slowest: tuple[int, int, int] | None = None
        worst = -1.0
        for o in group:
            stopped += o.stopped
            checked += len(o.rounds)
            for r in o.rounds:
                if r.seconds > worst:
                    worst, slowest = r.seconds, (o.seed, o.entrants, r.round)
                seconds.append(r.seconds)
                discrepancies += not r.agrees
                ref_rounds += r.reference is not None
                ref_differing += r.reference is False
            violations += sum(1 for f in o.findings if f.kind == "violation")
            # findings in the serial order: the early stop, then the rounds, then violations
            findings.extend(o.findings)
        out.append(
            SimulationSummary(
                rid,
                len(group),
                checked,
                discrepancies,
                violations,
                stopped,
                tuple(seconds),
                tuple(findings),
                slowest,
                ref_rounds,
                ref_differing,
            )
        )
    return out
