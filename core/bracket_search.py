"""The backtracking search between brackets that every bracket-based system shares.

:class:`BracketSearch` is the state of one call of :meth:`Engine.pair_brackets
<swisspairing.engine.Engine.pair_brackets>`: each bracket offers its acceptable pairings
lazily, best first; the search takes the first one with which every lower bracket can be
paired and, when a lower bracket fails, asks the higher one for its next alternative
(Dutch-1992 C12/C13, RDF "break the last formed pair").

Cache contract.  A state is a bracket and the players moved down into it *in the order they
are handed over* (``(index, carried)``, an ordered tuple): a bracket is built with its
moved-down players in that order, so two states with the same players in another order are
different states and are solved separately.  The one place where only the set counts is the
deduplication of one bracket's outcomes (:meth:`BracketSearch._generate`): two outcomes that
move down the same players are equivalent for everything below, because every system hands
them over in its own canonical order (A3: by score and rank) — an outcome moving the same set
in another order is therefore not tried again.

No budget.  The search is exhaustive and decides nothing by counting: an outcome is descended
only when a maximum matching shows that the players it moves down and every lower bracket can
still all be paired under the absolute criteria (:meth:`BracketSearch.completable`), every
state is solved once (failures and solutions are memoised), and a system's outcomes of one
bracket are finite (they are pairings of a finite set of players; ``swiss_pair_bracket``).  So
"no valid pairing" after the search is a proof by exhaustion, never a count running out; when a
system offers every outcome its criteria allow, no descended branch fails and the search never
backtracks below the bracket it is in (the matching is exact for the absolute criteria).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .brackets import Bracket, BracketOutcome, Outcomes
from .i18n import N_

if TYPE_CHECKING:
    from .context import RoundContext
    from .engine import Engine

__all__ = ["BracketSearch"]

State = tuple[int, tuple[int, ...]]
"""A bracket index and the players moved down into it, in the order handed over."""


class BracketSearch:
    """One bracket search: the brackets of the round and every cache of the search."""

    def __init__(
        self,
        engine: Engine,
        brackets: Sequence[Bracket],
        context: RoundContext,
        *,
        bye_needed: bool,
    ) -> None:
        self.engine = engine
        self.brackets = list(brackets)
        self.context = context
        self.bye_needed = bye_needed
        self.n = len(self.brackets)
        self.graph = context.pairing_graph()
        below: list[tuple[int, ...]] = [() for _ in range(self.n)]
        for i in range(self.n - 2, -1, -1):
            below[i] = below[i + 1] + tuple(self.brackets[i + 1].residents)
        self.below = below
        """``below[i]``: the players of the brackets under bracket ``i``."""
        self.dead: dict[int, int] = {}
        """Per bracket, outcomes passed over because the players they move down and the lower
        brackets could not all be paired (a maximum matching)."""
        self.retries: dict[int, int] = {}
        """Per bracket, outcomes undone because a lower bracket could not be paired."""
        self.failed: set[State] = set()
        self.solved: dict[State, list[BracketOutcome]] = {}
        self.costs: dict[State, int | None] = {}
        self.raws: dict[State, Iterator[BracketOutcome]] = {}
        self.streams: dict[State, tuple[list[BracketOutcome], Iterator[BracketOutcome]]] = {}

    # ------------------------------------------------------------------ the tests
    def completable(self, i: int, down: Sequence[int]) -> bool:
        """The players moved down from bracket ``i`` and every lower bracket can still be
        paired completely under the absolute criteria (a maximum matching): otherwise the
        outcome is a dead branch and is not descended."""
        if self.graph.completable(down, also=self.below[i], bye=self.bye_needed):
            return True
        self.dead[i] = self.dead.get(i, 0) + 1
        return False

    def leftover_ok(self, down: tuple[int, ...]) -> bool:
        """The lowest bracket leaves nobody, or the one player who may have the bye."""
        if self.bye_needed:
            return len(down) == 1 and self.context.can_receive_bye(down[0])
        return not down

    # ------------------------------------------------------------------ outcomes of a state
    def _generate(self, raw: Iterator[BracketOutcome], i: int) -> Iterator[BracketOutcome]:
        seen: set[frozenset[int]] = set()
        for outcome in raw:
            down = frozenset(outcome.moved_down)
            if down in seen:
                continue
            seen.add(down)
            if i == self.n - 1:
                if self.leftover_ok(outcome.moved_down):
                    yield outcome
            elif self.completable(i, outcome.moved_down):
                yield outcome

    def raw_outcomes(self, state: State) -> Iterator[BracketOutcome]:
        """The system's outcomes of a state (``swiss_pair_bracket``), asked for once."""
        if state not in self.raws:
            i, carried = state
            bracket = replace(
                self.brackets[i], moved_down=carried, is_last=i == self.n - 1, below=self.below[i]
            )
            self.raws[state] = self.engine.bracket_outcomes(bracket, self.context)
        return self.raws[state]

    def _stream(self, state: State) -> tuple[list[BracketOutcome], Iterator[BracketOutcome]]:
        if state not in self.streams:
            self.streams[state] = ([], self._generate(self.raw_outcomes(state), state[0]))
        return self.streams[state]

    def acceptable(self, state: State) -> Iterator[BracketOutcome]:
        """A state's outcomes in the system's order, each set of moved-down players once, and
        only those with which the lower brackets can still be completed (in the lowest
        bracket: those leaving nobody, or one player for the bye).  Produced once per state
        and replayed (C12 looks at a bracket's first outcome before the bracket is paired)."""
        done, live = self._stream(state)
        k = 0
        while True:
            if k < len(done):
                yield done[k]
                k += 1
                continue
            nxt = next(live, None)
            if nxt is None:
                return
            done.append(nxt)

    def first_cost(self, state: State) -> int | None:
        """C12's question: the cost of the first acceptable pairing of a state (0: its
        moved-down players are all paired); ``None`` when it has none."""
        if state in self.solved:
            return self.solved[state][0].cost
        if state in self.failed:
            return None
        if state not in self.costs:
            done, _ = self._stream(state)
            raw = self.raw_outcomes(state)
            if not done and isinstance(raw, Outcomes) and raw.min_cost() > 0:
                return raw.min_cost()  # known without pairing the bracket
            self.costs[state] = next((o.cost for o in self.acceptable(state)), None)
        return self.costs[state]

    # ------------------------------------------------------------------ the search
    def solve(self, i: int, carried: tuple[int, ...]) -> list[BracketOutcome] | None:
        """Outcomes of brackets ``i``… with ``carried`` moved down into bracket ``i``: the
        first, in the brackets' orders, with which every bracket is paired; ``None`` if none.
        Memoised by state."""
        state: State = (i, tuple(carried))
        if state in self.failed:
            return None
        if state in self.solved:  # the same players below: the same answer (no re-search)
            return self.solved[state]
        result = self._solve(state)
        if result is None:
            self.failed.add(state)
        else:
            self.solved[state] = result
        return result

    def _retry(self, i: int) -> None:
        self.retries[i] = self.retries.get(i, 0) + 1

    def _settle(self, i: int, pending: list[BracketOutcome]) -> list[BracketOutcome] | None:
        """C12's fallbacks: the first kept outcome with which the brackets below can be paired."""
        for outcome in pending:
            rest = self.solve(i + 1, outcome.moved_down)
            if rest is not None:
                return [outcome, *rest]
            self._retry(i)
        pending.clear()
        return None

    def _solve(self, state: State) -> list[BracketOutcome] | None:
        i = state[0]
        pending: list[BracketOutcome] = []
        for outcome in self.acceptable(state):
            if i == self.n - 1:
                return [outcome]
            if pending and (outcome.cost, len(outcome.moved_down)) != (
                pending[0].cost,
                len(pending[0].moved_down),
            ):
                # C12 looks for the bracket above "paired differently so that a different
                # player is moved down": as many players, at the same cost — not for one that
                # moves more players down (that would be C14 of the bracket above)
                found = self._settle(i, pending)
                if found is not None:
                    return found
            # C12: an outcome whose lower bracket cannot pair all the players moved down into
            # it is kept as a fallback while outcomes of the same cost that move other players
            # down are looked at (one bracket down, as the text says)
            cost_below = self.first_cost((i + 1, tuple(outcome.moved_down)))
            if cost_below is None:
                self._retry(i)
                continue
            if cost_below != 0:
                pending.append(outcome)
                continue
            rest = self.solve(i + 1, outcome.moved_down)
            if rest is None:
                self._retry(i)
                continue
            if rest[0].cost == 0:
                if pending:
                    self.context.explanation.add(
                        "",
                        N_(
                            "the bracket above was paired differently so that other players "
                            "move down and this bracket can be paired completely"
                        ),
                        bracket=i + 1,
                    )
                return [outcome, *rest]
            pending.append(outcome)
        return self._settle(i, pending)

    def explain_tallies(self) -> None:
        """The counts of outcomes passed over and undone, per bracket, in the explanation."""
        tallies = (
            (
                self.dead,
                N_(
                    "pairings of this bracket passed over because the players they move down and "
                    "the lower brackets could not all be paired (maximum matching): {count}"
                ),
            ),
            (
                self.retries,
                N_(
                    "pairings of this bracket undone because a lower bracket could not be paired: "
                    "{count}"
                ),
            ),
        )
        for counts, message in tallies:
            for i, count in sorted(counts.items()):
                self.context.explanation.add("", message, bracket=i, count=count)
