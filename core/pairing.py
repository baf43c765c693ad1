"""The result of pairing a round: boards, byes and the explanation of how they came about."""

from __future__ import annotations

from dataclasses import dataclass, field

from .explain import Event
from .model import Colour

__all__ = ["Bye", "Pairing", "RoundPairing", "Violation"]


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board: who has White and who has Black."""

    white: int
    """Start number of the player with the white pieces."""
    black: int
    """Start number of the player with the black pieces."""
    absent: int | None = None
    """Set when one of the two will not play (round robin with an absent player): the game is
    scored as a forfeit against him."""

    def __str__(self) -> str:
        return f"{self.white} - {self.black}"

    def __repr__(self) -> str:
        extra = f", absent={self.absent}" if self.absent is not None else ""
        return f"Pairing(white={self.white}, black={self.black}{extra})"

    @property
    def players(self) -> tuple[int, int]:
        """``(white, black)``."""
        return (self.white, self.black)


@dataclass(frozen=True, slots=True)
class Bye:
    """A player who gets no opponent this round."""

    player: int
    """Start number."""
    result: str = "U"
    """TRF16 code written for the round: ``U`` pairing-allocated bye (the default)."""

    def __str__(self) -> str:
        return f"{self.player} - bye"


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round, in publication order."""

    round: int
    """The round paired."""
    boards: tuple[Pairing, ...]
    """Boards in publication order, board 1 first."""
    byes: tuple[Bye, ...] = ()
    """Players without an opponent (listed after the boards)."""
    events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    """Why the pairing is as it is (rendered by ``pair --explain``)."""
    matches: tuple[Pairing, ...] = ()
    """Team events: the matches by team number, the team with White on board 1 first
    (:attr:`boards` then holds the board games of the players)."""
    team_byes: tuple[Bye, ...] = ()
    """Team events: the pausing teams by team number (:attr:`byes` holds their players)."""
    drawn_colour: Colour | None = field(default=None, compare=False)
    """The first-round colour drawn by lot for this pairing, if one was drawn (written to the
    TRF as ``XXC`` so that later rounds use the same draw)."""
    records: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """Records the system keeps in the tournament file, as ``(code, line)`` (e.g. classification
    numbers drawn before round 1, transfers made by the round's procedure): applying the
    pairing replaces every header record with one of these codes by these lines, so that
    later rounds (and the written TRF) read the same values back.  The core never interprets
    them."""

    def opponent(self, player: int) -> int | None:
        """The opponent of ``player`` this round (``None`` for a bye or absence)."""
        for b in self.boards:
            if b.white == player:
                return b.black
            if b.black == player:
                return b.white
        return None


@dataclass(frozen=True, slots=True)
class Violation:
    """A pairing that breaks an absolute criterion (found by ``swisspairing check``)."""

    round: int
    """Round of the offending pairing."""
    rule: str
    """The rule broken (e.g. ``Dutch-1992 B1a``)."""
    message: str
    """Catalogue msgid with placeholders."""
    args: tuple[tuple[str, object], ...] = ()
    """Placeholder values."""

    def render(self, locale: str | None = None) -> str:
        """The violation as one line of text."""
        return Event(self.rule, self.message, dict(self.args)).render(locale)
