"""FIDE Burstein system (C.04.4.2) — system ``fide-burstein``, for individuals and teams.

Two editions (ruleset parameter ``edition``; spec §4, cite as ``Burstein A.7`` for the text
valid until 30 June 2025 and ``Burstein-2025 1.8`` for the text valid from 1 July 2025):

=====================  ==================  ================================================
ruleset                ``edition``         Index (after the seeding rounds)
=====================  ==================  ================================================
``fide-burstein``      ``till-2025``       Sonneborn-Berger, Buchholz, median Buchholz,
                                           rating, pairing number
``fide-burstein-2025`` ``2025``            Buchholz, Sonneborn-Berger, TPN
=====================  ==================  ================================================

Where the rules live:

- ``Burstein A.1`` initial order, ``A.2`` score groups and brackets (residents plus incoming
  floaters): :func:`swiss_sort_players` and the core's brackets and bracket loop;
- ``Burstein A.3`` byes (C.04.1 c, d): :func:`swiss_assign_bye` (:func:`.procedure.choose_bye`);
- ``Burstein A.5`` seeding rounds, ``A.6``/``A.7`` the Index and first-v-last pairing:
  :mod:`.procedure`, :mod:`.index`;
- colours: C.04.1 h (the player with fewer games of a colour gets it, else alternation), by the
  core's allocation with the Index order as the ranking.

Teams (seed 004 d: the Olympiad system until 2006): when the tournament has teams, the round is
paired on the team view (:func:`swisspairing.teams.team_context`: match points, the Index from
match points) and expanded to board games (:func:`swisspairing.teams.expand_round`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from swisspairing import (
    N_,
    BracketOutcome,
    ByeChoice,
    Event,
    Pairing,
    PlayerState,
    RoundContext,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
)
from swisspairing import defaults as _core
from swisspairing.brackets import Bracket
from swisspairing.context import RoundContext as _Ctx
from swisspairing.explain import Term
from swisspairing.plugins import C0401_LETTERS, core_criteria_citer
from swisspairing.teams import (
    TeamScoring,
    expand_round,
    match_points_schema,
    team_context,
    team_tournament,
)

from .index import INDEX_ORDERS, index_key, index_values
from .procedure import bracket_order, bracket_outcomes, choose_bye, is_seeding_round, seeding_rounds

SYSTEM = "fide-burstein"

__all__ = [
    "INDEX_ORDERS",
    "SCHEMA",
    "SYSTEM",
    "bracket_order",
    "choose_bye",
    "index_values",
    "seeding_rounds",
]

#: Display names of the built-in rulesets, for the catalogues.
RULESET_NAMES = (
    N_("FIDE Burstein system (text valid until 30 June 2025)"),
    N_("FIDE Burstein system (text valid from 1 July 2025)"),
)

#: The Dutch ruleset of the seeding rounds by default: the text in force (Burstein-2025 1.6.1).
SEEDING_RULESET = "fide-dutch-2025"

SCHEMA: Mapping[str, Any] = {
    "properties": {
        "edition": {
            "enum": ["till-2025", "2025"],
            "default": "till-2025",
            "description": (
                "Burstein A.6/A.7 (till 30 June 2025: SB, Buchholz, median Buchholz, rating) or "
                "Burstein-2025 1.8 (Buchholz, SB, TPN)."
            ),
        },
        "seeding_rounds": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": None,
            "description": (
                "Burstein A.5 / Burstein-2025 1.6.2: number of seeding rounds; null = min(rounds "
                "/ 2 rounded down, 4)."
            ),
        },
        "seeding_pairing": {
            "enum": ["fold_halves", "dutch"],
            "default": "fold_halves",
            "description": (
                "Seeding rounds: top half v bottom half inside each score group (the older "
                "text's traditional methods, A.5) or the FIDE (Dutch) system, Burstein-2025 "
                "1.6.1 (AMB-B1); team events always fold the halves."
            ),
        },
        "seeding_ruleset": {
            "type": "string",
            "default": SEEDING_RULESET,
            "description": (
                "Burstein-2025 1.6.1 with seeding_pairing dutch: the ruleset of the Dutch "
                "system the seeding rounds are paired by (the text in force)."
            ),
        },
        "unplayed": {
            "enum": ["draw", "played-only", "virtual-opponent", "fide2023", "burstein2025"],
            "default": "draw",
            "description": (
                "How unplayed games enter the Index: A.7 opponents' unplayed games as draws "
                "(draw); Burstein-2025 1.7.2 own unplayed rounds as games against oneself, a "
                "closing run of zero-point byes as draws (burstein2025); the C.07 2023 rule, "
                "whose closing run also takes half-point byes and forfeits (fide2023)."
            ),
        },
        "boards": {
            "type": "integer",
            "minimum": 1,
            "default": 4,
            "description": "Team events: boards per match.",
        },
        "match_points": match_points_schema(
            2, 1, 0, "Team events: match points for a won, drawn and lost match (default 2/1/0)."
        ),
        "bye_match_points": {
            "type": "number",
            "default": 2,
            "description": "Team events: match points of the team bye.",
        },
        "bye_game_points": {
            "type": ["number", "null"],
            "default": None,
            "description": "Team events: game points of the team bye (null = half the boards).",
        },
        "unplayed_match": {
            "enum": ["zero", "score"],
            "default": "score",
            "description": "Team events: how a match without any game played is scored.",
        },
    }
}


#: The Index components by the names the standings give them (never the ruleset keys).
INDEX_TERMS = {
    "sonneborn-berger": Term(N_("Sonneborn-Berger")),
    "buchholz": Term(N_("Buchholz")),
    "median-buchholz": Term(N_("Median Buchholz")),
    "rating": Term(N_("rating")),
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "FIDE Burstein system (C.04.4.2): seeding rounds, then brackets in Index order paired "
            "first against last"
        ),
        "rules": "Burstein",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


@hookimpl
def swiss_sort_players(players: Sequence[PlayerState], context: RoundContext) -> list[int]:
    """``Burstein A.1``: score, then the initial order (rating, pairing number) in seeding
    rounds; score, then the Index afterwards (``A.7``, ``Burstein-2025 1.8``)."""
    if is_seeding_round(context):
        return [p.number for p in sorted(players, key=lambda p: (-p.score, -p.rating, p.number))]
    key = index_key(context)
    return [p.number for p in sorted(players, key=lambda p: (-p.score, key[p.number]))]


@hookimpl
def swiss_assign_bye(candidates: Sequence[int], context: RoundContext) -> ByeChoice:
    """``Burstein A.3`` (C.04.1 c, d), ordered as ``Burstein-2025 3.1``."""
    n = choose_bye(candidates, context)
    if n is None:  # the core's criteria: its proof names the players and what blocks them
        raise context.pairing_graph().no_pairing_error(candidates, bye=True)
    context.explanation.add(
        "Burstein A.3",
        N_(
            "player {player} gets the pairing-allocated bye (lowest score, most games played, "
            "lowest ranked)"
        ),
        player=n,
    )
    return ByeChoice(n)


@hookimpl
def swiss_build_brackets(ranked: Sequence[int], context: RoundContext) -> list[Bracket]:
    """``Burstein A.2``: one bracket per score (the core's); the players below each bracket are
    noted so that a bracket keeps the rest of the round completable (C4)."""
    brackets = _core.swiss_build_brackets(ranked=ranked, context=context)
    below: dict[int, list[int]] = {}
    acc: list[int] = []
    for b in reversed(brackets):
        below[b.index] = list(acc)
        acc = list(b.residents) + acc
    context.data["burstein.below"] = below
    return brackets


@hookimpl
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """``Burstein A.5``–``A.7`` for one bracket (see :mod:`.procedure`)."""
    return bracket_outcomes(bracket, context)


@hookimpl
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing | None:
    """``Burstein-2025 5.2``: 5.2.1-5.2.4 as the core allocates them; 5.2.5 grants the
    preference of the higher ranked player "see Article 1.8", i.e. in the Index order (Index,
    then TPN), not by score first.  The older edition and the seeding rounds keep the core's."""
    if context.ruleset.param("edition", "till-2025") != "2025" or is_seeding_round(context):
        return None
    key = index_key(context)
    rank = {n: i for i, n in enumerate(sorted(pair, key=lambda n: key[n]))}
    return _core.allocate_colours_ranked(pair, context, rank)


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing | None:
    """Team events: pair the team view, then expand the matches to board games.  Seeding
    rounds with ``seeding_pairing: dutch`` (``Burstein-2025 1.6.1``, AMB-B1): the round is
    paired by the Dutch ruleset ``seeding_ruleset``, its bye rule included."""
    if (
        not context.tournament.teams
        and is_seeding_round(context)
        and context.ruleset.param("seeding_pairing", "fold_halves") == "dutch"
    ):
        return _seeding_by_dutch(context)
    if not context.tournament.teams:
        if not context.is_first_round and not is_seeding_round(context):
            context.explanation.add(
                "Burstein A.6",
                N_("Index: {components}"),
                components=[
                    INDEX_TERMS[c]
                    for c in INDEX_ORDERS[context.ruleset.param("edition", "till-2025")]
                ],
            )
        return None
    tctx = team_context(context)
    result = _core.swiss_pair_round(context=tctx)
    return expand_round(context, result.boards, [b.player for b in result.byes], result.events)


@hookimpl
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> list[Violation]:
    """Team events: the C.04.1 absolute criteria on the team view (no second meeting, team
    colour limits by board 1, one bye at most, nobody blocked from it)."""
    if not tournament.teams:
        return []
    context.data["team_event"] = True
    scoring = TeamScoring.from_ruleset(context.ruleset)
    view, _ = team_tournament(tournament, scoring, context.point_system, round_number + 1)
    tctx = _Ctx(view, context.ruleset, round_number, engine=context.engine, explain=False)
    return _core.swiss_check_round(tournament=view, round_number=round_number, context=tctx)


def _seeding_by_dutch(context: RoundContext) -> RoundPairing:
    """``Burstein-2025 1.6.1``: "the seeding rounds are paired following the rules of the FIDE
    (Dutch) System" — the round as the Dutch ruleset ``seeding_ruleset`` pairs it."""
    from dataclasses import replace

    from swisspairing import Engine, load_ruleset

    name = str(context.ruleset.param("seeding_ruleset", SEEDING_RULESET))
    dutch = load_ruleset(name)
    if context.ruleset.first_colour != dutch.first_colour:
        dutch = replace(dutch, first_colour=context.ruleset.first_colour)
    engine = Engine(dutch)
    result = engine.pair(context.tournament, explain=context.explanation.enabled)
    events = (
        Event(
            "Burstein-2025 1.6.1",
            N_("seeding round {round}: paired by the Dutch system ({ruleset})"),
            {"round": context.round_number, "ruleset": name},
        ),
        *result.events,
    )
    return replace(result, events=events)


#: C.04.1 cites the core's generic checks (both editions predate the 2026 numbering).
cite_core_checks = core_criteria_citer(C0401_LETTERS)
