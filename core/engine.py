"""The engine: pairs a round through the hooks of one ruleset's plugin manager.

:class:`Engine` is the typed facade over ``pm.hook.*``.  Its bracket loop
(:meth:`Engine.pair_brackets`) is the backtracking search every bracket-based system
shares: each bracket offers its acceptable pairings lazily, best first; the engine takes
the first one with which every lower bracket can be paired and, when a lower bracket
fails, asks the higher one for its next alternative (Dutch-1992 C12/C13, RDF "break the
last formed pair").  A system never writes that loop itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from .brackets import Bracket, BracketOutcome, ByeChoice, Outcomes
from .context import RoundContext
from .errors import InvalidTournamentError, NoValidPairingError, PluginError
from .i18n import N_, NP_
from .manager import make_manager
from .model import BLACK, WHITE, PointSystem, RoundRecord, Tournament
from .pairing import Pairing, RoundPairing, Violation
from .ruleset import Ruleset

__all__ = ["Bracket", "BracketOutcome", "ByeChoice", "Engine", "pair_round"]


class _SearchExhausted(Exception):
    pass


class Engine:
    """Pairs rounds under one ruleset."""

    def __init__(
        self, ruleset: Ruleset, *, extra_plugins: Iterable[Any] = (), manager: Any = None
    ) -> None:
        self.ruleset = ruleset
        """The ruleset in force."""
        self.pm = manager if manager is not None else make_manager(ruleset.system, extra_plugins)
        """The plugin manager: core defaults plus the ruleset's system."""
        self.hook = self.pm.hook

    # ------------------------------------------------------------------ public API
    def context(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        *,
        seed: int | None = None,
        explain: bool = True,
    ) -> RoundContext:
        """The context of pairing ``round_number`` (default: the next round)."""
        rnd = round_number or tournament.next_round
        return RoundContext(tournament, self.ruleset, rnd, engine=self, seed=seed, explain=explain)

    def pair(
        self, tournament: Tournament, *, seed: int | None = None, explain: bool = True
    ) -> RoundPairing:
        """Pair the next round of ``tournament``.

        Raises :class:`InvalidTournamentError` when the tournament cannot be paired as it
        stands and :class:`NoValidPairingError` when no pairing satisfies the rules.
        """
        rnd = tournament.next_round
        if rnd > 1:
            pending = tournament.pending_games(rnd - 1)
            if pending:
                raise InvalidTournamentError(
                    NP_(
                        "round {round} is not finished: player {players} has no result",
                        "round {round} is not finished: players {players} have no result",
                        "players",
                    ),
                    round=rnd - 1,
                    players=", ".join(map(str, pending[:10])),
                )
        total = tournament.total_rounds or self.ruleset.rounds
        if total is not None and rnd > total:
            raise InvalidTournamentError(
                NP_(
                    "the event has only {total} round and it has been paired",
                    "all {total} rounds have been paired",
                    "total",
                ),
                total=total,
            )
        ctx = self.context(tournament, rnd, seed=seed, explain=explain)
        result: RoundPairing | None = self.hook.swiss_pair_round(context=ctx)
        if result is None:
            raise PluginError(N_("no plugin paired the round"))
        return result

    def apply(self, tournament: Tournament, pairing: RoundPairing) -> Tournament:
        """The tournament with ``pairing`` written into its round (results still blank)."""
        records: dict[int, RoundRecord] = {}
        for b in pairing.boards:
            if b.absent is not None:
                present = b.black if b.absent == b.white else b.white
                records[b.absent] = RoundRecord(
                    present, WHITE if b.absent == b.white else BLACK, "-"
                )
                records[present] = RoundRecord(
                    b.absent, WHITE if present == b.white else BLACK, "+"
                )
            else:
                records[b.white] = RoundRecord(b.black, WHITE, " ")
                records[b.black] = RoundRecord(b.white, BLACK, " ")
        for bye in pairing.byes:
            records[bye.player] = RoundRecord(None, None, bye.result)
        for n in tournament.absent_next:  # XXZ is consumed: keep the absence as "0000 - Z"
            if (
                n in tournament
                and n not in records
                and tournament.player(n).record(pairing.round) is None
            ):
                records[n] = RoundRecord(None, None, "Z")
        ps = tournament.point_system or self.ruleset.points
        updated = tournament.with_round(pairing.round, records, ps)
        changes: dict[str, Any] = {}
        if pairing.records:
            changes["header"] = _replace_records(updated.header, pairing.records)
        if tournament.point_system is None and ps != PointSystem():
            changes["point_system"] = ps
        if tournament.total_rounds is None and self.ruleset.rounds is not None:
            changes["total_rounds"] = self.ruleset.rounds
        return replace(updated, **changes) if changes else updated

    def check(self, tournament: Tournament) -> list[Violation]:
        """Every violation of the absolute criteria in the rounds recorded so far."""
        found: list[Violation] = []
        for rnd in range(1, tournament.rounds_recorded + 1):
            ctx = self.context(tournament, rnd, explain=False)
            for part in self.hook.swiss_check_round(
                tournament=tournament, round_number=rnd, context=ctx
            ):
                if part:
                    found.extend(part)
        return found

    # ------------------------------------------------------------------ typed hook calls
    def sort_players(
        self, context: RoundContext, numbers: Sequence[int] | None = None
    ) -> list[int]:
        """``swiss_sort_players`` over ``numbers`` (default: the participants)."""
        nums = context.participants if numbers is None else numbers
        players = [context.states[n] for n in nums]
        return list(self._first("swiss_sort_players", players=players, context=context))

    def assign_bye(self, candidates: Sequence[int], context: RoundContext) -> ByeChoice:
        """``swiss_assign_bye``."""
        choice: ByeChoice = self._first("swiss_assign_bye", candidates=candidates, context=context)
        return choice

    def build_brackets(self, ranked: Sequence[int], context: RoundContext) -> list[Bracket]:
        """``swiss_build_brackets``."""
        return list(self._first("swiss_build_brackets", ranked=ranked, context=context))

    def bracket_outcomes(self, bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
        """``swiss_pair_bracket``: the bracket's outcomes, lazily."""
        if not bracket.players:
            return iter((BracketOutcome(()),))
        return iter(self._first("swiss_pair_bracket", bracket=bracket, context=context))

    def allocate_colours(self, pair: tuple[int, int], context: RoundContext) -> Pairing:
        """``swiss_allocate_colours``."""
        pairing: Pairing = self._first("swiss_allocate_colours", pair=pair, context=context)
        return pairing

    def order_boards(self, pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
        """``swiss_order_boards``."""
        return list(self._first("swiss_order_boards", pairings=pairings, context=context))

    def _first(self, name: str, **kwargs: Any) -> Any:
        result = getattr(self.hook, name)(**kwargs)
        if result is None:
            raise PluginError(N_("no plugin answered {hook}"), hook=name)
        return result

    # ------------------------------------------------------------------ the bracket loop
    def pair_brackets(
        self, brackets: Sequence[Bracket], context: RoundContext, *, bye_needed: bool
    ) -> list[BracketOutcome]:
        """Pair every bracket, backtracking between brackets where a lower one fails.

        Semantics: depth-first in each bracket's order of preference, so the first outcome
        of a bracket that lets all lower brackets be paired is taken (C13: a failing lowest
        bracket makes the penultimate one try its next pairing, down to moving it down
        whole, i.e. merging).  When the best available outcome of a bracket has ``cost > 0``,
        the bracket above is first asked for another outcome of equal cost moving different
        players down, with which this bracket reaches cost 0 (C12).  Outcomes that move down
        the same players are equivalent for everything below and are tried once.  The search
        is bounded by the ruleset's ``search_budget`` (AMB-D14).

        Returns one outcome per bracket; the last one's ``moved_down`` is the bye (if any).
        """
        n = len(brackets)
        if n == 0:
            return []
        graph = context.pairing_graph()
        # below[i]: the players of the brackets under bracket i
        below: list[tuple[int, ...]] = [() for _ in range(n)]
        for i in range(n - 2, -1, -1):
            below[i] = below[i + 1] + tuple(brackets[i + 1].residents)
        context.bye_pending = bye_needed
        everybody = [p for b in brackets for p in (*b.moved_down, *b.residents)]
        if not graph.completable(everybody, bye=bye_needed):
            raise graph.no_pairing_error(everybody, bye=bye_needed)
        dead: dict[int, int] = {}

        def completable(i: int, down: Sequence[int]) -> bool:
            """The players moved down from bracket ``i`` and every lower bracket can still be
            paired completely under the absolute criteria (a maximum matching): otherwise
            the outcome is a dead branch and is not descended."""
            if graph.completable(down, also=below[i], bye=bye_needed):
                return True
            dead[i] = dead.get(i, 0) + 1
            return False

        budget = [self.ruleset.search_budget]
        failed: set[tuple[int, frozenset[int]]] = set()
        solved: dict[tuple[int, frozenset[int]], list[BracketOutcome]] = {}
        retries: dict[int, int] = {}

        def leftover_ok(down: tuple[int, ...]) -> bool:
            if bye_needed:
                return len(down) == 1 and context.can_receive_bye(down[0])
            return not down

        def solve(i: int, carried: tuple[int, ...]) -> list[BracketOutcome] | None:
            key = (i, frozenset(carried))
            if key in failed:
                return None
            if key in solved:  # the same players below: the same answer (no re-search)
                return solved[key]
            result = _solve(i, carried)
            if result is None:
                failed.add(key)
            else:
                solved[key] = result
            return result

        costs: dict[tuple[int, frozenset[int]], int | None] = {}

        streams: dict[
            tuple[int, frozenset[int]], tuple[list[BracketOutcome], Iterator[BracketOutcome]]
        ] = {}

        def generate(raw: Iterator[BracketOutcome], i: int) -> Iterator[BracketOutcome]:
            seen: set[frozenset[int]] = set()
            for outcome in raw:
                budget[0] -= 1
                if budget[0] < 0:
                    raise _SearchExhausted
                down = frozenset(outcome.moved_down)
                if down in seen:
                    continue
                seen.add(down)
                if i == n - 1:
                    if leftover_ok(outcome.moved_down):
                        yield outcome
                elif completable(i, outcome.moved_down):
                    yield outcome

        raws: dict[tuple[int, frozenset[int]], Iterator[BracketOutcome]] = {}

        def raw_outcomes(i: int, carried: tuple[int, ...]) -> Iterator[BracketOutcome]:
            key = (i, frozenset(carried))
            if key not in raws:
                bracket = replace(
                    brackets[i], moved_down=tuple(carried), is_last=i == n - 1, below=below[i]
                )
                raws[key] = self.bracket_outcomes(bracket, context)
            return raws[key]

        def stream(
            i: int, carried: tuple[int, ...]
        ) -> tuple[list[BracketOutcome], Iterator[BracketOutcome]]:
            key = (i, frozenset(carried))
            if key not in streams:
                streams[key] = ([], generate(raw_outcomes(i, carried), i))
            return streams[key]

        def acceptable(i: int, carried: tuple[int, ...]) -> Iterator[BracketOutcome]:
            """Bracket ``i``'s outcomes in the system's order, each set of moved-down players
            once, and only those with which the lower brackets can still be completed (in
            the lowest bracket: those leaving nobody, or one player for the bye).  Produced
            once per state and replayed (C12 looks at a bracket's first outcome before the
            bracket is paired)."""
            done, live = stream(i, carried)
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

        def first_cost(i: int, carried: tuple[int, ...]) -> int | None:
            """C12's question: the cost of bracket ``i``'s first acceptable pairing with
            ``carried`` moved down into it (0: its moved-down players are all paired)."""
            key = (i, frozenset(carried))
            if key in solved:
                return solved[key][0].cost
            if key in failed:
                return None
            if key not in costs:
                done, _ = stream(i, carried)
                raw = raw_outcomes(i, carried)
                if not done and isinstance(raw, Outcomes) and raw.min_cost() > 0:
                    return raw.min_cost()  # known without pairing the bracket
                costs[key] = next((o.cost for o in acceptable(i, carried)), None)
            return costs[key]

        def _solve(i: int, carried: tuple[int, ...]) -> list[BracketOutcome] | None:
            pending: list[BracketOutcome] = []

            def settle() -> list[BracketOutcome] | None:
                """The first fallback with which the brackets below can be paired."""
                for outcome in pending:
                    rest = solve(i + 1, outcome.moved_down)
                    if rest is not None:
                        return [outcome, *rest]
                    retries[i] = retries.get(i, 0) + 1
                pending.clear()
                return None

            for outcome in acceptable(i, carried):
                if i == n - 1:
                    return [outcome]
                if pending and (outcome.cost, len(outcome.moved_down)) != (
                    pending[0].cost,
                    len(pending[0].moved_down),
                ):
                    # C12 looks for the bracket above "paired differently so that a different
                    # player is moved down": as many players, at the same cost — not for one
                    # that moves more players down (that would be C14 of the bracket above)
                    found = settle()
                    if found is not None:
                        return found
                # C12: an outcome whose lower bracket cannot pair all the players moved down
                # into it is kept as a fallback while outcomes of the same cost that move
                # other players down are looked at (one bracket down, as the text says)
                cost_below = first_cost(i + 1, outcome.moved_down)
                if cost_below is None:
                    retries[i] = retries.get(i, 0) + 1
                    continue
                if cost_below != 0:
                    pending.append(outcome)
                    continue
                rest = solve(i + 1, outcome.moved_down)
                if rest is None:
                    retries[i] = retries.get(i, 0) + 1
                    continue
                if rest[0].cost == 0:
                    if pending:
                        context.explanation.add(
                            "",
                            N_(
                                "the bracket above was paired differently so that other players "
                                "move down and this bracket can be paired completely"
                            ),
                            bracket=i + 1,
                        )
                    return [outcome, *rest]
                pending.append(outcome)
            return settle()

        try:
            result = solve(0, ())
        except _SearchExhausted:
            raise NoValidPairingError(
                NP_(
                    "no valid pairing found within the search budget of {budget} bracket pairing",
                    "no valid pairing found within the search budget of {budget} bracket pairings",
                    "budget",
                ),
                budget=self.ruleset.search_budget,
            ) from None
        except RecursionError:  # pragma: no cover - brackets are few
            raise NoValidPairingError(N_("no valid pairing exists")) from None
        if result is None:
            raise NoValidPairingError(N_("no valid pairing exists"))
        tallies = (
            (
                dead,
                N_(
                    "pairings of this bracket passed over because the players they move down and "
                    "the lower brackets could not all be paired (maximum matching): {count}"
                ),
            ),
            (
                retries,
                N_(
                    "pairings of this bracket undone because a lower bracket could not be paired: "
                    "{count}"
                ),
            ),
        )
        for counts, message in tallies:
            for i, count in sorted(counts.items()):
                context.explanation.add("", message, bracket=i, count=count)
        return result


def _replace_records(
    header: tuple[tuple[str, str], ...], records: Sequence[tuple[str, str]]
) -> tuple[tuple[str, str], ...]:
    """``header`` with every record of a code in ``records`` replaced by ``records`` (where the
    first of them stood; appended when the header had none of those codes)."""
    codes = {code for code, _ in records}
    out: list[tuple[str, str]] = []
    placed = False
    for code, line in header:
        if code in codes:
            if not placed:
                out.extend(records)
                placed = True
            continue
        out.append((code, line))
    if not placed:
        out.extend(records)
    return tuple(out)


def pair_round(
    tournament: Tournament, ruleset: Ruleset, *, seed: int | None = None
) -> RoundPairing:
    """Pair the next round of ``tournament`` under ``ruleset`` (convenience function)."""
    return Engine(ruleset).pair(tournament, seed=seed)
