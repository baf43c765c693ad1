"""Seeded whole-tournament simulations for the RDF variants, with the invariants of RDF
5.4.10.2 checked after every round.

Built on the shared simulator :mod:`swisspairing.simulate` (results by rating, draws,
forfeits, known absences ``Z``, withdrawals); this module adds the RDF checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swisspairing import Engine, RoundPairing, Tournament, load_ruleset, player_states
from swisspairing.simulate import SimulationConfig, simulate

__all__ = ["RDF_CONFIG", "Run", "run", "check_round"]

#: RDF events: no requested half-point byes (the RDF knows none), some absences, forfeits,
#: withdrawals and unrated players.
RDF_CONFIG = SimulationConfig(draw_rate=0.35, forfeit_rate=0.03, half_bye_rate=0.0, absence_rate=0.03, withdrawal_rate=0.01, unrated_rate=0.1)


@dataclass
class Run:
    """A finished simulation and what was seen on the way."""

    tournament: Tournament
    """The tournament after the last round."""
    pairings: list[RoundPairing] = field(default_factory=list)
    """Every round's pairing."""


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
        assert not any(r.result in "UF+" for r in earlier), f"round {rnd}: second win without play for {bye.player}"
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
                assert not (len(tail) > limit and len(set(tail)) == 1), f"round {rnd}: player {n} gets {colour} {limit + 1} times running"


def run(ruleset: str, players: int, rounds: int, seed: int, config: SimulationConfig = RDF_CONFIG) -> Run:
    """Play a whole tournament under ``ruleset``; every round is checked (:func:`check_round`)."""
    engine = Engine(load_ruleset(ruleset))
    out = Run(tournament=None)  # type: ignore[arg-type]

    def on_round(before: Tournament, pairing: RoundPairing) -> None:
        check_round(engine, before, pairing)
        out.pairings.append(pairing)

    out.tournament = simulate(engine, players, rounds, seed, config, on_round=on_round, name=f"RDF {ruleset} {players}/{rounds}/{seed}")
    assert engine.check(out.tournament) == []
    return out
