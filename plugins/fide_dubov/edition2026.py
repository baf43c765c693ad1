"""The FIDE Dubov system, text in force from 1 July 2025 / 1 February 2026 (C.04.4.1, editions
C040401202507 and C040401202602) — one round.  Cite as ``Dubov-2026 3.2.5``.

Articles read (FIDE handbook wording, as quoted article by article by py4swiss) and where they
are applied:

- ``1.6`` colour preferences (absolute, strong, mild; no game yet → mild for Black), ``1.7``
  ARO (played games, rounded, .5 up; no game → 0), ``1.8`` maximum upfloater:
  ``MaxT = 2 + ⌊Rnds/5⌋``;
- ``2.1`` absolute criteria C1 no rematch, C2 bye eligibility, C3 no two players with the same
  absolute colour preference (the ruleset's colour limits), ``2.2`` C4 the round can be
  completed (exact maximum-matching test, :class:`IncrementalMatching`);
- ``2.3`` quality criteria, applied in their order where the procedure chooses: C5 fewest
  upfloaters (exact), C6 upfloaters with the highest scores, C8–C10 (not in the last round)
  upfloaters that are not maximum upfloaters, fewest upfloats of maximum upfloaters, not
  upfloated in the previous round; C7 (fewest players without their colour preference) before
  C8–C10 in the choice of the upfloater over every possible upfloater
  (:func:`_c5_c10_single_upfloater`, exact), and in the pairing by the G1/G2 split and its
  equalisation;
- ``3.1`` bye: eligible, leaves the rest pairable, lowest score, most games played, largest TPN;
- ``3.2.1``/``3.2.2`` only upfloaters: each score group, from the top, pairs all its remaining
  residents, taking the fewest upfloaters from the groups below (``4.2.2``: by descending score,
  then ascending TPN);
- ``3.2.3`` G1 = players with a preference for White (round 1: the first half by TPN), G2 = the
  rest; ``3.2.4.2`` the larger subgroup shifts players to the smaller one, chosen in the order of
  ``4.3.2`` (white seekers by ascending ARO then TPN, black seekers by TPN) numbered from the
  middle of the list outwards (``4.3.3``);
- ``3.2.5`` S1 = G1 by ascending ARO then TPN, paired in order with the first transposition of
  G2 (by TPN, ``4.4.2``) that gives a legal pairing: each S1 player takes the lowest-TPN G2 player
  with whom the rest can still be completed;
- ``5.2`` colours: E1 first game (higher-ranked player with an odd TPN gets the initial colour),
  E2 both preferences, E3 the stronger one, E4 alternate from the latest round with different
  colours, E5 the higher-ranked player's preference.
"""

from __future__ import annotations

from typing import Any

from swisspairing import (
    BLACK,
    N_,
    WHITE,
    Colour,
    Event,
    NoValidPairingError,
    Pairing,
    RoundContext,
    RoundPairing,
)
from swisspairing.compatibility import fast_compatible
from swisspairing.defaults import alternation_colour, colour_preference
from swisspairing.i18n import NP_
from swisspairing.matching import IncrementalMatching, max_weight_matching
from swisspairing.model import Float
from swisspairing.tiebreaks import average_rating_of_opponents

from .procedure import open_round, score_groups

WILD = IncrementalMatching.WILDCARD

__all__ = ["max_upfloater_limit", "middle_out", "pair_dubov_2026_round"]


def max_upfloater_limit(total_rounds: int | None) -> int:
    """``Dubov-2026 1.8.2``: MaxT = 2 + ⌊Rnds/5⌋ (unknown length: 9 rounds)."""
    return 2 + (total_rounds if total_rounds is not None else 9) // 5


def middle_out(items: list[int]) -> list[int]:
    """``Dubov-2026 4.3.3``: sequence numbers from the (remaining) middle of the list; of two
    middle players the one higher in the list first."""
    rest = list(items)
    out: list[int] = []
    while rest:
        i = (len(rest) - 1) // 2
        out.append(rest.pop(i))
    return out


class _Round:
    def __init__(self, ctx: RoundContext) -> None:
        self.ctx = ctx
        self.events: list[Event] = []
        rnd = ctx.round_number
        self.aro: dict[int, float] = (
            average_rating_of_opponents(ctx.tournament, ctx.point_system, rnd - 1)
            if rnd > 1
            else {}
        )
        self.compatible = fast_compatible(ctx)
        self.pref: dict[int, tuple[Colour | None, int]] = {
            n: colour_preference(ctx.state(n)) if ctx.state(n).played_colours else (BLACK, 1)
            for n in ctx.participants
        }
        """``1.6``: (colour, strength 3 absolute / 2 strong / 1 mild); no game yet: mild Black
        (1.6.4)."""
        self.limit = max_upfloater_limit(ctx.total_rounds)
        self.paired: list[tuple[int, int]] = []
        self.upfloaters: list[int] = []

    def add(self, rule: str, message: str, bracket: int | None = None, **args: Any) -> None:
        if self.ctx.explanation.enabled:
            self.events.append(Event(rule, message, args, bracket))

    def seeks_white(self, n: int) -> bool:
        """``1.6``: preference for White (no game yet: mild preference for Black, ``1.6.4``)."""
        return self.pref[n][0] is WHITE

    def upfloats(self, n: int) -> int:
        return sum(1 for f in self.ctx.state(n).floats if f is Float.UP)

    def upfloater_key(self, n: int) -> tuple[Any, ...]:
        """C6 (higher score first), then C8–C10 unless it is the last round, then ``4.2.2`` TPN."""
        st = self.ctx.state(n)
        if self.ctx.is_last_round:
            return (-st.score, n)
        ups = self.upfloats(n)
        is_max = ups >= self.limit
        return (-st.score, is_max, ups if is_max else 0, st.floated(1) is Float.UP, n)


def _art3_1_bye(r: _Round, ranked: list[int], oracle: IncrementalMatching) -> int:
    """``3.1``: eligible, the rest pairable, lowest score, most games, largest TPN."""
    ctx = r.ctx
    order = sorted(ranked, key=lambda n: (ctx.score(n), -ctx.state(n).games_played, -n))
    for n in order:
        if ctx.can_receive_bye(n) and oracle.try_pair(n, WILD):
            return n
    raise NoValidPairingError(N_("no valid pairing exists"))  # pragma: no cover


def _art3_2_2_upfloaters(r: _Round, gi: int, residents: list[int], lower: list[int]) -> list[int]:
    """``3.2.1``/``3.2.2``: the fewest upfloaters (C5) with which the residents can all be
    paired and the rest of the round completed (C4), chosen in the order of C6, C7 (the colour
    the group lacks), C8–C10 and ``4.2.2`` (upfloaters only against residents)."""
    compat = r.compatible
    res = set(residents)

    def has_lower(p: int, exclude: set[int]) -> bool:
        return any(compat(p, q) for q in lower if q not in exclude)

    k0 = len(residents) % 2
    while True:
        m = IncrementalMatching(
            residents, compat, wildcards=k0, wildcard_ok=lambda p: has_lower(p, set())
        )
        if m.perfect or k0 >= len(residents):
            break
        k0 += 2
    chosen: list[int] = []
    for k in range(k0, len(residents) + 1, 2):
        if k == 0:
            if _c4_whole_round(r, residents, [], lower):
                break
            continue
        if k == 1:
            one = _c5_c10_single_upfloater(r, residents, lower)
            if one is not None:
                chosen = [one]
                break
            continue
        weighted = _c5_c10_upfloater_set(r, residents, lower, k)
        if weighted is not None:
            chosen = weighted
            break
        # None: the matching over the whole field has proved that no set of k upfloaters
        # lets the rest of the round be completed (C4)
    else:
        chosen = _pick_upfloaters(r, residents, lower, k0, has_lower, res)
    if chosen:
        r.add(
            "Dubov-2026 3.2.2",
            NP_(
                "upfloater {players} joins the score group",
                "upfloaters {players} join the score group",
                "players",
            ),
            gi + 1,
            players=chosen,
        )
    return chosen


def _c7_misses(r: _Round, members: list[int], residents: set[int]) -> int | None:
    """C7 exactly: the fewest players of ``members`` (every pair with a resident) who do not
    get their colour preference over all complete pairings of them; ``None`` if they cannot
    be paired at all.

    A pair misses a preference when both players prefer the same colour.  With ``w`` White
    seekers, ``b`` Black seekers and ``z`` players without a preference, at least
    ``e = |w - b| - z`` players of the larger side meet each other, so ``max(e, 0) / 2``
    players miss their preference at best; that bound is reached exactly when the players can
    be paired with no pair inside the smaller side and no pair of two non-seekers or a
    non-seeker and the smaller side beyond what the bound allows — a plain matching test.
    Otherwise the value is computed by a maximum-weight matching (cardinality first)."""
    compat = r.compatible
    side = {n: r.pref[n][0] for n in members}
    w = sum(1 for n in members if side[n] is WHITE)
    b = sum(1 for n in members if side[n] is BLACK)
    z = len(members) - w - b
    major = WHITE if w >= b else BLACK
    e = abs(w - b) - z

    def legal(x: int, y: int) -> bool:
        return (x in residents or y in residents) and compat(x, y)

    if e > 0:

        def ideal(x: int, y: int) -> bool:  # every non-majority player meets the majority
            return legal(x, y) and (side[x] is major or side[y] is major)

    else:

        def ideal(x: int, y: int) -> bool:  # nobody meets a player of his own side
            return legal(x, y) and (side[x] is None or side[x] is not side[y])

    if IncrementalMatching(members, ideal).perfect:
        return max(e, 0) // 2
    if not IncrementalMatching(members, legal).perfect:
        return None
    big = len(members) + 1
    edges = [
        (x, y, big + (side[x] is None or side[x] is not side[y]))
        for i, x in enumerate(members)
        for y in members[i + 1 :]
        if legal(x, y)
    ]
    mate = max_weight_matching(edges, max_cardinality=True)
    return sum(1 for x, y in mate.items() if x < y and side[x] is not None and side[x] is side[y])


def _c5_c10_single_upfloater(r: _Round, residents: list[int], lower: list[int]) -> int | None:
    """``3.2.2`` with one upfloater: over every possible upfloater, the one whose bracket is
    paired best under C5–C10 in that order, the first in the ``4.2.2`` order among equals.

    C5 is met by any single upfloater; C4 (the rest of the round can be completed) and C6
    (highest score) come first; C7 is the exact fewest players without their colour
    preference in the bracket (:func:`_c7_misses`), then C8–C10 and ``4.2.2`` TPN
    (:meth:`_Round.upfloater_key`).  Candidates are visited best bound first: the C7 lower
    bound of a candidate is known from the colour preferences alone, so the search stops at
    the first candidate whose bound cannot beat the best bracket found.  ``None`` if no
    single upfloater lets the residents and the round be paired."""
    res = set(residents)
    key = r.upfloater_key
    by_score: dict[float, list[int]] = {}
    for c in lower:
        by_score.setdefault(r.ctx.score(c), []).append(c)
    sides = [r.pref[n][0] for n in residents]
    w0, b0 = sides.count(WHITE), sides.count(BLACK)
    z0 = len(residents) - w0 - b0

    def bound(c: int) -> int:
        s = r.pref[c][0]
        w, b, z = w0 + (s is WHITE), b0 + (s is BLACK), z0 + (s is None)
        return max(abs(w - b) - z, 0) // 2

    for score in sorted(by_score, reverse=True):  # C6: the highest score that works
        best: tuple[Any, ...] | None = None
        chosen: int | None = None
        for c in sorted(by_score[score], key=lambda c: (bound(c), key(c)[1:])):
            if best is not None and (bound(c), key(c)[1:]) >= best:
                break
            misses = _c7_misses(r, [*residents, c], res)
            if misses is None or not _c4_whole_round(r, residents, [c], lower):
                continue
            cand = (misses, key(c)[1:])
            if best is None or cand < best:
                best, chosen = cand, c
        if chosen is not None:
            return chosen
    return None


def _c5_c10_upfloater_set(
    r: _Round, residents: list[int], lower: list[int], k: int
) -> list[int] | None:
    """``3.2.2`` with ``k`` >= 2 upfloaters: the first set (``4.2.2`` order) whose bracket is
    paired best under C5–C10 in that order, by one maximum-weight matching of the residents
    and the candidate upfloaters.

    Each pair's weight holds, from the most significant field down: residents covered (every
    resident is paired), C5 (pairs of two residents: fewest upfloaters), C6 (score
    differences of the upfloaters' pairs, the largest difference most significant), C7
    (pairs giving both players their colour preference), C8 (upfloaters that are not maximum
    upfloaters), C9 (upfloats of maximum upfloaters, the most upfloats most significant),
    C10 (upfloaters who did not upfloat in the previous round), then the ``4.2.2`` sequence
    number (a set holding an earlier player first).  C8–C10 lapse in the last round.  The
    candidates are the lower score groups from the top, a group at a time, until ``k``
    upfloaters can be found among them (C6: a player further down could only make the
    largest score difference larger).  ``None`` when the set found leaves the rest of the
    round unpairable (C4): over the whole field, the matching then proves that no set of ``k``
    upfloaters allows it (the residents, the upfloaters and everybody below are all paired in
    a maximum matching exactly when some set does, and it takes the fewest upfloaters)."""
    ctx = r.ctx
    res = set(residents)
    compat = r.compatible
    last = ctx.is_last_round
    top = ctx.score(residents[0])
    ordered = sorted(lower, key=lambda n: (-ctx.score(n), n))  # 4.2.2
    seq = {n: i for i, n in enumerate(ordered)}
    scores = sorted({ctx.score(n) for n in ordered}, reverse=True)
    nr = len(residents)
    depths = [*range(1, len(scores) + 1), 0]  # 0: the whole field, for C4
    for depth in depths:
        whole = depth == 0
        pool = ordered if whole else [n for n in ordered if ctx.score(n) >= scores[depth - 1]]
        if len(pool) < k:
            continue
        fields: list[int] = []  # widths, least significant first
        order_w = len(pool) + 1
        c10_w = c8_w = (nr + 1).bit_length() + 1
        ups = {n: r.upfloats(n) for n in pool}
        max_ups = sorted({ups[n] for n in pool if ups[n] >= r.limit})
        c9_off = {u: i * c8_w for i, u in enumerate(max_ups)}
        c9_full = len(max_ups) * c8_w
        c9_w = c9_full + c8_w
        diffs = sorted({top - ctx.score(n) for n in pool})
        c6_off = {d: i * c8_w for i, d in enumerate(diffs)}
        c6_full = len(diffs) * c8_w
        c6_w = c6_full + c8_w
        c7_w = c5_w = c8_w
        fields = [order_w, c10_w, c9_w, c8_w, c7_w, c6_w, c5_w]
        shift = [0]
        for w in fields:
            shift.append(shift[-1] + w)
        cover = 1 << (shift[-1] + c8_w)  # above the sum of every lower field over the pairs

        def weight(
            a: int,
            b: int,
            *,
            shift: list[int] = shift,
            cover: int = cover,
            ups: dict[int, int] = ups,
            pool: list[int] = pool,
            c6: tuple[dict[float, int], int] = (c6_off, c6_full),
            c9: tuple[dict[int, int], int] = (c9_off, c9_full),
        ) -> int:
            c6_off, c6_full = c6
            c9_off, c9_full = c9
            rr = b in res
            w = cover * (1 + rr)
            pa, pb = r.pref[a][0], r.pref[b][0]
            if pa is None or pb is None or pa is not pb:
                w += 1 << shift[4]  # C7
            if rr:
                return w + (1 << shift[6])  # C5
            w += ((1 << c6_full) - (1 << c6_off[top - ctx.score(b)])) << shift[5]
            if not last:
                w += int(ups[b] < r.limit) << shift[3]  # C8
                pen = (1 << c9_off[ups[b]]) if ups[b] >= r.limit else 0
                w += ((1 << c9_full) - pen) << shift[2]  # C9
                w += int(ctx.state(b).floated(1) is not Float.UP) << shift[1]  # C10
            return w + ((1 << (len(pool) - seq[b])) << shift[0])

        edges = [
            (a, b, weight(a, b))
            for i, a in enumerate(residents)
            for b in [*residents[i + 1 :], *pool]
            if compat(a, b)
        ]
        if whole:  # C4 first: the players below pair among themselves (the cover field only)
            cover *= nr + len(pool)
            edges = [(a, b, w + 2 * cover) for a, b, w in edges]  # two players covered
            edges += [
                (a, b, 2 * cover) for i, a in enumerate(pool) for b in pool[i + 1 :] if compat(a, b)
            ]
        mate = max_weight_matching(edges)
        if any(a not in mate for a in residents):
            continue
        chosen = sorted((mate[a] for a in residents if mate[a] not in res), key=seq.__getitem__)
        if len(chosen) != k:
            continue
        if _c4_whole_round(r, residents, chosen, lower):
            return chosen
        if whole:
            return None
    return None


def _pick_upfloaters(
    r: _Round,
    residents: list[int],
    lower: list[int],
    k: int,
    has_lower: Any,
    res: set[int],
) -> list[int]:
    """When no number of upfloaters lets the rest of the round be completed (C4 cannot be
    met), the first set of ``k`` upfloaters in the order of the criteria (C6 score, C7 the
    colour the group lacks, C8–C10, ``4.2.2`` TPN) with which the residents can all be
    paired, by a depth-first search in that order; every set is reachable (a branch is
    descended only when the residents can still all be paired), so the search needs no
    limit.  Empty if none fits."""
    if k == 0:
        return []
    key = r.upfloater_key

    def order(chosen: list[int], excluded: set[int]) -> list[int]:
        whites = sum(1 for n in residents + chosen if r.seeks_white(n))
        blacks = len(residents) + len(chosen) - whites
        want_white = whites < blacks
        cands = [c for c in lower if c not in excluded and c not in chosen]
        cands.sort(
            key=lambda c: (
                key(c)[0],
                whites != blacks and r.seeks_white(c) is not want_white,
                key(c)[1:],
            )
        )
        return cands

    def dfs(chosen: list[int], excluded: set[int]) -> list[int] | None:
        if len(chosen) == k:
            return chosen
        tried: set[int] = set()
        for c in order(chosen, excluded):
            if _c4_c5_upfloaters_fit(r, residents, [*chosen, c], k, has_lower, res):
                found = dfs([*chosen, c], excluded | tried)
                if found is not None:
                    return found
            tried.add(c)
        return None

    return dfs([], set()) or []


def _c4_whole_round(r: _Round, residents: list[int], ups: list[int], lower: list[int]) -> bool:
    """C4: the group (residents and upfloaters, every pair with a resident) can be paired
    completely and so can everybody below it."""
    compat = r.compatible
    inside = set(residents) | set(ups)
    res = set(residents)

    def ok(a: int, b: int) -> bool:
        if (a in inside) != (b in inside):
            return False
        if a in inside and a not in res and b not in res:
            return False
        return compat(a, b)

    members = residents + ups + [x for x in lower if x not in inside]
    return IncrementalMatching(members, ok).perfect


def _c4_c5_upfloaters_fit(
    r: _Round, residents: list[int], trial: list[int], k: int, has_lower: Any, res: set[int]
) -> bool:
    """Whether the residents can all be paired with the upfloaters ``trial`` and (for the
    upfloaters still to come) partners from below."""
    compat = r.compatible
    members = residents + trial
    taken = set(trial)

    def ok(a: int, b: int) -> bool:
        return (a in res or b in res) and compat(a, b)

    m = IncrementalMatching(
        members,
        ok,
        wildcards=k - len(trial),
        wildcard_ok=lambda p: p in res and has_lower(p, taken),
    )
    return m.perfect


def _shifter_order(r: _Round, group: list[int], white_seekers: bool) -> list[int]:
    """``4.3.2``/``4.3.3``: white seekers by ascending ARO then TPN, black seekers by TPN,
    numbered from the (remaining) middle of the list outwards."""
    if white_seekers:
        return middle_out(sorted(group, key=lambda n: (r.aro.get(n, 0.0), n)))
    return middle_out(sorted(group))


def _art3_2_4_1_unavoidable(
    r: _Round, gi: int, g1: list[int], g2: list[int], residents: set[int]
) -> tuple[list[int], list[int]]:
    """``3.2.4.1``: if players of the smaller subgroup (G1 when the sizes are equal) must
    unavoidably be paired together, as many of them as there are such pairs are shifted into
    the other subgroup: the first players in the ``4.3`` order after whose shift the bracket
    can be paired with no pair inside what is left of that subgroup.  The number of such
    pairs is the fewest over all legal pairings of the bracket (a plain matching test when it
    is zero, else a maximum-weight matching)."""
    small_is_g1 = len(g1) <= len(g2)
    small = g1 if small_is_g1 else g2
    members = small + (g2 if small_is_g1 else g1)  # the smaller side first: a good greedy start
    if len(small) < 2:
        return g1, g2
    compat = r.compatible

    def legal(a: int, b: int) -> bool:
        return (a in residents or b in residents) and compat(a, b)

    def apart(inside: set[int]) -> bool:
        def ok(a: int, b: int) -> bool:
            return legal(a, b) and not (a in inside and b in inside)

        return IncrementalMatching(members, ok).perfect

    inside = set(small)
    if apart(inside) or not IncrementalMatching(members, legal).perfect:
        return g1, g2
    big = len(members) + 1
    edges = [
        (a, b, big + int(not (a in inside and b in inside)))
        for i, a in enumerate(members)
        for b in members[i + 1 :]
        if legal(a, b)
    ]
    mate = max_weight_matching(edges, max_cardinality=True)
    need = sum(1 for a, b in mate.items() if a < b and a in inside and b in inside)
    moved: list[int] = []
    for p in _shifter_order(r, small, small_is_g1):
        if len(moved) == need:
            break
        trial = [*moved, p]
        if len(trial) < need or apart(inside - set(trial)):
            moved.append(p)
    if len(moved) < need:
        return g1, g2
    if small_is_g1:
        g1, g2 = [n for n in g1 if n not in moved], g2 + moved
    else:
        g2, g1 = [n for n in g2 if n not in moved], g1 + moved
    r.add(
        "Dubov-2026 3.2.4",
        NP_(
            "player {players} shifts between G1 and G2 to equalise them",
            "players {players} shift between G1 and G2 to equalise them",
            "players",
        ),
        gi + 1,
        players=moved,
    )
    return g1, g2


def _art3_2_4_equalise(
    r: _Round, gi: int, g1: list[int], g2: list[int], residents: set[int]
) -> tuple[list[int], list[int]]:
    """``3.2.4.2`` with the shifter order of ``4.3.2``/``4.3.3``: the first set of players of
    the larger subgroup, in that order, whose shift leaves a legal pairing of G1 against G2.

    A shifted player keeps his colour preference (the colours are allocated afterwards by
    ``5.2``; an absolute preference is honoured there), so the choice is not limited to
    players who may take the other colour.  The set is built player by player: a player is
    shifted when a legal G1-v-G2 pairing still exists with him shifted and the remaining
    shifts taken from the players after him (a perfect-matching test in which those players
    may still stand on either side)."""
    diff = len(g1) - len(g2)
    if abs(diff) < 2:
        return g1, g2
    need = abs(diff) // 2
    compat = r.compatible

    def legal(a: int, b: int) -> bool:
        return (a in residents or b in residents) and compat(a, b)

    if diff > 0:  # white seekers shift to G2
        larger, smaller = g1, g2
        pool = middle_out(sorted(g1, key=lambda n: (r.aro.get(n, 0.0), n)))
    else:
        larger, smaller = g2, g1
        pool = middle_out(sorted(g2, key=lambda n: n))
    members = larger + smaller

    def split_ok(other: set[int], flexible: set[int]) -> bool:
        def ok(a: int, b: int) -> bool:
            if (a in other) != (b in other):
                return legal(a, b)
            if a in other:
                return False
            return (a in flexible or b in flexible) and legal(a, b)

        order = [m for m in members if m in other] + [m for m in members if m not in other]
        return IncrementalMatching(order, ok).perfect  # one side first: a good greedy start

    # the first ``need`` players in the order, when they leave a legal pairing, are the first
    # set (each of them would be accepted in turn); else the set is built player by player
    first = pool[:need]
    moved: list[int] = list(first) if split_ok(set(smaller) | set(first), set()) else []
    for i, p in enumerate(pool):
        if len(moved) == need:
            break
        trial = set(moved) | {p}
        flexible = set(pool[i + 1 :]) if len(trial) < need else set()
        if split_ok(set(smaller) | trial, flexible):
            moved.append(p)
    if len(moved) < need:  # no legal equal split: the first players in the 4.3 order
        moved += [p for p in pool if p not in moved][: need - len(moved)]
    if diff > 0:
        g1 = [n for n in g1 if n not in moved]
        g2 = g2 + moved
    else:
        g2 = [n for n in g2 if n not in moved]
        g1 = g1 + moved
    if moved:
        r.add(
            "Dubov-2026 3.2.4",
            NP_(
                "player {players} shifts between G1 and G2 to equalise them",
                "players {players} shift between G1 and G2 to equalise them",
                "players",
            ),
            gi + 1,
            players=moved,
        )
    return g1, g2


def _art3_2_5_pair_bracket(
    r: _Round,
    gi: int,
    members: list[int],
    residents: set[int],
    oracle: IncrementalMatching,
    first_round: bool,
) -> list[int]:
    """``3.2.3``–``3.2.5``; returns the residents left unpaired (only when the rest of the
    round forces it)."""
    compat = r.compatible
    if first_round:
        by_tpn = sorted(members)
        g1, g2 = by_tpn[: len(by_tpn) // 2], by_tpn[len(by_tpn) // 2 :]
    else:
        g1 = [n for n in members if r.seeks_white(n)]
        g2 = [n for n in members if not r.seeks_white(n)]
        g1, g2 = _art3_2_4_1_unavoidable(r, gi, g1, g2, residents)
        g1, g2 = _art3_2_4_equalise(r, gi, g1, g2, residents)
    s1 = sorted(g1, key=lambda n: (r.aro.get(n, 0.0), n))
    t2 = sorted(g2)
    r.add(
        "Dubov-2026 3.2.5",
        N_("S1 by ascending ARO: {s1}; G2 by pairing number: {g2}"),
        gi + 1,
        s1=s1,
        g2=t2,
    )

    def ok(a: int, b: int) -> bool:
        return (a in residents or b in residents) and compat(a, b)

    # 3.2.5: T2 is the first transposition of G2 giving a legal pairing S1[i]-T2[i]; when one
    # exists, each S1 player's choice keeps a complete S1-v-G2 pairing possible
    in_s1 = set(s1)

    def ok_s1_t2(a: int, b: int) -> bool:
        return (a in in_s1) != (b in in_s1) and ok(a, b)

    local = IncrementalMatching(members, ok_s1_t2) if len(s1) == len(t2) else None
    if local is None or not local.perfect:
        local = IncrementalMatching(members, ok)
    local_ok = local.perfect
    free = set(members)

    def try_pair(a: int, b: int) -> bool:
        if a not in free or b not in free or not ok(a, b):
            return False
        if local_ok:
            snap = local.snapshot()
            if not local.try_pair(a, b):
                return False
            if not oracle.try_pair(a, b):
                local.restore(snap)
                return False
        elif not oracle.try_pair(a, b):
            return False
        free.difference_update((a, b))
        r.paired.append((a, b))
        return True

    for i, a in enumerate(s1):
        if a not in free:
            continue
        for b in t2 + s1[i + 1 :] + s1[:i][::-1]:
            if try_pair(a, b):
                break
    rest = [n for n in t2 if n in free]
    for i, a in enumerate(rest):
        if a in free:
            for b in rest[i + 1 :]:
                if try_pair(a, b):
                    break
    return [n for n in members if n in free]


def pair_dubov_2026_round(ctx: RoundContext) -> RoundPairing:
    """Pair one round under the Dubov text in force from 2025/2026 (see the module docstring)."""
    r = _Round(ctx)
    states = ctx.states
    ranked = sorted(ctx.participants, key=lambda n: (-states[n].score, n))  # A.2: score, TPN
    oracle, players, byes = open_round(r, ranked, "Dubov-2026 1.7", _art3_1_bye, "Dubov-2026 3.1")
    groups = score_groups(players, states)
    taken: set[int] = set()
    for gi, group in enumerate(groups):
        residents = [n for n in group if n not in taken]
        if not residents:
            continue
        lower = [n for g in groups[gi + 1 :] for n in g if n not in taken]
        ups = _art3_2_2_upfloaters(r, gi, residents, lower)
        taken.update(ups)
        r.upfloaters.extend(ups)
        left = _art3_2_5_pair_bracket(
            r, gi, residents + ups, set(residents), oracle, ctx.is_first_round
        )
        # C4: a resident the group could not pair because of the rest of the round meets
        # another player left over here, else one more upfloater
        still = list(left)
        for a in left:
            if a not in still or a in ups:
                continue
            here = [b for b in still if b != a]
            extra = sorted((n for n in lower if n not in taken), key=r.upfloater_key)
            for b in here + extra:
                if r.compatible(a, b) and oracle.try_pair(a, b):
                    r.paired.append((a, b))
                    still.remove(a)
                    if b in still:
                        still.remove(b)
                    else:
                        taken.add(b)
                        r.upfloaters.append(b)
                        r.add(
                            "Dubov-2026 2.2",
                            N_(
                                "player {player} can only be paired with {upfloater} from a lower "
                                "group"
                            ),
                            gi + 1,
                            player=a,
                            upfloater=b,
                        )
                    break
            else:  # pragma: no cover - the oracle keeps the rest pairable
                raise NoValidPairingError(N_("no valid pairing exists"))
        for u in ups:
            if u in still:  # an upfloater not needed goes back to his group
                taken.discard(u)
                r.upfloaters.remove(u)
    boards: list[Pairing] = []
    colour_events: list[Event] = []
    first = ctx.initial_colour()
    for a, b in r.paired:
        white, black, step = _colours_5_2(r, a, b, first)
        boards.append(Pairing(white, black))
        if ctx.explanation.enabled:
            colour_events.append(
                Event(
                    step,
                    COLOUR_REASONS_2026[step],
                    {"white": white, "black": black},
                )
            )
    boards = ctx.engine.order_boards(boards, ctx)
    ctx.data["dubov.transferred"] = tuple(r.upfloaters)
    return RoundPairing(
        ctx.round_number,
        tuple(boards),
        tuple(byes),
        tuple(r.events + colour_events + list(ctx.explanation)),
    )


#: Dubov-2026 5.2: why the pair has these colours, by the deciding step.
COLOUR_REASONS_2026 = {
    "Dubov-2026 5.2.1": N_(
        "{white}–{black}: neither player has played yet; the pairing number of the higher-ranked "
        "player and the colour drawn decide"
    ),
    "Dubov-2026 5.2.2": N_("{white}–{black}: the colour preferences do not clash and are granted"),
    "Dubov-2026 5.2.3": N_("{white}–{black}: the stronger colour preference is granted"),
    "Dubov-2026 5.2.4": N_(
        "{white}–{black}: equal colour preferences; colours alternate from the latest round in "
        "which the two had different colours"
    ),
    "Dubov-2026 5.2.5": N_("{white}–{black}: the higher-ranked player gets the colour he prefers"),
    "C.04.1 f/g": N_("{white}–{black}: the other way round would break the colour limits"),
}


def _colours_5_2(r: _Round, a: int, b: int, first: Colour) -> tuple[int, int, str]:
    """``5.2.1``–``5.2.5`` (E1–E5), then the colour limits."""
    ctx = r.ctx
    hi, lo = (a, b) if ctx.rank[a] < ctx.rank[b] else (b, a)
    sh, sl = ctx.state(hi), ctx.state(lo)
    ph, pl = r.pref[hi], r.pref[lo]
    if not sh.played_colours and not sl.played_colours:
        col, step = (first if hi % 2 == 1 else first.opposite), "Dubov-2026 5.2.1"
    elif ph[0] is not None and pl[0] is not None and ph[0] is not pl[0]:
        col, step = ph[0], "Dubov-2026 5.2.2"
    elif ph[0] is None or pl[0] is None:
        col = ph[0] if ph[0] is not None else pl[0].opposite  # type: ignore[union-attr]
        step = "Dubov-2026 5.2.2"
    elif ph[1] != pl[1]:
        col = ph[0] if ph[1] > pl[1] else pl[0].opposite
        step = "Dubov-2026 5.2.3"
    else:
        alt = alternation_colour(sh, sl)
        if alt is not None:
            col, step = alt, "Dubov-2026 5.2.4"
        else:
            col, step = ph[0], "Dubov-2026 5.2.5"
    if not (ctx.colour_allowed(hi, col) and ctx.colour_allowed(lo, col.opposite)) and (
        ctx.colour_allowed(hi, col.opposite) and ctx.colour_allowed(lo, col)
    ):
        col, step = col.opposite, "C.04.1 f/g"
    return (hi, lo, step) if col is WHITE else (lo, hi, step)
