"""The classification numbers, fixed before round 1 and kept in the file (RDF 5.4.10.4, 5.4.10.5.1).

RDF 5.4.10.4: «Перед началом турнира проводится жеребьевка» — the draw is held before the
tournament and its product is the start list.  RDF 5.4.10.5.1: «Порядковый номер
классификации первого тура закрепляется за участником до конца турнира» — the
classification number stays with the participant to the end (AMB-R13).  So the numbers are
set once and never recomputed:

- ``classification: start-number`` — the file's start numbers are the numbers (the arbiter
  held the draw, or classified the players, before the event; default of ``rdf-random``);
- ``rating-lot`` (5.4.10.5.1: by rating, equal ratings and the unrated by lot) and ``lot``
  (a program draw, 5.4.10.4, opt-in) — the program sets them when round 1 is paired, the lot
  seeded with the round's ``--seed`` (or the ruleset's ``classification_seed``), and records
  them in the written file as ``SPN NNNN CCCC`` lines (:data:`RECORD`: player NNNN has
  classification number CCCC), through :attr:`swisspairing.RoundPairing.records`.  Every later
  round reads them back, whatever names or ratings were corrected in between.

Files without the record (from another program, or paired before the record existed) get
the numbers drawn again with the seed an unseeded round 1 used (``stable_seed`` of the
registration for round 1), and the explanation says so; from then on they are recorded.
Players missing from the record (late entrants) are numbered after the recorded ones by the
ruleset's method (*Impl.*: the text classifies only before round 1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from swisspairing import N_, InvalidInputError, Tournament
from swisspairing.context import stable_seed

__all__ = ["RECORD", "Classification", "classify", "read_records", "records"]

#: The record code (a swisspairing extension of TRF16, like ``SPW``).
RECORD = "SPN"


@dataclass(frozen=True)
class Classification:
    """The classification numbers of one tournament and where they came from."""

    number: Mapping[int, int]
    """Start number → classification number (1 = first)."""
    tied: tuple[int, ...]
    """Players whose equal ratings were ordered by lot now (5.4.10.5.1)."""
    unrated: tuple[int, ...]
    """Unrated players ordered by lot now, in their new order (5.4.10.5.1)."""
    recorded: tuple[int, ...]
    """Players whose number was read from the file's ``SPN`` records."""
    drawn: tuple[int, ...]
    """Players numbered now (by the method and the lot) rather than read back."""
    method: str
    """``start-number``, ``lot`` or ``rating-lot``."""
    seed: int | None
    """Seed of the lot drawn now (``None`` when nothing was drawn)."""

    @property
    def order(self) -> list[int]:
        """Start numbers in classification order."""
        return sorted(self.number, key=self.number.__getitem__)


def read_records(tournament: Tournament) -> dict[int, int]:
    """The ``SPN NNNN CCCC`` records of the file: start number → classification number.
    Raises :class:`InvalidInputError` naming the record when one is malformed, names a
    player who does not exist, or repeats a player or a number."""
    out: dict[int, int] = {}
    used: dict[int, int] = {}
    for code, line in tournament.header:
        if code != RECORD:
            continue
        parts = line[3:].split()
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and int(p) > 0 for p in parts):
            raise InvalidInputError(
                N_("record {line!r}: expected SPN, a start number and a classification number"),
                line=line,
            )
        player, number = int(parts[0]), int(parts[1])
        if player not in tournament:
            raise InvalidInputError(
                N_("record {line!r}: player {number} does not exist"), line=line, number=player
            )
        if player in out:
            raise InvalidInputError(
                N_("record {line!r}: player {number} has two classification numbers"),
                line=line,
                number=player,
            )
        if number in used:
            raise InvalidInputError(
                N_(
                    "record {line!r}: classification number {value} is also given to player {other}"
                ),
                line=line,
                value=number,
                other=used[number],
            )
        out[player] = number
        used[number] = player
    return out


def records(classification: Classification) -> tuple[tuple[str, str], ...]:
    """The ``SPN`` lines recording ``classification`` (empty for ``start-number`` when the
    numbers are the start numbers, which need no record)."""
    number = classification.number
    if not classification.recorded and classification.method == "start-number":
        return ()
    return tuple((RECORD, f"{RECORD} {n:4d} {number[n]:4d}") for n in sorted(number))


def _lot_order(
    players: list[Any], method: str, rng: random.Random
) -> tuple[list[int], list[int], list[int]]:
    """``(order, tied, unrated)`` of ``players`` by ``method`` with the lot ``rng``."""
    numbers = [p.number for p in players]
    lot = {n: rng.random() for n in numbers}
    if method == "start-number":
        return numbers, [], []
    if method == "lot":
        return sorted(numbers, key=lot.__getitem__), [], []
    rated = [p for p in players if p.rating > 0]
    counts: dict[int, int] = {}
    for p in rated:
        counts[p.rating] = counts.get(p.rating, 0) + 1
    tied = [p.number for p in rated if counts[p.rating] > 1]
    unrated = sorted((p.number for p in players if p.rating <= 0), key=lot.__getitem__)
    order = [p.number for p in sorted(rated, key=lambda p: (-p.rating, lot[p.number]))] + unrated
    return order, tied, unrated


def classify(
    tournament: Tournament, parameters: Mapping[str, Any], seed: int | None = None
) -> Classification:
    """RDF 5.4.10.5.1 / 5.4.10.4: the tournament's classification numbers — read back from
    its ``SPN`` records, the rest numbered now by ``parameters["classification"]`` with the
    lot seeded by ``classification_seed``, else ``seed`` (the round-1 ``--seed``), else the
    seed an unseeded round 1 uses."""
    method = parameters.get("classification", "rating-lot")
    recorded = read_records(tournament)
    rest = [p for p in tournament.players if p.number not in recorded]
    number: dict[int, int] = dict(recorded)
    tied: list[int] = []
    unrated: list[int] = []
    lot_seed: int | None = None
    if rest:
        fixed = parameters.get("classification_seed")
        lot_seed = (
            fixed if fixed is not None else seed if seed is not None else stable_seed(tournament, 1)
        )
        rng = random.Random(f"rdf-classification:{lot_seed}")
        order, tied, unrated = _lot_order(rest, method, rng)
        if method == "start-number" and not recorded:
            lot_seed = None
        start = max(recorded.values(), default=0)
        for i, n in enumerate(order, start=1):
            number[n] = start + i
    return Classification(
        number=number,
        tied=tuple(tied),
        unrated=tuple(unrated),
        recorded=tuple(sorted(recorded)),
        drawn=tuple(p.number for p in rest),
        method=method,
        seed=lot_seed,
    )
