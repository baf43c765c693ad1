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
sends down can always be paired below (C7 as far as C4 goes).

No search budget (issue 20).  Nothing here is decided by a count or a size:

- the 2025 edition's pairing is the weighted matching of :mod:`.criteria` for every bracket
  whatever its size, except when the search in the 4.3 order meets every criterion at a bound
  no pairing can beat (:func:`_at_bounds`; then the two are the same pairing, see there);
- the first outcome of every bracket already leaves the players it moves down and every lower
  bracket pairable (the whole-round matching ``glob``, or the weighted matching that covers
  them), so the engine's bracket loop never asks a Burstein bracket for a second outcome —
  the next bracket's ``glob`` is then perfect in turn, down to the last bracket, which pairs
  completely.  The other outcomes (every other floater set, fewest floaters first, each
  once) are still offered, lazily and without a cap, for a system that calls this procedure
  with players of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from swisspairing import BLACK, N_, WHITE, BracketOutcome, Event, RoundContext
from swisspairing.brackets import Bracket
from swisspairing.compatibility import fast_compatible
from swisspairing.defaults import colour_preference
from swisspairing.i18n import NP_
from swisspairing.matching import IncrementalMatching

from .criteria import best_bracket_pairing, first_complete_pairing
from .index import index_order

WILD = IncrementalMatching.WILDCARD

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
    first, nothing relaxed).

    At level 0 the pairing found is the first in the order of the family of the first
    matching: a choice was passed over only when one of the two matchings could not be
    completed with it (so no pairing of the family within C4 has it), and the choice taken
    leads to the pairing found.  After a relaxation the pairs committed earlier were chosen for
    another family, so the caller then decides by the weighted matching of :mod:`.criteria`."""
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

    # the older edition needs no bound here: its search ending without a relaxation has
    # reached the bracket's own fewest floaters, which no pairing beats (else it falls back)
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
                else iter([IncrementalMatching(free, compat, wildcards=f)])
            )
            for variant in variants:  # built one by one: the first perfect one is the usual
                if variant.perfect:
                    if level == 0:
                        return variant, f
                    level -= 1
            f += 2
        return None, 0

    pairs, down, level = _a7_pair_in_order(order, make_local, glob, seeding)
    if refine and not (
        level == 0 and _at_bounds(order, below, pairs, down, context, compat, first_f)
    ):
        pairs, down = best_bracket_pairing(order, below, context, compat)
    elif not refine and level > 0:
        # the bracket's matching was relaxed: the pairs committed before may not be the first
        # ones of the pairings with as many floaters as C4 leaves (see _a7_pair_in_order)
        half = n // 2
        pairs, down = first_complete_pairing(
            order,
            below,
            compat,
            lambda i: [j for j in _candidates(i, n, half, seeding, n - 1) if j > i],
        )
    seen = {frozenset(down)}
    yield _outcome(bracket, context, order, pairs, down, rule)
    # other floater sets, then more floaters, each once and all of them (lazily: the engine
    # asks only when a lower bracket fails, which the first outcome rules out)
    for count in range(len(down), n + 1, 2):
        for leftover in combinations(reversed(order), count):
            key = frozenset(leftover)
            if key in seen:
                continue
            seen.add(key)
            rest = [p for p in order if p not in key]
            m = IncrementalMatching(rest, compat)
            if not m.perfect:
                continue
            p2, _ = _a7_pair_alternative(rest, m, seeding)
            yield _outcome(bracket, context, order, p2, list(context.ranked(leftover)), rule)


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
    (C4, C7; an odd following bracket: all but one of its players, the one left of its lowest
    score and pairable with the players further down), and no more players without their
    colour preference than the bound of :func:`_c8_bound` (C8).

    Why the search's pairing is then the weighted matching's: every pairing at the bounds is
    in the family of the first bracket matching the search follows (:func:`_c6_c8_variants`:
    its floaters of the lowest score, the single floater one with whom the round completes,
    its pairs those :func:`_c8_pairs` allows, which are exactly the pairings with the fewest
    misses); a pair or a float was passed over only when that matching or the whole-round one
    could not be completed with it, so the pairing found is the first in the 4.3 order of
    that family within C4, hence the first of the pairings at the bounds; and those are the
    pairings best under C4-C8, each criterion at its own optimum.  ``level`` 0 (nothing
    relaxed) is the caller's part of the test."""
    if len(down) != fewest:
        return False
    low = min(context.score(p) for p in order)
    if any(context.score(p) > low for p in down):
        return False
    pref = {p: colour_preference(context.state(p))[0] for p in order}
    misses = sum(1 for a, b in pairs if pref[a] is not None and pref[a] is pref[b])
    if misses != _c8_bound(pref, len(down))[0]:
        return False
    if not below:
        return not down
    top = max(context.score(p) for p in below)
    following = [*down, *(p for p in below if context.score(p) == top)]
    rest = [p for p in below if context.score(p) != top]
    if len(following) % 2 == 0:
        return IncrementalMatching(following, compat).perfect and (
            not rest or IncrementalMatching(rest, compat).perfect
        )
    # an odd following bracket: at best all but one of its players paired, the one left of
    # its lowest score and able to complete the round with the players further down
    lowest = min(context.score(p) for p in following)
    graph = context.pairing_graph()
    seen: dict[int, bool] = {}

    def last_floater(p: int) -> bool:
        got = seen.get(p)
        if got is None:
            got = seen[p] = context.score(p) == lowest and graph.completable([p, *rest], bye=False)
        return got

    return IncrementalMatching(following, compat, wildcards=1, wildcard_ok=last_floater).perfect


#: Largest bracket plus the players below it for which :func:`_c4_min_floats` computes the
#: floaters C4 requires by a weighted matching when a plain matching of them all does not
#: already show the bracket's own minimum, and :func:`_c4_single_floaters` tests each single
#: floater.  A speed setting that decides no pairing: beyond it the bound of C4 is the
#: bracket's own minimum (never above the true one) and every single floater is let through
#: the bracket's matching (the whole-round matching still holds C4), so a pairing found is
#: never wrongly taken as at its bounds -- the search then relaxes or misses a bound and the
#: weighted matching of :mod:`.criteria`, which has no limit, decides.
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
) -> Iterator[IncrementalMatching]:
    """``Burstein-2025 2.3`` quality criteria, as far as they can be met exactly with the
    number of pairs fixed (C5): C6 — floaters from the lowest scores possible (the highest
    score any floater has is minimised); C8 — if possible, no pair of two players with the
    same colour preference.  Yields the bracket matchings to follow, best first, each built
    only when the caller goes on to it (it skips those that cannot be completed): C6 and C8,
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
    _fewest, majority = _c8_bound(pref, floats)
    c8_pair = _c8_pairs(pref, compat, majority)

    def c8_float(p: int) -> bool:
        return majority is None or pref[p] is majority

    if allowed is not None and c6 is not None:
        ok = allowed
        yield IncrementalMatching(
            order, c8_pair, wildcards=floats, wildcard_ok=lambda p: p in ok and c8_float(p)
        )
        yield c6
    yield IncrementalMatching(
        order, c8_pair, wildcards=floats, wildcard_ok=lambda p: c4(p) and c8_float(p)
    )
    yield plain


def _c8_bound(pref: dict[int, Any], floats: int) -> tuple[int, Any]:
    """``Burstein-2025 C8``: the fewest players of the bracket ``pref`` (each player's colour
    preference, 1.5) that a pairing with ``floats`` floaters can leave without their
    preference, counting only the colours, and the colour of the majority when that bound is
    above zero (``None`` otherwise).

    With W players preferring the majority colour, B the other and N none, a pairing with
    ``a`` pairs of two W, ``b`` of two B, ``e`` of a B and an N, ``g`` of two N and floaters
    ``fW``, ``fB``, ``fN`` misses ``a + b`` players, and counting the players paired gives
    ``a + b = ((W - fW) - (B - fB) - (N - fN)) / 2 + 2b + e + g``, at least
    ``(W - B - N - floats) / 2``; exactly that when every floater prefers the majority colour
    and no pair is of two B, a B and an N, or two N (:func:`_c8_pairs`).  When that is not
    above zero the bound is 0 (no pair of two players wanting the same colour)."""
    white = sum(1 for p in pref.values() if p is WHITE)
    black = sum(1 for p in pref.values() if p is BLACK)
    none = len(pref) - white - black
    excess = abs(white - black) - none - floats
    if excess <= 0:
        return 0, None
    return excess // 2, WHITE if white > black else BLACK


def _c8_pairs(pref: dict[int, Any], compat: Any, majority: Any) -> Any:
    """The pairs a pairing at the bound of :func:`_c8_bound` is made of: no two players with
    the same preference (bound 0), or, when the majority colour leaves players over, every
    pair holding a player who prefers it (the rest, two of the majority, are the misses)."""
    if majority is None:

        def c8(a: int, b: int) -> bool:
            return compat(a, b) and (pref[a] is None or pref[a] is not pref[b])

    else:

        def c8(a: int, b: int) -> bool:
            return compat(a, b) and (pref[a] is majority or pref[b] is majority)

    return c8


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
