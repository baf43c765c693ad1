"""Accelerated pairings: virtual points added to the pairing score (Baku 3, 4).

Two sources, the explicit one winning:

- the file's ``XXA`` records (TRFx: one record per player, the virtual points of round r at
  columns ``10 + 5(r-1)``) and TRF-2026 ``250`` records (points, first and last round, first
  and last player), as bbpPairings reads them;
- the ruleset's ``acceleration: baku`` (C.04.5.1): GA = the first 2·⌈N/4⌉ players of the start
  list (Baku 1), 1 virtual point before each of the first half (rounded up) of the accelerated
  rounds, ½ before the others; the accelerated rounds are the first half (rounded up) of the
  rounds (Baku 3).  GB players and all later rounds get none.
"""

from __future__ import annotations

from collections.abc import Mapping

from swisspairing import RoundContext, Tournament


def _file_accelerations(tournament: Tournament) -> dict[int, dict[int, float]]:
    """``{player: {round: virtual points}}`` from the ``XXA`` and ``250`` records."""
    out: dict[int, dict[int, float]] = {}
    from_xxa: set[int] = set()
    for code, line in tournament.header:
        if code == "XXA":
            try:
                number = int(line[4:8])
            except ValueError:
                continue
            from_xxa.add(number)
            values: dict[int, float] = {}
            col, rnd = 10, 1
            while len(line) >= col:
                raw = line[col - 1 : col + 3].strip()
                if raw:
                    values[rnd] = float(raw)
                col += 5
                rnd += 1
            out[number] = values
    for code, line in tournament.header:
        if code != "250":
            continue
        try:
            points = float(line[9:13])
            first_round, last_round = int(line[14:17]), int(line[18:21])
            first, last = int(line[22:26]), int(line[27:31])
        except ValueError:
            continue
        for n in range(first, last + 1):
            if n in from_xxa or n not in tournament:
                continue
            per = out.setdefault(n, {})
            for r in range(first_round, last_round + 1):
                per[r] = points
    return out


def baku_virtual_points(number: int, round_number: int, context: RoundContext) -> float:
    """Baku 1–3: the virtual points of ``number`` in ``round_number`` (GA = the first
    2·⌈N/4⌉ of the start list; late entries keep the boundary player, Baku 2)."""
    total = context.total_rounds
    if total is None:
        return 0.0
    accelerated = (total + 1) // 2
    full = (accelerated + 1) // 2
    if round_number > accelerated:
        return 0.0
    numbers = sorted(p.number for p in context.tournament.players)
    ga_size = 2 * ((len(numbers) + 3) // 4)
    if not numbers or ga_size == 0:
        return 0.0
    boundary = numbers[min(ga_size, len(numbers)) - 1]
    if number > boundary:
        return 0.0
    win = context.point_system.win
    return win if round_number <= full else win / 2


def virtual_points(context: RoundContext) -> Mapping[int, Mapping[int, float]]:
    """``{player: {round: virtual points}}`` for every player (cached per round)."""
    cached = context.data.get("fide-dutch.acceleration")
    if cached is not None:
        return cached
    explicit = _file_accelerations(context.tournament)
    out: dict[int, dict[int, float]] = {}
    baku = context.ruleset.param("acceleration", "none") == "baku"
    for p in context.tournament.players:
        if p.number in explicit:
            out[p.number] = explicit[p.number]
        elif baku:
            out[p.number] = {
                r: v
                for r in range(1, (context.total_rounds or 0) + 1)
                if (v := baku_virtual_points(p.number, r, context))
            }
    context.data["fide-dutch.acceleration"] = out
    return out
