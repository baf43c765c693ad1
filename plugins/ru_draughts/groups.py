"""Pairing inside one score group (очковая группа), for every RDF variant.

A score group reaches :func:`group_outcomes` as a core :class:`~swisspairing.Bracket`:
players who came down from the group above (``moved_down``) and the group's own players
(``residents``) in the round's pairing order.  The group is paired in three steps, each with
the order of trial its rule gives:

1. every player who came down meets a player of this group — RDF 5.4.10.5.4: the first
   he has not met, then the second, …; RDF 5.4.10.7.4: the last, then the second-to-last,
   …; RDF 5.4.10.4: the next one drawn;
2. if the rest of the group is odd, one player goes down to the next group — RDF 5.4.10.5.4:
   the last, then the second-to-last, …; RDF 5.4.10.7.4 (AMB-R7): the first, then the
   second, …; RDF 5.4.10.4: the one left over after the lot (the last drawn);
3. the even rest is paired by the group rule — RDF 5.4.10.5.5: halves, "the first" meets the
   first of the lower half, …, then the last of the upper half, … (AMB-R3);
   RDF 5.4.10.7.5: first against last; RDF 5.4.10.4: in the order drawn — with chronological
   backtracking: when the first remaining player has no admissible opponent, the last formed
   pair is broken and its first player takes his next candidate (5.4.10.5.5(3)).

The outcomes are yielded lazily in exactly this order of preference; the core engine takes
the first one with which every lower group can be paired and otherwise asks for the next
(backtracking between groups, 5.4.10.8).  When no complete pairing of the group exists, the
fewest possible players move down to the next group, lowest-ranked first, with a cost > 0
(AMB-R6, 5.4.10.8: "a repeated draw must affect the smallest number of participants"); so the
engine first looks for another choice in the group above.  Nothing can move below the lowest
group: when it cannot be completed, the engine re-pairs the group above (other players come
down, then more of them, up to the whole group: the merge of AMB-R6).  Once the engine has
started to backtrack, :class:`Feasibility` tells it in advance which choices leave the lower
groups impossible to complete, so that it skips them (the result is the same, found faster).

A bounded chronological search is tried first; if it runs long, the same search continues
with an exact feasibility oracle (:mod:`swisspairing.matching`), which finds the same pairing — the
first complete one in the rule's order — in polynomial time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from swisspairing import N_, Bracket, BracketOutcome, Event, RoundContext
from swisspairing.matching import (
    augment_path,
    exposed_mask,
    has_perfect_matching,
    maximum_matching_masks,
)

__all__ = ["RULES", "Feasibility", "GroupRule", "group_outcomes", "pair_even"]

Compat = Callable[[int, int], bool]

#: Candidate trials of the plain chronological search (per player, plus a fixed allowance)
#: before the exact search takes over.
SEARCH_STEPS_PER_PLAYER = 40
SEARCH_STEPS_FIXED = 200
#: Leftover sets examined per group when a group cannot be paired completely (AMB-R6);
#: beyond them only "the whole group moves down" is left.
FALLBACK_SETS = 500


@dataclass(frozen=True, slots=True)
class GroupRule:
    """How a variant pairs inside a score group."""

    id: str
    """``start-number`` (5.4.10.5.4–5), ``fold`` (5.4.10.7.4–5) or ``lot`` (5.4.10.4)."""
    floater_from_bottom: bool
    """Whether the player going down from an odd group is tried from the last one up (5.4.10.5.4)
    rather than from the first one down (5.4.10.7.4)."""
    descended_meets_top: bool
    """Whether a player who came down meets the first player of the group first (5.4.10.5.4)
    rather than the last (5.4.10.7.4)."""
    even: str
    """Candidate order in an even group: ``halves`` (5.4.10.5.5, AMB-R3), ``fold``
    (5.4.10.7.5) or ``next`` (5.4.10.4, the order drawn)."""
    odd_rule: str
    """Rule id cited for the odd-group steps."""
    even_rule: str
    """Rule id cited for the even-group steps."""


RULES: dict[str, GroupRule] = {
    "start-number": GroupRule(
        "start-number", True, True, "halves", "RDF 5.4.10.5.4", "RDF 5.4.10.5.5"
    ),
    "fold": GroupRule("fold", False, False, "fold", "RDF 5.4.10.7.4", "RDF 5.4.10.7.5"),
    # 5.4.10.7 with the federation's choice buchholz_floater: last (AMB-R7 reversed)
    "fold-last-down": GroupRule(
        "fold-last-down", True, True, "fold", "RDF 5.4.10.7.4", "RDF 5.4.10.7.5"
    ),
    # 5.4.10.4 with AMB-R11: the group's order is the lot; the player left over (the last
    # drawn) joins the next group and meets the first one drawn there he may meet
    "lot": GroupRule("lot", True, True, "next", "RDF 5.4.10.4", "RDF 5.4.10.4"),
}


# ---------------------------------------------------------------------- free-set bookkeeping
class _Free:
    """Which positions of a group are still unpaired, with lazy scan pointers so that
    candidate scans cost amortised O(1) per step in the usual (no backtracking) case."""

    __slots__ = ("asc", "desc", "free", "left", "n")

    def __init__(self, n: int, asc: Sequence[int] = (0,), desc: Sequence[int] = ()) -> None:
        self.n = n
        self.free = [True] * n
        self.left = n
        self.asc = {s: s for s in asc}
        self.desc = {e: e for e in desc}

    def take(self, i: int) -> None:
        self.free[i] = False
        self.left -= 1

    def give(self, i: int) -> None:
        self.free[i] = True
        self.left += 1
        for s, p in self.asc.items():
            if s <= i < p:
                self.asc[s] = i
        for e, p in self.desc.items():
            if p < i <= e:
                self.desc[e] = i

    def up(self, start: int, end: int) -> Iterator[int]:
        """Free positions ``start..end-1`` ascending (``start`` must be a registered pointer)."""
        free = self.free
        p = self.asc[start]
        while p < end and not free[p]:
            p += 1
        self.asc[start] = p
        for i in range(p, end):
            if free[i]:
                yield i

    def down(self, end: int, stop: int = 0) -> Iterator[int]:
        """Free positions ``end..stop`` descending (``end`` must be a registered pointer)."""
        free = self.free
        p = self.desc[end]
        while p >= stop and not free[p]:
            p -= 1
        self.desc[end] = p
        for i in range(p, stop - 1, -1):
            if free[i]:
                yield i

    def lowest(self) -> int:
        return next(self.up(0, self.n))


def _candidate_factory(kind: str, n: int) -> tuple[_Free, Callable[[_Free, int], Iterator[int]]]:
    """The free-set and the candidate order of an even group of ``n`` players."""
    m = n // 2
    if kind == "halves":
        # 5.4.10.5.5 / AMB-R3: unpaired lower half top→bottom, then unpaired upper half bottom→top
        free = _Free(n, asc=(0, m), desc=(m - 1,) if m > 0 else ())

        def cands(fs: _Free, _f: int) -> Iterator[int]:
            yield from fs.up(m, n)
            if m > 0:
                yield from fs.down(m - 1)

        return free, cands
    if kind == "fold":
        # 5.4.10.7.5: the last, then the second-to-last, …
        free = _Free(n, asc=(0,), desc=(n - 1,))
        return free, lambda fs, _f: fs.down(n - 1)
    # 5.4.10.4: the next one in the order drawn
    free = _Free(n, asc=(0,))
    return free, lambda fs, _f: fs.up(0, n)


# ---------------------------------------------------------------------- even groups
@dataclass(frozen=True, slots=True)
class EvenResult:
    """A complete pairing of an even group, and how much backtracking it took."""

    pairs: list[tuple[int, int]]
    """Pairs as (first player, opponent), in the order formed."""
    greedy: list[tuple[int, int]]
    """The pairs formed before the first dead end (empty when there was none)."""
    stuck: int | None
    """The player who first found no opponent (``None`` when nobody did)."""

    @property
    def broken(self) -> list[tuple[int, int]]:
        """Pairs of the first attempt that had to be broken (5.4.10.5.5(3))."""
        k = 0
        while k < len(self.greedy) and k < len(self.pairs) and self.greedy[k] == self.pairs[k]:
            k += 1
        return self.greedy[k:] if self.stuck is not None else []


def _chronological(
    players: Sequence[int], kind: str, compat: Compat, budget: int
) -> EvenResult | bool | None:
    """Chronological backtracking exactly as 5.4.10.5.5(3) describes it; ``False`` when the
    step budget ran out (the caller then switches to the exact search)."""
    n = len(players)
    if n == 0:
        return EvenResult([], [], None)
    fs, cands = _candidate_factory(kind, n)
    levels: list[list] = []  # [first, candidate iterator, opponent or -1]
    greedy: list[tuple[int, int]] = []
    stuck: int | None = None
    steps = 0

    def enter() -> None:
        f = fs.lowest()
        fs.take(f)
        levels.append([f, cands(fs, f), -1])

    enter()
    while levels:
        lvl = levels[-1]
        f = lvl[0]
        if lvl[2] >= 0:
            fs.give(lvl[2])  # break the last formed pair; its first player takes his next candidate
            lvl[2] = -1
        pf = players[f]
        chosen = -1
        for b in lvl[1]:
            steps += 1
            if compat(pf, players[b]):
                chosen = b
                break
        if steps > budget:
            return False
        if chosen < 0:
            if stuck is None:
                stuck = pf
                greedy = [(players[x[0]], players[x[2]]) for x in levels[:-1]]
            fs.give(f)
            levels.pop()
            continue
        fs.take(chosen)
        lvl[2] = chosen
        if fs.left == 0:
            pairs = [(players[x[0]], players[x[2]]) for x in levels]
            return EvenResult(pairs, greedy, stuck)
        enter()
    return None


def _greedy(
    players: Sequence[int], kind: str, compat: Compat
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairs the rule forms before its first dead end (for the explanation)."""
    n = len(players)
    fs, cands = _candidate_factory(kind, n)
    out: list[tuple[int, int]] = []
    while fs.left:
        f = fs.lowest()
        fs.take(f)
        b = next((b for b in cands(fs, f) if compat(players[f], players[b])), -1)
        if b < 0:
            return out, players[f]
        fs.take(b)
        out.append((players[f], players[b]))
    return out, None


class _Graph:
    """Adjacency of a whole group (built only when a group turns out to be hard)."""

    def __init__(self, players: Sequence[int], compat: Compat) -> None:
        self.players = list(players)
        self.index = {p: i for i, p in enumerate(self.players)}
        n = len(self.players)
        adj: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            pi = self.players[i]
            for j in range(i + 1, n):
                if compat(pi, self.players[j]):
                    adj[i].append(j)
                    adj[j].append(i)
        self.adj = adj
        self.edges = {(i, j) for i in range(n) for j in adj[i]}
        masks = [0] * n
        for i in range(n):
            for j in adj[i]:
                masks[i] |= 1 << j
        self.masks = masks
        """``adj`` as bit sets, for the core's matching (:mod:`swisspairing.matching`)."""

    def active(self, members: Sequence[int]) -> int:
        act = 0
        for p in members:
            act |= 1 << self.index[p]
        return act

    def perfect(self, members: Sequence[int], dummy_to: Sequence[int] | None = None) -> bool:
        """Whether ``members`` can all be paired; with ``dummy_to``, all but one of the
        players in ``dummy_to``."""
        if dummy_to is None:
            if len(members) % 2:
                return False
            act = self.active(members)
            return not exposed_mask(maximum_matching_masks(self.masks, act), act)
        n = len(self.players)
        adj = [*self.masks, 0]
        for p in dummy_to:
            i = self.index[p]
            adj[i] |= 1 << n
            adj[n] |= 1 << i
        act = self.active(members) | 1 << n
        return not exposed_mask(maximum_matching_masks(adj, act), act)


def _exact(players: Sequence[int], kind: str, graph: _Graph) -> EvenResult | None:
    """The same pairing as :func:`_chronological`, found with an exact oracle: each candidate
    is accepted only if the rest can still be paired completely, so no dead end is ever
    reached and the result is the first complete pairing in the rule's order."""
    n = len(players)
    if n == 0:
        return EvenResult([], [], None)
    adj = graph.masks
    act = graph.active(players)
    mate = maximum_matching_masks(adj, act)
    idx = [graph.index[p] for p in players]
    if any(mate[i] == -1 for i in idx):
        return None
    fs, cands = _candidate_factory(kind, n)
    pairs: list[tuple[int, int]] = []
    edges = graph.edges
    while fs.left:
        f = fs.lowest()
        fs.take(f)
        gf = idx[f]
        act &= ~(1 << gf)
        chosen = -1
        for b in cands(fs, f):
            gb = idx[b]
            if (gf, gb) not in edges:
                continue
            if mate[gf] == gb:
                act &= ~(1 << gb)
                chosen = b
                break
            a2, b2 = mate[gf], mate[gb]
            act &= ~(1 << gb)
            mate[gf] = mate[gb] = mate[a2] = mate[b2] = -1
            if augment_path(a2, adj, act, mate, 1 << b2) >= 0:
                chosen = b
                break
            mate[gf], mate[a2], mate[gb], mate[b2] = a2, gf, b2, gb
            act |= 1 << gb
        if chosen < 0:  # pragma: no cover - the oracle guarantees a partner
            return None
        fs.take(chosen)
        pairs.append((players[f], players[chosen]))
    return EvenResult(pairs, [], None)


def pair_even(
    players: Sequence[int],
    kind: str,
    compat: Compat,
    graph: _Graph | None = None,
    *,
    explain: bool = False,
) -> EvenResult | None:
    """Pair an even group completely by the rule ``kind``; ``None`` when impossible.

    Tries the literal chronological search first; beyond a step budget, the exact search.
    """
    if len(players) % 2:
        return None
    if graph is None:
        res = _chronological(
            players, kind, compat, SEARCH_STEPS_PER_PLAYER * len(players) + SEARCH_STEPS_FIXED
        )
        if res is not False:
            return res  # type: ignore[return-value]
        graph = _Graph(players, compat)
    res2 = _exact(players, kind, graph)
    if res2 is not None and explain:
        greedy, stuck = _greedy(players, kind, compat)
        res2 = replace(res2, greedy=greedy, stuck=stuck)
    return res2


# ---------------------------------------------------------------------- between groups
class Feasibility:
    """Whether all the players below a group, together with those it moves down, can still
    be paired completely — an exact test (5.4.10.8) that lets the engine skip, once it has
    started to backtrack between groups, every choice of a group with which the lower groups
    cannot be completed anyway.  Skipping such choices never changes the pairing found: the
    engine takes the first choice with which the lower groups can be paired.

    Active only after the first backtracking (:attr:`hard`), and only for at most
    :data:`LIMIT` players below (beyond that the engine's own search is left alone).
    """

    LIMIT = 800

    def __init__(
        self,
        brackets: Sequence[Bracket],
        compat: Compat,
        bye_eligible: Callable[[int], bool] | None = None,
    ) -> None:
        self.hard = False
        """Set once a group had to give a second choice or had none."""
        self.compat = compat
        self.bye_eligible = bye_eligible
        self.below: dict[int, list[int]] = {}
        acc: list[int] = []
        for b in reversed(list(brackets)):
            self.below[b.index] = list(acc)
            acc = list(b.residents) + acc
        self._base: dict[int, list[list[int]]] = {}
        self._memo: dict[tuple[int, frozenset[int]], bool] = {}

    def mark_hard(self) -> None:
        self.hard = True

    def ok(self, index: int, moved_down: Sequence[int]) -> bool:
        """Whether the groups below ``index`` can be paired with ``moved_down`` coming down."""
        key = (index, frozenset(moved_down))
        found = self._memo.get(key)
        if found is not None:
            return found
        base = self.below.get(index, [])
        if len(base) + len(moved_down) > self.LIMIT:
            return True
        compat = self.compat
        if index not in self._base:
            adj: list[list[int]] = [[] for _ in base]
            for i in range(len(base)):
                for j in range(i + 1, len(base)):
                    if compat(base[i], base[j]):
                        adj[i].append(j)
                        adj[j].append(i)
            self._base[index] = adj
        verts = base + list(moved_down)
        adj = [list(a) for a in self._base[index]] + [[] for _ in moved_down]
        for k, m in enumerate(moved_down):
            i = len(base) + k
            for j in range(i):
                if compat(m, verts[j]):
                    adj[i].append(j)
                    adj[j].append(i)
        if self.bye_eligible is not None:
            d = len(verts)
            adj.append([])
            for i, p in enumerate(verts):
                if self.bye_eligible(p):
                    adj[i].append(d)
                    adj[d].append(i)
        result = has_perfect_matching(adj)
        self._memo[key] = result
        return result


# ---------------------------------------------------------------------- a whole group
Pairs = list[tuple[int, int]]


class _Group:
    """One score group being paired: the rule's steps, each in its order of trial."""

    def __init__(
        self,
        bracket: Bracket,
        rule: GroupRule,
        compat: Compat,
        explain: bool,
        order_event: Event | None,
    ) -> None:
        self.moved = list(bracket.moved_down)
        """Players who came down from the groups above, in pairing order."""
        self.residents = list(bracket.residents)
        """The group's own players, in pairing order."""
        self.players = self.moved + self.residents
        self.rule = rule
        self.compat = compat
        self.explain = explain
        self.index = bracket.index
        self.order_event = order_event
        self._graph: _Graph | None = None

    # -- the exact oracle, built once the group turns out to be hard
    @property
    def hard(self) -> bool:
        return self._graph is not None

    def graph(self) -> _Graph:
        if self._graph is None:
            self._graph = _Graph(self.players, self.compat)
        return self._graph

    # -- step 1: players who came down (5.4.10.5.4 / 5.4.10.7.4 / 5.4.10.4)
    def descended(self, i: int, used: frozenset[int]) -> Iterator[list[tuple[int, int, list[int]]]]:
        """Opponents for the players who came down, each in the rule's order of trial:
        ``(player, opponent, players tried before)``."""
        moved = self.moved
        if i == len(moved):
            yield []
            return
        x = moved[i]
        if x in used:
            yield from self.descended(i + 1, used)
            return
        free = [r for r in self.residents if r not in used]
        order = free if self.rule.descended_meets_top else free[::-1]
        order += [y for y in moved[i + 1 :] if y not in used]  # another who came down: last resort
        skipped: list[int] = []
        for y in order:
            if not self.compat(x, y):
                skipped.append(y)
                continue
            now = used | {x, y}
            if self.hard:
                rest = [p for p in self.players if p not in now]
                rest_res = [r for r in self.residents if r not in now]
                ok = (
                    self.graph().perfect(rest)
                    if len(rest) % 2 == 0
                    else self.graph().perfect(rest, dummy_to=rest_res)
                )
                if not ok:
                    skipped.append(y)
                    continue
            for tail in self.descended(i + 1, now):
                yield [(x, y, list(skipped)), *tail]
            skipped.append(y)
        self.graph()  # this player found no opponent: switch to the exact oracle

    # -- step 3: the even rest (5.4.10.5.5 / 5.4.10.7.5 / 5.4.10.4)
    def pair_rest(self, rest: list[int]) -> EvenResult | None:
        g = self._graph
        if g is not None and not g.perfect(rest):
            return None
        res = pair_even(rest, self.rule.even, self.compat, g, explain=self.explain)
        if res is None:
            self.graph()
        return res

    def pair_all(self, moved: list[int], residents: list[int]) -> Pairs | None:
        """Everybody given paired: those who came down first, then the even rule (exact)."""
        return _pair_completely(moved, residents, self.rule, self.compat, self.graph())

    # -- the explanation
    def _head(self) -> list[Event]:
        oe = self.order_event
        return [Event(oe.rule, oe.message, oe.args, self.index)] if oe is not None else []

    def events(
        self,
        xpairs: list[tuple[int, int, list[int]]],
        floater: int | None,
        tried: list[int],
        even: EvenResult | None,
    ) -> tuple[Event, ...]:
        if not self.explain:
            return ()
        rule, idx = self.rule, self.index
        ev = self._head()
        for x, y, skipped in xpairs:
            if skipped:
                ev.append(
                    Event(
                        rule.odd_rule,
                        N_(
                            "player {player} came down from the group above; he cannot meet "
                            "{skipped} and meets player {opponent}"
                        ),
                        {"player": x, "opponent": y, "skipped": skipped},
                        idx,
                    )
                )
            else:
                ev.append(
                    Event(
                        rule.odd_rule,
                        N_(
                            "player {player} came down from the group above and meets player "
                            "{opponent}"
                        ),
                        {"player": x, "opponent": y},
                        idx,
                    )
                )
        if floater is not None:
            if tried:
                ev.append(
                    Event(
                        rule.odd_rule,
                        N_(
                            "odd group: the draw cannot be completed if {skipped} goes down, so "
                            "player {player} goes down to the next group"
                        ),
                        {"player": floater, "skipped": tried},
                        idx,
                    )
                )
            else:
                ev.append(
                    Event(
                        rule.odd_rule,
                        N_("odd group: player {player} goes down to the next group"),
                        {"player": floater},
                        idx,
                    )
                )
        if even is not None and even.pairs:
            ev.append(
                Event(
                    rule.even_rule,
                    N_("the rest of the group is paired: {pairs}"),
                    {"pairs": _fmt_pairs(even.pairs)},
                    idx,
                )
            )
        if even is not None and even.broken:
            ev.append(
                Event(
                    rule.even_rule,
                    N_(
                        "player {player} had no admissible opponent left, so the last formed "
                        "pairs were broken and re-paired: {pairs}"
                    ),
                    {"player": even.stuck, "pairs": _fmt_pairs(even.broken)},
                    idx,
                )
            )
        return tuple(ev)

    def events_down(self, pairs: Pairs, down: tuple[int, ...]) -> tuple[Event, ...]:
        if not self.explain:
            return ()
        ev = self._head()
        ev.append(
            Event(
                "RDF 5.4.10.8",
                N_(
                    "the group cannot be paired completely; moving down to the next group, as few "
                    "as possible and the lowest-ranked first (AMB-R6): {players}"
                ),
                {"players": list(down)},
                self.index,
            )
        )
        if pairs:
            ev.append(
                Event(
                    self.rule.even_rule,
                    N_("the rest of the group is paired: {pairs}"),
                    {"pairs": _fmt_pairs(pairs)},
                    self.index,
                )
            )
        return tuple(ev)

    def events_plus(self, pairs: Pairs) -> tuple[Event, ...]:
        if not self.explain:
            return ()
        ev = self._head()
        if pairs:
            ev.append(
                Event(
                    self.rule.even_rule,
                    N_("the rest of the group is paired: {pairs}"),
                    {"pairs": _fmt_pairs(pairs)},
                    self.index,
                )
            )
        return tuple(ev)


def _fmt_pairs(pairs: Sequence[tuple[int, int]]) -> list[str]:
    return [f"{a}-{b}" for a, b in pairs]


def group_outcomes(
    bracket: Bracket,
    context: RoundContext,
    rule: GroupRule,
    compat: Compat,
    *,
    order_event: Event | None = None,
    bye_needed: bool = False,
    guard: Feasibility | None = None,
) -> Iterator[BracketOutcome]:
    """Every acceptable pairing of the group, lazily, in the order the rule prefers them
    (see the module docstring).  ``bye_needed``: this is the lowest group and must leave the
    plus over (only after the up-front choices of the plus failed)."""
    g = _Group(bracket, rule, compat, context.explanation.enabled, order_event)
    is_last = bracket.is_last

    if is_last and bye_needed:
        yield from _lowest_group_with_plus(g, context)
        return

    def below_ok(down: tuple[int, ...]) -> bool:
        return guard is None or is_last or not guard.hard or guard.ok(g.index, down)

    # ---- phase A: the group paired as its rule wants (cost 0)
    yielded: set[frozenset[int]] = set()
    for xpairs in g.descended(0, frozenset()):
        used = {p for x, y, _ in xpairs for p in (x, y)}
        rest = [r for r in g.residents if r not in used]
        pairs = [(x, y) for x, y, _ in xpairs]
        if len(rest) % 2 == 0:
            if not below_ok(()):
                break
            even = g.pair_rest(rest)
            if even is None:
                continue
            # every complete pairing of an even group moves nobody down: one is enough
            yield BracketOutcome(tuple(pairs + even.pairs), (), g.events(xpairs, None, [], even), 0)
            break
        # step 2: the odd rest sends one player down, in the rule's order of trial
        tried: list[int] = []
        for f in rest[::-1] if rule.floater_from_bottom else rest:
            if frozenset((f,)) in yielded or not below_ok((f,)):
                tried.append(f)
                continue
            even = g.pair_rest([r for r in rest if r != f])
            if even is None:
                tried.append(f)
                continue
            yielded.add(frozenset((f,)))
            yield BracketOutcome(
                tuple(pairs + even.pairs), (f,), g.events(xpairs, f, list(tried), even), 0
            )
            if guard is not None:
                guard.mark_hard()  # the engine asks for another choice: it is backtracking
            tried.append(f)

    if guard is not None:
        guard.mark_hard()
    if is_last:
        return  # nothing can move below the lowest group: the engine re-pairs the group above

    # ---- phase B (AMB-R6, 5.4.10.8): as few players as possible move down, lowest-ranked first
    players = g.players
    n = len(players)
    parity = n % 2
    budget = FALLBACK_SETS
    for size in range(max(parity, 1), n + 1, 2) if parity else range(2, n + 1, 2):
        if budget <= 0 and size < n:
            continue
        for leftover in combinations(range(n - 1, -1, -1), size):
            if size == parity and all(i >= len(g.moved) for i in leftover):
                continue  # an ordinary floater: phase A already tried it
            if size < n:
                budget -= 1
                if budget < 0:
                    break
            down = tuple(players[i] for i in sorted(leftover))
            if not below_ok(down):
                continue
            gone = set(down)
            rest = [p for p in players if p not in gone]
            if rest and not g.graph().perfect(rest):
                continue
            result = g.pair_all(
                [p for p in g.moved if p not in gone], [p for p in g.residents if p not in gone]
            )
            if result is None:  # pragma: no cover - guaranteed by the oracle
                continue
            yield BracketOutcome(
                tuple(result), down, g.events_down(result, down), cost=max(1, size - parity)
            )


def _lowest_group_with_plus(g: _Group, context: RoundContext) -> Iterator[BracketOutcome]:
    """The lowest group leaves the plus over (5.4.10.2(f), AMB-R4): the last player of the
    group who may receive it, then the one above him, …  Players who came down from above
    are candidates too (they rank above the group's own players)."""
    for c in [p for p in reversed(g.players) if context.can_receive_bye(p)]:
        rest = [p for p in g.players if p != c]
        if rest and not g.graph().perfect(rest):
            continue
        result = g.pair_all([m for m in g.moved if m != c], [r for r in g.residents if r != c])
        if result is None:  # pragma: no cover - guaranteed by the oracle
            continue
        yield BracketOutcome(tuple(result), (c,), g.events_plus(result), 0)


def _pair_completely(
    moved: list[int], residents: list[int], rule: GroupRule, compat: Compat, graph: _Graph
) -> list[tuple[int, int]] | None:
    """Pair every given player (players who came down first, by the rule's order), using the
    exact oracle; ``None`` when impossible."""
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for i, x in enumerate(moved):
        if x in used:
            continue
        free_res = [r for r in residents if r not in used]
        order = free_res if rule.descended_meets_top else free_res[::-1]
        order += [y for y in moved[i + 1 :] if y not in used]
        for y in order:
            if not compat(x, y):
                continue
            now = used | {x, y}
            rest = [p for p in moved + residents if p not in now]
            if graph.perfect(rest):
                pairs.append((x, y))
                used = now
                break
        else:
            return None
    rest_res = [r for r in residents if r not in used]
    even = pair_even(rest_res, rule.even, compat, graph)
    if even is None:
        return None
    return pairs + even.pairs
