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
from .explain import Event
from .i18n import N_

if TYPE_CHECKING:
    from .context import RoundContext
    from .engine import Engine

__all__ = ["BracketSearch"]

State = tuple[int, tuple[int, ...]]
"""A bracket index and the players moved down into it, in the order handed over."""


class BracketSearch:
    """One bracket search: the brackets of the round and every cache of the search."""

    memo = True
    """Whether solved and failed states are remembered (:meth:`solve`, :meth:`first_cost`).
    Off, every state is searched again each time it is reached: the same answer, found more
    slowly (the tests compare both, tests/test_bracket_search_cache.py)."""

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
        self.hits = {"solved": 0, "failed": 0, "cost of solved": 0, "cost of failed": 0}
        """How often a state's answer came from the memo of solved or failed states
        (:meth:`solve`), and its first cost (:meth:`first_cost`)."""

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
        if self.memo and state in self.solved:
            self.hits["cost of solved"] += 1
            return self.solved[state][0].cost
        if self.memo and state in self.failed:
            self.hits["cost of failed"] += 1
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
        if self.memo and state in self.failed:
            self.hits["failed"] += 1
            return None
        if self.memo and state in self.solved:  # the same players below: the same answer
            self.hits["solved"] += 1
            return self.solved[state]
        result = self._solve(state)
        if result is None:
            self.failed.add(state)
        else:
            self.solved[state] = result
        return result

    def _retry(self, i: int) -> None:
        self.retries[i] = self.retries.get(i, 0) + 1

    def _at(self, state: State, k: int) -> BracketOutcome | None:
        """A state's ``k``-th acceptable outcome (:meth:`acceptable`), ``None`` past the last."""
        done, live = self._stream(state)
        while len(done) <= k:
            nxt = next(live, None)
            if nxt is None:
                return None
            done.append(nxt)
        return done[k]

    def _attempt(self, i: int, outcome: BracketOutcome) -> list[BracketOutcome] | bool:
        """One outcome of bracket ``i`` under C12: the solution when the next bracket is paired
        at cost 0 with it (and everything below), ``True`` when it is kept as a fallback (the
        next bracket cannot pair all the players it moves down), ``False`` when nothing below
        can be paired with it."""
        # C12: an outcome whose lower bracket cannot pair all the players moved down into it
        # is kept as a fallback while outcomes of the same cost that move other players down
        # are looked at (one bracket down, as the text says)
        cost_below = self.first_cost((i + 1, tuple(outcome.moved_down)))
        if cost_below is None:
            self._retry(i)
            return False
        if cost_below != 0:
            return True
        rest = self.solve(i + 1, outcome.moved_down)
        if rest is None:
            self._retry(i)
            return False
        if rest[0].cost == 0:
            return [outcome, *rest]
        return True

    def _found_below(self, i: int, result: list[BracketOutcome]) -> list[BracketOutcome]:
        """C12's solution ``result`` (bracket ``i`` and below) with the explanation of the
        bracket below attached to its outcome: the sentence belongs to the solution, so that
        it is shown once when the solution is taken and never when a search that found it is
        undone (it is not written into the round's log as a side effect of the search)."""
        if not self.context.explanation.enabled:
            return result
        why = Event(
            "",
            N_(
                "the bracket above was paired differently so that other players "
                "move down and this bracket can be paired completely"
            ),
            {},
            i + 1,
        )
        below = result[1]
        return [result[0], replace(below, events=(*below.events, why)), *result[2:]]

    def _look_further(
        self, state: State, start: int, key: tuple[int, int]
    ) -> list[BracketOutcome] | bool:
        """C12's search through the system's filtered stream (:meth:`Outcomes.confined`): the
        first outcome after the ``start``-th one, in the same run of outcomes of ``key`` (as
        many players moved down, at the same cost), with which the next bracket is paired at
        cost 0.  The stream leaves out only outcomes of ``key`` that cannot give that, so the
        answer is the one the unfiltered run gives.  ``True``: there is none (the run's
        fallbacks are settled from the unfiltered stream); ``False``: the system has no
        filtered stream."""
        i = state[0]
        raw = self.raw_outcomes(state)
        stream = (
            raw.confined(key, tuple(self.brackets[i + 1].residents))
            if isinstance(raw, Outcomes)
            else None
        )
        if stream is None:
            return False
        if not self._confinable(state):
            return True  # no outcome of the bracket can leave players the next one pairs all
        done, _ = self._stream(state)
        before = {frozenset(o.moved_down) for o in done[: start + 1]}  # looked at already
        seen: set[frozenset[int]] = set()
        for outcome in stream:
            down = frozenset(outcome.moved_down)
            if down in seen or down in before:
                continue
            seen.add(down)
            if (outcome.cost, len(outcome.moved_down)) != key:
                return True  # the run ends: no outcome of it lets the next bracket cost 0
            if not self.graph.completable(
                outcome.moved_down, also=self.below[i], bye=self.bye_needed
            ):
                continue  # a dead branch (the unfiltered stream passes over it too)
            found = self._attempt(i, outcome)
            if isinstance(found, list):
                return self._found_below(i, found)
        return True

    def _confinable(self, state: State) -> bool:
        """C12's bound for a whole bracket: whether its players and every lower bracket can all
        be paired (absolute criteria, a maximum matching) with each player of the bracket
        paired inside it or with a resident of the next bracket — as every outcome whose
        players moved down are all paired in the next bracket is.  When not, the filtered
        stream (:meth:`Outcomes.confined`) would leave out every outcome of the run, and
        enumerating it is spared (a 95-player bracket of bench/data/tophalf-200x9-s1 round 3:
        tens of seconds)."""
        i, carried = state
        graph = self.graph
        mine = graph.mask((*carried, *self.brackets[i].residents))
        allowed = mine | graph.mask(self.brackets[i + 1].residents)
        return graph.completable_mask(
            mine | graph.group_mask(self.below[i]), bye=self.bye_needed, confine=(mine, allowed)
        )

    def _settle(self, state: State, start: int) -> tuple[list[BracketOutcome] | None, int]:
        """C12's fallbacks: from the ``start``-th outcome on, in the same run (as many players
        moved down, at the same cost), the first with which the brackets below can be paired;
        or ``None`` and the index of the first outcome after the run."""
        i = state[0]
        first = self._at(state, start)
        assert first is not None
        key = (first.cost, len(first.moved_down))
        k = start
        while True:
            outcome = self._at(state, k)
            if outcome is None or (outcome.cost, len(outcome.moved_down)) != key:
                return None, k
            rest = self.solve(i + 1, outcome.moved_down)
            if rest is not None:
                return [outcome, *rest], k
            self._retry(i)
            k += 1

    def _solve(self, state: State) -> list[BracketOutcome] | None:
        i = state[0]
        k = 0
        start: int | None = None  # the first outcome kept as a fallback (C12)
        key: tuple[int, int] = (0, 0)
        while True:
            outcome = self._at(state, k)
            if outcome is None:
                break
            if i == self.n - 1:
                return [outcome]
            if start is not None and (outcome.cost, len(outcome.moved_down)) != key:
                # C12 looks for the bracket above "paired differently so that a different
                # player is moved down": as many players, at the same cost -- not for one that
                # moves more players down (that would be C14 of the bracket above)
                found, k = self._settle(state, start)
                if found is not None:
                    return found
                start = None
                continue
            attempt = self._attempt(i, outcome)
            if isinstance(attempt, list):
                return attempt if start is None else self._found_below(i, attempt)
            if attempt and start is None:
                start, key = k, (outcome.cost, len(outcome.moved_down))
                further = self._look_further(state, start, key)
                if isinstance(further, list):
                    return further
                if further:  # the run holds nothing better: its first fallback that works
                    found, k = self._settle(state, start)
                    if found is not None:
                        return found
                    start = None
                    continue
            k += 1
        if start is None:
            return None
        return self._settle(state, start)[0]

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
