"""The context of pairing one round: the tournament, the ruleset and everything derived.

Hooks receive a :class:`RoundContext`; it offers the generic absolute criteria (no rematch,
forbidden pairs, colour limits, bye eligibility) so that systems do not re-derive them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .explain import Explanation
from .model import BLACK, WHITE, Colour, Player, PlayerState, PointSystem, Tournament, player_states

if TYPE_CHECKING:
    from .brackets import Bracket
    from .engine import Engine
    from .feasibility import PairingGraph
    from .ruleset import Ruleset

__all__ = ["RoundContext", "stable_seed"]


def stable_seed(tournament: Tournament, round_number: int) -> int:
    """A seed derived from the tournament itself, so that an unseeded lot is reproducible."""
    h = hashlib.sha256()
    h.update(tournament.name.encode())
    for p in tournament.players:
        h.update(f"{p.number}|{p.name}|{p.rating};".encode())
    h.update(str(round_number).encode())
    return int.from_bytes(h.digest()[:8], "big")


class RoundContext:
    """Everything a hook needs to pair one round."""

    def __init__(
        self,
        tournament: Tournament,
        ruleset: Ruleset,
        round_number: int,
        *,
        engine: Engine,
        seed: int | None = None,
        explain: bool = True,
    ) -> None:
        self.tournament = tournament
        """The tournament as it stands before the round."""
        self.ruleset = ruleset
        """The ruleset in force."""
        self.round_number = round_number
        """The round being paired."""
        self.engine = engine
        """The engine, for calling further hooks."""
        self.point_system: PointSystem = tournament.point_system or ruleset.points
        """Points per result: the file's ``XXS`` if it has one, else the ruleset's."""
        self.seed = seed if seed is not None else stable_seed(tournament, round_number)
        """Seed of every lot drawn in this round."""
        self.rng = random.Random(self.seed)
        """The random generator for lots (seeded: same seed, same draw)."""
        self.explanation = Explanation(explain)
        """Events recorded while pairing."""
        self.states: dict[int, PlayerState] = player_states(
            tournament, self.point_system, round_number
        )
        """Every player's state before the round."""
        self.participants: list[int] = [p.number for p in tournament.participants(round_number)]
        """Players to be paired this round (start-number order)."""
        self.rank: dict[int, int] = {}
        """Position of each participant in the ranking order (0 = first), set after sorting."""
        self.total_rounds: int | None = tournament.total_rounds or ruleset.rounds
        """Number of rounds of the event, if known."""
        self.data: dict[str, Any] = {}
        """Scratch space for the system's plugin (e.g. cached preferences)."""
        self.drawn_colour: Colour | None = None
        """The first-round colour, once drawn by lot (recorded by the engine)."""
        self._forbidden: set[frozenset[int]] = set()
        for group in (*tournament.forbidden_pairs, *ruleset.forbidden.pairs):
            members = sorted(group)
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    self._forbidden.add(frozenset((a, b)))
        self.bye_pending: bool = False
        """Whether the bracket procedure has to leave one player for the bye (set by the
        engine)."""
        self._colour_cache: dict[tuple[int, Colour], bool] = {}
        self._club: dict[int, str] = {}
        if ruleset.forbidden.same_club:
            self._club = {p.number: p.club for p in tournament.players if p.club}
        self._fed: dict[int, str] = {}
        if ruleset.forbidden.same_federation:
            self._fed = {p.number: p.federation for p in tournament.players if p.federation}

    # ------------------------------------------------------------------ basics
    def player(self, number: int) -> Player:
        """The registered player."""
        return self.tournament.player(number)

    def state(self, number: int) -> PlayerState:
        """The player's state before the round."""
        return self.states[number]

    def score(self, number: int) -> float:
        """The player's score before the round."""
        return self.states[number].score

    def set_ranking(self, ranked: Sequence[int]) -> None:
        """Record the ranking order (called by the engine after ``swiss_sort_players``)."""
        self.rank = {n: i for i, n in enumerate(ranked)}

    @property
    def is_first_round(self) -> bool:
        """Whether this is round 1."""
        return self.round_number == 1

    @property
    def is_last_round(self) -> bool:
        """Whether this is the last round of the event (when the number of rounds is known)."""
        return self.total_rounds is not None and self.round_number == self.total_rounds

    def initial_colour(self) -> Colour:
        """Colour of the top player in round 1: the file's ``XXC``, else the ruleset's
        ``first_colour``; ``lot`` draws it with the round's seed."""
        if self.tournament.initial_colour is not None:
            return self.tournament.initial_colour
        choice = self.ruleset.first_colour
        if choice == "black":
            return BLACK
        if choice == "lot":
            self.drawn_colour = WHITE if random.Random(self.seed ^ 0x5EED).random() < 0.5 else BLACK
            return self.drawn_colour
        return WHITE

    # ------------------------------------------------------------------ absolute criteria
    def may_meet(self, a: int, b: int) -> bool:
        """No rematch beyond ``max_meetings`` and no forbidden pair (B1a, ``XXP``, clubs)."""
        if self.states[a].meetings.get(b, 0) >= self.ruleset.max_meetings:
            return False
        if self._forbidden and frozenset((a, b)) in self._forbidden:
            return False
        if self._club and self._club.get(a) is not None and self._club.get(a) == self._club.get(b):
            return False
        return not (
            self._fed and self._fed.get(a) is not None and self._fed.get(a) == self._fed.get(b)
        )

    def forbidden_opponents(self) -> dict[int, set[int]]:
        """For each participant, the participants he may never meet whatever the history:
        forbidden pairs (``XXP``, ``forbidden.pairs``) and the same club or federation where
        the ruleset says so (rematches are in the states' ``meetings``)."""
        present = set(self.participants)
        out: dict[int, set[int]] = {n: set() for n in present}
        for pair in self._forbidden:
            a, b = tuple(pair)
            if a in present and b in present:
                out[a].add(b)
                out[b].add(a)
        for groups in (self._club, self._fed):
            members: dict[str, list[int]] = {}
            for n, key in groups.items():
                if n in present:
                    members.setdefault(key, []).append(n)
            for group in members.values():
                for a in group:
                    out[a].update(b for b in group if b != a)
        return out

    def colour_allowed(self, number: int, colour: Colour) -> bool:
        """Whether giving ``colour`` keeps the player within the ruleset's colour limits (B2)."""
        key = (number, colour)
        ok = self._colour_cache.get(key)
        if ok is None:
            ok = self._colour_cache[key] = self._colour_allowed(number, colour)
        return ok

    def _colour_allowed(self, number: int, colour: Colour) -> bool:
        ok = self._within_limits(number, colour)
        if not ok and not self._within_limits(number, colour.opposite):
            # AMB-D21: a history already outside both limits (imported, F7) would leave no
            # colour at all; the colour difference decides (as A7a tests it first, AMB-D7),
            # so the player gets the colour that brings his difference back
            cd = self.states[number].colour_difference
            return (colour is WHITE) == (cd < 0) if cd else False
        return ok

    def _within_limits(self, number: int, colour: Colour) -> bool:
        """B2 read as "must not move further out" (AMB-D21): the colour may not make the
        colour difference pass the limit (a player already at −3 must get White), nor extend
        a run of equal colours to more than the limit (after WWW: Black)."""
        st = self.states[number]
        limits = self.ruleset.colours
        if limits.max_difference is not None:
            cd = st.colour_difference + (1 if colour is WHITE else -1)
            if abs(cd) > limits.max_difference and abs(cd) > abs(st.colour_difference):
                return False
        if limits.max_run is not None:
            cols = st.played_colours
            if len(cols) >= limits.max_run and all(c is colour for c in cols[-limits.max_run :]):
                return False
        return True

    def outside_colour_limits(self) -> list[int]:
        """Participants whose colour history already breaks the ruleset's limits (imported
        events, manual pairings, colours played wrongly — F7; AMB-D21)."""
        limits = self.ruleset.colours
        out = []
        for n in self.participants:
            st = self.states[n]
            if (
                limits.max_difference is not None
                and abs(st.colour_difference) > limits.max_difference
            ) or (limits.max_run is not None and st.colour_run > limits.max_run):
                out.append(n)
        return out

    def colours_possible(self, a: int, b: int) -> bool:
        """Whether some colour allocation keeps both players within the limits."""
        return (self.colour_allowed(a, WHITE) and self.colour_allowed(b, BLACK)) or (
            self.colour_allowed(a, BLACK) and self.colour_allowed(b, WHITE)
        )

    def compatible(self, a: int, b: int) -> bool:
        """``a`` and ``b`` may be paired: :meth:`may_meet` and :meth:`colours_possible`."""
        return self.may_meet(a, b) and self.colours_possible(a, b)

    def can_receive_bye(self, number: int) -> bool:
        """Whether the player may get the pairing-allocated bye (B1b, AMB-D11)."""
        blocked = self.ruleset.byes.blocked_by
        for rec in self.player(number).rounds[: self.round_number - 1]:
            if rec.result in blocked:
                return False
        return True

    def pairing_graph(self) -> PairingGraph:
        """The round's absolute criteria as a graph (who may meet whom, who may take the
        bye), built once: the engine's feasibility test and "no valid pairing" witness."""
        graph = self.data.get("core.pairing-graph")
        if graph is None:
            from .feasibility import PairingGraph

            graph = self.data["core.pairing-graph"] = PairingGraph(self)
        return graph

    def can_complete(self, players: Iterable[int], bracket: Bracket) -> bool:
        """Whether ``players`` (left unpaired in ``bracket``, to be paired there or moved
        down) and every player of the lower brackets can still all be paired under the
        absolute criteria, one of them taking the bye when the round needs one.  A maximum
        matching; a bracket procedure uses it to skip pairings that could only end in a
        dead branch (the engine rejects those outcomes anyway)."""
        return self.pairing_graph().completable(players, also=bracket.below, bye=self.bye_pending)

    def ranked(self, numbers: Iterable[int]) -> list[int]:
        """``numbers`` in the ranking order."""
        rank = self.rank
        return sorted(numbers, key=lambda n: rank.get(n, 1 << 30))
