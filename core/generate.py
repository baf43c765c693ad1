"""The random tournament generator (``swisspairing generate``), for every installed system.

Like the FIDE-endorsed programs' Random Tournament Generators (JaVaFo's and bbpPairings'
``-g``), it plays a whole event with our own pairings: results follow the Elo expectation of
the rating difference with a share of draws, and the arbiter's events happen at given rates —
requested byes, known absences, withdrawals, forfeits — over a field of which a given share is
unrated.  The same seed gives the same tournament.

It knows no system: it pairs through :class:`~swisspairing.engine.Engine` and decides between
an individual and a team event by the core's team convention — a system whose ruleset
parameters have ``boards`` (read by :class:`~swisspairing.teams.TeamScoring`) pairs teams.
Team events get teams of ``boards`` players plus reserves, some teams of one club, and
team-level events (a team absent for a round, a team withdrawing) besides board forfeits.

Lots are left to the file: every round is paired without an explicit seed, so each lot is
drawn from the tournament itself (:func:`swisspairing.context.stable_seed`) and anybody can
re-pair the file and get the same draw (``check --repair``).  A first-round colour the ruleset
draws by lot is drawn here and written as ``XXC``, as an arbiter announces it.

:func:`load_config` reads the configuration-file form (``generate --config FILE``, a YAML or
JSON mapping with the option names), in the spirit of bbpPairings' ``-g CONFIG``.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .engine import Engine
from .errors import InvalidInputError, InvalidTournamentError, Location, NoValidPairingError
from .i18n import N_
from .model import BLACK, WHITE, Player, PointSystem, RoundRecord, Team, Tournament
from .pairing import RoundPairing
from .ruleset import Ruleset

__all__ = [
    "CONFIG_SCHEMA",
    "Generated",
    "GeneratorConfig",
    "config_from_mapping",
    "default_rounds",
    "generate",
    "load_config",
    "make_individuals",
    "make_teams",
    "play_round",
    "team_boards",
]

#: The msgid with which the engine and round-robin systems say that the event is complete.
_COMPLETE = "all {total} rounds have been paired"


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What to generate: the field, the number of rounds and the rates of the arbiter's events."""

    players: int = 24
    """Entrants: players, or teams when the ruleset pairs teams."""
    entrants: str = "auto"
    """``auto``: teams when the ruleset's system pairs teams (its parameters have ``boards``),
    else players; ``players`` or ``teams`` choose for a system that pairs both (Burstein)."""
    rounds: int | None = None
    """Rounds to play; ``None`` = as many as the system pairs, at most :func:`default_rounds`."""
    seed: int = 1
    """Seed of the field, the results and the events (the lots come from the file itself)."""
    draw_rate: float = 0.3
    """Share of draws between equally rated players (fewer as the rating difference grows)."""
    forfeit_rate: float = 0.02
    """Share of scheduled games (boards) lost by forfeit."""
    bye_request_rate: float = 0.02
    """Chance per round that a player asks for a half-point bye (``H``); in team events, that
    a team announces it will not play the round."""
    absence_rate: float = 0.01
    """Chance per round that a player is known to miss the round (``Z``); unused in team events."""
    withdrawal_rate: float = 0.005
    """Chance per round that a player (a team) withdraws for good."""
    unrated_share: float = 0.05
    """Share of players without a rating."""
    club_share: float = 0.2
    """Team events: share of teams that are a second team of another team's club."""
    reserves: int = 1
    """Team events: players per team beyond the boards."""
    name: str = ""
    """Tournament name (default: from the ruleset and the seed)."""

    def __post_init__(self) -> None:
        for f in (
            "draw_rate",
            "forfeit_rate",
            "bye_request_rate",
            "absence_rate",
            "withdrawal_rate",
            "unrated_share",
            "club_share",
        ):
            value = getattr(self, f)
            if not 0.0 <= value <= 1.0:
                raise InvalidInputError(
                    N_("{field} must be between 0 and 1, not {value}"),
                    field=f.replace("_", "-"),
                    value=value,
                )
        if self.players < 2:
            raise InvalidInputError(
                N_("{field} must be at least {minimum}, not {value}"),
                field="players",
                minimum=2,
                value=self.players,
            )
        if self.rounds is not None and self.rounds < 1:
            raise InvalidInputError(
                N_("{field} must be at least {minimum}, not {value}"),
                field="rounds",
                minimum=1,
                value=self.rounds,
            )
        if self.reserves < 0:
            raise InvalidInputError(
                N_("{field} must be at least {minimum}, not {value}"),
                field="reserves",
                minimum=0,
                value=self.reserves,
            )


@dataclass(frozen=True)
class Generated:
    """A generated tournament and how its generation went."""

    tournament: Tournament
    """The tournament as far as it was played."""
    pairings: tuple[RoundPairing, ...] = ()
    """Every round's pairing, round 1 first."""
    seconds: tuple[float, ...] = ()
    """Time the engine took to pair each round."""
    stopped: str | None = None
    """Why generation stopped before ``rounds`` (the error, in English), if it did."""
    error: Exception | None = field(default=None, compare=False)
    """The :class:`NoValidPairingError` that stopped the generation, if any."""


# ---------------------------------------------------------------------- configuration file
CONFIG_SCHEMA: Mapping[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "swisspairing generate configuration",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "ruleset": {"type": "string"},
        "players": {"type": "integer", "minimum": 2, "maximum": 9999},
        "teams": {"type": "integer", "minimum": 2, "maximum": 999},
        "entrants": {"enum": ["auto", "players", "teams"]},
        "rounds": {"type": ["integer", "null"], "minimum": 1, "maximum": 999},
        "seed": {"type": "integer"},
        "draw_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "forfeit_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "bye_request_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "absence_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "withdrawal_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "unrated_share": {"type": "number", "minimum": 0, "maximum": 1},
        "club_share": {"type": "number", "minimum": 0, "maximum": 1},
        "reserves": {"type": "integer", "minimum": 0, "maximum": 20},
        "name": {"type": "string"},
    },
}


def config_from_mapping(
    data: Mapping[str, Any], *, source: str = "<config>"
) -> tuple[GeneratorConfig, str | None]:
    """Validate a configuration mapping; returns the config and the ``ruleset`` it names.

    Keys are the option names with ``_`` or ``-`` (``draw-rate`` = ``draw_rate``); ``teams``
    is another name for ``players``.  Errors name the file and the JSON path."""
    import jsonschema

    from .ruleset import _schema_error

    norm = {str(k).replace("-", "_"): v for k, v in data.items()}
    errors = sorted(
        jsonschema.Draft202012Validator(CONFIG_SCHEMA).iter_errors(norm),
        key=lambda e: list(e.absolute_path),
    )
    if errors:
        best = jsonschema.exceptions.best_match(errors) or errors[0]
        exc = _schema_error(source, best)
        raise InvalidInputError(exc.message, where=exc.where, **exc.args_)
    ruleset = norm.pop("ruleset", None)
    if "teams" in norm:
        norm["players"] = norm.pop("teams")
    known = {f.name for f in fields(GeneratorConfig)}
    return GeneratorConfig(**{k: v for k, v in norm.items() if k in known}), ruleset


def load_config(path: str | os.PathLike[str]) -> tuple[GeneratorConfig, str | None]:
    """Read a configuration file (YAML or JSON mapping; ``KEY=VALUE`` lines are accepted too)
    with the bounds of :mod:`swisspairing.safeyaml`: at most
    :data:`~swisspairing.safeyaml.MAX_BYTES` read whatever the file is (``-g /dev/zero``),
    nesting and alias expansion bounded, a recursive alias an error (exit 3)."""
    from .safeyaml import load_json, load_yaml, read_text_capped

    name = os.fspath(path)
    text = read_text_capped(name)
    data: Any
    if name.lower().endswith(".json"):
        data = load_json(text, name)
    elif "=" in text and ":" not in text:  # KEY=VALUE lines
        data = {}
        for i, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            if not sep:
                raise InvalidInputError(N_("expected KEY=VALUE"), where=Location(name, i))
            value = value.strip()
            data[key.strip().lower()] = load_yaml(value, Location(name, i)) if value else None
    else:
        data = load_yaml(text, name)
    if not isinstance(data, dict):
        raise InvalidInputError(N_("a configuration file must be a mapping"), where=f"{name}: $")
    return config_from_mapping(data, source=name)


# ---------------------------------------------------------------------- the field
def team_boards(ruleset: Ruleset) -> int | None:
    """Boards per match when the ruleset's system pairs teams, else ``None``.

    The core's team convention (:class:`~swisspairing.teams.TeamScoring`): a team system's
    parameters have ``boards`` — set in the ruleset or defaulted by the system's schema."""
    if "boards" in ruleset.parameters:
        return int(ruleset.parameters["boards"])
    from .manager import system_schema

    schema = system_schema(ruleset.system) or {}
    prop = schema.get("properties", {}).get("boards")
    if prop is None:
        return None
    return int(prop.get("default", 4))


def default_rounds(entrants: int) -> int:
    """Rounds of a generated Swiss event when none are given: ⌈log2 n⌉ + 2, at most n − 1."""
    return max(1, min(entrants - 1, math.ceil(math.log2(max(entrants, 2))) + 2))


def _rating(
    rng: random.Random, unrated_share: float, low: int = 1000, high: int = 2700, mode: int = 1600
) -> int:
    return 0 if rng.random() < unrated_share else int(rng.triangular(low, high, mode))


def make_individuals(n: int, seed: int, *, unrated_share: float = 0.05) -> tuple[Player, ...]:
    """``n`` players numbered like a start list: by rating, unrated players last (in the
    order of registration), titles for some strong players."""
    rng = random.Random(f"players:{seed}")
    titles = ["GM", "IM", "WGM", "FM", "WIM", "WFM", "CM", ""]
    raw = []
    for i in range(n):
        rating = _rating(rng, unrated_share)
        title = rng.choice(titles) if rating > 2300 and rng.random() < 0.6 else ""
        raw.append(
            (rating, title, f"Player {i + 1:04d}, Test", "w" if rng.random() < 0.25 else "m", i)
        )
    raw.sort(key=lambda r: (-r[0], r[4]))
    return tuple(
        Player(number=k + 1, name=name, sex=sex, title=title, rating=rating, points=0.0)
        for k, (rating, title, name, sex, _i) in enumerate(raw)
    )


def make_teams(
    n: int,
    seed: int,
    boards: int,
    *,
    reserves: int = 1,
    unrated_share: float = 0.05,
    club_share: float = 0.2,
) -> tuple[tuple[Player, ...], tuple[Team, ...]]:
    """``n`` teams of ``boards`` players plus ``reserves``: players in board order (strongest
    first, unrated ones last), teams numbered by the descending rating sum of their first
    ``boards`` players (as most team regulations seed them); about ``club_share`` of the teams
    are second teams of another team's club.  Players are numbered team by team."""
    rng = random.Random(f"teams:{seed}")
    size = boards + reserves
    raw = []
    for _ in range(n):
        level = rng.randint(1300, 2300)
        ratings = [
            _rating(rng, unrated_share, max(1000, level - 250), min(2800, level + 250), level)
            for _ in range(size)
        ]
        ratings.sort(key=lambda r: (r == 0, -r))
        raw.append(ratings)
    order = sorted(range(n), key=lambda i: (-sum(raw[i][:boards]), i))
    club = {pos: f"Club {pos + 1:03d}" for pos in range(n)}
    firsts = list(range(n))
    for pos in range(1, n):
        if rng.random() < club_share and pos in firsts:
            options = [f for f in firsts if f < pos]
            if options:
                first = rng.choice(options)
                club[pos] = club[first]
                firsts.remove(first)
                firsts.remove(pos)
    players: list[Player] = []
    teams: list[Team] = []
    number = 1
    for pos, i in enumerate(order):
        roster = []
        for b, rating in enumerate(raw[i]):
            players.append(
                Player(
                    number=number,
                    name=f"Team {pos + 1:03d} Board {b + 1}",
                    sex="w" if rng.random() < 0.2 else "m",
                    rating=rating,
                    points=0.0,
                    club=club[pos],
                )
            )
            roster.append(number)
            number += 1
        second = sum(1 for p in range(pos) if club[p] == club[pos])
        name = f"{club[pos]}" + (" II" if second else "")
        teams.append(Team(number=pos + 1, name=name, roster=tuple(roster), club=club[pos]))
    return tuple(players), tuple(teams)


# ---------------------------------------------------------------------- results
def play_round(
    tournament: Tournament, pairing: RoundPairing, rng: random.Random, config: GeneratorConfig
) -> Tournament:
    """Enter a result for every board of ``pairing`` (already applied to ``tournament``):
    a forfeit at ``forfeit_rate``, else a draw with a share that shrinks with the rating
    difference, else a win by the Elo expectation (one implementation with the simulator:
    :func:`swisspairing.simulate.play_results`)."""
    from .simulate import play_results

    return play_results(tournament, pairing, rng, config)


# ---------------------------------------------------------------------- the event
#: The largest start number a TRF16 player line holds (columns 5-8).
TRF16_MAX_PLAYERS = 9999


def entrant_boards(ruleset: Ruleset, config: GeneratorConfig) -> int | None:
    """Boards per match of the event to generate, ``None`` for an individual event: the
    system's choice (:func:`team_boards`) unless ``config.entrants`` makes it."""
    boards = team_boards(ruleset)
    if config.entrants == "players":
        return None
    if config.entrants == "teams" and boards is None:
        raise InvalidInputError(
            N_("ruleset {ruleset} does not pair teams: it cannot generate a team event"),
            ruleset=ruleset.id,
        )
    return boards


def players_needed(ruleset: Ruleset, config: GeneratorConfig) -> int:
    """How many players the generated event has (team events: boards and reserves a team)."""
    boards = entrant_boards(ruleset, config)
    if boards is None:
        return config.players
    return config.players * (boards + config.reserves)


def _initial(ruleset: Ruleset, config: GeneratorConfig) -> Tournament:
    boards = entrant_boards(ruleset, config)
    rng = random.Random(f"colour:{config.seed}")
    ps = ruleset.points
    name = (
        config.name
        or f"Generated {ruleset.id} {config.players}/{config.rounds or 'auto'} seed {config.seed}"
    )
    header: tuple[tuple[str, str], ...] = ()
    if boards is not None:
        players, teams = make_teams(
            config.players,
            config.seed,
            boards,
            reserves=config.reserves,
            unrated_share=config.unrated_share,
            club_share=config.club_share,
        )
        header = tuple(("SPC", f"SPC {t.number:4d} {t.club}") for t in teams if t.club)
    else:
        players, teams = (
            make_individuals(config.players, config.seed, unrated_share=config.unrated_share),
            (),
        )
    colour = None
    if ruleset.first_colour == "lot":  # drawn before round 1 and announced (XXC)
        colour = WHITE if rng.random() < 0.5 else BLACK
    return Tournament(
        players=players,
        name=name,
        teams=teams,
        total_rounds=config.rounds,
        initial_colour=colour,
        point_system=ps if ps != PointSystem() else None,
        header=header,
    )


def _arbiter_events(
    t: Tournament, rnd: int, rng: random.Random, config: GeneratorConfig
) -> Tournament:
    """Before a round: withdrawals, requested byes and announced absences."""
    pre: dict[int, RoundRecord] = {}
    withdrawn: set[int] = set()
    if t.teams:
        active = [team for team in t.teams if not all(t.is_withdrawn(n, rnd) for n in team.roster)]
        floor = max(2, (len(t.teams) * 3) // 4)
        gone = 0
        for team in active:
            x = rng.random()
            if x < config.withdrawal_rate and rnd > 1 and len(active) - gone > floor:
                withdrawn.update(team.roster)
                gone += 1
            elif x < config.withdrawal_rate + config.bye_request_rate:
                for n in team.roster:
                    pre[n] = RoundRecord(None, None, "Z")
    else:
        active_players = [p.number for p in t.players if not t.is_withdrawn(p.number, rnd)]
        floor = max(2, (len(t.players) * 3) // 4)
        for n in active_players:
            x = rng.random()
            if (
                x < config.withdrawal_rate
                and rnd > 1
                and len(active_players) - len(withdrawn) > floor
            ):
                withdrawn.add(n)
            elif x < config.withdrawal_rate + config.bye_request_rate:
                pre[n] = RoundRecord(None, None, "H")
            elif x < config.withdrawal_rate + config.bye_request_rate + config.absence_rate:
                pre[n] = RoundRecord(None, None, "Z")
    if withdrawn:
        t = replace(
            t,
            players=tuple(
                replace(p, withdrawn_from=rnd) if p.number in withdrawn else p for p in t.players
            ),
        )
    if pre:
        t = t.with_round(rnd, pre)
    return t


def generate(
    ruleset: Ruleset,
    config: GeneratorConfig = GeneratorConfig(),
    *,
    engine: Engine | None = None,
    on_round: Callable[[Tournament, RoundPairing], None] | None = None,
    clock: Callable[[], float] | None = None,
    max_rounds: int | None = None,
    players: tuple[Player, ...] | None = None,
) -> Generated:
    """Play a whole event under ``ruleset``.

    Stops early, keeping the rounds played, when a round has no valid pairing (small fields
    run out of opponents; :attr:`Generated.stopped` says so) or, without ``rounds``, when the
    system says that every round has been paired (a round robin).  ``on_round(before,
    pairing)`` is called after each pairing.  ``max_rounds`` plays at most that many rounds
    without announcing a number of rounds (the benchmark's partial round robins).  ``players``
    replaces the generated field of an individual event (a model file's players)."""
    import time

    engine = engine or Engine(ruleset)
    tick = clock or time.perf_counter
    rng = random.Random(f"events:{config.seed}")
    t = _initial(ruleset, config)
    if players is not None and not t.teams:
        t = replace(t, players=players)
    entrants = len(t.teams) if t.teams else len(t.players)
    limit = config.rounds or ruleset.rounds or max_rounds or default_rounds(entrants)
    pairings: list[RoundPairing] = []
    seconds: list[float] = []
    stopped: str | None = None
    error: Exception | None = None
    for rnd in range(1, limit + 1):
        t = _arbiter_events(t, rnd, rng, config)
        before = t
        start = tick()
        try:
            pairing = engine.pair(t, explain=False)
        except NoValidPairingError as exc:
            stopped, error = exc.render("en"), exc
            break
        except InvalidTournamentError as exc:
            if config.rounds is None and getattr(exc.message, "plural", exc.message) == _COMPLETE:
                break  # the system's event is complete (round robin)
            raise
        seconds.append(tick() - start)
        if on_round is not None:
            on_round(before, pairing)
        pairings.append(pairing)
        t = engine.apply(t, pairing)
        t = play_round(t, pairing, rng, config)
    t = _drop_unpaired_requests(t)
    return Generated(t, tuple(pairings), tuple(seconds), stopped, error)


def _drop_unpaired_requests(t: Tournament) -> Tournament:
    """Requests entered for a round that was never paired (generation stopped) are removed,
    so the file ends with the last round played."""
    last = t.rounds_recorded
    players = []
    changed = False
    for p in t.players:
        if len(p.rounds) > last:
            ps = t.point_system or PointSystem()
            dropped = p.rounds[last:]
            points = p.points - sum(ps.points(r) for r in dropped) if p.points is not None else None
            players.append(replace(p, rounds=p.rounds[:last], points=points))
            changed = True
        else:
            players.append(p)
    return replace(t, players=tuple(players)) if changed else t
