"""Section C of the 2017 edition as one lexicographic weight per pair (C.1-C.19).

Differences from the 2026 fields (:mod:`.criteria`):

- C.4 completion is a criterion only in the PPB and the CLB (A.9): a bracket is first paired
  over itself and the next scoregroup without it, and only when its downfloaters leave the
  round uncompletable is it paired again as the PPB over every remaining player;
- C.6 and C.7 minimise the pairing score difference (A.8): the PSD of a bracket is the list of
  the score differences of its pairs and of its downfloaters (score − (lowest score − 1
  point)), sorted descending; as a weight, one counter per distinct difference (the larger
  differences above) and a pair is worth the two downfloater differences it removes less its
  own difference;
- C.7 (not in the PPB and the CLB): the next bracket's pairs, then its PSD; when the next
  scoregroup is the last, its pairs carry the PAB eligibility (C.2) as the completion field;
- C.12-C.19 count players who get the same float again, and C.16-C.19 weigh them by their
  score differences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .criteria import Place
from .definitions import SCALE, DutchPlayer, FloatKind, RoundFacts


@dataclass(frozen=True, slots=True)
class Layout2017:
    """Field widths for one bracket of the 2017 edition."""

    count_bits: int
    """Width of a counting field."""
    sd_shift: dict[int, int]
    """Offset of each score difference's counter inside a PSD field (smallest at 0)."""
    sd_bits: int
    """Width of a PSD field."""
    lowest: int
    """The lowest score among the players matched (tenths), for the downfloater differences."""
    special: bool
    """Pairing the PPB or the CLB (C.4 in force, no C.7)."""
    final: bool
    """The next scoregroup is the last one (C.7 pairs carry the PAB eligibility)."""

    @classmethod
    def for_bracket(
        cls,
        bracket: Sequence[DutchPlayer],
        residents: Sequence[DutchPlayer],
        lowest: int,
        total: int,
        *,
        special: bool,
        final: bool,
    ) -> Layout2017:
        counts: dict[int, int] = {}
        resident_scores = sorted({p.score for p in residents}, reverse=True)
        for p in bracket:
            counts[p.score - lowest + SCALE] = counts.get(p.score - lowest + SCALE, 0) + 1
            for s in resident_scores:
                if s <= p.score:
                    counts[p.score - s] = counts.get(p.score - s, 0) + 1
        shift: dict[int, int] = {}
        offset = 0
        for sd in sorted(counts):
            shift[sd] = offset
            offset += (4 * counts[sd] + 4).bit_length() + 1
        return cls(
            count_bits=(4 * total + 4).bit_length() + 1,
            sd_shift=shift,
            sd_bits=offset,
            lowest=lowest,
            special=special,
            final=final,
        )

    def widths(self) -> list[int]:
        c, s = self.count_bits, self.sd_bits
        return [c, c, s, c, s, c, c, c, c, c, c, c, c, s, s, s, s]

    def pack(self, values: Sequence[int]) -> int:
        w = 0
        for value, width in zip(values, self.widths(), strict=True):
            w = (w << width) + value
        return w

    def bit(self, sd: int) -> int:
        """The unit of score difference ``sd``'s counter."""
        return 1 << self.sd_shift.get(sd, 0)

    def floater(self, p: DutchPlayer) -> int:
        """A.8: the score difference of ``p`` as a downfloater."""
        return self.bit(p.score - self.lowest + SCALE)


def edge_weight_2017(
    hi: DutchPlayer, lo: DutchPlayer, place: Place, facts: RoundFacts, layout: Layout2017
) -> int:
    """The weight of pairing ``hi`` with ``lo`` in the 2017 edition (``lo`` in the bracket,
    in the next scoregroup, or -- PPB and CLB -- anywhere below)."""
    values = [0] * 17
    current = place is Place.CURRENT
    hi_current = current or (place is Place.NEXT and hi.score > lo.score)
    if layout.special:
        values[0] = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)  # C.4 with C.2
    if current:
        values[1] = 1  # C.5
        # C.6: the two downfloaters' differences removed, the pair's difference added
        values[2] = layout.floater(hi) + layout.floater(lo) - layout.bit(hi.score - lo.score)
    if not layout.special:
        if layout.final:  # C.7 pairs of the last bracket, with C.2
            values[3] = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)
        else:
            values[3] = int(not current)
        # C.7 PSD of the next bracket: the bracket's players paired there or here
        values[4] = (layout.floater(hi) if current or hi_current else 0) + (
            layout.floater(lo) if current else 0
        )
    if not current:
        return layout.pack(values)
    same = hi.preference is lo.preference and hi.preference is not None
    values[5] = not (hi.absolute_imbalance and lo.absolute_imbalance and same)  # C.8
    if hi.absolute and lo.absolute and same:  # C.9
        if abs(hi.colour_difference) == abs(lo.colour_difference):
            values[6] = hi.repeated is None or hi.repeated is not lo.repeated
        else:
            loser = lo if abs(hi.colour_difference) > abs(lo.colour_difference) else hi
            values[6] = loser.repeated is not hi.preference.opposite  # type: ignore[union-attr]
    else:
        values[6] = 1
    values[7] = not same  # C.10
    hi_firm, lo_firm = hi.strong or hi.absolute, lo.strong or lo.absolute
    values[8] = not (hi_firm and lo_firm and same) or (hi.absolute and lo.absolute)  # C.11
    mdp = hi.score > lo.score
    for back, (down, up, down_s, up_s) in enumerate(((9, 10, 13, 14), (11, 12, 15, 16))):
        if facts.played_rounds <= back:
            continue
        # C.12/C.14: the same downfloat again avoided
        values[down] = (lo.floats[back] is FloatKind.DOWN) + (
            hi.score <= lo.score and hi.floats[back] is FloatKind.DOWN
        )
        # C.13/C.15: the same upfloat again
        values[up] = not (mdp and lo.floats[back] is FloatKind.UP)
        # C.16/C.18: score differences of the players who get the same downfloat again
        sd = 0
        if lo.floats[back] is FloatKind.DOWN:
            sd += layout.floater(lo)
        if hi.floats[back] is FloatKind.DOWN:
            sd += layout.floater(hi)
            if mdp:
                sd -= layout.bit(hi.score - lo.score)
        values[down_s] = sd
        # C.17/C.19: score differences of the players who get the same upfloat again
        values[up_s] = (
            -layout.bit(hi.score - lo.score) if mdp and lo.floats[back] is FloatKind.UP else 0
        )
    return layout.pack(values)
