"""Score brackets and what pairing one of them can produce (the data of the bracket loop)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .explain import Event

__all__ = ["Bracket", "BracketOutcome", "ByeChoice", "Outcomes"]


@dataclass(frozen=True, slots=True)
class Bracket:
    """A score bracket (score group) as handed to ``swiss_pair_bracket``."""

    index: int
    """Position among the round's brackets, 0 = highest."""
    score: float
    """Score of the bracket's resident players."""
    residents: tuple[int, ...]
    """Players whose score is the bracket's score, in ranking order."""
    moved_down: tuple[int, ...] = ()
    """Players moved down from higher brackets, in ranking order (A3)."""
    is_last: bool = False
    """Whether this is the lowest bracket of the round."""
    below: tuple[int, ...] = ()
    """The players of the lower brackets (for :meth:`RoundContext.can_complete`)."""

    @property
    def players(self) -> tuple[int, ...]:
        """Moved-down players first, then the residents."""
        return self.moved_down + self.residents

    @property
    def is_homogeneous(self) -> bool:
        """No player was moved down into it."""
        return not self.moved_down

    def __len__(self) -> int:
        return len(self.moved_down) + len(self.residents)


@dataclass(frozen=True, slots=True)
class BracketOutcome:
    """One acceptable way to pair a bracket."""

    pairs: tuple[tuple[int, int], ...]
    """Pairs made, each higher-ranked player first."""
    moved_down: tuple[int, ...] = ()
    """Players left unpaired, moved down to the next bracket (or the bye in the last one)."""
    events: tuple[Event, ...] = ()
    """Why this outcome (rule ids and reasons)."""
    cost: int = 0
    """0 when the bracket was paired as its rules want; more when it had to give something up
    (e.g. fewer pairs than P).  The engine then first looks for another pairing of the bracket
    above with the same cost that lets this one be paired at cost 0 (Dutch-1992 C12)."""


@dataclass(frozen=True, slots=True)
class ByeChoice:
    """The answer of ``swiss_assign_bye``."""

    player: int | None
    """The player who gets the bye now; ``None`` lets the lowest bracket leave it over."""


class Outcomes:
    """A bracket's outcomes (an iterator) that can also say, before producing any, that none
    of them will have cost 0: ``min_cost()`` is a lower bound on the cost of every outcome
    still to come.  The engine asks it when Dutch-1992 C12 looks one bracket down, so a
    bracket that cannot pair all its moved-down players need not be enumerated to find out.
    A plain iterator of outcomes is just as acceptable from ``swiss_pair_bracket``.

    ``confined(key, residents)`` (optional) is C12's filtered stream: a fresh iterator of the
    same outcomes in the same order, except that an outcome whose ``(cost, len(moved_down))`` is
    ``key`` may be left out when its moved-down players cannot all be paired in the next bracket
    (with each other and with that bracket's ``residents``, the players of the lower brackets
    still all pairable): such an outcome can never let the next bracket be paired at cost 0.
    Outcomes of another key are never left out, so the filtered stream still shows where a
    run of outcomes of ``key`` ends.  The engine uses it while it looks for the outcome C12
    asks for, so that it never enumerates hopeless outcomes; the fallbacks are taken from the
    unfiltered stream."""

    __slots__ = ("_bound", "_confined", "_it", "_known")

    def __init__(
        self,
        outcomes: Iterable[BracketOutcome],
        min_cost: Callable[[], int] | None = None,
        confined: Callable[[tuple[int, int], tuple[int, ...]], Iterator[BracketOutcome]]
        | None = None,
    ) -> None:
        self._it: Iterator[BracketOutcome] = iter(outcomes)
        self._bound = min_cost
        self._known: int | None = None
        self._confined = confined

    def __iter__(self) -> Outcomes:
        return self

    def __next__(self) -> BracketOutcome:
        return next(self._it)

    def min_cost(self) -> int:
        """A lower bound on the cost of every outcome (0 when nothing is known)."""
        if self._known is None:
            self._known = self._bound() if self._bound is not None else 0
        return self._known

    def confined(
        self, key: tuple[int, int], residents: tuple[int, ...]
    ) -> Iterator[BracketOutcome] | None:
        """C12's filtered stream (see the class docstring); ``None`` when the system has none."""
        return None if self._confined is None else self._confined(key, residents)
