"""Can these players still all be paired?  The absolute criteria of a round as a graph.

:class:`PairingGraph` holds, for one round, who may be paired with whom under the absolute
criteria (no second meeting, forbidden pairs, clubs or federations kept apart, colour limits —
with the system's exemptions, e.g. Dutch-1992 B-note topscorers) and who may receive the bye
(B1b).  :meth:`PairingGraph.completable` answers with a maximum matching (Edmonds' blossom
algorithm on bit sets, warm-started from the previous answer) whether a set of players can be
paired completely, one of them taking the bye when the number is odd.

The engine asks it before descending into the lower brackets with an outcome of a bracket, so
no branch that cannot end in a complete pairing is ever searched (Dutch-1992 C12/C13, RDF
"break the last formed pair" become polynomial in practice), and it proves "no valid pairing
exists" with a witness a person can check (:meth:`PairingGraph.witness`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .i18n import N_, NP_
from .matching import augment_path, exposed_mask, maximum_matching_masks
from .model import BLACK, WHITE

if TYPE_CHECKING:
    from .context import RoundContext
    from .errors import NoValidPairingError

__all__ = ["PairingGraph", "Witness"]

#: Index of the stand-in vertex "the bye" (always the last vertex).
_BYE = -1


@dataclass(frozen=True, slots=True)
class Witness:
    """Why no complete pairing exists: a message with its arguments (see :class:`Event`)."""

    message: str
    """Catalogue msgid with placeholders."""
    args: dict
    """Placeholder values."""
    players: tuple[int, ...]
    """The players the argument is about."""


class PairingGraph:
    """Who may meet whom this round, as bit sets over the round's participants."""

    def __init__(self, context: RoundContext, players: Sequence[int] | None = None) -> None:
        self.ctx = context
        numbers = list(context.participants if players is None else players)
        self.numbers = numbers
        """Start numbers; vertex ``i`` is ``numbers[i]``, vertex ``len(numbers)`` is the bye."""
        self.index = {n: i for i, n in enumerate(numbers)}
        n = len(numbers)
        self.bye = n
        """The vertex standing for the bye."""
        self.size = n + 1
        exempt = self._exemptions(numbers)
        # colour classes: which colours the limits leave each player (exempt players: both)
        only_white = only_black = neither = 0
        self.colour_class: dict[int, str] = {}
        for i, num in enumerate(numbers):
            if exempt[i]:
                continue
            w, b = context.colour_allowed(num, WHITE), context.colour_allowed(num, BLACK)
            if w and not b:
                only_white |= 1 << i
                self.colour_class[num] = "white"
            elif b and not w:
                only_black |= 1 << i
                self.colour_class[num] = "black"
            elif not (w or b):
                neither |= 1 << i
                self.colour_class[num] = "none"
        everyone = (1 << n) - 1
        adj = [0] * (n + 1)
        index = self.index
        for i, num in enumerate(numbers):
            bit = 1 << i
            mask = everyone & ~bit
            if neither & bit:
                mask = 0
            else:
                mask &= ~neither
                if only_white & bit:
                    mask &= ~only_white
                elif only_black & bit:
                    mask &= ~only_black
            for opp in context.barred(num):  # the one rule (RoundContext.barred)
                j = index.get(opp)
                if j is not None:
                    mask &= ~(1 << j)
            if context.can_receive_bye(num):
                mask |= 1 << n
                adj[n] |= bit
            adj[i] = mask
        self.adj = adj
        self._mate: list[int] = [-1] * (n + 1)
        """The last matching found (warm start of the next question)."""
        self._matched = 0
        """The vertices matched in ``_mate``."""
        self._groups: dict[tuple[int, ...], int] = {}

    @classmethod
    def from_predicate(
        cls,
        numbers: Sequence[int],
        may_pair: Callable[[int, int], bool],
        may_take_bye: Callable[[int], bool] | None = None,
    ) -> PairingGraph:
        """A graph over ``numbers`` from a pairing predicate (``len(numbers)²/2`` calls) — for a
        plugin whose own criteria differ from the context's; ``may_take_bye`` (default:
        everybody) says who may be the one left out of an odd set."""
        self = cls.__new__(cls)
        self.ctx = None  # type: ignore[assignment]
        self.numbers = list(numbers)
        self.index = {x: i for i, x in enumerate(self.numbers)}
        n = len(self.numbers)
        self.bye = n
        self.size = n + 1
        adj = [0] * (n + 1)
        for i, a in enumerate(self.numbers):
            for j in range(i + 1, n):
                if may_pair(a, self.numbers[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
            if may_take_bye is None or may_take_bye(a):
                adj[i] |= 1 << n
                adj[n] |= 1 << i
        self.adj = adj
        self.colour_class = {}
        self._mate = [-1] * (n + 1)
        self._matched = 0
        self._groups = {}
        return self

    def _exemptions(self, numbers: Sequence[int]) -> list[bool]:
        hook = getattr(getattr(self.ctx, "engine", None), "hook", None)
        out = [False] * len(numbers)
        if hook is None:
            return out
        # the hook's answers, kept in the round's context: a system that builds the graph again
        # in another vertex order (Dutch 1992, issue 20) does not ask them twice
        known: dict[int, bool] = self.ctx.data.setdefault("core.colour-exempt", {})
        for i, num in enumerate(numbers):
            # only players whom the limits restrict can be affected by an exemption
            if self.ctx.colour_allowed(num, WHITE) and self.ctx.colour_allowed(num, BLACK):
                continue
            exempt = known.get(num)
            if exempt is None:
                exempt = known[num] = bool(hook.swiss_colour_exempt(number=num, context=self.ctx))
            out[i] = exempt
        return out

    # ------------------------------------------------------------------ questions
    def may_pair(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may be paired under the absolute criteria."""
        return bool(self.adj[self.index[a]] >> self.index[b] & 1)

    def mask(self, players: Iterable[int]) -> int:
        """The bit set of ``players``."""
        index = self.index
        m = 0
        for p in players:
            m |= 1 << index[p]
        return m

    def group_mask(self, players: tuple[int, ...]) -> int:
        """:meth:`mask` of a fixed group (e.g. the lower brackets), computed once."""
        m = self._groups.get(players)
        if m is None:
            m = self._groups[players] = self.mask(players)
        return m

    def completable(
        self, players: Iterable[int], *, bye: bool | None = None, also: tuple[int, ...] = ()
    ) -> bool:
        """Whether ``players`` (and the fixed group ``also``) can all be paired among
        themselves, one of them taking the bye when their number is odd (``bye=None``) or
        when ``bye`` is true."""
        return self.completable_mask(
            self.mask(players) | (self.group_mask(also) if also else 0), bye=bye
        )

    def completable_mask(
        self, active: int, *, bye: bool | None = None, confine: tuple[int, int] | None = None
    ) -> bool:
        """:meth:`completable` for a bit set; ``confine = (inside, allowed)``: the players of
        ``inside`` may only be paired with players of ``allowed``."""
        count = active.bit_count()
        if bye is None:
            bye = count % 2 == 1
        if bye:
            active |= 1 << self.bye
            count += 1
        if count % 2:
            return False
        if confine is None:
            mate, matched = self._mate, self._matched
        else:
            mate, matched = list(self._mate), self._matched
        # warm start: keep the pairs of the last answer that lie inside the set (and respect
        # the confinement)
        broken = matched & ~active
        if confine is not None:
            inside, allowed = confine
            m = matched & inside & active
            while m:
                low = m & -m
                m ^= low
                v = low.bit_length() - 1
                if not allowed >> mate[v] & 1:
                    broken |= low
        while broken:
            low = broken & -broken
            broken ^= low
            v = low.bit_length() - 1
            u = mate[v]
            mate[v] = -1
            matched &= ~low
            if u >= 0 and mate[u] == v:
                mate[u] = -1
                matched &= ~(1 << u)
                broken &= ~(1 << u)
        ok = True
        free = active & ~matched
        while free:
            low = free & -free
            v = low.bit_length() - 1
            end = self._augment(v, active, mate, free, confine)
            if end < 0:
                ok = False
                break
            matched |= low | (1 << end)
            free &= ~(low | (1 << end))
        if confine is None:
            self._matched = matched
        return ok

    def completable_within(
        self,
        players: Iterable[int],
        confined: Iterable[int],
        within: Iterable[int],
        *,
        bye: bool | None = None,
    ) -> bool:
        """Like :meth:`completable`, but every player of ``confined`` must be paired with a
        player of ``within`` (e.g. moved-down players inside their bracket)."""
        return self.completable_mask(
            self.mask(players), bye=bye, confine=(self.mask(confined), self.mask(within))
        )

    def maximum_matching(
        self, players: Iterable[int], *, bye: bool | None = None
    ) -> tuple[list[int], int]:
        """A maximum matching of ``players`` (+ the bye): ``(mate, active mask)``."""
        active = self.mask(players)
        if bye is None:
            bye = active.bit_count() % 2 == 1
        if bye:
            active |= 1 << self.bye
        return maximum_matching_masks(self.adj, active), active

    @staticmethod
    def _mask_of(mate: list[int], active: int) -> int:
        """The vertices of ``active`` that ``mate`` matches."""
        return active & ~exposed_mask(mate, active)

    # ------------------------------------------------------------------ Edmonds
    def _augment(
        self,
        root: int,
        active: int,
        mate: list[int],
        free: int,
        confine: tuple[int, int] | None = None,
    ) -> int:
        """One augmenting-path search from ``root`` (the core's Edmonds implementation,
        :func:`swisspairing.matching.augment_path`)."""
        return augment_path(root, self.adj, active, mate, free, confine)

    # ------------------------------------------------------------------ witness
    def witness(self, players: Iterable[int], *, bye: bool | None = None) -> Witness | None:
        """Why ``players`` cannot all be paired (``None`` when they can): the Gallai–Edmonds
        argument in words — a player without any possible opponent with the reason for each,
        or a group of players who can only be paired among themselves or with too few others.
        """
        plist = list(players)
        mate, active = self.maximum_matching(plist, bye=bye)
        exposed = [v for v in range(self.size) if active >> v & 1 and mate[v] < 0]
        if not exposed:
            return None
        # D: vertices reachable from an exposed vertex by an even alternating path
        even = self._even_set(exposed, active, mate)
        d_players = sorted(even)
        neighbours = 0
        for v in d_players:
            neighbours |= self.adj[v] & active
        others = [v for v in range(self.size) if neighbours >> v & 1 and v not in even]
        name = self._name
        lonely = [v for v in exposed if v != self.bye and not (self.adj[v] & active)]
        if lonely:
            v = lonely[0]
            num = self.numbers[v]
            reasons = _Joined(
                self.reasons(
                    num,
                    [self.numbers[u] for u in range(self.size - 1) if active >> u & 1 and u != v],
                )
            )
            return Witness(
                N_("player {player} cannot be paired with anybody: {reasons}"),
                {"player": num, "reasons": reasons},
                (num,),
            )
        if self.bye in exposed and len(even) == 1:
            return Witness(
                N_(
                    "the number of players is odd and none of them may receive the bye (B1b): "
                    "{players}"
                ),
                {"players": [self.numbers[v] for v in range(self.size - 1) if active >> v & 1]},
                (),
            )
        groups = self._odd_components(even, active)
        return Witness(
            NP_(
                "players {players} can only be paired with one another or with {others}: they "
                "form {groups} group of odd size, which needs one of the others (there are "
                "{count}), so {missing} of them cannot be paired",
                "players {players} can only be paired with one another or with {others}: they "
                "form {groups} groups of odd size, each needing one of the others (there are "
                "{count}), so {missing} of them cannot be paired",
                "groups",
            ),
            {
                "players": [name(v) for v in d_players],
                "others": [name(v) for v in others] or "-",
                "groups": groups,
                "count": len(others),
                "missing": groups - len(others),
            },
            tuple(self.numbers[v] for v in d_players if v != self.bye),
        )

    def no_pairing_error(
        self, players: Iterable[int], *, bye: bool | None = None
    ) -> NoValidPairingError:
        """ "No valid pairing exists", with the reason the maximum matching proves (the
        :meth:`witness`); the plain sentence when these criteria do allow a pairing (a
        system's own stricter criteria failed)."""
        from .errors import NoValidPairingError

        witness = self.witness(players, bye=bye)
        if witness is None:
            return NoValidPairingError(N_("no valid pairing exists"))
        return NoValidPairingError(
            N_("no valid pairing exists: {reason}"), reason=_Part(witness.message, witness.args)
        )

    def _name(self, v: int) -> object:
        if v == self.bye:
            from .explain import Term

            return Term(N_("the bye"))
        return self.numbers[v]

    def _even_set(self, exposed: Sequence[int], active: int, mate: list[int]) -> set[int]:
        """Vertices reached from ``exposed`` by even alternating paths (Gallai–Edmonds D).
        With a maximum matching, a vertex is in D exactly when some maximum matching leaves
        it exposed; found by testing each vertex (small sets: this only runs on failure)."""
        out = set(exposed)
        size = self.size
        for v in range(size):
            if not active >> v & 1 or v in out:
                continue
            # v is in D iff removing v does not decrease the maximum matching size
            trial = list(mate)
            u = trial[v]
            trial[v] = -1
            trial[u] = -1
            rest = active & ~(1 << v)
            if self._augment(u, rest, trial, rest & ~self._mask_of(trial, rest)) >= 0:
                out.add(v)
        return out

    def _odd_components(self, even: set[int], active: int) -> int:
        """Number of odd-sized connected components of the graph induced on ``even``."""
        left = set(even)
        count = 0
        while left:
            start = left.pop()
            stack, size = [start], 1
            while stack:
                v = stack.pop()
                m = self.adj[v] & active
                for u in list(left):
                    if m >> u & 1:
                        left.discard(u)
                        stack.append(u)
                        size += 1
            count += size % 2
        return count

    def reasons(self, number: int, others: Sequence[int]) -> list[object]:
        """For each of ``others``, why ``number`` may not meet him: grouped by reason."""
        from .explain import Term

        ctx = self.ctx
        met, forbidden, colour = [], [], []
        for o in others:
            if ctx.states[number].meetings.get(o, 0) >= ctx.ruleset.max_meetings:
                met.append(o)
            elif not ctx.may_meet(number, o):
                forbidden.append(o)
            else:
                colour.append(o)
        parts: list[object] = []
        # one entry per form (issue 24): "player 4" / "players 4, 5" in the case the verb needs
        if met:
            parts.append(
                _Part(
                    NP_("already met player {players}", "already met players {players}", "players"),
                    {"players": met},
                )
            )
        if forbidden:
            parts.append(
                _Part(
                    NP_(
                        "may not meet player {players} (a forbidden pair)",
                        "may not meet players {players} (forbidden pairs)",
                        "players",
                    ),
                    {"players": forbidden},
                )
            )
        if colour:
            parts.append(
                _Part(
                    NP_(
                        "the colour limits forbid him to meet player {players}",
                        "the colour limits forbid him to meet players {players}",
                        "players",
                    ),
                    {"players": colour},
                )
            )
        if not ctx.can_receive_bye(number):
            parts.append(Term(N_("and he may not receive the bye")))
        return parts


class _Part:
    """A nested message, rendered in the language of the sentence around it."""

    def __init__(self, message: str, args: dict) -> None:
        self.message, self.args = message, args

    def render(self, locale: str | None) -> str:
        from .explain import render_message

        return render_message(self.message, self.args, locale)


class _Joined:
    """Parts of a sentence joined with semicolons, each rendered in the same language."""

    def __init__(self, parts: Sequence[object]) -> None:
        self.parts = parts

    def render(self, locale: str | None) -> str:
        return "; ".join(p.render(locale) for p in self.parts)  # type: ignore[attr-defined]
