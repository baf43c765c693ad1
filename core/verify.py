"""The pairings checker (``swisspairing check --repair``): re-pair every round and compare.

For each recorded round ``r`` the tournament is cut back to what the arbiter knew before
pairing it (:func:`tournament_before`: rounds 1 … r−1 with their results, plus the byes and
absences entered for round ``r`` before the pairing), paired again by our engine, and the
published pairing compared with ours board by board (:func:`compare_round`), as the FIDE
Pairings Checker does.  Team events are compared match by match (who meets whom, board-1
colour, who pauses).  The absolute criteria of every round are checked as well
(:meth:`Engine.check`).  With ``explain`` each differing board says which rules made our
choice: the absolute criterion the published pairing breaks, if any, else the recorded
decisions of our pairing that name the players concerned.

Nothing here knows a system: pairing, ordering and checking go through the engine's hooks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import Engine
from .errors import SwissPairingError
from .explain import Event
from .i18n import N_
from .model import PointSystem, RoundRecord, Tournament
from .pairing import Bye, Pairing, RoundPairing, Violation

__all__ = [
    "Difference",
    "RepairReport",
    "RoundCheck",
    "compare_round",
    "published_round",
    "repair_check",
    "tournament_before",
]

#: Codes of a round entered before its pairing: a requested bye or an announced absence.
_REQUEST_CODES = frozenset("HFZ ")
#: Event arguments that count things rather than name players or teams.
_COUNTING_ARGS = frozenset(
    {
        "n",
        "p",
        "round",
        "rounds",
        "count",
        "board",
        "boards",
        "cycle",
        "cycles",
        "total",
        "budget",
        "bracket",
        "size",
        "number",
        "score",
        "limit",
        "rem_p",
    }
)


@dataclass(frozen=True)
class Difference:
    """One published board (match, bye) that our pairing does not have."""

    round: int
    """The round."""
    board: int | None
    """The published board's number in the system's publication order; ``None`` for a bye,
    an absence or (team events) a match, which are named by their teams."""
    published: Pairing | Bye | None
    """The published board (``Pairing``), bye or absence (``Bye`` with its code), or pause
    of a team (``Bye`` of the team number); ``None`` when the file left a participant out."""
    ours: tuple[tuple[int | None, Pairing | Bye], ...]
    """What our pairing does with the same players: ``(our board number or None, board or
    bye)`` for each of our boards involving them."""
    team: bool = False
    """The entries are team matches and team pauses (team numbers)."""
    reasons: tuple[Event, ...] = field(default=(), compare=False)
    """With ``explain``: the rules behind our choice (and any the published one breaks)."""

    @property
    def players(self) -> tuple[int, ...]:
        """Every player (team) involved, published side first."""
        out: list[int] = []
        for unit in (self.published, *(u for _, u in self.ours)):
            for n in _members(unit):
                if n not in out:
                    out.append(n)
        return tuple(out)


@dataclass(frozen=True)
class RoundCheck:
    """The result of re-pairing one round."""

    round: int
    """The round."""
    differences: tuple[Difference, ...] = ()
    """Published boards we pair differently (empty: the round agrees)."""
    error: SwissPairingError | None = None
    """Why we could not pair the round at all (then it counts as differing)."""
    seconds: float = 0.0
    """Time our engine took to pair it."""
    boards: int = 0
    """Published boards (matches) and byes of the round."""

    @property
    def agrees(self) -> bool:
        """Our pairing is the published one."""
        return not self.differences and self.error is None


@dataclass(frozen=True)
class RepairReport:
    """``check --repair`` over a whole tournament."""

    rounds: tuple[RoundCheck, ...]
    """One entry per recorded round."""
    violations: tuple[Violation, ...]
    """Absolute-criteria violations of the published pairings."""

    @property
    def differing(self) -> tuple[RoundCheck, ...]:
        """Rounds whose pairing differs from ours."""
        return tuple(r for r in self.rounds if not r.agrees)

    @property
    def ok(self) -> bool:
        """Every round agrees and nothing is violated."""
        return not self.violations and not self.differing


# ---------------------------------------------------------------------- the state before a round
def tournament_before(tournament: Tournament, round_number: int) -> Tournament:
    """The tournament as it stood when round ``round_number`` was to be paired.

    Rounds before it keep their records; of the round itself only what was entered before the
    pairing is kept — requested byes and announced absences (``H``, ``F``, ``Z``, blank); a
    ``-`` without opponent (an absence the system scored as a loss) goes back to ``Z``; a
    player with no record in that paired round did not take part (TRF16: blank = ``Z``).
    Later rounds are dropped.  Points fields are recomputed; the next-round absentees
    (``XXZ``) apply only to the next round and are dropped."""
    r = round_number
    ps = tournament.point_system or PointSystem()
    recorded = tournament.rounds_recorded
    players = []
    for p in tournament.players:
        rounds = list(p.rounds[: r - 1])
        rec = p.record(r)
        entered: RoundRecord | None = None
        if rec is not None and rec.opponent is None:
            if rec.result in _REQUEST_CODES:
                entered = rec
            elif rec.result == "-":
                entered = RoundRecord(None, None, "Z")
        elif rec is None and r <= recorded and not tournament.is_withdrawn(p.number, r):
            entered = RoundRecord(None, None, "Z")
        if entered is not None:
            while len(rounds) < r - 1:
                rounds.append(RoundRecord(None, None, "Z"))
            rounds.append(entered)
        points = sum(ps.points(x) for x in rounds) if p.points is not None else None
        players.append(replace(p, rounds=tuple(rounds), points=points))
    return replace(tournament, players=tuple(players), absent_next=frozenset())


# ---------------------------------------------------------------------- the published round
def _members(unit: Pairing | Bye | None) -> tuple[int, ...]:
    if unit is None:
        return ()
    if isinstance(unit, Pairing):
        return (unit.white, unit.black)
    return (unit.player,)


def _same(a: Pairing | Bye, b: Pairing | Bye) -> bool:
    if isinstance(a, Pairing) and isinstance(b, Pairing):
        return (a.white, a.black) == (b.white, b.black)
    if isinstance(a, Bye) and isinstance(b, Bye):
        return a.player == b.player and _bye_code(a.result) == _bye_code(b.result)
    return False


def _bye_code(code: str) -> str:
    return "Z" if code == " " else code


def _player_units(tournament: Tournament, round_number: int) -> tuple[list[Pairing], list[Bye]]:
    """Boards (``absent`` = the player who forfeited) and byes recorded for a round."""
    from .reports import round_boards

    boards, byes = round_boards(tournament, round_number)
    return boards, [Bye(b.player, _bye_code(b.result)) for b in byes]


def _team_units(tournament: Tournament, round_number: int) -> tuple[list[Pairing], list[Bye]]:
    """Matches (``Pairing(team with White on board 1, other team)``) and pauses of a round,
    from the board games whatever their results: a team's boards are its players with a game
    that round in roster order; board 1's colour (or, if board 1 has none, that of the first
    board with one, flipped on even boards, AMB-P5) names the team with White."""
    from .teams import team_of

    owner = team_of(tournament)
    matches: list[Pairing] = []
    pauses: list[Bye] = []
    for team in tournament.teams:
        board = 0
        opponent: int | None = None
        board1 = None
        paused = False
        for n in team.roster:
            if n not in tournament:
                continue
            rec = tournament.player(n).record(round_number)
            if rec is None:
                continue
            if rec.opponent is None:
                paused = paused or rec.result == "U"
                continue
            board += 1
            opponent = owner.get(rec.opponent, opponent)
            if board1 is None and rec.colour is not None:
                board1 = rec.colour if board % 2 == 1 else rec.colour.opposite
        if opponent is None:
            if paused:
                pauses.append(Bye(team.number, "U"))
            continue
        if (board1 is None and team.number < opponent) or (
            board1 is not None and board1.value == "w"
        ):
            matches.append(Pairing(team.number, opponent))
    return matches, pauses


def _publication_order(
    engine: Engine, before: Tournament, round_number: int, boards: list[Pairing]
) -> list[Pairing]:
    """The published boards in the system's publication order (``swiss_order_boards``),
    computed on the state before the round; start-number order if the system cannot."""
    if not boards:
        return boards
    try:
        ctx = engine.context(before, round_number, explain=False)
        numbers = sorted({n for b in boards for n in b.players if n in ctx.states})
        ranked = engine.sort_players(ctx, numbers)
        ranked += [n for n in numbers if n not in set(ranked)]
        ctx.set_ranking(ranked)
        ordered = list(engine.order_boards(boards, ctx))
        if sorted(map(repr, ordered)) == sorted(map(repr, boards)):
            return ordered
    except (SwissPairingError, KeyError, ValueError, TypeError, AttributeError):
        pass
    return sorted(boards, key=lambda b: min(b.players))


def published_round(
    engine: Engine, tournament: Tournament, round_number: int, before: Tournament | None = None
) -> tuple[list[Pairing], list[Bye], bool]:
    """The published boards (publication order) and byes of a round, or for a team event its
    matches and pauses; the flag says which."""
    if tournament.teams:
        matches, pauses = _team_units(tournament, round_number)
        return matches, pauses, True
    boards, byes = _player_units(tournament, round_number)
    before = before if before is not None else tournament_before(tournament, round_number)
    return _publication_order(engine, before, round_number, boards), byes, False


def _our_units(
    engine: Engine, before: Tournament, pairing: RoundPairing, team: bool
) -> tuple[list[Pairing], list[Bye]]:
    if team:
        applied = engine.apply(before, pairing)
        return _team_units(applied, pairing.round)
    boards = [Pairing(b.white, b.black) for b in pairing.boards]
    byes = [Bye(b.player, _bye_code(b.result)) for b in pairing.byes]
    # players the pairing leaves alone keep what was entered for them (a requested bye)
    placed = {n for b in boards for n in b.players} | {b.player for b in byes}
    for p in before.players:
        rec = p.record(pairing.round)
        if p.number not in placed and rec is not None and rec.opponent is None:
            byes.append(Bye(p.number, _bye_code(rec.result)))
    return boards, byes


def compare_round(
    published: Sequence[Pairing | Bye],
    ours: Sequence[Pairing | Bye],
    round_number: int,
    *,
    team: bool = False,
) -> list[Difference]:
    """The published units (boards first, then byes) that ours lacks, with our units for the
    same players.  Forfeits are compared as the games they were paired as; a published
    withdrawn player's blank entry is no unit."""
    index: dict[int, tuple[int | None, Pairing | Bye]] = {}
    for i, unit in enumerate(ours):
        number = i + 1 if isinstance(unit, Pairing) and not team else None
        for n in _members(unit):
            index[n] = (number, unit)
    diffs: list[Difference] = []
    seen_players: set[int] = set()
    for i, unit in enumerate(published):
        members = _members(unit)
        seen_players.update(members)
        mine = [index[n] for n in members if n in index]
        if len(mine) == len(members) and all(_same(unit, u) for _, u in mine) and mine:
            continue
        unique: list[tuple[int | None, Pairing | Bye]] = []
        for entry in mine:
            if entry not in unique:
                unique.append(entry)
        board = i + 1 if isinstance(unit, Pairing) and not team else None
        diffs.append(Difference(round_number, board, unit, tuple(unique), team))
    # players we pair whom the file left out of the round altogether
    for n, entry in index.items():
        if n not in seen_players and not (isinstance(entry[1], Bye) and entry[1].result == "Z"):
            seen_players.update(_members(entry[1]))
            diffs.append(Difference(round_number, None, None, (entry,), team))
    return diffs


# ---------------------------------------------------------------------- explanations
def _mentions(event: Event, numbers: set[int]) -> bool:
    for key, value in event.args.items():
        if key in _COUNTING_ARGS:
            continue
        values = value if isinstance(value, (list, tuple, set, frozenset)) else (value,)
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool) and v in numbers:
                return True
    return False


def _colour_limit(ctx: Any, number: int, colour: Any) -> str:
    """The configuration key of the colour limit ``colour`` would break for the player: the
    colour difference (``colours.max_difference``) when it passes that limit, else the run of
    equal colours (``colours.max_run``)."""
    from .model import WHITE

    limit = ctx.ruleset.colours.max_difference
    cd = ctx.states[number].colour_difference
    after = cd + (1 if colour is WHITE else -1)
    if limit is not None and abs(after) > limit and abs(after) > abs(cd):
        return "colours.max_difference"
    return "colours.max_run"


def _reasons(
    engine: Engine, before: Tournament, diff: Difference, events: Sequence[Event]
) -> tuple[Event, ...]:
    """Why we paired differently: what the published unit breaks, then our decisions that name
    the players (teams) concerned."""
    out: list[Event] = []
    pub = diff.published
    if isinstance(pub, Pairing) and not diff.team:
        ctx = engine.context(before, diff.round, explain=False)
        a, b = pub.white, pub.black
        if a in ctx.states and b in ctx.states:
            from .model import BLACK, WHITE

            if ctx.states[a].meetings.get(b, 0) >= engine.ruleset.max_meetings:
                out.append(
                    Event(
                        engine.cite_criterion("max_meetings", ctx),
                        N_("the published pairing {a}–{b} is a rematch"),
                        {"a": a, "b": b},
                    )
                )
            elif not ctx.may_meet(a, b):
                out.append(
                    Event(
                        engine.cite_criterion("forbidden", ctx),
                        N_("the published pairing {a}–{b} is a forbidden pair"),
                        {"a": a, "b": b},
                    )
                )
            for n, colour in ((a, WHITE), (b, BLACK)):
                if not ctx.colour_allowed(n, colour) and not engine.hook.swiss_colour_exempt(
                    number=n, context=ctx
                ):
                    out.append(
                        Event(
                            engine.cite_criterion(_colour_limit(ctx, n, colour), ctx),
                            N_(
                                "the published pairing gives player {player} White beyond the "
                                "colour limits"
                            )
                            if colour is WHITE
                            else N_(
                                "the published pairing gives player {player} Black beyond the "
                                "colour limits"
                            ),
                            {"player": n},
                        )
                    )
    numbers = set(diff.players)
    if len(diff.ours) == 1 and set(_members(diff.ours[0][1])) == set(_members(pub)):
        # the same players, other colours: the decisions that name both of them
        both = [e for e in events if all(_mentions(e, {n}) for n in numbers)]
        out.extend(both or [e for e in events if _mentions(e, numbers)])
    else:
        out.extend(e for e in events if _mentions(e, numbers))
    if not out:
        out.append(Event("", N_("no recorded decision names these players")))
    return tuple(out)


# ---------------------------------------------------------------------- the whole check
def repair_check(
    engine: Engine,
    tournament: Tournament,
    *,
    seed: int | None = None,
    explain: bool = False,
    rounds: Iterable[int] | None = None,
    on_round: Callable[[RoundCheck], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> RepairReport:
    """Re-pair every recorded round (or ``rounds``) from the rounds before it and compare;
    check the absolute criteria of the published pairings."""
    checks: list[RoundCheck] = []
    wanted = list(rounds) if rounds is not None else list(range(1, tournament.rounds_recorded + 1))
    for r in wanted:
        before = tournament_before(tournament, r)
        pub_boards, pub_byes, team = published_round(engine, tournament, r, before)
        published: list[Pairing | Bye] = [*pub_boards, *pub_byes]
        start = clock()
        try:
            ours = engine.pair(before, seed=seed, explain=False)
        except SwissPairingError as exc:
            check = RoundCheck(r, (), exc, clock() - start, len(published))
        else:
            elapsed = clock() - start
            our_boards, our_byes = _our_units(engine, before, ours, team)
            diffs = compare_round(published, [*our_boards, *our_byes], r, team=team)
            if diffs and explain:
                explained = engine.pair(before, seed=seed, explain=True)
                diffs = [
                    replace(d, reasons=_reasons(engine, before, d, explained.events)) for d in diffs
                ]
            check = RoundCheck(r, tuple(diffs), None, elapsed, len(published))
        checks.append(check)
        if on_round is not None:
            on_round(check)
    violations = tuple(engine.check(tournament))
    return RepairReport(tuple(checks), violations)


# --------------------------------------------------------------------- generate + check, many times
@dataclass(frozen=True)
class Finding:
    """Something a simulated tournament showed: a differing round, a violation, or a round
    that could not be paired during generation."""

    ruleset: str
    """The ruleset id."""
    seed: int
    """The generator seed (``generate --seed``) that reproduces it."""
    players: int
    """Entrants of the tournament."""
    round: int
    """The round concerned."""
    kind: str
    """``discrepancy``, ``violation``, ``stopped`` or ``reference`` (the reference engine
    pairs the round otherwise)."""
    detail: str
    """What happened (English; rendered again by the CLI)."""


@dataclass(frozen=True)
class SimulationSummary:
    """``simulate``: K tournaments generated and re-checked."""

    ruleset: str
    """The ruleset id."""
    tournaments: int
    """Tournaments generated."""
    rounds_checked: int
    """Rounds re-paired by the checker."""
    discrepancies: int
    """Rounds whose re-pairing differed from the generated one."""
    violations: int
    """Absolute-criteria violations found."""
    stopped: int
    """Tournaments whose generation stopped early (a round with no valid pairing)."""
    seconds: tuple[float, ...]
    """Time per round of every re-paired round."""
    findings: tuple[Finding, ...]
    """Each discrepancy, violation and early stop, with the seed that reproduces it."""
    slowest: tuple[int, int, int] | None = None
    """``(seed, entrants, round)`` of the slowest round re-paired."""
    reference_rounds: int = 0
    """Rounds compared with the reference engine (``--reference``)."""
    reference_differing: int = 0
    """Of those, rounds the reference engine pairs otherwise (or cannot pair)."""

    @property
    def median(self) -> float:
        """Median time per round."""
        import statistics

        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def worst(self) -> float:
        """Worst time per round."""
        return max(self.seconds, default=0.0)


def simulate_tournaments(
    ruleset: Any,
    tournaments: int,
    *,
    players: tuple[int, int] = (8, 40),
    rounds: int | None = None,
    seed: int = 1,
    rates: dict[str, Any] | None = None,
    engine: Engine | None = None,
    on_tournament: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Generate ``tournaments`` events under ``ruleset`` (seeds ``seed``, ``seed + 1``, …; the
    number of entrants drawn from ``players`` by the seed) and ``check --repair`` each one, in
    this process (:func:`swisspairing.verification.parallel.run_jobs` runs them in parallel)."""
    from .verification.jobs import run_job, simulation_jobs, summarise

    engine = engine or Engine(ruleset)
    jobs = simulation_jobs(
        [ruleset.id], tournaments, players=players, rounds=rounds, seed=seed, rates=rates
    )
    outcomes = []
    for i, job in enumerate(jobs):
        outcomes.append(run_job(job, ruleset=ruleset, engine=engine))
        if on_tournament is not None:
            on_tournament(i)
    return summarise(outcomes)[0]


def _describe(d: Difference) -> str:
    pub = _unit_text(d.published)
    ours = ", ".join(_unit_text(u) for _, u in d.ours) or "-"
    where = f"board {d.board}" if d.board is not None else ("match" if d.team else "bye")
    return f"{where}: published {pub}, ours {ours}"


def _unit_text(unit: Pairing | Bye | None) -> str:
    if unit is None:
        return "-"
    if isinstance(unit, Pairing):
        return f"{unit.white} - {unit.black}"
    return f"{unit.player} ({unit.result})"
