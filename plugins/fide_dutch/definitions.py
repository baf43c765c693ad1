"""Section A (2026: Art. 1) and the rules of C.04.1/C.04.2 they lean on: what is known about
each player before the round is paired.

- A.2 / 1.2 order: pairing score (score plus virtual points, Baku 4) descending, then the
  pairing number (TPN, GHR 2) ascending;
- A.3 / 1.3 scoregroups: the players of one pairing score;
- A.4 / 1.4 floats, indexed by the round of the schedule (AMB-N4): a played game against a
  higher (lower) pairing score is an upfloat (downfloat); an unplayed round is a downfloat in
  the 2017 edition (A.4, AMB-N1) and, in the 2026 edition, only when it scored more than a loss
  (1.4.3–1.4.4: PAB, forfeit win, full- or half-point bye);
- A.5 / 1.5, C.2 / [C2] (BR 4) PAB eligibility;
- A.6 / 1.6–1.7 colour difference and absolute, strong and mild preferences, over played games
  only (GHR 3.4);
- A.7 / 1.8 topscorers: when the last round is paired, players with more than half of the
  points so far at stake.

The values are kept as plain frozen records (:class:`DutchPlayer`), built once per round.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from swisspairing import BLACK, WHITE, Colour, RoundContext

from .acceleration import virtual_points


class Edition(enum.Enum):
    """The edition of C.04.3 in force (the ruleset's ``edition``)."""

    DUTCH_2017 = "2017"
    DUTCH_2026 = "2026"


class FloatKind(enum.Enum):
    """A float of one round (A.4 / 1.4)."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


#: Internal score unit: scores are kept as integers of tenths of a point (exact comparison).
SCALE = 10


def to_units(points: float) -> int:
    """A score in tenths of a point."""
    return round(points * SCALE)


@dataclass(frozen=True, slots=True)
class DutchPlayer:
    """One participant as the Dutch rules see him before the round."""

    number: int
    """Start number."""
    tpn: int
    """Pairing number (A.1 / 1.1, GHR 2): the rank in the start list among the players taken
    into account so far, 1 first."""
    score: int
    """Pairing score (A.2, Baku 4) in tenths of a point."""
    real_score: int
    """Score without virtual points, in tenths."""
    colour_difference: int
    """Games with White minus games with Black (A.6)."""
    preference: Colour | None
    """Preferred colour (A.6), ``None`` before the first game."""
    absolute: bool
    """A.6a: |CD| > 1 or the same colour in the last two played games."""
    absolute_imbalance: bool
    """|CD| > 1 (the part of A.6a that C.8 / [C10] is about)."""
    strong: bool
    """A.6b: |CD| = 1 and not absolute."""
    repeated: Colour | None
    """The colour of the last two played games when they were the same (A.6a), else ``None``."""
    played_colours: tuple[Colour, ...]
    """Colours of the played games, oldest first (GHR 3.4)."""
    floats: tuple[FloatKind, FloatKind]
    """The float of the previous round and of the round before (A.4 / 1.4)."""
    bye_eligible: bool
    """C.2 / [C2]: may receive the PAB."""
    games_played: int
    """Games played over the board ([C9])."""


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """Everything section A says about a round before it is paired."""

    players: Mapping[int, DutchPlayer]
    """Participants by start number."""
    order: tuple[int, ...]
    """Participants in A.2 order (pairing score, then TPN)."""
    index: Mapping[int, int]
    """Each participant's place in :attr:`order` (0 first)."""
    topscorer_round: bool
    """Whether the last round is being paired (A.7 / 1.8)."""
    topscore_threshold: int
    """Scores above this (tenths) are topscorers' (when ``topscorer_round``)."""
    edition: Edition
    """The edition in force."""
    played_rounds: int
    """Rounds before the one being paired."""

    def is_topscorer(self, number: int) -> bool:
        """A.7 / 1.8."""
        return self.topscorer_round and self.players[number].score > self.topscore_threshold


def edition(context: RoundContext) -> Edition:
    """The ruleset's ``edition`` parameter."""
    return Edition(str(context.ruleset.param("edition", "2026")))


def _pairing_numbers(context: RoundContext) -> dict[int, int]:
    """A.1 / 1.1 with GHR 2 (AMB-N5): the start list, counting the players who take part now
    or took part in an earlier pairing (a late entry is numbered among them, others
    renumbered, as bbpPairings does); with ``pairing_numbers: start`` every player of the
    start list keeps his place, also in a round he is absent from."""
    rnd = context.round_number
    players = sorted(context.tournament.players, key=lambda p: p.number)
    if context.ruleset.param("pairing_numbers", "taking-part") == "start":
        return {p.number: i + 1 for i, p in enumerate(players)}
    present = set(context.participants)
    counted = []
    for p in players:
        earlier = any(rec.opponent is not None or rec.result == "U" for rec in p.rounds[: rnd - 1])
        if p.number in present or earlier:
            counted.append(p.number)
    return {n: i + 1 for i, n in enumerate(counted)}


def _colour_facts(
    colours: Sequence[Colour],
) -> tuple[int, Colour | None, bool, bool, bool, Colour | None]:
    """A.6: (CD, preference, absolute, |CD| > 1, strong, repeated colour)."""
    cd = sum(1 for c in colours if c is WHITE) - sum(1 for c in colours if c is BLACK)
    run = 0
    for c in reversed(colours):
        if c is not colours[-1]:
            break
        run += 1
    repeated = colours[-1] if run > 1 else None
    lower = BLACK if cd > 0 else WHITE
    if abs(cd) > 1:
        pref: Colour | None = lower
    elif run > 1:
        pref = colours[-1].opposite
    elif cd != 0:
        pref = lower
    elif colours:
        pref = colours[-1].opposite
    else:
        pref = None
    absolute = abs(cd) > 1 or repeated is not None
    strong = not absolute and cd != 0
    return cd, pref, absolute, abs(cd) > 1, strong, repeated


def round_facts(context: RoundContext) -> RoundFacts:
    """Section A for the round of ``context`` (cached)."""
    cached = context.data.get("fide-dutch.facts")
    if cached is not None:
        return cached
    ed = edition(context)
    ps = context.point_system
    rnd = context.round_number
    played_rounds = rnd - 1
    accel = virtual_points(context)
    tpn = _pairing_numbers(context)
    loss = to_units(ps.loss)
    win = to_units(ps.win)
    tournament = context.tournament

    # score before each round r (1-based) of every player, in tenths
    before: dict[int, list[int]] = {}
    for p in tournament.players:
        running = [0]
        for r in range(1, played_rounds + 1):
            rec = p.record(r)
            running.append(running[-1] + (to_units(ps.points(rec)) if rec is not None else 0))
        before[p.number] = running

    def pairing_score(number: int, r: int) -> int:
        """The pairing score with which ``number`` entered round ``r`` (Baku 4)."""
        return before[number][r - 1] + to_units(accel.get(number, {}).get(r, 0.0))

    def float_of(number: int, r: int) -> FloatKind:
        """A.4 / 1.4 for round ``r``."""
        if r < 1:
            return FloatKind.NONE
        rec = tournament.player(number).record(r)
        if rec is None or not rec.is_played:
            if ed is Edition.DUTCH_2017:
                return FloatKind.DOWN  # A.4: any unplayed round (AMB-N1)
            got = to_units(ps.points(rec)) if rec is not None else to_units(ps.zero_point_bye)
            return FloatKind.DOWN if got > loss else FloatKind.NONE  # 1.4.3-1.4.4
        mine, theirs = pairing_score(number, r), pairing_score(rec.opponent, r)  # type: ignore[arg-type]
        if mine > theirs:
            return FloatKind.DOWN
        if mine < theirs:
            return FloatKind.UP
        return FloatKind.NONE

    def bye_eligible(number: int) -> bool:
        """C.2 / [C2] (BR 4)."""
        for rec in tournament.player(number).rounds[:played_rounds]:
            if rec.is_played:
                continue
            if rec.result == "U":
                return False
            if ed is Edition.DUTCH_2017:
                if rec.result == "+":  # forfeit win: the opponent did not appear
                    return False
            elif to_units(ps.points(rec)) >= win:  # a win's points without playing
                return False
        return True

    players: dict[int, DutchPlayer] = {}
    for n in context.participants:
        st = context.state(n)
        cols = st.played_colours
        cd, pref, absolute, imbalance, strong, repeated = _colour_facts(cols)
        players[n] = DutchPlayer(
            number=n,
            tpn=tpn[n],
            score=pairing_score(n, rnd),
            real_score=before[n][played_rounds],
            colour_difference=cd,
            preference=pref,
            absolute=absolute,
            absolute_imbalance=imbalance,
            strong=strong,
            repeated=repeated,
            played_colours=cols,
            floats=(float_of(n, played_rounds), float_of(n, played_rounds - 1)),
            bye_eligible=bye_eligible(n),
            games_played=len(cols),
        )
    order = tuple(sorted(players, key=lambda n: (-players[n].score, players[n].tpn)))
    total = context.total_rounds
    top = max(win, to_units(ps.draw))
    facts = RoundFacts(
        players=players,
        order=order,
        index={n: i for i, n in enumerate(order)},
        topscorer_round=total is not None and played_rounds >= total - 1,
        topscore_threshold=played_rounds * top // 2,
        edition=ed,
        played_rounds=played_rounds,
    )
    context.data["fide-dutch.facts"] = facts
    return facts
