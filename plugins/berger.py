"""Round robin with Berger tables — system ``round-robin-berger``.

Rules (``spec/round-robin-berger.md``, FIDE C.05 Annex 1, seed 004 §1):

- RR-Berger 1: everybody plays everybody; n − 1 rounds for even n, n rounds for odd n.
- RR-Berger 2: players are numbered 1..n (here: in start-number order); in each pair of the
  table the first number has White.
- RR-Berger 3: the table for even n is built round by round (:func:`berger_table`).
- RR-Berger 4: odd n uses the table for n + 1; whoever meets n + 1 is free that round.
- RR-Berger 5: a double round robin repeats the first cycle with colours reversed; the last
  two rounds of the first cycle are swapped (parameter ``swap_last_two_first_cycle``) so that
  nobody gets three equal colours in a row at the cycle boundary (:func:`cycle_plan`).

The table fixes pairings and colours, so this plugin answers ``swiss_pair_round`` directly.

Absent and withdrawn players (FIDE Tournament Rules, conduct of the players, art. 4: the
unplayed games of a player who leaves a round robin are shown as ``-`` for him and ``+``
for his opponents): a player who announced his absence for the round (``0000 - Z``/``H``/``F``
pre-filled, ``XXZ``) or who has withdrawn (``SPW``) keeps his table number, so nobody else's
schedule moves; his game is published with :attr:`Pairing.absent` set and written as a
forfeit.  A round robin has no requested byes, so a pre-filled ``H``/``F`` is a forfeit too.
When both players of a game are absent the game is not listed (their records stay as they
are; FIDE would show two ``-``, which :class:`Pairing` cannot express).  An absent player
who is free in the table gets no bye.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from swisspairing import (
    N_,
    Bye,
    InvalidTournamentError,
    Pairing,
    RoundContext,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
)
from swisspairing.i18n import NP_
from swisspairing.plugins import core_criteria_citer

SYSTEM = "round-robin-berger"

__all__ = ["SYSTEM", "berger_round", "berger_table", "cycle_plan", "schedule", "table_size"]


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
            (shift(b), shift(w)) if i == 0 else (shift(w), shift(b))
            for i, (w, b) in enumerate(current)
        ]
        rounds.append(current)
    return rounds


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1-based) of :func:`berger_table` ``(n)``, computed directly in
    O(n): after ``r − 1`` steps every number but ``n`` has moved on by ``(r − 1)·n/2``
    (within 1..n−1), and the board of player ``n`` has swapped colours ``r − 1`` times."""
    if n < 2 or n % 2:
        raise ValueError(f"berger tables need an even number of players, not {n}")
    if not 1 <= round_number <= n - 1:
        raise ValueError(
            f"a Berger table for {n} players has rounds 1 to {n - 1}, not {round_number}"
        )
    m = n // 2
    step = (round_number - 1) * m

    def shift(x: int) -> int:
        return x if x == n else ((x - 1 + step) % (n - 1)) + 1

    first = (shift(1), n) if (round_number - 1) % 2 == 0 else (n, shift(1))
    return [first] + [(shift(k), shift(n + 1 - k)) for k in range(2, m + 1)]


def table_size(players: int) -> int:
    """RR-Berger 4: the (even) size of the table used for ``players`` players."""
    return players + players % 2


def cycle_plan(
    rounds_per_cycle: int, cycles: int = 1, swap_last_two_first_cycle: bool = True
) -> list[tuple[int, int]]:
    """RR-Berger 5: ``(cycle, table round)`` for every round of the event, both 1-based.

    Colours are reversed in every even cycle.  With ``swap_last_two_first_cycle`` every cycle
    that is followed by another one plays its last two table rounds in reverse order; the
    last cycle keeps the table order.  For a double round robin this is exactly FIDE's
    recommendation (cycle 1: rounds 1 … n−3, n−1, n−2; cycle 2: rounds 1 … n−1 with colours
    reversed), as in the Vega manual's "adjusted Berger table" for 10 players (rounds
    1–7, 9, 8, 10–18).

    Why cycle 2 keeps the table order: repeating cycle 1 *as played* (with the swap) also
    works for n ≥ 6, but for n = 4 it gives players 2 and 4 three Blacks in a row (table
    rounds 2-of-cycle-1, 1 and 3 of cycle 2); the table order gives nobody three equal colours
    in a row for every even n (checked for n = 4 … 24 in ``tests/test_berger.py``).  For three
    or four cycles, swapping the end of every cycle but the last keeps that property for
    n ≥ 6; with a 4-player table no order of this kind does (players 2 and 4, see the tests).
    """
    plan: list[tuple[int, int]] = []
    for cycle in range(1, cycles + 1):
        order = list(range(1, rounds_per_cycle + 1))
        if swap_last_two_first_cycle and cycle < cycles and rounds_per_cycle >= 2:
            order[-1], order[-2] = order[-2], order[-1]
        plan += [(cycle, r) for r in order]
    return plan


def schedule(
    players: int, cycles: int = 1, swap_last_two_first_cycle: bool = True
) -> list[list[tuple[int, int]]]:
    """Every round of the event for ``players`` players, by table number (odd: the number
    ``players + 1`` stands for the bye, RR-Berger 4), in the order of :func:`cycle_plan`;
    colours reversed in every even cycle (RR-Berger 5)."""
    if players < 1:
        return []
    table = berger_table(table_size(players))
    out: list[list[tuple[int, int]]] = []
    for cycle, table_round in cycle_plan(len(table), cycles, swap_last_two_first_cycle):
        rnd = table[table_round - 1]
        out.append([(b, w) for w, b in rnd] if cycle % 2 == 0 else list(rnd))
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
            "description": (
                "RR-Berger 5: play the last round of the first cycle before the penultimate one "
                "(with more than two cycles: of every cycle but the last)."
            ),
        },
    }
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_("Round robin with the FIDE Berger tables (single or multiple cycles)"),
        "rules": "RR-Berger",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


def _numbering(tournament: Tournament) -> list[int]:
    """RR-Berger 2: table number k is the k-th player in start-number order."""
    return [p.number for p in tournament.players]


def _options(context: RoundContext) -> tuple[int, bool]:
    return context.ruleset.param("cycles", 1), context.ruleset.param(
        "swap_last_two_first_cycle", True
    )


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Take round ``r`` from the Berger table (RR-Berger 3–5)."""
    tournament = context.tournament
    order = _numbering(tournament)
    n = len(order)
    cycles, swap = _options(context)
    size = table_size(n)
    per_cycle = size - 1
    plan = cycle_plan(per_cycle, cycles, swap) if n else []
    total = len(plan)
    rnd = context.round_number
    declared = tournament.total_rounds
    if declared is not None and declared != total:
        raise InvalidTournamentError(
            NP_(
                "the file announces {declared} rounds, but a round robin of {players} players in "
                "{cycles} cycle has {total}",
                "the file announces {declared} rounds, but a round robin of {players} players in "
                "{cycles} cycles has {total}",
                "cycles",
            ),
            declared=declared,
            players=n,
            cycles=cycles,
            total=total,
        )
    if rnd > total:
        raise InvalidTournamentError(
            NP_(
                "the event has only {total} round and it has been paired",
                "all {total} rounds have been paired",
                "total",
            ),
            total=total,
        )
    cycle, table_round = plan[rnd - 1]
    table = berger_round(size, table_round)
    reverse = cycle % 2 == 0
    explain = context.explanation.add
    explain(  # two sentences, not plural forms: n = 21 is "1 to 21", never a singular
        "RR-Berger 2",
        N_("the player takes table number 1")
        if n == 1
        else N_("players take the table numbers 1 to {n} in start-number order"),
        n=n,
    )
    explain(
        "RR-Berger 3",
        NP_(
            "round {round} of the Berger table for {n} player",
            "round {round} of the Berger table for {n} players",
            "n",
        ),
        round=table_round,
        n=size,
    )
    if cycles > 1:
        explain(
            "RR-Berger 5",
            NP_(
                "cycle {cycle} of {cycles}; colours reversed in even cycles",
                "cycle {cycle} of {cycles}; colours reversed in even cycles",
                "cycles",
            ),
            cycle=cycle,
            cycles=cycles,
        )
        if swap and cycle < cycles and table_round >= per_cycle - 1 and per_cycle >= 2:
            explain(
                "RR-Berger 5",
                N_(
                    "the last two rounds of cycle {cycle} are played in reverse order, so that "
                    "nobody gets three equal colours in a row"
                ),
                cycle=cycle,
            )
    present = set(context.participants)
    boards: list[Pairing] = []
    byes: list[Bye] = []
    for w_table, b_table in table:
        if reverse:
            w_table, b_table = b_table, w_table
        w = order[w_table - 1] if w_table <= n else None
        b = order[b_table - 1] if b_table <= n else None
        if w is None or b is None:
            free = w if w is not None else b
            assert free is not None
            if free in present:
                byes.append(Bye(free))
                explain(
                    "RR-Berger 4",
                    N_(
                        "player {player} is free this round: his table opponent would be number "
                        "{number}, which stands for the bye"
                    ),
                    player=free,
                    number=size,
                )
            else:
                explain(
                    "RR-Berger 4",
                    N_("player {player} is free this round and absent; no bye is given"),
                    player=free,
                )
            continue
        absent = [x for x in (w, b) if x not in present]
        for x in absent:
            if tournament.is_withdrawn(x, rnd):
                explain(
                    "RR-Berger 1",
                    N_("player {player} has withdrawn; his remaining games are scored as forfeits"),
                    player=x,
                )
            else:
                explain(
                    "RR-Berger 1",
                    N_("player {player} is absent this round; his game is scored as a forfeit"),
                    player=x,
                )
        if len(absent) == 2:
            explain(
                "RR-Berger 1",
                N_("players {a} and {b} are both absent; their game is not played"),
                a=w,
                b=b,
            )
            continue
        boards.append(Pairing(w, b, absent[0] if absent else None))
    return RoundPairing(rnd, tuple(boards), tuple(byes), tuple(context.explanation))


@hookimpl
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> list[Violation]:
    """Every recorded game of the round must be the table's, with the table's colours
    (RR-Berger 3, 5), and only the table's free player may get the bye (RR-Berger 4)."""
    order = _numbering(tournament)
    cycles, swap = _options(context)
    n = len(order)
    plan = cycle_plan(table_size(n) - 1, cycles, swap) if n else []
    if round_number > len(plan):
        return [
            Violation(
                round_number,
                "RR-Berger 1",
                NP_(
                    "the round robin has only {total} round",
                    "the round robin has only {total} rounds",
                    "total",
                ),
                (("total", len(plan)),),
            )
        ]
    index = {p: i + 1 for i, p in enumerate(order)}
    cycle, table_round = plan[round_number - 1]
    table = berger_round(table_size(n), table_round)
    expected = set((b, w) for w, b in table) if cycle % 2 == 0 else set(table)
    free = {order[w - 1] if b > n else order[b - 1] for w, b in expected if w > n or b > n}
    out = []
    for p in tournament.players:
        rec = p.record(round_number)
        if rec is None:
            continue
        if rec.is_pairing_allocated_bye and p.number not in free:
            out.append(
                Violation(
                    round_number,
                    "RR-Berger 4",
                    N_("player {p} gets a bye but is not free in this round of the table"),
                    (("p", p.number),),
                )
            )
        if rec.opponent is None or rec.colour is None or p.number > rec.opponent:
            continue
        a, b = index[p.number], index[rec.opponent]
        pair = (a, b) if rec.colour.value == "w" else (b, a)
        if pair not in expected:
            out.append(
                Violation(
                    round_number,
                    "RR-Berger 3",
                    N_(
                        "players {a} and {b} do not meet with these colours in this round of the "
                        "table"
                    ),
                    (("a", p.number), ("b", rec.opponent)),
                )
            )
    return out


@hookimpl
def swiss_order_boards(pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
    """Boards in the order of the Berger table's round (RR-Berger 3), for publication."""
    order = _numbering(context.tournament)
    rounds = schedule(len(order), *_options(context))
    if not 1 <= context.round_number <= len(rounds):
        return list(pairings)
    index = {p: i + 1 for i, p in enumerate(order)}
    board = {frozenset(pair): k for k, pair in enumerate(rounds[context.round_number - 1])}

    def key(p: Pairing) -> int:
        return board.get(frozenset((index.get(p.white, 0), index.get(p.black, 0))), len(board))

    return sorted(pairings, key=key)


#: The core's generic criteria by the Berger rules: everybody meets everybody once per cycle
#: (RR-Berger 1, 5), colours by the table (3), the free player of an odd table (4).
CORE_CRITERIA = {
    "max_meetings": "RR-Berger 1",
    "colours.max_difference": "RR-Berger 3",
    "colours.max_run": "RR-Berger 3",
    "bye": "RR-Berger 4",
    "byes.blocked_by": "RR-Berger 4",
    "participants": "RR-Berger 1",
}


#: The Berger rules cite the core's generic checks.
cite_core_checks = core_criteria_citer(CORE_CRITERIA)
