"""Seeded whole-tournament simulations for the RDF variants, with the invariants of RDF
5.4.10.2 checked after every round.

Built on the shared simulator :mod:`swisspairing.simulate` (results by rating, draws,
forfeits, known absences ``Z``, withdrawals); this module adds the RDF checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swisspairing import (
    Engine,
    NoValidPairingError,
    RoundPairing,
    Tournament,
    load_ruleset,
    player_states,
)
from swisspairing.matching import has_perfect_matching
from swisspairing.simulate import SimulationConfig, simulate

__all__ = ["RDF_CONFIG", "Run", "check_round", "pairable", "run"]

#: RDF events: no requested half-point byes (the RDF knows none), some absences, forfeits,
#: withdrawals and unrated players.
RDF_CONFIG = SimulationConfig(
    draw_rate=0.35,
    forfeit_rate=0.03,
    half_bye_rate=0.0,
    absence_rate=0.03,
    withdrawal_rate=0.01,
    unrated_rate=0.1,
)


@dataclass
class Run:
    """A finished simulation and what was seen on the way."""

    tournament: Tournament
    """The tournament after the last round."""
    pairings: list[RoundPairing] = field(default_factory=list)
    """Every round's pairing."""
    exhausted: bool = False
    """The simulation stopped early: a round had no valid pairing at all."""


def check_round(engine: Engine, before: Tournament, pairing: RoundPairing) -> None:
    """Assert RDF 5.4.10.2 (a), (b), (c), (e), (f) for one round's pairing."""
    rnd = pairing.round
    ps = before.point_system or engine.ruleset.points
    states = player_states(before, ps, rnd)
    absent_codes = {engine.ruleset.param("absence_result", "-")}
    seen: dict[int, str] = {}
    for b in pairing.boards:
        for n in (b.white, b.black):
            assert n not in seen, f"round {rnd}: player {n} paired twice"
            seen[n] = "board"
        # (a) no rematch
        assert states[b.white].meetings.get(b.black, 0) == 0, f"round {rnd}: rematch {b}"
    plus = [bye for bye in pairing.byes if bye.result == "U"]
    for bye in pairing.byes:
        assert bye.player not in seen, f"round {rnd}: player {bye.player} paired twice"
        seen[bye.player] = bye.result
        assert bye.result == "U" or bye.result in absent_codes
    # (b) no second win without play
    for bye in plus:
        earlier = before.player(bye.player).rounds[: rnd - 1]
        assert not any(r.result in "UF+" for r in earlier), (
            f"round {rnd}: second win without play for {bye.player}"
        )
    # (e) withdrawn players are not paired; known absentees are not paired and lose
    expected: set[int] = set()
    for p in before.players:
        n = p.number
        if before.is_withdrawn(n, rnd):
            assert n not in seen, f"round {rnd}: withdrawn player {n} paired"
            continue
        absence = before.requested_absence(n, rnd)
        if absence is not None and absence.result in "Z ":
            assert seen.get(n) in absent_codes, f"round {rnd}: absent player {n} not scored a loss"
            continue
        if absence is not None:
            assert n not in seen
            continue
        expected.add(n)
    paired = {n for n, how in seen.items() if how in ("board", "U")}
    assert paired == expected, f"round {rnd}: paired {sorted(paired ^ expected)} wrongly"
    # (f) one plus exactly when the number is odd
    assert len(plus) == len(expected) % 2
    # (c) never the same colour four times running (max_run of the ruleset)
    limit = engine.ruleset.colours.max_run
    if limit is not None:
        for b in pairing.boards:
            for n, colour in ((b.white, "w"), (b.black, "b")):
                cols = [c.value for c in states[n].colours if c is not None] + [colour]
                tail = cols[-(limit + 1) :]
                assert not (len(tail) > limit and len(set(tail)) == 1), (
                    f"round {rnd}: player {n} gets {colour} {limit + 1} times running"
                )


class _RecordingEngine(Engine):
    """An engine that remembers the tournament it was last asked to pair."""

    last: tuple[Tournament, dict] | None = None

    def pair(self, tournament: Tournament, **kwargs):  # type: ignore[override]
        self.last = (tournament, kwargs)
        return super().pair(tournament, **kwargs)


def pairable(engine: Engine, tournament: Tournament, **kwargs) -> bool:
    """Whether the next round has any pairing at all that keeps the absolute criteria
    (no rematch, colour limit, the plus only to a player who may have it) — a maximum
    matching, independent of the RDF procedure."""
    ctx = engine.context(tournament, **kwargs)
    rnd = tournament.next_round
    absent = {
        p.number
        for p in tournament.players
        if (r := p.record(rnd)) is not None and r.opponent is None and r.result == "-"
    }
    players = [n for n in ctx.participants if n not in absent]
    index = {p: i for i, p in enumerate(players)}
    adj = [[index[b] for b in players if b != a and ctx.compatible(a, b)] for a in players]
    if len(players) % 2:
        dummy = len(players)
        adj.append([])
        for a in players:
            if ctx.can_receive_bye(a):
                adj[index[a]].append(dummy)
                adj[dummy].append(index[a])
    return has_perfect_matching(adj)


def check_round_trip(engine: Engine, before: Tournament, pairing: RoundPairing, seed: int) -> None:
    """The round's input written as TRF and read back pairs the same, with the same
    classification numbers recorded (RDF 5.4.10.5.1 «закрепляется», 5.4.10.4; AMB-R13)."""
    from swisspairing import dumps_trf, read_trf

    back = read_trf(dumps_trf(before), point_system=engine.ruleset.points)
    again = engine.pair(back, seed=seed, explain=False)
    assert again == pairing, f"round {pairing.round}: the written file pairs differently"
    assert again.records == pairing.records, (
        f"round {pairing.round}: other records from the written file"
    )


def run(
    ruleset: str,
    players: int,
    rounds: int,
    seed: int,
    config: SimulationConfig = RDF_CONFIG,
    *,
    allow_exhaustion: bool = False,
    round_trip: bool = False,
) -> Run:
    """Play a whole tournament under ``ruleset``; every round is checked (:func:`check_round`).

    With ``round_trip`` every round is also paired from its input written as TRF and read
    back (:func:`check_round_trip`).  With ``allow_exhaustion`` a round for which no pairing
    exists at all (small fields run out of opponents) ends the simulation early — but only if it
    really has none
    (:func:`pairable`); otherwise the failure is an error of the draw."""
    engine = _RecordingEngine(load_ruleset(ruleset))
    out = Run(tournament=None)  # type: ignore[arg-type]

    def on_round(before: Tournament, pairing: RoundPairing) -> None:
        check_round(engine, before, pairing)
        if round_trip:
            check_round_trip(engine, before, pairing, seed + pairing.round)
        out.pairings.append(pairing)

    try:
        out.tournament = simulate(
            engine,
            players,
            rounds,
            seed,
            config,
            on_round=on_round,
            name=f"RDF {ruleset} {players}/{rounds}/{seed}",
        )
    except NoValidPairingError:
        assert engine.last is not None
        t, kwargs = engine.last
        assert not pairable(engine, t, **kwargs), (
            f"round {t.next_round} can be paired, but the draw found no pairing"
        )
        if not allow_exhaustion:
            raise
        out.tournament = t
        out.exhausted = True
    assert engine.check(out.tournament) == []
    return out
