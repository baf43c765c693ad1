"""Round robin with Berger tables — system ``round-robin-berger``.

Rules (``spec/round-robin-berger.md``, FIDE C.05 Annex 1, seed 004 §1):

- RR-Berger 1: everybody plays everybody; n − 1 rounds for even n, n rounds for odd n.
- RR-Berger 2: players are numbered 1..n (here: in start-number order); in each pair of the
  table the first number has White.
- RR-Berger 3: the table for even n is built round by round (:func:`berger_table`).
- RR-Berger 4: odd n uses the table for n + 1; whoever meets n + 1 is free that round.
- RR-Berger 5: a double round robin repeats the first cycle with colours reversed; the last
  two rounds of the first cycle are swapped (parameter ``swap_last_two_first_cycle``) so that
  nobody gets three equal colours in a row at the cycle boundary.

The table fixes pairings and colours, so this plugin answers ``swiss_pair_round`` directly.
A withdrawn or absent player stays in the table; his game is scored as a forfeit.
"""

from __future__ import annotations

from typing import Any, Mapping

from swisspairing import (
    Bye,
    Event,
    InvalidTournamentError,
    N_,
    Pairing,
    RoundContext,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
)

SYSTEM = "round-robin-berger"

__all__ = ["berger_table", "schedule", "SYSTEM"]


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """RR-Berger 3: the FIDE Berger table for an even number ``n`` of players.

    Round 1 pairs ``k`` with ``n + 1 − k``; each next round adds ``n/2`` to every number
    other than ``n`` (wrapping within 1..n−1) and swaps the colours on the board of player
    ``n``.  Returns rounds of ``(white, black)``, board 1 first.
    """
    if n < 2 or n % 2:
        raise ValueError(f"berger tables need an even number of players, not {n}")
    m = n // 2
    current = [(k, n + 1 - k) for k in range(1, m + 1)]
    rounds = [current]

    def shift(x: int) -> int:
        return x if x == n else ((x - 1 + m) % (n - 1)) + 1

    for _ in range(n - 2):
        current = [
            (shift(b), shift(w)) if i == 0 else (shift(w), shift(b)) for i, (w, b) in enumerate(current)
        ]
        rounds.append(current)
    return rounds


def schedule(players: int, cycles: int = 1, swap_last_two_first_cycle: bool = True) -> list[list[tuple[int, int]]]:
    """Every round of the event for ``players`` players (odd: the number ``players + 1``
    stands for the bye, RR-Berger 4).  Later cycles repeat the first one, colours reversed
    in every second cycle (RR-Berger 5)."""
    n = players + players % 2
    table = berger_table(n)
    first = list(table)
    if cycles > 1 and swap_last_two_first_cycle and len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    out: list[list[tuple[int, int]]] = []
    for cycle in range(cycles):
        for rnd in first:
            out.append([(b, w) for w, b in rnd] if cycle % 2 else list(rnd))
    return out


SCHEMA: Mapping[str, Any] = {
    "properties": {
        "cycles": {
            "type": "integer",
            "minimum": 1,
            "maximum": 4,
            "default": 1,
            "description": "How often everybody meets everybody (2 = double round robin).",
        },
        "swap_last_two_first_cycle": {
            "type": "boolean",
            "default": True,
            "description": "RR-Berger 5: play the last round of the first cycle before the penultimate one.",
        },
    }
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {"description": N_("Round robin with the FIDE Berger tables (single or multiple cycles)"), "rules": "RR-Berger"}


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


def _numbering(tournament: Tournament) -> list[int]:
    """RR-Berger 2: table number k is the k-th player in start-number order."""
    return [p.number for p in tournament.players]


def _table_round(context: RoundContext) -> tuple[list[int], list[tuple[int, int]], int]:
    order = _numbering(context.tournament)
    cycles = context.ruleset.param("cycles", 1)
    swap = context.ruleset.param("swap_last_two_first_cycle", True)
    rounds = schedule(len(order), cycles, swap)
    if not order:
        return order, [], 0
    if context.round_number > len(rounds):
        raise InvalidTournamentError(N_("all {total} rounds have been paired"), total=len(rounds))
    return order, rounds[context.round_number - 1], len(rounds)


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Take round ``r`` from the Berger table (RR-Berger 3–5)."""
    order, table_round, total = _table_round(context)
    n = len(order)
    rnd = context.round_number
    events = [
        Event("RR-Berger 3", N_("round {round} of the Berger table for {n} players"), {"round": rnd, "n": n + n % 2}),
    ]
    cycles = context.ruleset.param("cycles", 1)
    per_cycle = n + n % 2 - 1
    if cycles > 1 and per_cycle:
        cycle = (rnd - 1) // per_cycle + 1
        events.append(Event("RR-Berger 5", N_("cycle {cycle} of {cycles}; colours reversed in even cycles"), {"cycle": cycle, "cycles": cycles}))
    boards: list[Pairing] = []
    byes: list[Bye] = []
    for w_no, b_no in table_round:
        w = order[w_no - 1] if w_no <= n else None
        b = order[b_no - 1] if b_no <= n else None
        if w is None or b is None:
            free = w if w is not None else b
            assert free is not None
            byes.append(Bye(free))
            events.append(Event("RR-Berger 4", N_("player {player} is free this round"), {"player": free}))
            continue
        absent = [x for x in (w, b) if x not in context.participants]
        if len(absent) == 2:
            events.append(Event("RR-Berger 1", N_("players {a} and {b} are both absent; their game is not played"), {"a": w, "b": b}))
            continue
        if absent:
            events.append(Event("RR-Berger 1", N_("player {player} is absent; the game is scored as a forfeit"), {"player": absent[0]}))
        boards.append(Pairing(w, b, absent[0] if absent else None))
    return RoundPairing(rnd, tuple(boards), tuple(byes), tuple(events))


@hookimpl
def swiss_check_round(tournament: Tournament, round_number: int, context: RoundContext) -> list[Violation]:
    """Every recorded game of the round must be the table's (RR-Berger 3)."""
    order = _numbering(tournament)
    rounds = schedule(len(order), context.ruleset.param("cycles", 1), context.ruleset.param("swap_last_two_first_cycle", True))
    if round_number > len(rounds):
        return [Violation(round_number, "RR-Berger 1", N_("the round robin has only {total} rounds"), (("total", len(rounds)),))]
    index = {p: i + 1 for i, p in enumerate(order)}
    expected = {(w, b) for w, b in rounds[round_number - 1]}
    out = []
    for p in tournament.players:
        rec = p.record(round_number)
        if rec is None or rec.opponent is None or rec.colour is None or p.number > rec.opponent:
            continue
        a, b = index[p.number], index[rec.opponent]
        pair = (a, b) if rec.colour.value == "w" else (b, a)
        if pair not in expected:
            out.append(
                Violation(
                    round_number,
                    "RR-Berger 3",
                    N_("players {a} and {b} do not meet with these colours in this round of the table"),
                    (("a", p.number), ("b", rec.opponent)),
                )
            )
    return out
