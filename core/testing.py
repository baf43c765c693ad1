"""Helpers and pytest fixtures for testing pairing systems and rulesets.

A plugin's test suite uses them with one line in its ``conftest.py``::

    pytest_plugins = ["swisspairing.testing"]

and writes golden cases compactly::

    from swisspairing.testing import build_tournament, board_pairs

    def test_round_2_moves_the_leader_down():
        # Dutch-1992 C1/A3: player 1 is alone in his score bracket
        t = build_tournament([2100, 2050, 1980, 1900], [["1-3 1-0", "4-2 ½-½"]])
        result = swisspairing.pair_next_round(t, "fide-dutch-1992")
        assert board_pairs(result) == [(2, 1), (3, 4)]

Fixtures: ``swisspairing_cli`` (the command line called in-process, returning
:class:`CliResult`) and ``swisspairing_tournament`` (:func:`build_tournament`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidInputError
from .i18n import N_
from .model import BLACK, WHITE, Player, RoundRecord, Tournament
from .pairing import RoundPairing

__all__ = [
    "BYE",
    "CliResult",
    "board_pairs",
    "build_tournament",
    "legal_pairing_exists",
    "round_graph",
    "run_cli",
]

#: The stand-in vertex of the pairing-allocated bye in :func:`round_graph`.
BYE = -1

#: Results of a game as ``White-Black`` → (White's code, Black's code).
_RESULTS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "½-½": ("=", "="),
    "=-=": ("=", "="),
    "1/2-1/2": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "": (" ", " "),
}


@dataclass(frozen=True, slots=True)
class CliResult:
    """What one call of the command line returned and printed."""

    code: int
    """The exit code."""
    out: str
    """Standard output."""
    err: str
    """Standard error."""


def run_cli(*argv: str) -> CliResult:
    """Run ``swisspairing ARGV…`` in-process: ``run_cli("pair", "x.trf", "--ruleset", "fold")``."""
    from .cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return CliResult(code, out.getvalue(), err.getvalue())


def _game(spec: str, where: str) -> tuple[int, int, str, str]:
    pair, _, result = spec.strip().partition(" ")
    white, sep, black = pair.partition("-")
    if not sep or not white.isdigit() or not black.isdigit() or result.strip() not in _RESULTS:
        raise InvalidInputError(
            N_("{value!r} is not a game such as '1-4 1-0' or a bye such as '5 U'"),
            where=where,
            value=spec,
        )
    w, b = _RESULTS[result.strip()]
    return int(white), int(black), w, b


def build_tournament(
    ratings: Sequence[int],
    rounds: Sequence[Sequence[str]] = (),
    *,
    name: str = "Test tournament",
    total_rounds: int | None = None,
    names: Sequence[str] | None = None,
) -> Tournament:
    """A tournament of ``len(ratings)`` players numbered 1, 2, … with those ratings and the
    ``rounds`` played so far, each a list of games ``"W-B result"`` (``"1-4 1-0"``,
    ``"2-3 ½-½"``, ``"5-6 +-"``, ``"7-8"`` without result yet) and byes ``"N code"``
    (``"9 U"`` pairing-allocated, ``"9 H"``, ``"9 F"``, ``"9 Z"``); a player a round does
    not list was absent (``Z``).  Errors name the round and the entry (``rounds[1][0]``)."""
    n = len(ratings)
    records: dict[int, list[RoundRecord | None]] = {
        i: [None] * len(rounds) for i in range(1, n + 1)
    }
    for r, games in enumerate(rounds):
        for k, spec in enumerate(games):
            where = f"rounds[{r}][{k}]"
            head, _, code = spec.strip().partition(" ")
            if "-" not in head:
                if (
                    not head.isdigit()
                    or code.strip() not in ("U", "H", "F", "Z")
                    or int(head) not in records
                ):
                    raise InvalidInputError(
                        N_("{value!r} is not a game such as '1-4 1-0' or a bye such as '5 U'"),
                        where=where,
                        value=spec,
                    )
                records[int(head)][r] = RoundRecord(None, None, code.strip())
                continue
            white, black, w, b = _game(spec, where)
            for number in (white, black):
                if number not in records:
                    raise InvalidInputError(
                        N_("player {number} does not exist"), where=where, number=number
                    )
                if records[number][r] is not None:
                    raise InvalidInputError(
                        N_("player {number} is listed twice in round {round}"),
                        where=where,
                        number=number,
                        round=r + 1,
                    )
            records[white][r] = RoundRecord(black, WHITE, w)
            records[black][r] = RoundRecord(white, BLACK, b)
    players = []
    for i, rating in enumerate(ratings, start=1):
        rounds_of = [rec if rec is not None else RoundRecord(None, None, "Z") for rec in records[i]]
        player_name = names[i - 1] if names is not None else f"Player {i:02d}"
        players.append(Player(number=i, name=player_name, rating=rating, rounds=tuple(rounds_of)))
    return Tournament(players=tuple(players), name=name, total_rounds=total_rounds)


def board_pairs(result: Any) -> list[tuple[int, int]]:
    """``(white, black)`` per board of a :class:`~swisspairing.pairing.RoundPairing` or of
    :func:`swisspairing.pair_next_round`'s answer, board 1 first."""
    pairing: RoundPairing = getattr(result, "pairing", result)
    return [(b.white, b.black) for b in pairing.boards]


try:  # the fixtures, when pytest is there
    import pytest
except ImportError:  # pragma: no cover - only the helpers then
    pass
else:

    @pytest.fixture
    def swisspairing_cli() -> Callable[..., CliResult]:
        """Call the command line in-process: ``swisspairing_cli("pair", "x.trf", "-r", "fold")``."""
        return run_cli

    @pytest.fixture
    def swisspairing_tournament() -> Callable[..., Tournament]:
        """:func:`build_tournament`."""
        return build_tournament


def round_graph(
    engine: Any, tournament: Tournament
) -> tuple[list[int], Callable[[int, int], bool]]:
    """The next round as a graph, independently of any system's search: the participants (and
    :data:`BYE` when their number is odd) and who may meet whom under the absolute criteria —
    ``context.compatible`` for two players, ``context.can_receive_bye`` for the bye."""
    ctx = engine.context(tournament, explain=False)
    players: list[int] = list(ctx.participants)
    if len(players) % 2:
        players.append(BYE)

    def adjacent(a: int, b: int) -> bool:
        if BYE in (a, b):
            return bool(ctx.can_receive_bye(b if a == BYE else a))
        return bool(ctx.compatible(a, b))

    return players, adjacent


def legal_pairing_exists(engine: Any, tournament: Tournament) -> bool:
    """Whether any pairing of the next round satisfies the absolute criteria: a maximum
    matching over :func:`round_graph` (the check that confirms a "no valid pairing")."""
    from .matching import has_matching_of_size

    players, adjacent = round_graph(engine, tournament)
    return has_matching_of_size(players, adjacent, len(players) // 2)
