"""Section D (2026: Art. 4): the order in which the sequential procedure generates candidates,
as tie-break terms below the criteria.

Where the criteria of section C leave several best pairings, B.8 / 3.8 takes the one generated
first.  Each choice the generation order makes is lexicographic, so it is one more term of the
weight, each term strictly below the one before (Python integers have no size limit):

- :func:`mdp_tiebreak` -- B.7 with D.3 / 4.4: the paired MDPs are the highest-ranked possible
  (the smallest differing BSN), then each paired MDP, highest first, meets the first resident
  that the criteria allow (D.1 / 4.2: transpositions of S2 in lexicographic order);
- :func:`remainder_tiebreak` -- B.6 with D.2 / 4.3 for a homogeneous bracket or a remainder
  whose S1 holds its first ``pairs`` players: a) fewest exchanges (most pairs led from S1),
  b) smallest difference of the exchanged BSN sums (the smallest sum of the new S1's BSNs),
  c) the highest differing BSN moved S1 -> S2 largest, d) the lowest differing BSN moved
  S2 -> S1 smallest, and then D.1 / 4.2: each S1 player, highest first, with the first S2 player
  possible.

A term is keyed by the pair (higher-ranked player, lower-ranked player); the second value
returned is the number of low bits the terms occupy (the criteria weight is shifted above it).
"""

from __future__ import annotations

from collections.abc import Sequence


def _stack(terms: Sequence[tuple[int, int]]) -> tuple[list[int], int]:
    """Offsets of lexicographic terms given ``(max sum, ...)`` from highest to lowest."""
    offsets = []
    total = 0
    for _, width in reversed(terms):
        offsets.append(total)
        total += width
    return offsets[::-1], total


def mdp_tiebreak(
    mdps: Sequence[int], residents: Sequence[int]
) -> tuple[dict[tuple[int, int], int], int]:
    """D.3 / 4.4 then D.1 / 4.2 for the MDP-pairing, on the MDP-resident pairs."""
    m, r = len(mdps), len(residents)
    if not m:
        return {}, 0
    base = r + 1
    partner_bits = (base**m).bit_length() + 1
    chosen_bits = m + 1
    (chosen_at, partner_at), _ = _stack(((0, chosen_bits), (0, partner_bits)))
    out: dict[tuple[int, int], int] = {}
    for i, a in enumerate(mdps):
        rank_weight = base ** (m - 1 - i)
        chosen = 1 << (m - 1 - i)  # the MDP with the smaller BSN first (4.4)
        for j, b in enumerate(residents):
            out[(a, b)] = (chosen << chosen_at) | (((r - j) * rank_weight) << partner_at)
    return out, chosen_bits + partner_bits


def remainder_tiebreak(
    remainder: Sequence[int], pairs: int
) -> tuple[dict[tuple[int, int], int], int]:
    """D.2 / 4.3 a-d then D.1 / 4.2 on the pairs inside a remainder (or homogeneous bracket)
    whose S1 is ``remainder[:pairs]`` and S2 the rest."""
    n = len(remainder)
    if n < 2:
        return {}, 0
    base = n + 1
    widths = (
        (n + 2).bit_length() + 1,  # a) pairs led from S1
        (n * n + 2).bit_length() + 1,  # b) sum of the leaders' BSNs (complement)
        n + (n + 2).bit_length() + 1,  # c) S1 leaders by BSN (complement)
        n + 2,  # d) S2 leaders by BSN
        (base**n).bit_length() + (n + 2).bit_length() + 1,  # D.1 partners
    )
    offsets, total = _stack(tuple((0, w) for w in widths))
    full = 1 << n
    out: dict[tuple[int, int], int] = {}
    for i, a in enumerate(remainder):
        in_s1 = i < pairs
        lead_a = int(in_s1)
        lead_b = n - i
        lead_c = (full - (1 << i)) if in_s1 else full
        lead_d = 0 if in_s1 else 1 << (n - 1 - i)
        rank_weight = base ** (n - 1 - i)
        for j in range(i + 1, n):
            b = remainder[j]
            values = (lead_a, lead_b, lead_c, lead_d, (n - j) * rank_weight)
            term = 0
            for v, off in zip(values, offsets, strict=True):
                term |= v << off
            out[(a, b)] = term
    return out, total
