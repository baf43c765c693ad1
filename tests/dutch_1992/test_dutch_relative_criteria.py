"""Dutch-1992 relative criteria over simulated rounds, checked against every valid pairing.

The absolute-criteria properties (``test_dutch_properties.py``) pass for any legal pairing.
These check what the text fixes beyond legality, by brute force over *all* complete pairings
of small rounds that satisfy B1/B2/B1b (the same graph as the "no valid pairing" proof):

- Dutch-1992 A6/B4/C14 on the highest score bracket: it is paired first and gives as many
  pairs as possible (P is lowered, C14, only when no pairing of the round completes with the
  larger P). So the number of pairs of two players of the highest score group equals the
  largest number any complete legal pairing of the round has.

The last round is left out: there the B-note (AMB-D3) exempts topscorers from B2, which the
brute force would have to model again.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import Engine, load_ruleset
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.simulate import SimulationConfig, simulate
from swisspairing.testing import BYE, round_graph

RULESET = load_ruleset("fide-dutch-1992")


def all_pairings(players: list[int], adjacent) -> Iterator[list[tuple[int, int]]]:  # type: ignore[no-untyped-def]
    """Every perfect matching of ``players`` (with the bye stand-in when odd)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if adjacent(first, other):
            for tail in all_pairings(rest[:i] + rest[i + 1 :], adjacent):
                yield [(first, other), *tail]


def legal_pairings(engine: Engine, before: Tournament) -> list[list[tuple[int, int]]]:
    """Every complete pairing of the round under the absolute criteria (B1/B2/B1b)."""
    players, adjacent = round_graph(engine, before)
    return list(all_pairings(players, adjacent))


def check_relative_criteria(engine: Engine, before: Tournament, pairing: RoundPairing) -> None:
    if pairing.round == before.total_rounds:
        return
    ctx = engine.context(before, pairing.round, explain=False)
    score = {n: ctx.score(n) for n in ctx.participants}
    top = max(score.values())
    legal = legal_pairings(engine, before)
    assert legal, "the engine paired a round that has no legal pairing"

    def top_pairs(pairs: list[tuple[int, int]]) -> int:
        return sum(1 for a, b in pairs if BYE not in (a, b) and score[a] == score[b] == top)

    ours = [(b.white, b.black) for b in pairing.boards]
    assert top_pairs(ours) == max(top_pairs(p) for p in legal), (
        f"round {pairing.round}: the highest bracket ({top} points) could give more pairs"
    )


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=5, max_value=10),
    rounds=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
    draws=st.floats(min_value=0.0, max_value=0.6),
)
def test_the_highest_bracket_gives_as_many_pairs_as_any_legal_pairing(
    players: int, rounds: int, seed: int, draws: float
) -> None:
    engine = Engine(RULESET)
    rounds = min(rounds, players - 1)
    config = SimulationConfig(draw_rate=draws)
    try:
        simulate(
            engine,
            players,
            rounds,
            seed,
            config,
            on_round=lambda before, p: check_relative_criteria(engine, before, p),
        )
    except Exception as exc:  # a round without any legal pairing ends the event early
        from swisspairing.errors import NoValidPairingError

        if not isinstance(exc, NoValidPairingError):
            raise
