"""Pairing one score group the Lim way: transfers, floaters first, top half v bottom half
with exchanges.  Shared by the FIDE Lim system (individuals, C.04.4.3) and the FIDE Olympiad
rules from 2010 (teams), which took over Lim's order and its 1 v n/2+1 pairing.

Rule ids are those of ``spec/olympiad-burstein-dubov-lim.md``: ``Lim 2.3`` (transfers),
``Lim 2.4`` (proposed pairing 1 v n/2+1, ...), ``Lim 2.5`` / ``Lim 4.1`` (exchanges:
scrutiny from the top when pairing downward, from the bottom when pairing upward; the player
of the pair on the other side is exchanged), ``Lim 3.x`` (floaters), ``Lim 5.x`` (colours);
the Olympiad plugin passes its own ids through :class:`GroupRules`.

The exchange order generalises the six-player example of Lim 4.2 [OPEN in the digest]: the
scrutinised player (first of the players still unpaired, in scrutiny order) is offered the
player in the middle position of the unpaired list (his proposed opponent n/2+1), then the
players below it in order, then the players above it from the bottom up — for six players
#1 tries #4, #5, #6, #3, #2 and the untouched proposal is 1-4 2-5 3-6.

Every choice keeps the rest of the group pairable (:class:`Compatibility` answers that with
a minimum-degree bound and, when the bound does not settle it, a maximum matching), so the
group procedure never walks into a dead end.  Plugin-side module: the core knows no system.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from swisspairing import BLACK, N_, WHITE, Colour, Event, Term
from swisspairing.i18n import NP_, Plural
from swisspairing.matching import IncrementalMatching, augment_path, max_matching_size

from .order import DOWN, MEDIAN, UP

__all__ = [
    "DOWN_TERM",
    "NONE_CLASS",
    "UP_TERM",
    "Compatibility",
    "GroupOutcome",
    "GroupRules",
    "LimGroups",
    "due_colour",
]

NONE_CLASS = "none"
"""Colour class of a player who may get neither colour (pairable with nobody)."""

DOWN_TERM = Term(N_("down"))
UP_TERM = Term(N_("up"))


def due_colour(colour_difference: int, last: Colour | None) -> Colour | None:
    """Lim 5.2, 5.5, 5.6 / Olympiad 7.5: the equalising colour after an unequal number of
    Whites and Blacks, else the colour alternating with the last one; ``None`` before any
    game."""
    if colour_difference > 0:
        return BLACK
    if colour_difference < 0:
        return WHITE
    return last.opposite if last is not None else None


class Compatibility:
    """Who may meet whom this round, and "can these players all be paired?".

    ``bad[v]``: the players ``v`` may never meet (met before, forbidden pair, same club);
    ``cls[v]``: ``None`` when ``v`` may get either colour, ``WHITE``/``BLACK`` when only that
    colour keeps him within the colour limits (Lim 2.1, 5.1, 5.3), :data:`NONE_CLASS` when
    neither does.  Two players are compatible when neither is in the other's ``bad`` set and
    some colour allocation fits both (Lim 2.1).
    """

    def __init__(self, bad: Mapping[int, frozenset[int]], cls: Mapping[int, Any]) -> None:
        self.bad = bad
        self.cls = cls
        self._perfect: dict[frozenset[int], bool] = {}

    def ok(self, a: int, b: int) -> bool:
        """Lim 2.1: ``a`` and ``b`` are compatible."""
        if b in self.bad[a]:
            return False
        ca, cb = self.cls[a], self.cls[b]
        if NONE_CLASS in (ca, cb):
            return False
        return ca is None or cb is None or ca is not cb

    def incompatible_count(
        self, v: int, group: Iterable[int], class_counts: Mapping[Any, int]
    ) -> int:
        """How many other members of ``group`` (``v``'s own group, with ``class_counts`` its
        colour classes) ``v`` may not meet: exactly, each counted once."""
        c = self.cls[v]
        members = group if isinstance(group, (set, frozenset)) else set(group)
        if c == NONE_CLASS:
            return len(members) - 1
        listed = self.bad[v] & members  # type: ignore[operator]
        n = len(listed)
        n += class_counts.get(NONE_CLASS, 0) - sum(1 for x in listed if self.cls[x] == NONE_CLASS)
        if c is not None:
            n += class_counts.get(c, 0) - 1 - sum(1 for x in listed if self.cls[x] is c)
        return n

    def class_counts(self, group: Iterable[int]) -> dict[Any, int]:
        out: dict[Any, int] = {}
        for v in group:
            c = self.cls[v]
            out[c] = out.get(c, 0) + 1
        return out

    def max_incompatible(self, group: Iterable[int]) -> int:
        members = set(group)
        counts = self.class_counts(members)
        return max((self.incompatible_count(v, members, counts) for v in members), default=0)

    def perfect(self, group: Iterable[int]) -> bool:
        """Whether all of ``group`` can be paired among themselves.  Dirac's bound first (every
        player compatible with at least half of the others: a Hamiltonian cycle, hence a
        perfect matching, exists), else a maximum matching."""
        members = frozenset(group)
        n = len(members)
        if n % 2:
            return False
        if n == 0:
            return True
        v = self._perfect.get(members)
        if v is None:
            if n >= 4 and (
                self._dirac_by_sizes(members, n // 2 - 1)
                or self.max_incompatible(members) <= n // 2 - 1
            ):
                v = True
            else:
                v = max_matching_size(sorted(members), self.ok, need=n // 2) >= n // 2
            self._perfect[members] = v
        return v

    def _dirac_by_sizes(self, members: frozenset[int], bound: int) -> bool:
        """Dirac's bound from an upper bound of each player's incompatible count: his whole
        ``bad`` set (not only its members in ``members``) plus the players of no colour class
        and of his own; O(n), and when it holds so does the exact count's bound."""
        bad, cls = self.bad, self.cls
        counts = Counter(map(cls.__getitem__, members))
        if counts.get(NONE_CLASS, 0):
            return False
        largest = max((k for c, k in counts.items() if c is not None), default=1)
        if max(map(len, map(bad.__getitem__, members))) + largest - 1 <= bound:
            return True  # the same bound, taken over the group at once
        for v in members:
            c = cls[v]
            if len(bad[v]) + (counts[c] - 1 if c is not None else 0) > bound:
                return False
        return True

    def matching_size(self, group: Iterable[int]) -> int:
        """Size of a maximum matching of ``group``."""
        members = sorted(group)
        if len(members) % 2 == 0 and self.perfect(members):
            return len(members) // 2
        if (
            len(members) % 2 == 1
            and len(members) >= 5
            and self.max_incompatible(members) <= (len(members) - 1) // 2 - 1
        ):
            return len(members) // 2
        return max_matching_size(members, self.ok)


class _Remaining:
    """The unpaired players of a group with a cached Dirac margin: while every player is
    incompatible with at most ``m`` of the group, any remainder of at least 2m + 2 players can
    be paired, so most checks cost nothing.  Beyond the margin a perfect matching of the
    players still unpaired is kept (started by
    :class:`~swisspairing.matching.IncrementalMatching`, when first needed): taking ``a``-``b``
    out leaves their partners exposed, and the rest can be paired exactly when one augmenting
    path joins them (Berge) — one search per question instead of a matching from scratch."""

    def __init__(self, compat: Compatibility, members: Iterable[int]) -> None:
        self.compat = compat
        self.left = set(members)
        self.margin = compat.max_incompatible(self.left) if self.left else 0
        self._kept: IncrementalMatching[int] | None = None
        self._act = 0  # the players of ``left`` as a bit set of the kept matching's vertices
        self._exact = False  # no kept matching: ask the compatibility from scratch
        self._classes = Counter(compat.cls[v] for v in self.left)

    def _classes_fit(self, a: int, b: int) -> bool:
        """A necessary condition: players of one colour class cannot meet each other (Lim
        2.1), so no class may hold more than half of the rest."""
        cls = self.compat.cls
        counts = self._classes
        ca, cb = cls[a], cls[b]
        half = (len(self.left) - 2) // 2
        for c in (WHITE, BLACK):
            n = counts.get(c, 0) - (ca is c) - (cb is c)
            if n > half:
                return False
        return True

    def _matching(self) -> IncrementalMatching[int] | None:
        if self._kept is None and not self._exact:
            kept = IncrementalMatching(sorted(self.left), self.compat.ok)
            if kept.perfect:
                self._kept = kept
                self._act = (1 << len(kept.items)) - 1
            else:  # pragma: no cover - a group is paired only when it can be
                self._exact = True
        return self._kept

    def _take(self, kept: IncrementalMatching[int], a: int, b: int, commit: bool) -> bool:
        """Whether the rest is perfectly matchable without ``a`` and ``b``; with ``commit``
        the kept matching becomes one of it (``a``-``b`` matched, both out)."""
        mate = kept.mate
        i, j = kept.index[a], kept.index[b]
        act = self._act & ~((1 << i) | (1 << j))
        if mate[i] == j:
            if commit:
                self._act = act
            return True
        x, y = mate[i], mate[j]
        if self.compat.ok(kept.items[x], kept.items[y]):  # the partners meet each other
            if commit:
                mate[i], mate[j], mate[x], mate[y] = j, i, y, x
                self._act = act
            return True
        saved = list(mate)
        mate[i] = mate[j] = mate[x] = mate[y] = -1
        found = augment_path(x, kept.adj, act, mate, (1 << x) | (1 << y)) >= 0
        if commit and found:
            mate[i], mate[j] = j, i
            self._act = act
        else:
            mate[:] = saved
        return found

    def pairable_without(self, a: int, b: int) -> bool:
        rest = len(self.left) - 2
        if rest <= 0:
            return True
        if self.margin <= rest // 2 - 1:
            return True
        if not self._classes_fit(a, b):
            return False
        kept = self._matching()
        if kept is None:  # pragma: no cover - see _matching
            return self.compat.perfect(self.left - {a, b})
        return self._take(kept, a, b, commit=False)

    def remove(self, a: int, b: int) -> None:
        for v in (a, b):
            if v in self.left:
                self.left.discard(v)
                self._classes[self.compat.cls[v]] -= 1
        if self._kept is not None and not self._take(self._kept, a, b, commit=True):
            self._kept, self._exact = None, True  # pragma: no cover - a pair taken unchecked


@dataclass(frozen=True)
class GroupRules:
    """The system-specific choices of the Lim group procedure and the ids it cites."""

    colour_choice: bool = True
    """Lim 3.2.2, 3.8, 2.5: floaters and opponents are chosen to give due colours (Olympiad
    2022: not used, ranks only)."""
    maxi_cap: float | None = None
    """Lim 3.2.3, 3.8, 5.7 (Maxi-tournament): a colour-driven choice must stay within this many
    rating points of the player chosen otherwise; ``None`` = not a Maxi-tournament."""
    avoid_float_twice: bool = True
    """Lim 3.10: avoid as floater a player who floated in the previous round."""
    prefer_paired_in_next: bool = True
    """Lim 3.9 / Olympiad-2022 8.2.3: prefer floaters that have a compatible opponent in the
    group they go to."""
    exchange_order: str = "generalised"
    """Lim 4.2 beyond the six-player example (AMB-L1): ``generalised`` — after every pair the
    next player's candidates are the unpaired players from the middle of their list down,
    then up from just above the middle; ``literal`` — the scrutinised player's proposed
    opponent is exchanged with the player he takes, the other proposed pairs stay."""
    rule_transfer: str = "Lim 2.3"
    rule_played_all: str = "Lim 2.3a"
    """Transfer of a player who has played everybody in his group."""
    rule_colour_blocked: str = "Lim 2.3b"
    """Transfer of a player without a permissible colour (per player: ``colour_rule``)."""
    rule_parity: str = "Lim 2.3d"
    """Transfer that makes the group even."""
    rule_floater: str = "Lim 3.9"
    rule_floater_opponent: str = "Lim 3.8"
    rule_proposed: str = "Lim 2.4"
    rule_exchange: str = "Lim 2.5"
    rule_colour_exchange: str = "Lim 5.2"
    rule_maxi: str = "Lim 3.2.3"
    rule_median: str = "Lim 2.2"
    rule_crack: str = "Lim 2.6"
    rule_relax: str = "Olympiad-2022 7.4"
    teams: bool = False
    """The group holds teams (Olympiad): the explanation speaks of teams and match points."""


@dataclass(frozen=True)
class GroupOutcome:
    """One way to pair a group."""

    pairs: tuple[tuple[int, int], ...]
    """The pairs, higher-ranked player first."""
    transferred: tuple[int, ...]
    """Players transferred to the next group (floaters), in ranking order."""
    events: tuple[Event, ...] = field(default=())
    """The explanation."""


_TEAM_WORDING: dict[str, str] = {
    NP_(
        "median group of {score} point, paired last and downward: {players}",
        "median group of {score} points, paired last and downward: {players}",
        "score",
    ): NP_(
        "middle group of {score} match point, paired last and downward: {players}",
        "middle group of {score} match points, paired last and downward: {players}",
        "score",
    ),
    NP_(
        "group of {score} point above the median group, paired downward: {players}",
        "group of {score} points above the median group, paired downward: {players}",
        "score",
    ): NP_(
        "group of {score} match point above the middle group, paired downward: {players}",
        "group of {score} match points above the middle group, paired downward: {players}",
        "score",
    ),
    NP_(
        "group of {score} point below the median group, paired upward: {players}",
        "group of {score} points below the median group, paired upward: {players}",
        "score",
    ): NP_(
        "group of {score} match point below the middle group, paired upward: {players}",
        "group of {score} match points below the middle group, paired upward: {players}",
        "score",
    ),
    NP_(
        "player {players} was transferred into this group and is paired first",
        "players {players} were transferred into this group and are paired first",
        "players",
    ): NP_(
        "team {players} was transferred into this group and is paired first",
        "teams {players} were transferred into this group and are paired first",
        "players",
    ),
    N_(
        "player {player} has no compatible opponent in the group and is transferred {direction}"
    ): N_("team {player} has no compatible opponent in the group and is transferred {direction}"),
    N_("the group has an odd number of players: player {player} is transferred {direction}"): N_(
        "the group has an odd number of teams: team {player} is transferred {direction}"
    ),
    N_("floater chosen by type, float history, due colour and rank: {player}"): N_(
        "floater chosen by whether it can be paired in the next group, float history and rank: "
        "{player}"
    ),
    NP_(
        "the rest of the group can be paired only without player {players}, who is transferred "
        "{direction}",
        "the rest of the group can be paired only without players {players}, who are transferred "
        "{direction}",
        "players",
    ): NP_(
        "the rest of the group can be paired only without team {players}, which is transferred "
        "{direction}",
        "the rest of the group can be paired only without teams {players}, which are transferred "
        "{direction}",
        "players",
    ),
    NP_(
        "a later group cannot be paired otherwise: player {players} is transferred {direction}",
        "a later group cannot be paired otherwise: players {players} are transferred {direction}",
        "players",
    ): NP_(
        "a later group cannot be paired otherwise: team {players} is transferred {direction}",
        "a later group cannot be paired otherwise: teams {players} are transferred {direction}",
        "players",
    ),
    N_("floater {player} meets {opponent}, the highest-ranked available player"): N_(
        "floater {player} meets {opponent}, the highest-ranked available team"
    ),
    N_("floater {player} meets {opponent}, the lowest-ranked available player"): N_(
        "floater {player} meets {opponent}, the lowest-ranked available team"
    ),
    N_(
        "no pairing of this group lets the later groups be completed: all its players are "
        "transferred {direction}"
    ): N_(
        "no pairing of this group lets the later groups be completed: all its teams are "
        "transferred {direction}"
    ),
}
"""The same messages for a team event (Olympiad)."""

_COUNTABLE: dict[str, str] = {k.plural: k for k in _TEAM_WORDING if isinstance(k, Plural)}
"""The countable messages by their plural text (the call sites name them by it)."""


def _fmt(pairs: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs)


class LimGroups:
    """The group procedure over one round's players (Lim 2.3-2.5, 3, 4).

    ``rank``: position in the round's ranking (0 = first); ``score``; ``rating``; ``due``:
    due colour (:func:`due_colour`) or ``None``; ``floated_last``: ``"down"``/``"up"`` when
    the player floated that way in the previous round.
    """

    def __init__(
        self,
        compat: Compatibility,
        rank: Mapping[int, int],
        score: Mapping[int, float],
        rating: Mapping[int, float],
        due: Mapping[int, Colour | None],
        floated_last: Mapping[int, str | None],
        rules: GroupRules,
        *,
        explain: bool = True,
        colour_rule: Mapping[int, str] | None = None,
        relaxed: Compatibility | None = None,
    ) -> None:
        self.relaxed = relaxed
        """Compatibility without the colour limits, for Olympiad-2022 7.4 (``None``: never)."""
        self.colour_rule = colour_rule or {}
        """Per player restricted in colour: the rule that restricts him (Lim 2.3b: two more of
        one colour; Lim 2.3c: the same colour in the two previous rounds)."""
        self.compat = compat
        self.rank = rank
        self.score = score
        self.rating = rating
        self.due = due
        self.floated_last = floated_last
        self.rules = rules
        self.explain = explain

    # ------------------------------------------------------------------ helpers
    def _m(self, msgid: str) -> str:
        msgid = _COUNTABLE.get(msgid, msgid)
        return _TEAM_WORDING.get(msgid, msgid) if self.rules.teams else msgid

    def ranked(self, players: Iterable[int]) -> list[int]:
        return sorted(players, key=lambda t: self.rank[t])

    def _within_cap(self, a: int, b: int) -> bool:
        cap = self.rules.maxi_cap
        return cap is None or abs(self.rating[a] - self.rating[b]) <= cap

    def _opposite_due(self, a: int, b: int) -> bool:
        da, db = self.due[a], self.due[b]
        return da is not None and db is not None and da is not db

    # ------------------------------------------------------------------ Lim 2.3, 3: floaters
    def _floater_key(
        self,
        t: int,
        incoming: set[int],
        direction: str,
        adjacent: Sequence[int],
        colour_side: Colour | None,
        default: int | None,
    ) -> tuple[Any, ...]:
        """Lim 3.9 type (d before c before b before a), Lim 3.10 (not floated last round),
        Lim 3.2.2 (from the larger due-colour subgroup, within the Maxi band 3.2.3), Lim 3.2.4
        (downward the lowest-ranked, upward the highest-ranked)."""
        r = self.rules
        has_next = (
            any(self.compat.ok(t, o) for o in adjacent)
            if r.prefer_paired_in_next and adjacent
            else True
        )
        kind = (2 if t in incoming else 0) + (0 if has_next else 1)
        twice = 1 if r.avoid_float_twice and self.floated_last.get(t) == direction else 0
        if r.colour_choice and colour_side is not None:
            colour = (
                0
                if self.due[t] is colour_side and (default is None or self._within_cap(t, default))
                else 1
            )
        else:
            colour = 0
        pos = -self.rank[t] if direction == DOWN else self.rank[t]
        return (kind, twice, colour, pos)

    def _floater_order(
        self, group: Sequence[int], incoming: set[int], direction: str, adjacent: Sequence[int]
    ) -> list[int]:
        whites = sum(1 for t in group if self.due[t] is WHITE)
        blacks = sum(1 for t in group if self.due[t] is BLACK)
        side = WHITE if whites > blacks else BLACK if blacks > whites else None
        plain = sorted(
            group,
            key=lambda t: self._floater_key(t, incoming, direction, adjacent, None, None),
        )
        default = plain[0] if plain else None
        return sorted(
            group,
            key=lambda t: self._floater_key(t, incoming, direction, adjacent, side, default),
        )

    # ------------------------------------------------------------------ the group
    def outcomes(
        self,
        index: int,
        key: float,
        residents: Sequence[int],
        incoming: Sequence[int],
        direction: str,
        adjacent: Sequence[int] = (),
    ) -> Iterator[GroupOutcome]:
        """The group's outcomes, best first (:meth:`_outcomes`).  With ``relaxed`` (Olympiad-2022
        7.4 [reading]): a group without incoming floaters that could be paired without
        floaters only by disregarding the colour limits is first paired so."""
        if self.relaxed is not None and not incoming and residents:
            strict = self._floaters_needed(self.compat, residents, direction)
            if (
                strict > len(residents) % 2
                and self._floaters_needed(self.relaxed, residents, direction) < strict
            ):
                clone = copy.copy(self)
                clone.compat = self.relaxed
                clone.relaxed = None
                ev = Event(
                    self.rules.rule_relax,
                    N_(
                        "the group could not be paired without floaters under the colour limits: "
                        "they are disregarded within the group"
                    ),
                    {},
                    index,
                )
                for out in clone._outcomes(index, key, residents, incoming, direction, adjacent):
                    yield GroupOutcome(out.pairs, out.transferred, (ev, *out.events))
        yield from self._outcomes(index, key, residents, incoming, direction, adjacent)

    def _floaters_needed(
        self, compat: Compatibility, group: Sequence[int], direction: str
    ) -> float:
        if direction == MEDIAN:
            return 0 if compat.perfect(group) else float("inf")
        return len(group) - 2 * compat.matching_size(group)

    def _outcomes(
        self,
        index: int,
        key: float,
        residents: Sequence[int],
        incoming: Sequence[int],
        direction: str,
        adjacent: Sequence[int] = (),
    ) -> Iterator[GroupOutcome]:
        """The group's outcomes, best first: transfers (Lim 2.3 a-d) chosen by Lim 3, then the
        pairing of the rest (floaters first, Lim 3.6-3.8; then 2.4/2.5/4.1).  The median group
        (``direction`` MEDIAN) transfers nobody."""
        group = self.ranked([*incoming, *residents])
        inc = set(incoming)
        r = self.rules
        head: list[Event] = []
        if self.explain:
            if direction == MEDIAN:
                head.append(
                    Event(
                        r.rule_median,
                        self._m(
                            "median group of {score} points, paired last and downward: {players}"
                        ),
                        {"score": key, "players": group},
                        index,
                    )
                )
            elif direction == DOWN:
                head.append(
                    Event(
                        r.rule_median,
                        self._m(
                            "group of {score} points above the median group, paired downward: "
                            "{players}"
                        ),
                        {"score": key, "players": group},
                        index,
                    )
                )
            else:
                head.append(
                    Event(
                        r.rule_median,
                        self._m(
                            "group of {score} points below the median group, paired upward: "
                            "{players}"
                        ),
                        {"score": key, "players": group},
                        index,
                    )
                )
            if incoming:
                head.append(
                    Event(
                        r.rule_floater_opponent,
                        self._m(
                            "players {players} were transferred into this group and are paired "
                            "first"
                        ),
                        {"players": list(incoming)},
                        index,
                    )
                )
        if not group:
            yield GroupOutcome((), (), tuple(head))
            return
        if direction == MEDIAN:
            if self.compat.perfect(group):
                yield self._outcome(index, key, group, inc, (), direction, head)
            return
        members = set(group)
        counts = self.compat.class_counts(members)
        forced = (
            [
                t
                for t in group
                if self.compat.incompatible_count(t, members, counts) >= len(group) - 1
            ]
            if len(group) > 1
            else list(group)
        )
        rest = [t for t in group if t not in forced]
        m = self.compat.matching_size(rest)
        extra = len(rest) - 2 * m
        dir_term = DOWN_TERM if direction == DOWN else UP_TERM
        forced_events: list[Event] = []
        if self.explain:
            for t in forced:
                forced_events.append(
                    Event(
                        self._why_forced(t, group),
                        self._m(
                            "player {player} has no compatible opponent in the group and is "
                            "transferred {direction}"
                        ),
                        {"player": t, "direction": dir_term},
                        index,
                    )
                )
        order = self._floater_order(rest, inc, direction, adjacent)
        tried: set[frozenset[int]] = set()
        emitted = 0
        if extra == 0:
            tried.add(frozenset())
            yield self._outcome(
                index, key, rest, inc, tuple(forced), direction, head + forced_events
            )
            emitted += 1
        elif extra == 1:
            for c in order:
                left = [t for t in rest if t != c]
                if not self.compat.perfect(left):
                    continue
                tried.add(frozenset((c,)))
                ev = list(forced_events)
                if self.explain:
                    ev.append(
                        Event(
                            r.rule_parity,
                            self._m(
                                "the group has an odd number of players: player {player} is "
                                "transferred {direction}"
                            ),
                            {"player": c, "direction": dir_term},
                            index,
                        )
                    )
                    ev.append(
                        Event(
                            r.rule_floater,
                            self._m(
                                "floater chosen by type, float history, due colour and rank: "
                                "{player}"
                            ),
                            {"player": c},
                            index,
                        )
                    )
                yield self._outcome(
                    index, key, left, inc, tuple(self.ranked([*forced, c])), direction, head + ev
                )
                emitted += 1
        else:
            chosen: list[int] = []
            pool = list(rest)
            for c in order:
                if len(chosen) == extra:
                    break
                trial = [t for t in pool if t != c]
                if self.compat.matching_size(trial) == m:
                    chosen.append(c)
                    pool = trial
            tried.add(frozenset(chosen))
            ev = list(forced_events)
            if self.explain:
                ev.append(
                    Event(
                        r.rule_transfer,
                        self._m(
                            "the rest of the group can be paired only without players {players}, "
                            "who are transferred {direction}"
                        ),
                        {"players": self.ranked(chosen), "direction": dir_term},
                        index,
                    )
                )
            yield self._outcome(
                index, key, pool, inc, tuple(self.ranked([*forced, *chosen])), direction, head + ev
            )
            emitted += 1
        # backtracking alternatives: two more floaters (Lim 3.10.2: the group keeps as many
        # pairings as it can, so these come last), from the best candidates
        base = self.ranked(forced)
        for size in (extra + 2,):
            if size > len(rest):
                break
            for combo in combinations(order[:8], size):
                key_set = frozenset(combo)
                if key_set in tried:
                    continue
                left = [t for t in rest if t not in key_set]
                if not self.compat.perfect(left):
                    continue
                tried.add(key_set)
                ev = []
                if self.explain:
                    ev.append(
                        Event(
                            r.rule_crack,
                            self._m(
                                "a later group cannot be paired otherwise: players {players} are "
                                "transferred {direction}"
                            ),
                            {"players": self.ranked(combo), "direction": dir_term},
                            index,
                        )
                    )
                yield self._outcome(
                    index, key, left, inc, tuple(self.ranked([*base, *combo])), direction, head + ev
                )
        # Lim 2.6 in full: every pairing of the group is cracked, its players go on towards the
        # median group (reached only when nothing less lets the later groups be paired)
        if len(group) > 2:
            ev = (
                [
                    Event(
                        r.rule_crack,
                        self._m(
                            "no pairing of this group lets the later groups be completed: all its "
                            "players are transferred {direction}"
                        ),
                        {"direction": dir_term},
                        index,
                    )
                ]
                if self.explain
                else []
            )
            yield GroupOutcome((), tuple(group), tuple(head + ev))

    def _why_forced(self, t: int, group: Sequence[int]) -> str:
        """Lim 2.3 a (played everybody), b (two more of one colour), c (same colour twice)."""
        others = [o for o in group if o != t]
        if all(o in self.compat.bad[t] for o in others):
            return self.rules.rule_played_all
        return self.colour_rule.get(t, self.rules.rule_colour_blocked)

    def _outcome(
        self,
        index: int,
        key: float,
        players: Sequence[int],
        incoming: set[int],
        transferred: tuple[int, ...],
        direction: str,
        head: list[Event],
    ) -> GroupOutcome:
        pairs, events = self.pair_within(index, key, players, incoming, direction)
        return GroupOutcome(tuple(pairs), transferred, tuple(head + events))

    # ------------------------------------------------------------------ Lim 3.6-3.8, 2.4, 2.5, 4.1
    def pair_within(
        self, index: int, key: float, players: Sequence[int], incoming: set[int], direction: str
    ) -> tuple[list[tuple[int, int]], list[Event]]:
        """Pair ``players`` (even, known to be pairable) completely."""
        r = self.rules
        rem = _Remaining(self.compat, players)
        pairs: list[tuple[int, int]] = []
        events: list[Event] = []
        floaters = [t for t in players if t in incoming]
        down = sorted(
            (t for t in floaters if self.score[t] > key),
            key=lambda t: (-self.score[t], self.rank[t]),
        )
        up = sorted(
            (t for t in floaters if self.score[t] <= key),
            key=lambda t: (self.score[t], -self.rank[t]),
        )
        residents_desc = self.ranked(t for t in players if t not in incoming)
        for f, from_above in [*((t, True) for t in down), *((t, False) for t in up)]:
            if f not in rem.left:
                continue
            cands = (
                [o for o in residents_desc if o in rem.left and o != f]
                if from_above
                else [o for o in reversed(residents_desc) if o in rem.left and o != f]
            )
            cands += [o for o in self.ranked(rem.left) if o not in cands and o != f]
            choice = self._choose(f, cands, rem)
            if choice is None:  # pragma: no cover - the group was checked pairable
                continue
            o, first, by_colour = choice
            pairs.append(self._ordered(f, o))
            rem.remove(f, o)
            if self.explain:
                events.append(
                    Event(
                        r.rule_floater_opponent,
                        self._m(
                            "floater {player} meets {opponent}, the highest-ranked available player"
                        )
                        if from_above
                        else self._m(
                            "floater {player} meets {opponent}, the lowest-ranked available player"
                        ),
                        {"player": f, "opponent": o},
                        index,
                    )
                )
                if by_colour:
                    events.append(
                        Event(
                            r.rule_floater_opponent,
                            N_(
                                "player {opponent} is preferred to {first} because he is due the "
                                "other colour"
                            ),
                            {"opponent": o, "first": first},
                            index,
                        )
                    )
        order = self.ranked(rem.left)
        if direction == UP:
            order.reverse()
        h = len(order) // 2
        proposed = list(zip(order[:h], order[h:], strict=False))
        if self.explain and order:
            events.append(
                Event(
                    r.rule_proposed,
                    N_("proposed pairings (top half against bottom half): {pairs}"),
                    {"pairs": _fmt([self._ordered(a, b) for a, b in proposed])},
                    index,
                )
            )
        intended = dict(proposed)
        literal = r.exchange_order == "literal"
        partner = dict(proposed)  # literal reading: the proposed pairs as exchanged so far
        L = order
        while L:
            p = L[0]
            hh = len(L) // 2
            cands = L[hh:] + L[1:hh][::-1]
            q = partner.get(p) if literal else None
            if q is not None and q in L:
                cands = [q, *(c for c in cands if c != q)]
            choice = self._choose(p, cands, rem)
            if choice is None:  # pragma: no cover - the rest was checked pairable
                raise AssertionError("group became unpairable")
            o, first, by_colour = choice
            pairs.append(self._ordered(p, o))
            rem.remove(p, o)
            if self.explain:
                want = intended.get(p)
                if want is not None and want not in (o, first):
                    events.append(
                        Event(
                            r.rule_exchange,
                            N_(
                                "{player} cannot meet {proposed} (already met or colours not "
                                "compatible): {opponent} is exchanged in"
                            ),
                            {"player": p, "proposed": want, "opponent": first},
                            index,
                        )
                    )
                if by_colour:
                    events.append(
                        Event(
                            r.rule_colour_exchange,
                            N_(
                                "{player} meets {opponent} instead of {first} so that both get "
                                "their due colour"
                            ),
                            {"player": p, "opponent": o, "first": first},
                            index,
                        )
                    )
            if literal:
                q = partner.pop(p, None)
                holder = next((a for a, b in partner.items() if b == o), None)
                if holder is not None and q is not None and q != o:
                    partner[holder] = q  # Lim 4.1: the exchanged player takes o's place
                elif o in partner or holder is not None:
                    partner = {}  # o was a top-half player: the rest is proposed afresh
            L = [x for x in L if x not in (p, o)]
            if literal and not partner and L:
                h2 = len(L) // 2
                partner = dict(zip(L[:h2], L[h2:], strict=True))
        if self.explain and pairs:
            events.append(
                Event(
                    r.rule_proposed,
                    N_("pairings of the group: {pairs}"),
                    {"pairs": _fmt(pairs)},
                    index,
                )
            )
        return pairs, events

    def _ordered(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if self.rank[a] < self.rank[b] else (b, a)

    def _choose(
        self, p: int, cands: Sequence[int], rem: _Remaining
    ) -> tuple[int, int, bool] | None:
        """The first compatible candidate that leaves the rest pairable; with colour choice, the
        first such candidate due the other colour instead (Lim 2.5 second sentence, 3.8, 5.2),
        within the Maxi band of the first one (Lim 3.8, 5.7).  Returns (chosen, first, whether
        the colour decided)."""
        first: int | None = None
        for c in cands:
            if not self.compat.ok(p, c) or not rem.pairable_without(p, c):
                continue
            if first is None:
                first = c
                if not self.rules.colour_choice or self.due[p] is None or self._opposite_due(p, c):
                    return c, c, False
                continue
            if self._opposite_due(p, c) and self._within_cap(c, first):
                return c, first, True
        if first is None:
            return None
        return first, first, False
