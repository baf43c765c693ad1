"""Burstein pairing of one bracket and the bye (C.04.4.2).

- ``Burstein A.5`` / ``Burstein-2025 1.6`` seeding rounds (the first
  ``min(⌊rounds/2⌋, 4)`` rounds, ruleset parameter ``seeding_rounds``): the bracket in the
  initial order, paired top half against bottom half (1 v n/2+1, ...; the first possible
  player further down, then up) — the "traditional methods" of the preface;
- afterwards (``Burstein A.6``/``A.7``, ``Burstein-2025 1.8``, ``4.3``; seed 004 d): the bracket in
  Index order, first against last, second against second-to-last, ...: a pairing precedes
  another if the first player's opponent is lower in the order, then the second's, and so on;
- ``C.04.1 b``, ``f``, ``g`` (absolute criteria): :meth:`RoundContext.compatible`; the maximum
  number of pairs (``Burstein-2025 3.2.1``, C5), the rest float to the next bracket — a
  floater stands for a virtual opponent of in-bracket number 0, the last choice of every
  player (``Burstein-2025 4.2``);
- ``Burstein A.3`` / ``Burstein-2025 3.1`` bye: the eligible player (C.04.1 d) whose bye leaves the
  rest pairable, lowest score, most games played, lowest in the ranking order.

In the 2025 edition the bracket's pairing is the one of :mod:`.criteria` (``Burstein-2025
3.2.2``: C4-C8 in their order, then 4.3, by one weighted matching) unless the search below
already meets every criterion at its bound (:func:`_at_bounds`).

Each choice is committed only if the rest of the bracket can still be completed with the
same number of floaters and the rest of the round can still be completed at all
(``Burstein-2025 C4``; two :class:`swisspairing.matching.IncrementalMatching`), so the first
pairing in the order is found without enumerating the others, and the floaters a bracket
sends down can always be paired below (C7 as far as C4 goes).  Further outcomes (other
floater sets) are offered when the engine's bracket loop asks for them because a lower
bracket cannot be completed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, islice
from typing import Any

from swisspairing import BLACK, N_, WHITE, BracketOutcome, Event, RoundContext
from swisspairing.brackets import Bracket
from swisspairing.compatibility import fast_compatible
from swisspairing.defaults import colour_preference
from swisspairing.i18n import NP_
from swisspairing.matching import IncrementalMatching

from .criteria import best_bracket_pairing
from .index import index_order

WILD = IncrementalMatching.WILDCARD

#: Alternative floater sets a bracket offers when a lower bracket fails (beyond the first).
MAX_ALTERNATIVES = 200

__all__ = ["bracket_order", "bracket_outcomes", "choose_bye", "is_seeding_round", "seeding_rounds"]


def seeding_rounds(context: RoundContext) -> int:
    """``Burstein A.5``/``Burstein-2025 1.6.2``: ``min(⌊rounds/2⌋, 4)`` unless the ruleset fixes
    it."""
    fixed = context.ruleset.param("seeding_rounds", None)
    if fixed is not None:
        return int(fixed)
    total = context.total_rounds
    if total is None:
        return 4
    return min(total // 2, 4)


def is_seeding_round(context: RoundContext) -> bool:
    """Whether the round being paired is a seeding round."""
    return context.round_number <= seeding_rounds(context)


def bracket_order(players: Sequence[int], context: RoundContext) -> list[int]:
    """The in-bracket order: initial order (score, rating, number) in seeding rounds, the Index
    order afterwards (``Burstein A.6``/``A.7``: floaters are ranked with the residents)."""
    if is_seeding_round(context):
        return context.ranked(players)
    return index_order(players, context)


def _candidates(i: int, n: int, half: int, seeding: bool, last_free: int) -> Iterator[int]:
    """Positions of the opponents of the player at position ``i``, best first: in seeding
    rounds the player half a bracket below, then further down, then up between them, then
    above; afterwards the last, then upwards (first against last), then above."""
    if seeding:
        target = i + half if i < half else i + 1
        yield from range(max(target, i + 1), n)
        yield from range(target - 1, i, -1)
    else:
        yield from range(last_free, i, -1)  # positions after the last free one are paired
    yield from range(i - 1, -1, -1)


def _c5_min_floats(players: list[int], compat: Any) -> int:
    """C5: the fewest players left unpaired by a maximum matching of ``players``."""
    f = len(players) % 2
    while f < len(players) and not IncrementalMatching(players, compat, wildcards=f).perfect:
        f += 2
    return f


def _a7_pair_in_order(
    order: list[int], make_local: Any, glob: IncrementalMatching | None, seeding: bool
) -> tuple[list[tuple[int, int]], list[int], int]:
    """Player by player in ``order``: the first candidate accepted by the bracket's own
    matching (most pairs; in the 2025 edition first the C6/C8 one) and by the matching of the
    whole rest of the round; a player none is accepted with floats if the bracket's matching
    lets him, else the bracket's matching is relaxed one level (C8, then C5 give way to C4).
    Returns the pairs, the floaters and the level of the matching followed at the end (0: the
    first, nothing relaxed)."""
    n = len(order)
    half = n // 2
    free = [True] * n
    pairs: list[tuple[int, int]] = []
    down: list[int] = []
    level = 0
    local, floats_left = make_local(level, list(order))

    def joint(a: int, b: int) -> bool:
        if local is not None:
            snap = local.snapshot()
            if not local.try_pair(a, b):
                return False
            if glob is not None and not glob.try_pair(a, b):
                local.restore(snap)
                return False
            return True
        return glob is not None and glob.try_pair(a, b)

    last_free = n - 1
    for i, p in enumerate(order):
        if not free[i]:
            continue
        while True:
            while last_free > i and not free[last_free]:
                last_free -= 1
            for j in _candidates(i, n, half, seeding, last_free):
                if free[j] and joint(p, order[j]):
                    pairs.append((p, order[j]))
                    free[i] = free[j] = False
                    break
            if not free[i]:
                break
            if local is None:
                down.append(p)
                free[i] = False
                break
            if floats_left > 0 and local.try_pair(p, WILD):
                floats_left -= 1
                down.append(p)
                free[i] = False
                break
            level += 1
            local, floats_left = make_local(level, [order[k] for k in range(n) if free[k]])
            if local is None and glob is None:  # pragma: no cover - the local matching was perfect
                down.append(p)
                free[i] = False
                break
    return pairs, down, level


def _a7_pair_alternative(
    order: list[int], matching: IncrementalMatching, seeding: bool
) -> tuple[list[tuple[int, int]], list[int]]:
    """Commit, player by player in ``order``, the first candidate (then floating) that keeps
    the rest completable."""
    n = len(order)
    half = n // 2
    free = [True] * n
    pairs: list[tuple[int, int]] = []
    down: list[int] = []
    last_free = n - 1
    for i, p in enumerate(order):
        if not free[i]:
            continue
        while last_free > i and not free[last_free]:
            last_free -= 1
        for j in _candidates(i, n, half, seeding, last_free):
            if free[j] and matching.try_pair(p, order[j]):
                pairs.append((p, order[j]))
                free[i] = free[j] = False
                break
        else:
            if matching.try_pair(p, WILD):
                down.append(p)
                free[i] = False
    return pairs, down


def bracket_outcomes(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """The bracket's pairings in the order of the rules: the first in the pairing order with
    the most pairs with which the rest of the round can still be completed (``Burstein-2025
    C4``, C5, C7), then (only if the engine asks) other sets of floaters, lowest-ranked first."""
    order = bracket_order(bracket.players, context)
    seeding = is_seeding_round(context)
    compat = fast_compatible(context)
    n = len(order)
    rule = "Burstein A.5" if seeding else "Burstein A.7"
    refine = context.ruleset.param("edition", "till-2025") == "2025" and not seeding
    below = context.data.get("burstein.below", {}).get(bracket.index, [])
    glob = IncrementalMatching(order + list(below), compat) if below else None
    if glob is not None and not glob.perfect:
        glob = None  # the players moved down cannot all be paired: the engine backtracks

    c4_floats = _c4_min_floats(order, below, compat) if glob is not None and refine else 0
    first_f = -1  # the floaters of the first bracket matching (a lower bound: C4, C5)

    def make_local(level: int, free: list[int]) -> tuple[IncrementalMatching | None, int]:
        """The ``level``-th bracket matching to follow: the most pairs first (C5) with the
        C6/C8 variants in their order, then one pair fewer, and so on (C4 before C5)."""
        nonlocal first_f
        f = _c5_min_floats(free, compat)
        if len(free) == n:
            f = max(f, c4_floats)
            if first_f < 0:
                first_f = f
        while f <= len(free):
            variants = (
                _c6_c8_variants(free, context, f, below if glob is not None else [])
                if refine
                else [IncrementalMatching(free, compat, wildcards=f)]
            )
            variants = [v for v in variants if v.perfect]
            if level < len(variants):
                return variants[level], f
            level -= len(variants)
            f += 2
        return None, 0

    pairs, down, level = _a7_pair_in_order(order, make_local, glob, seeding)
    if refine and not (
        level == 0 and _at_bounds(order, below, pairs, down, context, compat, first_f)
    ):
        best = best_bracket_pairing(order, below, context, compat)
        if best is not None:
            pairs, down = best
    seen = {frozenset(down)}
    yield _outcome(bracket, context, order, pairs, down, rule)
    # alternatives for the engine's backtracking: other floater sets, then more floaters
    tried = 0
    for count in range(len(down), n + 1, 2):
        for leftover in islice(combinations(reversed(order), count), MAX_ALTERNATIVES):
            key = frozenset(leftover)
            if key in seen:
                continue
            seen.add(key)
            rest = [p for p in order if p not in key]
            m = IncrementalMatching(rest, compat)
            if not m.perfect:
                continue
            tried += 1
            p2, _ = _a7_pair_alternative(rest, m, seeding)
            yield _outcome(bracket, context, order, p2, list(context.ranked(leftover)), rule)
            if tried >= MAX_ALTERNATIVES:
                return


def _at_bounds(
    order: list[int],
    below: Sequence[int],
    pairs: list[tuple[int, int]],
    down: list[int],
    context: RoundContext,
    compat: Any,
    fewest: int,
) -> bool:
    """Whether the pairing found in the 4.3 order meets every quality criterion at its bound,
    so that no pairing is better (``Burstein-2025 3.2.2``) and, since the search followed the
    4.3 order over a set that holds every pairing at the bounds, it is the bracket's pairing:
    the fewest floaters possible (``fewest``, C4/C5), all of the lowest score in the bracket
    (C6), the following bracket and the players below it each paired completely on their own
    (C4, C7), and no pair of two players with the same colour preference (C8)."""
    if len(down) != fewest:
        return False
    low = min(context.score(p) for p in order)
    if any(context.score(p) > low for p in down):
        return False
    pref = {p: colour_preference(context.state(p))[0] for p in order}
    if any(pref[a] is not None and pref[a] is pref[b] for a, b in pairs):
        return False
    if not below:
        return not down
    top = max(context.score(p) for p in below)
    following = [*down, *(p for p in below if context.score(p) == top)]
    rest = [p for p in below if context.score(p) != top]
    if len(following) % 2:
        return False
    return IncrementalMatching(following, compat).perfect and (
        not rest or IncrementalMatching(rest, compat).perfect
    )


#: Largest bracket plus the players below it for which :func:`_c4_min_floats` computes the
#: floaters C4 requires by a weighted matching when a plain matching of them all does not
#: already show the bracket's own minimum (larger: the floaters are raised when the pairing
#: meets a dead end, as before).
C4_WEIGHTED_LIMIT = 120


def _c4_min_floats(order: list[int], below: Sequence[int], compat: Any) -> int:
    """C4 before C5: the fewest floaters the bracket can send down so that the rest of the
    round can still be completed.  When the bracket and the players below can each be paired
    on their own this is the bracket's own minimum; otherwise one maximum-weight matching of
    the bracket and the players below (every player paired first, then the most pairs inside
    the bracket) gives it."""
    below = list(below)
    f = _c5_min_floats(order, compat)
    if not below:
        return f
    everyone = [*order, *below]
    whole = IncrementalMatching(everyone, compat)  # the bracket first: pairs inside it first
    if not whole.perfect:
        return f  # the round cannot be completed at all: the engine backtracks
    crossing = sum(1 for i in range(len(order)) if whole.mate[i] >= len(order))
    if crossing <= f or len(everyone) > C4_WEIGHTED_LIMIT:
        return f
    from swisspairing.matching import max_weight_matching

    inside = set(order)
    big = len(everyone) + 1
    edges = [
        (a, b, 2 * big + (a in inside and b in inside))
        for i, a in enumerate(everyone)
        for b in everyone[i + 1 :]
        if compat(a, b)
    ]
    mate = max_weight_matching(edges)
    if len(mate) < len(everyone):
        return f  # the round cannot be completed at all: the engine backtracks
    pairs = sum(1 for a, b in mate.items() if a < b and a in inside and b in inside)
    return max(f, len(order) - 2 * pairs)


def _c4_single_floaters(order: list[int], below: list[int], compat: Any) -> Any:
    """C4 for a bracket sending one player down: a test, computed when first asked for a
    player, of whether the rest of the round can be completed with him as the floater (the
    others of the bracket paired among themselves, he with a player below)."""
    if not below or len(order) + len(below) > C4_WEIGHTED_LIMIT:
        return lambda _p: True  # large fields: a dead end below makes the engine backtrack
    cache: dict[int, bool] = {}

    def ok(p: int) -> bool:
        # the others of the bracket pair among themselves (the bracket's own matching sees
        # to that); the players below must then be paired with p among them
        got = cache.get(p)
        if got is None:
            got = cache[p] = IncrementalMatching([p, *below], compat).perfect
        return got

    return ok


def _c6_c8_variants(
    order: list[int], context: RoundContext, floats: int, below: Sequence[int] = ()
) -> list[IncrementalMatching]:
    """``Burstein-2025 2.3`` quality criteria, as far as they can be met exactly with the
    number of pairs fixed (C5): C6 — floaters from the lowest scores possible (the highest
    score any floater has is minimised); C8 — if possible, no pair of two players with the
    same colour preference.  Returns the bracket matchings to follow, best first: C6 and C8,
    C6 alone, C8 alone, C5 alone (the pairing falls back to the next one where the rest of
    the round, C4, rules a choice out).  A bracket sending one player down chooses him among
    the players with whom the rest of the round can be completed (C4 before C6 and C8: the
    criteria apply per bracket over the choice of the floater)."""
    compat = fast_compatible(context)
    c4 = _c4_single_floaters(order, list(below), compat) if floats == 1 else (lambda _p: True)
    plain = IncrementalMatching(order, compat, wildcards=floats, wildcard_ok=c4)
    if floats == 1 and not plain.perfect:
        c4 = lambda _p: True  # noqa: E731 - C4 cannot be met here: the engine backtracks
        plain = IncrementalMatching(order, compat, wildcards=floats)
    allowed: set[int] | None = None
    c6: IncrementalMatching | None = None
    if floats:
        for threshold in sorted({context.score(p) for p in order}):
            low = {p for p in order if context.score(p) <= threshold + 1e-9 and c4(p)}
            m = IncrementalMatching(order, compat, wildcards=floats, wildcard_ok=low.__contains__)
            if m.perfect:
                allowed, c6 = low, m
                break
    pref = {p: colour_preference(context.state(p))[0] for p in order}
    want_white = sum(1 for p in order if pref[p] is WHITE)
    want_black = sum(1 for p in order if pref[p] is BLACK)
    c8_both: IncrementalMatching | None = None
    c8_only: IncrementalMatching | None = None
    if abs(want_white - want_black) <= len(order) - want_white - want_black + floats:

        def c8(a: int, b: int) -> bool:
            return compat(a, b) and (pref[a] is None or pref[a] is not pref[b])

        if allowed is not None:
            m = IncrementalMatching(order, c8, wildcards=floats, wildcard_ok=allowed.__contains__)
            c8_both = m if m.perfect else None
        m = IncrementalMatching(order, c8, wildcards=floats, wildcard_ok=c4)
        c8_only = m if m.perfect else None
    return [m for m in (c8_both, c6, c8_only, plain) if m is not None]


def _outcome(
    bracket: Bracket,
    context: RoundContext,
    order: list[int],
    pairs: list[tuple[int, int]],
    down: list[int],
    rule: str,
) -> BracketOutcome:
    events: list[Event] = []
    if context.explanation.enabled:
        if rule == "Burstein A.7":
            events.append(
                Event(
                    rule,
                    N_("bracket in Index order: {players}"),
                    {"players": list(order)},
                    bracket.index,
                )
            )
        else:
            events.append(
                Event(
                    rule,
                    N_("seeding round: top half against bottom half of {players}"),
                    {"players": list(order)},
                    bracket.index,
                )
            )
        if down:
            events.append(
                Event(
                    "C.04.1 e",
                    NP_(
                        "player {players} moves down to the next bracket",
                        "players {players} move down to the next bracket",
                        "players",
                    ),
                    {"players": list(down)},
                    bracket.index,
                )
            )
    return BracketOutcome(tuple(pairs), tuple(down), tuple(events), cost=0)


def choose_bye(ranked: Sequence[int], context: RoundContext) -> int | None:
    """``Burstein-2025 3.1`` (read into ``Burstein A.3``): among the players allowed a bye
    (C.04.1 d) whose bye leaves the rest pairable: lowest score, most games played, lowest
    in the ranking order.  ``None`` if no complete pairing exists."""
    matching = IncrementalMatching(
        list(ranked), fast_compatible(context), wildcards=1, wildcard_ok=context.can_receive_bye
    )
    if not matching.perfect:
        return None
    position = {n: i for i, n in enumerate(ranked)}
    order = sorted(
        ranked, key=lambda n: (context.score(n), -context.state(n).games_played, -position[n])
    )
    for n in order:
        if context.can_receive_bye(n) and matching.try_pair(n, WILD):
            return n
    return None  # pragma: no cover - the matching was perfect
