"""Russian draughts Swiss system, rule 5.4.10 — system ``ru-draughts``.

Four variants, chosen by the ruleset parameter ``variant`` (``spec/russian-draughts-swiss.md``,
seed 002; cite as ``RDF 5.4.10.x``):

========================  ==============  =====================================================
ruleset                   variant         rule
========================  ==============  =====================================================
``rdf-random``            ``random``      5.4.10.4 random lot («слепой жребий»)
``rdf-coefficient``       ``coefficient`` 5.4.10.5 start-number system (individual coefficients)
``rdf-solkoff``           ``solkoff``     5.4.10.6 truncated Solkoff from round 3
``rdf-buchholz``          ``buchholz``    5.4.10.7 current Buchholz, fold pairing
========================  ==============  =====================================================

``rdf-solkoff-manual-draw`` and ``rdf-buchholz-manual-draw`` order the score groups by the
5.4.10.11 coefficients of the manual draw (``coefficient_policy: manual-draw``); the others
count the opponents met (AMB-R9, AMB-R10).  The classification numbers are fixed before round 1
and kept in the written file (:mod:`.numbers`, AMB-R13).

What applies to all of them (RDF 5.4.10.2), and where it lives:

- (a) no rematch, (c) colour limit: :meth:`RoundContext.compatible` with the ruleset's
  ``max_meetings: 1`` and ``colours: {max_run: 3, max_difference: null}`` ("never the same
  colour four times running"); alternation: :mod:`.colours` (AMB-R1);
- (b) no second win without play, (f) the plus for an odd number: :func:`swiss_assign_bye`
  — the last player of the pairing order who has had no ``U``/``F``/``+`` yet
  (``byes.blocked_by``; AMB-R4, AMB-R5), chosen before the groups are paired;
- (d) rounds without a game give no colour: the core's colour histories skip them;
- (e) withdrawn players are not paired; players known to miss the round are not paired and
  lose: :func:`swiss_pair_round` writes them a forfeit loss ``0000 - -`` (AMB-R12; ruleset
  parameter ``absence_result``).  A known absence is entered as a pre-filled ``0000 - Z``
  (or ``0000 - -``) for the round, or with ``XXZ``.

The draw itself (5.4.10.8) is the core engine's group-by-group backtracking
(:meth:`Engine.pair_brackets` through the core's ``swiss_pair_round``): each score group
offers its pairings in the order its rule prefers them (:mod:`.groups`) and the engine takes
the first one with which every lower group can be paired.  The order inside groups and the
classification are in :mod:`.ordering`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from swisspairing import (
    N_,
    Bracket,
    BracketOutcome,
    Bye,
    ByeChoice,
    Event,
    Explanation,
    NoValidPairingError,
    Pairing,
    PlayerState,
    RoundContext,
    RoundPairing,
    hookimpl,
)
from swisspairing import defaults as _core
from swisspairing.i18n import NP_
from swisspairing.plugins import core_criteria_citer

from . import colours as _colours
from .groups import RULES, Feasibility, GroupRule, group_outcomes
from .numbers import records as _records
from .ordering import NOTES, order_info, pairing_order, round_classification

SYSTEM = "ru-draughts"

__all__ = ["SCHEMA", "SYSTEM", "VARIANTS", "group_rule"]

VARIANTS = ("random", "coefficient", "solkoff", "buchholz")

#: Display names of the built-in rulesets (the YAML files hold the same text), for the catalogues.
RULESET_NAMES = (
    N_("Russian draughts Swiss, random lot (RDF 5.4.10.4)"),
    N_("Russian draughts Swiss, start-number system (RDF 5.4.10.5)"),
    N_("Russian draughts Swiss, truncated Solkoff (RDF 5.4.10.6)"),
    N_("Russian draughts Swiss, current Buchholz (RDF 5.4.10.7)"),
    N_("Russian draughts Swiss (RDF 5.4.10), common settings"),
    N_("Russian draughts Swiss, truncated Solkoff, manual draw (RDF 5.4.10.6, 5.4.10.11)"),
    N_("Russian draughts Swiss, current Buchholz, manual draw (RDF 5.4.10.7, 5.4.10.11)"),
)

#: How often another player is tried for the plus when the first choice leaves the rest
#: unpairable, before the engine's full search decides (5.4.10.8).
PLUS_RETRIES = 3

SCHEMA: Mapping[str, Any] = {
    "properties": {
        "variant": {
            "enum": list(VARIANTS),
            "default": "coefficient",
            "description": (
                "RDF 5.4.10.4 random lot, 5.4.10.5 start-number system, 5.4.10.6 truncated "
                "Solkoff, 5.4.10.7 current Buchholz."
            ),
        },
        "classification": {
            "enum": ["rating-lot", "lot", "start-number"],
            "default": "rating-lot",
            "description": (
                "RDF 5.4.10.5.1 / 5.4.10.4, AMB-R13: how the classification numbers are set "
                "before round 1: rated players by rating with a lot for equal ratings, then the "
                "unrated by lot (rating-lot); everybody by lot, the program's own draw before the "
                "tournament (lot); or the file's start numbers are the numbers (start-number: the "
                "arbiter's draw or classification). Numbers set by the program are drawn with the "
                "round-1 seed and recorded in the written file (SPN records), and every later "
                "round reads them back."
            ),
        },
        "classification_seed": {
            "type": ["integer", "null"],
            "default": None,
            "description": (
                "Seed of the classification lot; null = the seed of round 1 (--seed, else derived "
                "from the file)."
            ),
        },
        "order_parity": {
            "enum": ["paired-round", "played-round", "none"],
            "default": "paired-round",
            "description": (
                "AMB-R2 (RDF 5.4.10.5.3): classification numbers descend inside score groups when "
                "the round being paired is even (paired-round), when the last round played is "
                "even (played-round), or never (none)."
            ),
        },
        "coefficient_from_round": {
            "type": "integer",
            "minimum": 2,
            "default": 3,
            "description": (
                "RDF 5.4.10.6.2, 5.4.10.7.6: first round ordered by the coefficient inside score "
                "groups."
            ),
        },
        "coefficient_policy": {
            "enum": ["computer", "manual-draw"],
            "default": "computer",
            "description": (
                "Coefficients ordering the draw during the event (RDF 5.4.10.6.2, 5.4.10.7.6): "
                "the opponents actually met (computer, AMB-R10), or with the RDF 5.4.10.11 "
                "manual-draw adjustments (manual-draw, AMB-R9: a plus counts as the lowest score "
                "of the event, a withdrawn opponent's remaining games at his score group's "
                "average). The final standings apply 5.4.10.11 through tiebreak_policy either way."
            ),
        },
        "buchholz_floater": {
            "enum": ["first", "last"],
            "default": "first",
            "description": (
                "AMB-R7 (RDF 5.4.10.7.4): in the current-Buchholz variant the first player of an "
                "odd group goes down and meets the last of the next group (first), or, as in "
                "5.4.10.5.4, the last goes down and meets the first (last)."
            ),
        },
        "absence_result": {
            "enum": ["-", "Z"],
            "default": "-",
            "description": (
                "AMB-R12 (RDF 5.4.10.2(e)): result written for a player known to miss the round: "
                "forfeit loss (-) or zero-point bye (Z)."
            ),
        },
    }
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "Russian draughts Swiss system (RDF 5.4.10): random lot, start-number system, "
            "truncated Solkoff, current Buchholz"
        ),
        "rules": "RDF 5.4.10",
        # RDF 5.4.10.2(f): the odd player out "получает плюс" — the pairing list says so too
        "bye": N_("plus"),
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


@hookimpl
def swiss_tiebreaks() -> Mapping[str, Any]:
    """The core's ``buchholz-cut1`` under the name seed 002 gives it for draughts: RDF 5.4.10.6.2
    «усечённый коэффициент Солкофа» — the sum of the opponents' points except the worst — and
    cited by that rule alone (the FIDE C.07 number and the digest's ``TB 2`` are the chess
    names of the same sum; glossary 60/61)."""
    from swisspairing.tiebreaks import CORE_TIEBREAKS

    cut1 = CORE_TIEBREAKS["buchholz-cut1"]
    return {
        cut1.id: replace(
            cut1,
            name=N_("truncated Solkoff coefficient"),
            short=N_("tr. Solkoff"),
            rule="RDF 5.4.10.6.2",
        )
    }


def group_rule(context: RoundContext) -> GroupRule:
    """The pairing rule inside score groups for the ruleset's variant."""
    variant = context.ruleset.param("variant", "coefficient")
    if variant == "random":
        return RULES["lot"]
    if variant == "buchholz":
        return RULES[
            "fold"
            if context.ruleset.param("buchholz_floater", "first") == "first"
            else "fold-last-down"
        ]
    return RULES["start-number"]


# ---------------------------------------------------------------------- the round
_PLUS_EXCLUDED = "ru_draughts.plus_excluded"
_PLUS_CHOICE = "ru_draughts.plus_choice"
_PLUS_SEARCH = "ru_draughts.plus_search"
_GUARD = "ru_draughts.feasibility"


def _known_absences(context: RoundContext) -> tuple[list[int], list[int], list[int]]:
    """RDF 5.4.10.2(e): ``(absent, withdrawn, other pre-entered results)`` for the round."""
    t, rnd = context.tournament, context.round_number
    absent: list[int] = []
    withdrawn: list[int] = []
    other: list[int] = []
    for p in t.players:
        n = p.number
        if t.is_withdrawn(n, rnd):
            withdrawn.append(n)
            continue
        rec = t.requested_absence(n, rnd)
        if rec is not None:
            (absent if rec.result in "Z " else other).append(n)
            continue
        pre = p.record(rnd)
        if pre is not None and pre.opponent is None and pre.result == "-":
            absent.append(n)
    return absent, withdrawn, other


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """RDF 5.4.10.2(e) around the core's round procedure: known absentees and withdrawn
    players are left out, absentees are scored a loss; then the core sorts, fixes the plus,
    builds the score groups and pairs them with its backtracking loop (5.4.10.8).  If the
    plus chosen up front leaves the others impossible to pair, the next player in line gets
    it (at most :data:`PLUS_RETRIES` times, then the engine's full search decides)."""
    absent, withdrawn, other = _known_absences(context)
    absence_result = context.ruleset.param("absence_result", "-")
    if absent:
        gone = set(absent)
        context.participants = [n for n in context.participants if n not in gone]
    enabled = context.explanation.enabled
    head: list[Event] = []
    if enabled:
        if withdrawn:
            head.append(
                Event(
                    "RDF 5.4.10.2(e)",
                    NP_(
                        "withdrawn, no longer paired: {players}",
                        "withdrawn, no longer paired: {players}",
                        "players",
                    ),
                    {"players": withdrawn},
                )
            )
        if absent:
            head.append(
                Event(
                    "RDF 5.4.10.2(e)",
                    NP_(
                        "known to miss this round, not paired and scored a loss: {players}",
                        "known to miss this round, not paired and scored a loss: {players}",
                        "players",
                    ),
                    {"players": absent},
                )
            )
        if other:
            head.append(
                Event(
                    "RDF 5.4.10.2(e)",
                    N_("result entered in advance for this round, not paired: {players}"),
                    {"players": other},
                )
            )
        head.extend(_classification_events(context))
    excluded: list[int] = []
    context.data[_PLUS_EXCLUDED] = excluded
    while True:
        context.explanation = Explanation(enabled)
        context.data.pop(_PLUS_CHOICE, None)
        try:
            result = _core.swiss_pair_round(context=context)
            break
        except NoValidPairingError:
            choice = context.data.get(_PLUS_CHOICE)
            if choice is None or context.data.get(_PLUS_SEARCH):
                raise
            excluded.append(choice)
            if len(excluded) >= PLUS_RETRIES:
                context.data[_PLUS_SEARCH] = True
    if enabled:
        head.extend(context.data.get(NOTES, ()))
    if excluded and enabled:
        head.append(
            Event(
                "RDF 5.4.10.8",
                N_(
                    "with the plus for one of {players} the others could not all be paired, so "
                    "the plus goes to the next player in line"
                ),
                {"players": excluded},
            )
        )
    byes = result.byes + tuple(Bye(n, absence_result) for n in absent)
    records = _records(round_classification(context))
    return replace(
        result, byes=byes, events=tuple(head) + result.events, records=result.records + records
    )


def _classification_events(context: RoundContext) -> list[Event]:
    """RDF 5.4.10.5.1 / 5.4.10.4 (AMB-R13): how the classification numbers of this round were
    obtained — read back from the file, the start numbers, or set now (round 1, or a file that
    does not record them)."""
    cls = round_classification(context)
    random_variant = context.ruleset.param("variant", "coefficient") == "random"
    rule = "RDF 5.4.10.4" if random_variant else "RDF 5.4.10.5.1"
    events: list[Event] = []
    if not cls.drawn:
        if context.round_number == 1:
            events.append(
                Event(
                    rule,
                    N_("the classification numbers recorded in the file are used: {order}"),
                    {"order": cls.order},
                )
            )
        return events
    if cls.method == "start-number" and not cls.recorded:
        if context.round_number == 1:
            if random_variant:
                events.append(
                    Event(rule, N_("the start numbers are the numbers drawn before the tournament"))
                )
            else:
                events.append(Event(rule, N_("the start numbers are the classification numbers")))
        return events
    if context.round_number > 1:
        events.append(
            Event(
                rule,
                NP_(
                    "the file does not record the classification number of player {players}; it "
                    "is set again as before round 1 and recorded from now on",
                    "the file does not record the classification numbers of players {players}; "
                    "they are set again as before round 1 and recorded from now on",
                    "players",
                ),
                {"players": list(cls.drawn)},
            )
        )
    drawn = set(cls.drawn)
    order = [n for n in cls.order if n in drawn]
    if cls.method == "lot":
        events.append(
            Event(
                rule,
                N_("the numbers are drawn by lot before the tournament (seed {seed}): {order}"),
                {"seed": cls.seed, "order": order},
            )
        )
    elif cls.method == "start-number":
        events.append(
            Event(
                rule,
                N_(
                    "players without a recorded number are numbered after the others by start "
                    "number: {players}"
                ),
                {"players": order},
            )
        )
    else:
        events.append(
            Event("RDF 5.4.10.5.1", N_("classification by rating: {order}"), {"order": order})
        )
        if cls.tied:
            tied = set(cls.tied)
            events.append(
                Event(
                    "RDF 5.4.10.5.1",
                    N_("equal ratings, ordered by lot (seed {seed}): {players}"),
                    {"seed": cls.seed, "players": [n for n in order if n in tied]},
                )
            )
        if cls.unrated:
            events.append(
                Event(
                    "RDF 5.4.10.5.1",
                    NP_(
                        "no rating, placed last and ordered by lot (seed {seed}): {players}",
                        "no rating, placed last and ordered by lot (seed {seed}): {players}",
                        "players",
                    ),
                    {"seed": cls.seed, "players": list(cls.unrated)},
                )
            )
    if _records(cls):
        events.append(
            Event(
                "RDF 5.4.10.5.1",
                N_(
                    "the classification numbers are fixed for the whole tournament and written to "
                    "the file (SPN records)"
                ),
            )
        )
    return events


@hookimpl
def swiss_sort_players(players: Sequence[PlayerState], context: RoundContext) -> list[int]:
    """Score groups descending; inside them the variant's order (:mod:`.ordering`)."""
    return pairing_order([p.number for p in players], context)


@hookimpl
def swiss_assign_bye(candidates: Sequence[int], context: RoundContext) -> ByeChoice:
    """RDF 5.4.10.2(f), AMB-R4: the plus goes to the last player of the pairing order (round 1:
    the last-classified) who may receive it; RDF 5.4.10.2(b), AMB-R5: not to a player who
    already had a plus or another win without play (``byes.blocked_by``)."""
    if context.data.get(_PLUS_SEARCH):
        return ByeChoice(None)
    excluded = context.data.get(_PLUS_EXCLUDED, ())
    blocked: list[int] = []
    for n in reversed(candidates):
        if n in excluded:
            continue
        if not context.can_receive_bye(n):
            blocked.append(n)
            continue
        context.data[_PLUS_CHOICE] = n
        if blocked:
            context.explanation.add(
                "RDF 5.4.10.2(b)",
                N_("already had a win without play, so no plus again: {players}"),
                players=blocked,
            )
        context.explanation.add(
            "RDF 5.4.10.2(f)",
            N_(
                "odd number of players: player {player}, the last in the order who may receive "
                "it, gets the plus"
            ),
            player=n,
        )
        return ByeChoice(n)
    raise NoValidPairingError(
        N_(
            "nobody may receive the plus: every remaining player already had a win without play "
            "(RDF 5.4.10.2(b))"
        )
    )


@hookimpl
def swiss_build_brackets(ranked: Sequence[int], context: RoundContext) -> list[Bracket]:
    """Score groups (очковые группы), highest score first, each in the pairing order
    (RDF 5.4.10.5.3, 5.4.10.4: "the drawing starts with the most points")."""
    brackets = _core.swiss_build_brackets(ranked=ranked, context=context)
    bye_eligible = None
    if context.data.get(_PLUS_SEARCH) and len(ranked) % 2 == 1:
        bye_eligible = context.can_receive_bye
    context.data[_GUARD] = Feasibility(brackets, _compat(context), bye_eligible)
    return brackets


def _compat(context: RoundContext) -> Any:
    """``compatible(a, b)`` with the colour part precomputed once per round."""
    fn = context.data.get("ru_draughts.compat")
    if fn is not None:
        return fn
    info = _colours.colour_info(context)
    may_meet = context.may_meet

    def compatible(a: int, b: int) -> bool:
        _, _, wa, ba = info[a]
        _, _, wb, bb = info[b]
        return ((wa and bb) or (ba and wb)) and may_meet(a, b)

    context.data["ru_draughts.compat"] = compatible
    return compatible


@hookimpl
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """The group's pairings in its rule's order (:func:`.groups.group_outcomes`)."""
    order_event = None
    if context.explanation.enabled:
        info = order_info(context)
        if info is not None:
            labels = info["labels"]
            order_event = Event(
                info["rule"],
                N_("score group {score}: order by {criterion}: {players}"),
                {
                    "score": bracket.score,
                    "criterion": info["criterion"],
                    "players": [labels.get(n, str(n)) for n in bracket.residents],
                },
                bracket.index,
            )
    bye_needed = bool(context.data.get(_PLUS_SEARCH)) and bracket.is_last and len(bracket) % 2 == 1
    guard = context.data.get(_GUARD)
    return group_outcomes(
        bracket,
        context,
        group_rule(context),
        _compat(context),
        order_event=order_event,
        bye_needed=bye_needed,
        guard=guard,
    )


@hookimpl
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """RDF 5.4.10.5.2 / 5.4.10.7.2 in round 1, RDF 5.4.10.2(c) with AMB-R1 later
    (:mod:`.colours`)."""
    return _colours.allocate(pair, context)


@hookimpl
def swiss_order_boards(pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
    """Boards in the order of the draw: higher score group first, then the position of the
    pair's higher-ranked player in the pairing order."""
    rank = context.rank

    def key(p: Pairing) -> tuple[float, int]:
        top = max(context.score(p.white), context.score(p.black))
        return (-top, min(rank.get(p.white, 1 << 30), rank.get(p.black, 1 << 30)))

    return sorted(pairings, key=key)


#: The core's generic criteria by RDF 5.4.10.2: (a) no second meeting, (b) no second win
#: without play (the plus too, AMB-R5), (c) never the same colour four times running, (f) the
#: plus for an odd number.  The text sets no colour-difference limit (AMB-R1).
CORE_CRITERIA = {
    "max_meetings": "RDF 5.4.10.2(a)",
    "byes.blocked_by": "RDF 5.4.10.2(b)",
    "colours.max_run": "RDF 5.4.10.2(c)",
    "bye": "RDF 5.4.10.2(f)",
    "participants": "RDF 5.4.10.2(f)",
}


#: RDF 5.4.10.2 cites the core's generic checks.
cite_core_checks = core_criteria_citer(CORE_CRITERIA)
