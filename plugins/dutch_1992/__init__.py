"""FIDE Dutch system, Manila 1992 edition — system ``fide-dutch-1992``.

The rules (``spec/dutch-1992.md``; German original: seed 000) and where they live:

- A2 ranking order, A3 brackets, A6 S1/S2 and P: :func:`swiss_sort_players`, core brackets,
  :mod:`.procedure`;
- A7 colour preferences, A8 X, E1–E4 colours, F3 compaction: :mod:`.colours`;
- B1/B2 absolute and B4–B6 relative criteria, the B-note: :mod:`.criteria`, :mod:`.procedure`;
- C1–C14 the procedure: :mod:`.procedure` (bracket by bracket) and the engine's bracket loop
  (C12/C13 backtracking between brackets);
- D1 transpositions, D2 exchanges: :mod:`.sequences`;
- F1 publication order: :func:`swiss_order_boards`; F2 unplayed games count no colour and
  may be repeated, F5 absent and withdrawn players: the core model.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from swisspairing import (
    N_,
    WHITE,
    BracketOutcome,
    Colour,
    Pairing,
    PlayerState,
    RoundContext,
    hookimpl,
)
from swisspairing.brackets import Bracket
from swisspairing.plugins import core_criteria_citer

from .colours import allocate_with_rule
from .criteria import TITLE_ORDER_1992, TITLE_ORDER_2000S, ranking_key
from .procedure import RULES, bracket_outcomes, dutch_round

SYSTEM = "fide-dutch-1992"

SCHEMA: Mapping[str, Any] = {
    "properties": {
        "float_relaxation": {
            "enum": ["english", "german"],
            "default": "english",
            "description": (
                "C9/C10: drop B6 then B5 (English text, AMB-D1) or only B5 (German wording)."
            ),
        },
        "topscorer_exemption": {
            "type": "boolean",
            "default": True,
            "description": (
                "B-note/AMB-D3: in the last round B2, B5, B6 and A7a may be waived for players "
                "with more than 50 %."
            ),
        },
        "title_order": {
            "enum": ["1992", "2000s"],
            "default": "1992",
            "description": "A2c title order (AMB-D15).",
        },
        "exclude_top_two_pair_exchange_in_odd_brackets": {
            "type": "boolean",
            "default": False,
            "description": "D2 remark on odd brackets taken literally (AMB-D17).",
        },
        "upfloat_relaxation": {
            "enum": ["every-bracket", "remainder-only"],
            "default": "every-bracket",
            "description": (
                "C10: B5/B6 for upfloats dropped in any bracket before X is raised or P lowered "
                "(B: relative criteria are never kept by moving an extra player down), or only "
                "for a remainder group that failed (the literal C10)."
            ),
        },
        "c14_restart": {
            "enum": ["strict", "literal"],
            "default": "strict",
            "description": (
                "C14: a lowered P starts again from the strict stage (X0, B5/B6 in force), or "
                "goes on with what C9-C11 left (B5/B6 dropped, X = P: the raised X decreased by "
                "one)."
            ),
        },
        "c14_zero": {
            "enum": ["whole-bracket", "remainder"],
            "default": "whole-bracket",
            "description": (
                "C14 with P = 0 in a heterogeneous bracket: the whole bracket moves down (the "
                "text), or the residents are first paired as the remainder group and only the "
                "moved-down players move on (A3)."
            ),
        },
    }
}

_E_MESSAGES = {
    "E1": N_("{white}–{black}: both colour preferences granted"),
    "E2": N_("{white}–{black}: the stronger colour preference granted"),
    "E3": N_("{white}–{black}: colours alternated from the last round in which they differed"),
    "E4": N_("{white}–{black}: the higher-ranked player's preference granted"),
    "AMB-D9": N_(
        "{white}–{black}: no preferences; first-round rule applied to the higher-ranked player"
    ),
    "E-R1": N_("{white}–{black}: first round, colour of board {board} by the drawn colour"),
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_("FIDE Dutch system, Manila 1992 edition (C.04.1, rules A–F)"),
        "rules": RULES,
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


#: Explanations of the ranking order in force (AMB-D20).
_RANKING_MESSAGES = {
    "pairing-number": N_(
        "ranking within each score bracket by pairing number (the start numbers: the order fixed "
        "before round 1, A1 estimates included)"
    ),
    "ratings": N_(
        "ranking within each score bracket by the file's ratings, then titles, then names "
        "(rating corrections take effect, F7)"
    ),
    "ratings, pairing number": N_(
        "ranking within each score bracket by the file's ratings, then titles, then pairing "
        "numbers (rating corrections take effect, F7)"
    ),
}


def ranking_mode(context: RoundContext) -> str:
    """AMB-D20: ``pairing-number`` (default) or ``ratings`` (the ruleset's ``ranking``)."""
    return context.ruleset.ranking or "pairing-number"


def _title_order(context: RoundContext) -> Sequence[str]:
    return (
        TITLE_ORDER_2000S
        if context.ruleset.param("title_order", "1992") == "2000s"
        else TITLE_ORDER_1992
    )


@hookimpl
def swiss_sort_players(players: Sequence[PlayerState], context: RoundContext) -> list[int]:
    """A2: score, then (AMB-D20) the pairing number, or rating, title and name re-sorted from
    the file (``ranking: ratings``; A2 d) replaced by the pairing number with
    ``ranking_last: pairing-number``)."""
    mode = ranking_mode(context)
    if not context.data.get("dutch-1992-ranking-explained"):
        context.data["dutch-1992-ranking-explained"] = True
        key = (
            mode
            if mode != "ratings" or context.ruleset.ranking_last == "name"
            else "ratings, pairing number"
        )
        context.explanation.add(f"{RULES} A2", _RANKING_MESSAGES[key])
        if mode == "pairing-number":
            _warn_start_order(context)
    if mode == "pairing-number":
        return [st.number for st in sorted(players, key=lambda st: (-st.score, st.number))]
    order = _title_order(context)
    by_name = context.ruleset.ranking_last == "name"
    return [
        st.number
        for st in sorted(
            players,
            key=lambda st: ranking_key(st.score, context.player(st.number), order, by_name=by_name),
        )
    ]


def _warn_start_order(context: RoundContext) -> None:
    """AMB-D20: the start numbers are taken as the pairing numbers; say so when the rated
    players' start numbers plainly do not follow their ratings (an alphabetical start list,
    say), since then ``ranking: ratings`` is what the arbiter wants."""
    rated = [p for p in sorted(context.tournament.players, key=lambda p: p.number) if p.rating > 0]
    if len(rated) < 4:
        return
    out_of_order = sum(1 for a, b in itertools.pairwise(rated) if a.rating < b.rating)
    if 4 * out_of_order > len(rated) - 1:
        context.explanation.add(
            f"{RULES} A2",
            N_(
                "the start numbers do not follow the ratings (neighbours out of order among the "
                "rated players: {count} of {total}): if they are not the pairing numbers, use "
                "ranking: ratings"
            ),
            count=out_of_order,
            total=len(rated) - 1,
        )


@hookimpl
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """C1–C14 for one bracket (see :mod:`.procedure`)."""
    return bracket_outcomes(bracket, context)


def _pairing_number(context: RoundContext, number: int) -> int:
    """A2: the pairing number, i.e. the position in the order before round 1 (the start
    number under ``ranking: pairing-number``, AMB-D20)."""
    if ranking_mode(context) == "pairing-number":
        return number
    numbers = context.data.get("dutch-1992-pairing-numbers")
    if numbers is None:
        by_name = context.ruleset.ranking_last == "name"
        ranked = sorted(
            context.tournament.players,
            key=lambda p: ranking_key(0.0, p, _title_order(context), by_name=by_name),
        )
        numbers = context.data["dutch-1992-pairing-numbers"] = {
            p.number: i + 1 for i, p in enumerate(ranked)
        }
    return numbers[number]


@hookimpl
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """E1–E4 (first round: E-R1 with the drawn colour, AMB-D4; no preferences: AMB-D9)."""
    dr = dutch_round(context)
    a, b = pair
    if context.rank[b] < context.rank[a]:
        a, b = b, a
    first_round = (
        not context.state(a).played_colours
        and not context.state(b).played_colours
        and context.is_first_round
    )
    position = context.rank[a] + 1 if first_round else _pairing_number(context, a)
    colour, rule = allocate_with_rule(
        context.state(a),
        context.state(b),
        higher_pref=dr.pref[a],
        lower_pref=dr.pref[b],
        higher_rank_position=position,
        initial_colour=context.initial_colour(),
    )
    if first_round:
        rule = "E-R1"
    if not (context.colour_allowed(a, colour) and context.colour_allowed(b, colour.opposite)):
        exempt_a, exempt_b = dr.topscorer.get(a, False), dr.topscorer.get(b, False)

        def keeps_limits(c: Colour) -> bool:
            """B2 for every player not exempt by the B-note (AMB-D3)."""
            return (exempt_a or context.colour_allowed(a, c)) and (
                exempt_b or context.colour_allowed(b, c.opposite)
            )

        fully = context.colour_allowed(a, colour.opposite) and context.colour_allowed(b, colour)
        if fully or (not keeps_limits(colour) and keeps_limits(colour.opposite)):
            colour = colour.opposite
            rule = "B2"
    white, black = (a, b) if colour is WHITE else (b, a)
    if rule == "B2":
        context.explanation.add(
            f"{RULES} B2",
            N_("{white}–{black}: colours chosen so that nobody breaks the colour limits"),
            white=white,
            black=black,
        )
    else:
        context.explanation.add(
            f"{RULES} {rule}" if rule != "AMB-D9" else "AMB-D9",
            _E_MESSAGES[rule],
            white=white,
            black=black,
            board=position,
        )
    return Pairing(white, black)


@hookimpl
def swiss_order_boards(pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
    """F1: score of the higher-ranked player, then the sum of both scores, then the A2 rank
    of the higher-ranked player (the bye is listed after the boards, AMB-D13)."""

    def key(p: Pairing) -> tuple[float, float, int]:
        hi = p.white if context.rank[p.white] < context.rank[p.black] else p.black
        return (
            -context.score(hi),
            -(context.score(p.white) + context.score(p.black)),
            context.rank[hi],
        )

    return sorted(pairings, key=key)


@hookimpl
def swiss_colour_exempt(number: int, context: RoundContext) -> bool:
    """B-note (AMB-D3): B2 does not bind topscorers when the last round is paired."""
    return dutch_round(context).topscorer.get(number, False)


#: The core's generic criteria by the 1992 rules: B1a, B1b, B2a, B2b; the bye A5.
CORE_CRITERIA = {
    "max_meetings": f"{RULES} B1a",
    "byes.blocked_by": f"{RULES} B1b",
    "colours.max_difference": f"{RULES} B2a",
    "colours.max_run": f"{RULES} B2b",
    "bye": f"{RULES} A5",
    "participants": f"{RULES} A5",
}


#: The Dutch-1992 rules cite the core's generic checks.
cite_core_checks = core_criteria_citer(CORE_CRITERIA)
