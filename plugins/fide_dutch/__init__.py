"""FIDE (Dutch) system, current editions (C.04.3) -- system ``fide-dutch``.

Two rulesets: ``fide-dutch-2017`` (the Baku 2016 text with the 2017 definitions, cited
``Dutch-2017``) and ``fide-dutch-2025`` (the text in force from 1 February 2026, TRF-2026
``FIDE_DUTCH_2025``, cited ``Dutch-2026``).  The digest is ``spec/dutch-current.md``.

Where the rules live:

- A definitions (order, scoregroups, floats, PAB eligibility, colour preferences, topscorers),
  C.04.1 BR 4 and C.04.2 GHR 2-3: :mod:`.definitions`; Baku acceleration: :mod:`.acceleration`;
- C criteria as one lexicographic weight per pair: :mod:`.criteria`;
- B the bracket procedure and A.9 / 1.9 the round-pairing: :mod:`.procedure`;
- D the generation order that decides ties: :mod:`.order`;
- E colour allocation: :mod:`.colours`.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from swisspairing import (
    N_,
    WHITE,
    Bye,
    Pairing,
    PlayerState,
    RoundContext,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
)
from swisspairing.plugins import C0401_2026, C0401_LETTERS, core_criteria_citer

from .colours import allocate
from .definitions import Edition, round_facts, to_units
from .procedure import NoCompletePairing, pair_dutch_round

SYSTEM = "fide-dutch"

SCHEMA: Mapping[str, Any] = {
    "properties": {
        "edition": {
            "enum": ["2017", "2026"],
            "default": "2026",
            "description": (
                "C.04.3 edition: 2017 (Baku 2016 text with the 2017 definitions) or 2026 "
                "(approved 2024/25, in force from 1 February 2026, TRF-2026 FIDE_DUTCH_2025)."
            ),
        },
        "acceleration": {
            "enum": ["none", "baku"],
            "default": "none",
            "description": (
                "C.04.5.1 Baku acceleration (virtual points for the first 2*ceil(N/4) players "
                "in the first half of the rounds); TRF XXA/250 records always take precedence."
            ),
        },
        "pairing_numbers": {
            "enum": ["taking-part", "start"],
            "default": "taking-part",
            "description": (
                "The pairing numbers of A.2 / 1.2.2 and of the parity rule E.5 / 5.2.5 "
                "(AMB-N5): the start list counting only the players who take part in the "
                "round or took part in an earlier pairing (bbpPairings), or the whole start "
                "list, a player absent from the round keeping his number (py4swiss)."
            ),
        },
    }
}


def rules_id(context: RoundContext) -> str:
    """``Dutch-2017`` or ``Dutch-2026``: the prefix of the rule ids cited."""
    return "Dutch-2017" if round_facts(context).edition is Edition.DUTCH_2017 else "Dutch-2026"


def cite(context: RoundContext, rule_2026: str, rule_2017: str) -> str:
    """A rule id in the edition in force."""
    if round_facts(context).edition is Edition.DUTCH_2017:
        return f"Dutch-2017 {rule_2017}"
    return f"Dutch-2026 [{rule_2026}]" if rule_2026.startswith("C") else f"Dutch-2026 {rule_2026}"


@hookimpl
def swiss_system_info() -> Mapping[str, Any]:
    return {
        "description": N_(
            "FIDE Dutch system, current editions (C.04.3: 2017 text or the text in force from "
            "February 2026)"
        ),
        "rules": "Dutch-2026",
        "acceleration": True,  # XXA / 250 virtual points are pairing points (Baku 4)
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


@hookimpl
def swiss_sort_players(players: Sequence[PlayerState], context: RoundContext) -> list[int]:
    """A.2 / 1.2: pairing score descending, then the pairing number (TPN) ascending."""
    facts = round_facts(context)
    wanted = {st.number for st in players}
    return [n for n in facts.order if n in wanted]


_COLOUR_MESSAGES = {
    "E.1": N_("{white}–{black}: both colour preferences granted"),
    "E.2": N_("{white}–{black}: the stronger colour preference granted"),
    "E.3": N_("{white}–{black}: colours alternated from the last round in which they differed"),
    "E.4": N_("{white}–{black}: the higher-ranked player's preference granted"),
    "E.5": N_(
        "{white}–{black}: no preferences; the higher-ranked player's pairing number decides "
        "with the initial colour"
    ),
}

_COLOUR_RULES_2026 = {
    "E.1": "5.2.1",
    "E.2": "5.2.2",
    "E.3": "5.2.3",
    "E.4": "5.2.4",
    "E.5": "5.2.5",
}


def _colour_pairing(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """E.1-E.5 / 5.2.1-5.2.5 for one pair."""
    facts = round_facts(context)
    a, b = pair
    if facts.index[b] < facts.index[a]:
        a, b = b, a
    colour, rule = allocate(facts.players[a], facts.players[b], context.initial_colour())
    white, black = (a, b) if colour is WHITE else (b, a)
    context.explanation.add(
        cite(context, _COLOUR_RULES_2026[rule], rule),
        _COLOUR_MESSAGES[rule],
        white=white,
        black=black,
    )
    return Pairing(white, black)


@hookimpl
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """E.1-E.5 / 5.2.1-5.2.5."""
    return _colour_pairing(pair, context)


@hookimpl
def swiss_order_boards(pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
    """GHR 3.6: the score of the higher-ranked player, then the score of the other, then the
    rank of the higher-ranked player (real scores; A.2 rank)."""
    facts = round_facts(context)
    index = facts.index

    def key(p: Pairing) -> tuple[int, int, int]:
        hi, lo = (p.white, p.black) if index[p.white] < index[p.black] else (p.black, p.white)
        return (-facts.players[hi].real_score, -facts.players[lo].real_score, index[hi])

    return sorted(pairings, key=key)


@hookimpl
def swiss_colour_exempt(number: int, context: RoundContext) -> bool:
    """[C3] / C.3: topscorers (A.7 / 1.8) may meet with the same absolute preference when the
    last round is paired."""
    facts = round_facts(context)
    return number in facts.players and facts.is_topscorer(number)


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """The whole round: A.9 / 1.9, bracket by bracket (:mod:`.procedure`)."""
    facts = round_facts(context)
    context.set_ranking(list(facts.order))
    try:
        result = pair_dutch_round(context)
    except NoCompletePairing:
        odd = len(context.participants) % 2 == 1
        raise context.pairing_graph().no_pairing_error(context.participants, bye=odd) from None
    from .explain import explain_round

    explain_round(result, context)
    boards = [_colour_pairing(p, context) for p in result.pairs]
    boards = swiss_order_boards(boards, context)
    byes = (Bye(result.bye),) if result.bye is not None else ()
    events = list(context.explanation)
    events.sort(key=lambda e: (e.bracket is None, e.bracket or 0))
    return RoundPairing(context.round_number, tuple(boards), byes, tuple(events))


__all__ = ["SCHEMA", "SYSTEM", "rules_id", "to_units"]


def _c0401(context: RoundContext) -> Mapping[str, str]:
    """C.04.1 in the numbering of the edition in force (2017: letters; 2026: BR numbers)."""
    return C0401_LETTERS if round_facts(context).edition is Edition.DUTCH_2017 else C0401_2026


#: C.04.1 cites the core's generic checks.
cite_core_checks = core_criteria_citer(_c0401)

#: The core's colour-limit checks, by their key and as C.04.1 cites them in either edition.
_COLOUR_LIMITS = frozenset(
    k
    for key in ("colours.max_difference", "colours.max_run")
    for k in (key, C0401_LETTERS[key], C0401_2026[key])
)


@hookimpl(wrapper=True, specname="swiss_check_round")
def c3_topscorer_opponents(
    tournament: Tournament, round_number: int, context: RoundContext
) -> Generator[None, list[list[Violation]], list[list[Violation]]]:
    """[C3] / C.3 forbids only two *non-topscorers* with the same absolute colour preference
    to meet: a topscorer may meet anyone when the last round is paired, and the colours
    (E.1 / 5.2.2, the stronger preference first) may then take the other player beyond the
    colour limits.  That player's colour-limit finding is no violation of this system
    (bbpPairings pairs so too); every other finding stands."""
    parts = yield
    excused = set()
    for p in tournament.players:
        rec = p.record(round_number)
        if rec is None or rec.opponent is None:
            continue
        if context.engine.hook.swiss_colour_exempt(number=rec.opponent, context=context):
            excused.add(p.number)
    return [
        [v for v in part if not (v.rule in _COLOUR_LIMITS and dict(v.args).get("p") in excused)]
        for part in parts
        if part
    ]
