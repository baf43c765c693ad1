"""Section C (2026: Art. 2): the pairing criteria as one lexicographic weight per pair.

A pair of players is an edge; its weight is a Python integer made of bit fields, the most
important criterion in the highest field (the technique of the endorsed engines, spec §G).
Each field is wide enough that no sum over a whole matching of the fields below it reaches it,
so a maximum-weight matching optimises the criteria strictly in priority order.  "Minimise the
players who fail X" is written as "maximise the pairs that achieve X".

Fields, highest first (2026 numbering; the 2017 ids in brackets):

- [C1]-[C3] (C.1-C.3) absolute: incompatible pairs get no edge (:func:`compatible`);
- [C4] (C.4) completion and [C2] PAB eligibility, [C5] the PAB receiver's score: every edge
  carries ``1 + (players of the pair who may not take the bye)`` where a possible bye
  receiver is an eligible player whose score is at most the lowest score the PAB can have:
  a maximum therefore pairs everybody but one such player;
- [C6] (C.5) pairs in the current bracket;
- [C7] (C.6) scores paired in the current bracket: one counter per scoregroup, the
  higher-scored counters above (the downfloaters' scores as a list sorted descending);
- [C8] (C.7) the same two for the next bracket (pairs, then scores), one bracket ahead
  (AMB-N2);
- [C9] the unplayed games of the PAB receiver, while the bracket holding the bye is paired;
- [C10]-[C13] (C.8-C.11) colours; [C14]-[C17] (C.12-C.15) repeated floats one and two rounds
  back; [C18]-[C21] (C.16-C.19) their scores, counters per scoregroup.

Only pairs whose lower player is in the current bracket carry the quality fields; pairs into
the next scoregroup carry the completion and [C8] fields; pairs further down only the
completion field, so the matching proves that the round can still be completed ([C4]).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from swisspairing import RoundContext

from .definitions import DutchPlayer, FloatKind, RoundFacts

#: Criteria by field, highest first, with their ids in the two editions (2026, 2017).
FIELD_RULES: tuple[tuple[str, str, str], ...] = (
    ("completion", "C4", "C.4"),
    ("pairs", "C6", "C.5"),
    ("scores", "C7", "C.6"),
    ("next-pairs", "C8", "C.7"),
    ("next-scores", "C8", "C.7"),
    ("bye-unplayed", "C9", ""),
    ("colour-imbalance", "C10", "C.8"),
    ("colour-run", "C11", "C.9"),
    ("colour-preference", "C12", "C.10"),
    ("strong-preference", "C13", "C.11"),
    ("down-1", "C14", "C.12"),
    ("up-1", "C15", "C.13"),
    ("down-2", "C16", "C.14"),
    ("up-2", "C17", "C.15"),
    ("down-score-1", "C18", "C.16"),
    ("up-score-1", "C19", "C.17"),
    ("down-score-2", "C20", "C.18"),
    ("up-score-2", "C21", "C.19"),
)


class Place(enum.Enum):
    """Where the lower player of a pair stands relative to the bracket being paired."""

    CURRENT = "current"
    NEXT = "next"
    FAR = "far"


def compatible(hi: DutchPlayer, lo: DutchPlayer, facts: RoundFacts, context: RoundContext) -> bool:
    """[C1] (C.1) no second meeting (played games only, GHR 3.5) and no forbidden pair;
    [C3] (C.3) two non-topscorers with the same absolute colour preference do not meet."""
    return context.may_meet(hi.number, lo.number) and colour_compatible(hi, lo, facts)


def colour_compatible(hi: DutchPlayer, lo: DutchPlayer, facts: RoundFacts) -> bool:
    """[C3] (C.3) alone: two non-topscorers with the same absolute colour preference do not
    meet (what :func:`compatible` asks beyond the players' history)."""
    if hi.absolute and lo.absolute and hi.preference is lo.preference:
        return facts.is_topscorer(hi.number) or facts.is_topscorer(lo.number)
    return True


@dataclass(frozen=True, slots=True)
class Layout:
    """Widths of the fields for one round."""

    count_bits: int
    """Width of a counting field (pairs, players)."""
    score_shift: Mapping[int, int]
    """Offset of each scoregroup's counter inside a score field (lowest score at 0)."""
    score_bits: int
    """Width of a score field."""
    rank_bits: int
    """Width of the [C9] field."""

    @classmethod
    def for_round(cls, facts: RoundFacts) -> Layout:
        n = len(facts.order)
        sizes: dict[int, int] = {}
        for num in facts.order:
            s = facts.players[num].score
            sizes[s] = sizes.get(s, 0) + 1
        shift: dict[int, int] = {}
        offset = 0
        for s in sorted(sizes):
            shift[s] = offset
            offset += (2 * sizes[s]).bit_length() + 1
        return cls(
            count_bits=(4 * n + 4).bit_length() + 1,
            score_shift=shift,
            score_bits=offset,
            rank_bits=(2 * n * n + 2).bit_length() + 1,
        )

    def widths(self) -> list[int]:
        """The width of each field of :data:`FIELD_RULES`, in order."""
        c, s = self.count_bits, self.score_bits
        return [c, c, s, c, s, self.rank_bits, c, c, c, c, c, c, c, c, s, s, s, s]

    def pack(self, values: Sequence[int]) -> int:
        """The weight made of ``values`` (one per field)."""
        w = 0
        for value, width in zip(values, self.widths(), strict=True):
            w = (w << width) | value
        return w

    def unpack(self, weight: int) -> list[int]:
        """The field values of a (summed) weight."""
        out = []
        for width in reversed(self.widths()):
            out.append(weight & ((1 << width) - 1))
            weight >>= width
        return out[::-1]

    @property
    def completion_unit(self) -> int:
        """The unit of the [C4] field (the lowest bit of the first field)."""
        return 1 << sum(self.widths()[1:])

    def score_bit(self, score: int) -> int:
        """The unit of ``score``'s counter in a score field."""
        return 1 << self.score_shift[score]


@dataclass
class ByeFacts:
    """What the round says about the PAB before the brackets ([C5], [C9])."""

    score: int | None
    """The lowest score the PAB receiver can have ([C5]); ``None`` when nobody gets it."""
    unplayed_rank: Mapping[int, int]
    """[C9]: for the games played by a player of the PAB score, how much pairing him is
    worth (more unplayed games, more worth pairing: the PAB goes to the one who played most)."""
    single_downfloater: bool
    """[C9] applies to the bracket being paired (it holds the PAB receiver)."""


def bye_candidate(p: DutchPlayer, bye: ByeFacts) -> bool:
    """[C2] and [C5]: may take the PAB, with no more than the lowest possible PAB score."""
    return bye.score is not None and p.bye_eligible and p.score <= bye.score


def edge_weight(
    hi: DutchPlayer,
    lo: DutchPlayer,
    place: Place,
    facts: RoundFacts,
    layout: Layout,
    bye: ByeFacts,
    *,
    completion: bool = True,
) -> int:
    """The weight of pairing ``hi`` (the higher-ranked) with ``lo`` (compatibility checked by
    the caller), with ``lo`` in the current bracket, the next scoregroup or further down.
    Without ``completion`` the [C4] field is left empty (for a matching over the bracket and
    the next scoregroup alone, whose completion is checked separately)."""
    values = [0] * len(FIELD_RULES)
    # [C4] completion, [C2] eligibility, [C5] the PAB score
    if completion:
        values[0] = 1 + (not bye_candidate(hi, bye)) + (not bye_candidate(lo, bye))
    if place is Place.NEXT:
        values[3] = 1  # [C8] pairs in the next bracket
        values[4] = layout.score_bit(hi.score)  # [C8] scores paired there
    if bye.single_downfloater and bye.score is not None:  # [C9]
        values[5] = (bye.unplayed_rank.get(hi.games_played, 0) if hi.score == bye.score else 0) + (
            bye.unplayed_rank.get(lo.games_played, 0) if lo.score == bye.score else 0
        )
    if place is not Place.CURRENT:
        return layout.pack(values)
    values[1] = 1  # [C6] pairs in the current bracket
    values[2] = layout.score_bit(hi.score)  # [C7] scores paired (MDPs first)
    same = hi.preference is lo.preference and hi.preference is not None
    # [C10] a topscorer's CD beyond ±2: both |CD| > 1 wanting the same colour
    values[6] = not (hi.absolute_imbalance and lo.absolute_imbalance and same)
    # [C11] a topscorer's third colour in a row: the one who loses E.2 had the colour twice
    if hi.absolute and lo.absolute and same:
        if abs(hi.colour_difference) == abs(lo.colour_difference):
            values[7] = hi.repeated is None or hi.repeated is not lo.repeated
        else:
            loser = lo if abs(hi.colour_difference) > abs(lo.colour_difference) else hi
            values[7] = loser.repeated is not hi.preference.opposite  # type: ignore[union-attr]
    else:
        values[7] = 1
    values[8] = not same  # [C12] both preferences granted
    # [C13] a strong preference not granted (absolute against absolute is [C10]/[C11])
    values[9] = (
        not (hi.strong or hi.absolute)
        or not (lo.strong or lo.absolute)
        or (hi.absolute and lo.absolute)
    ) or not same
    mdp_opponent = hi.score > lo.score
    for back, (down, up, down_s, up_s) in enumerate(((10, 11, 14, 15), (12, 13, 16, 17))):
        if facts.played_rounds <= back:
            continue
        # [C14]/[C16] resident downfloaters with a downfloat then: pairing them is worth it
        values[down] = (lo.floats[back] is FloatKind.DOWN) + (
            hi.score <= lo.score and hi.floats[back] is FloatKind.DOWN
        )
        # [C15]/[C17] MDP opponents with an upfloat then
        values[up] = not (mdp_opponent and lo.floats[back] is FloatKind.UP)
        # [C18]/[C20] scores of the players with a downfloat then who are paired
        values[down_s] = (
            layout.score_bit(lo.score) if lo.floats[back] is FloatKind.DOWN else 0
        ) + (layout.score_bit(hi.score) if hi.floats[back] is FloatKind.DOWN else 0)
        # [C19]/[C21] scores of MDPs whose opponent had no upfloat then
        values[up_s] = (
            0 if (mdp_opponent and lo.floats[back] is FloatKind.UP) else layout.score_bit(hi.score)
        )
    return layout.pack(values)
