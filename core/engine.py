"""The engine: pairs a round through the hooks of one ruleset's plugin manager.

:class:`Engine` is the typed facade over ``pm.hook.*``.  Its bracket loop
(:meth:`Engine.pair_brackets`) is the backtracking search every bracket-based system
shares: each bracket offers its acceptable pairings lazily, best first; the engine takes
the first one with which every lower bracket can be paired and, when a lower bracket
fails, asks the higher one for its next alternative (Dutch-1992 C12/C13, RDF "break the
last formed pair").  A system never writes that loop itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from .bracket_search import BracketSearch
from .brackets import Bracket, BracketOutcome, ByeChoice
from .context import RoundContext
from .errors import InvalidTournamentError, PluginError
from .explain import Event
from .i18n import N_, NP_
from .manager import make_manager
from .model import BLACK, WHITE, PointSystem, RoundRecord, Tournament
from .pairing import Pairing, RoundPairing, Violation
from .ruleset import Ruleset

__all__ = ["Bracket", "BracketOutcome", "ByeChoice", "Engine", "pair_round"]


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

    def system_info(self) -> dict[str, Any]:
        """The merged ``swiss_system_info`` of the core defaults and the system."""
        info: dict[str, Any] = {}
        for part in self.hook.swiss_system_info():
            info.update(part or {})
        return info

    def cite_criterion(self, key: str, context: RoundContext) -> str:
        """The system's rule id for one of the core's generic criteria, named by its
        configuration key (``max_meetings``, ``colours.max_run``): the table a
        ``swiss_check_round`` wrapper of the system carries as ``core_criteria`` (a mapping,
        or a function of the context; :func:`swisspairing.plugins.core_criteria_citer`), so
        that every reason shown to an arbiter cites the regulation, as ``check`` does
        (issue 24).  ``""`` when the system cites no rule for it: the key is no reason."""
        for impl in self.hook.swiss_check_round.get_hookimpls():
            table = getattr(impl.function, "core_criteria", None)
            if callable(table):
                table = table(context)
            if isinstance(table, Mapping):
                rule = table.get(key)
                if isinstance(rule, str) and rule:
                    return rule
        return ""

    def bye_term(self) -> str | None:
        """The system's own word (a msgid) for the pairing-allocated bye, shown in pairing
        lists in place of the core's ``bye`` — the draughts «плюс», RDF 5.4.10.2(f) — or
        ``None`` when the system uses the core's word (``swiss_system_info`` key ``bye``)."""
        term = self.system_info().get("bye")
        return term if isinstance(term, str) and term else None

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
        self,
        tournament: Tournament,
        *,
        seed: int | None = None,
        explain: bool = True,
        context: RoundContext | None = None,
    ) -> RoundPairing:
        """Pair the next round of ``tournament``.

        ``context``: the round's context made beforehand by :meth:`context` with the same
        tournament, seed and ``explain`` (a caller that also wants its scores then computes the
        players' states once).

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
        ctx = (
            context
            if context is not None
            else self.context(tournament, rnd, seed=seed, explain=explain)
        )
        result: RoundPairing | None = self.hook.swiss_pair_round(context=ctx)
        if result is None:
            raise PluginError(N_("no plugin paired the round"))
        if explain and not self.ruleset.forfeit_counts_as_met:
            again = _paired_again_after_forfeit(tournament, result, rnd)
            if again:
                result = replace(result, events=(*result.events, *again))
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
        the same players are equivalent for everything below and are tried once.  No budget
        bounds the search: an outcome is descended only when a maximum matching shows that
        the lower brackets can still be completed with it, and "no valid pairing" is raised
        only with a proof — the matching's witness before any search, or the exhausted
        search itself.

        Returns one outcome per bracket; the last one's ``moved_down`` is the bye (if any).
        """
        if not brackets:
            return []
        graph = context.pairing_graph()
        context.bye_pending = bye_needed
        everybody = [p for b in brackets for p in (*b.moved_down, *b.residents)]
        if not graph.completable(everybody, bye=bye_needed):
            raise graph.no_pairing_error(everybody, bye=bye_needed)
        search = BracketSearch(self, brackets, context, bye_needed=bye_needed)
        result = search.solve(0, ())
        if result is None:
            # every outcome of every bracket was tried (the search is exhaustive): the
            # system's own criteria leave no pairing although the absolute ones would
            raise graph.no_pairing_error(everybody, bye=bye_needed)
        search.explain_tallies()
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


def _paired_again_after_forfeit(
    tournament: Tournament, result: RoundPairing, rnd: int
) -> list[Event]:
    """The explanation of every pair of this round whose players were paired before but
    never played each other: their earlier game was forfeited, and a forfeit is not a game
    (C.04.1 b with C.04.2 / GHR 3.5, Dutch-1992 F2, AMB-X8; ruleset ``forfeit_counts_as_met``
    for federations that rule otherwise)."""
    records = {p.number: p.rounds for p in tournament.players}
    out: list[Event] = []
    for board in result.boards:
        a, b = board.white, board.black
        before = [
            r
            for r, rec in enumerate(records.get(a, ())[: rnd - 1], start=1)
            if rec is not None and rec.opponent == b
        ]
        if before and not any(records[a][r - 1].is_played for r in before):
            out.append(
                Event(
                    "C.04.1 b",
                    N_(
                        "{white}–{black} meet again: their game in round {round} was not "
                        "played, and a forfeit is not a game"
                    ),
                    {"white": a, "black": b, "round": before[-1]},
                )
            )
    return out
