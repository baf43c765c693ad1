"""Building small tournaments by hand for the RDF golden tests.

A round is written as a list of strings:

- ``"1-5 1-0"``: 1 has White against 5 and wins (``0-1``, ``=``; ``+-``/``-+`` forfeits);
- ``"9 U"``: 9 gets the plus; ``"4 -"``: 4 is absent and scored a forfeit loss;
  ``"4 Z"``: 4 is (announced) absent.

Players get ratings 2000, 1990, … in start-number order, so the classification numbers of
RDF 5.4.10.5.1 equal the start numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from swisspairing import (
    BLACK,
    WHITE,
    Engine,
    Player,
    PointSystem,
    RoundRecord,
    Tournament,
    load_ruleset,
)

#: ``tests/data/ru_draughts``.
DATA = Path(__file__).parent.parent / "data" / "ru_draughts"

_RESULTS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
}


def build(
    players: int | Sequence[Player],
    rounds: Sequence[Sequence[str]] = (),
    *,
    total_rounds: int | None = 9,
    white1: bool | None = True,
    withdrawn: Mapping[int, int] | None = None,
    absent_next: Iterable[int] = (),
    name: str = "RDF golden",
) -> Tournament:
    """A tournament with the given players and rounds (see the module docstring).

    ``white1`` fixes the lot for the first board's colour (TRF ``XXC white1``); ``None``
    leaves it to the ruleset's lot."""
    if isinstance(players, int):
        plist = [
            Player(n, f"Player {n}", rating=2000 - 10 * (n - 1)) for n in range(1, players + 1)
        ]
    else:
        plist = list(players)
    records: dict[int, list[RoundRecord]] = {p.number: [] for p in plist}
    for r, spec in enumerate(rounds, start=1):
        for item in spec:
            left, code = item.split()
            if "-" in left and left[0].isdigit() and left.count("-") == 1 and code in _RESULTS:
                w, b = (int(x) for x in left.split("-"))
                rw, rb = _RESULTS[code]
                records[w].append(RoundRecord(b, WHITE, rw))
                records[b].append(RoundRecord(w, BLACK, rb))
            else:
                records[int(left)].append(RoundRecord(None, None, code))
        for n, recs in records.items():
            if len(recs) < r:
                raise ValueError(f"player {n} has no entry in round {r}")
    ps = PointSystem()
    plist = [
        replace(
            p, rounds=tuple(records[p.number]), points=sum(ps.points(r) for r in records[p.number])
        )
        for p in plist
    ]
    if withdrawn:
        plist = [
            replace(p, withdrawn_from=withdrawn[p.number]) if p.number in withdrawn else p
            for p in plist
        ]
    return Tournament(
        players=tuple(plist),
        name=name,
        total_rounds=total_rounds,
        initial_colour=None if white1 is None else (WHITE if white1 else BLACK),
        absent_next=frozenset(absent_next),
    )


def prefill(t: Tournament, round_number: int, entries: Mapping[int, str]) -> Tournament:
    """Pre-enter ``0000 - code`` for players in a round not yet paired (known absences)."""
    return t.with_round(
        round_number, {n: RoundRecord(None, None, code) for n, code in entries.items()}
    )


def engine(ruleset: str) -> Engine:
    return Engine(load_ruleset(ruleset))


def boards(pairing) -> list[str]:
    """``["white-black", …]`` in board order."""
    return [f"{b.white}-{b.black}" for b in pairing.boards]


def pairs(pairing) -> set[frozenset[int]]:
    """The pairs, colours ignored."""
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def byes(pairing) -> list[tuple[int, str]]:
    return [(b.player, b.result) for b in pairing.byes]


def rules(pairing) -> list[str]:
    """Rule ids cited by the explanation."""
    return [e.rule for e in pairing.events]


def explanation(pairing) -> str:
    return "\n".join(e.render("en") for e in pairing.events)
