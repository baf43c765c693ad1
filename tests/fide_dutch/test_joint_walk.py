"""B.6 / 3.6 and B.7 / 3.7 with the order of section D for brackets that are not paired in
full (fide_dutch/joint_walk.py): the walks with the players below in the bound give the
pairing the matchings give.

The joint walks decide who floats together with the players below, from a bound over kinds
of players (a symmetric assignment of all the players not yet paired), and certify every
answer by a pairing of the rest of the round that reaches the bound; the text's order (D.1
for a remainder, with one exchange of D.2 at most; D.3 then D.1 for the MDP-pairing) is
walked pair by pair, each refusal exact.  In events whose first round gave White to the top
half on every board (round-1 colours not alternated), the low scoregroups fill with players
due the same colour, [C3] keeps brackets from pairing in full and [C4] sends players down:
exactly the brackets these walks are for.  Here every round of such events (and of busy
ones) is paired with the walks and again with the matchings alone, from the same history;
the pairings (boards, colours, byes) must be equal, and every kind of walk must have paired
some bracket (the comparison would pass trivially for a kind that never ran).  Where the
walks do not settle a bracket, the matchings keep only the pairs that can be in a best pairing
(:func:`~swisspairing.plugins.fide_dutch.joint_walk.tight_pairs`): compared the same way.

The walks are used in play only where the matchings would hold many players
(``JOINT_WALK_MIN_PLAYERS``, a speed setting); here that limit is lifted so that small events
exercise them.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from fide_dutch_walks import BUSY, BothWays
from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import Pairing, RoundPairing
from swisspairing.plugins.fide_dutch import joint_walk, procedure
from swisspairing.simulate import simulate


class WhiteTopBothWays(BothWays):
    """Pairs each round with the walks and again with the matchings alone
    (:class:`BothWays`); with ``white_top`` round 1 gives White to the higher-ranked player
    on every board (round-1 colours not alternated)."""

    def __init__(self, *args: Any, white_top: bool = True, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.white_top = white_top

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        result = super().pair(tournament, **kwargs)
        return _white_top(result) if self.white_top else result


def _white_top(result: RoundPairing) -> RoundPairing:
    """Round 1 with White for the higher-ranked player on every board; later rounds as
    they are."""
    if result.round != 1:
        return result
    boards = tuple(Pairing(min(b.white, b.black), max(b.white, b.black)) for b in result.boards)
    return RoundPairing(result.round, boards, result.byes, result.events)


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The joint walks on for every bracket, and which kinds of them paired one."""
    monkeypatch.setattr(procedure, "JOINT_WALK_MIN_PLAYERS", 0)
    kinds: set[str] = set()

    def recording(module: Any, name: str, label: str) -> None:
        """``module.name`` wrapped: ``label`` recorded when it answers (not None, not empty);
        an MDP-pairing of several MDPs recorded too."""
        inner = getattr(module, name)

        def wrapped(*args: Any) -> Any:
            out = inner(*args)
            if out:
                kinds.add(label)
                if name == "walk_mdps" and len(args[0]) > 1:
                    kinds.add("MDP-pairing of several MDPs")
            return out

        monkeypatch.setattr(module, name, wrapped)

    recording(procedure, "walk_remainder", "remainder")
    recording(procedure, "walk_mdps", "MDP-pairing")
    recording(procedure, "tight_pairs", "matchings over the tight pairs")
    recording(joint_walk, "_exchanged", "one exchange")
    recording(joint_walk, "_exchanges_by_flow", "exchanges by the flow")
    recording(joint_walk, "_bound_from", "remainder bound from the MDP walk")
    recording(joint_walk, "_the_ones_out", "odd bracket, one left out")
    return kinds


@pytest.mark.parametrize("players", [30, 61, 100])
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
def test_joint_walks_equal_matchings_white_top(
    used: set[str], players: int, seed: int, ruleset: str
) -> None:
    # (the 2017 edition walks its PPB and CLB so, where C.4 is in the weights)
    engine = WhiteTopBothWays(load_ruleset(ruleset))
    with contextlib.suppress(NoValidPairingError):  # an event ends where no pairing exists
        simulate(engine, players, 7, seed, BUSY)
    assert engine.compared >= 3


@pytest.mark.parametrize("players", [40, 81])
def test_joint_walks_equal_matchings_busy(used: set[str], players: int) -> None:
    engine = WhiteTopBothWays(load_ruleset("fide-dutch-2025"), white_top=False)
    with contextlib.suppress(NoValidPairingError):
        simulate(engine, players, 9, 4, BUSY)
    assert engine.compared >= 3


@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
def test_every_joint_walk_is_used(used: set[str], ruleset: str) -> None:
    for players, seed in ((30, 1), (61, 2), (100, 3)):
        with contextlib.suppress(NoValidPairingError):
            simulate(WhiteTopBothWays(load_ruleset(ruleset)), players, 7, seed, BUSY)
    expected = {
        "remainder",
        "MDP-pairing",
        "MDP-pairing of several MDPs",
        "matchings over the tight pairs",
    }
    if ruleset == "fide-dutch-2025":  # (these events' 2017 PPBs need neither)
        expected |= {
            "one exchange",
            "odd bracket, one left out",
            "remainder bound from the MDP walk",
        }
    assert expected <= used, used


class _WithAndWithout(Engine):
    """Pairs each round of a white-top event (:func:`_white_top`) with ``owner.name`` as it
    is; a round where it answered (anything but ``off``) is paired again with it always
    answering ``off`` (the code it spares then decides) and must come out the same (boards,
    colours, byes).  ``compared`` counts those rounds."""

    def __init__(self, ruleset: Any, owner: Any, name: str, off: Any) -> None:
        super().__init__(ruleset)
        self.owner, self.name, self.off = owner, name, off
        self.compared = 0

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        answers: list[Any] = []
        inner = getattr(self.owner, self.name)

        def counting(*args: Any) -> Any:
            out = inner(*args)
            answers.append(out)
            return out

        setattr(self.owner, self.name, counting)
        try:
            result = super().pair(tournament, **kwargs)
            if any(out != self.off for out in answers):
                setattr(self.owner, self.name, lambda *args: self.off)
                plain = super().pair(tournament, **kwargs)
                assert (result.boards, result.byes) == (plain.boards, plain.byes), result.round
                self.compared += 1
        finally:
            setattr(self.owner, self.name, inner)
        return _white_top(result)


def test_several_exchanges_by_the_flow_equal_matchings() -> None:
    """A white-top event of 800 players whose round 4 has a remainder that needs more than
    one exchange of D.2 (found by search; smaller events rarely need several): the flow's
    exchange, walked, is the matchings' pairing."""
    engine = _WithAndWithout(
        load_ruleset("fide-dutch-2025"), joint_walk, "_exchanges_by_flow", None
    )
    simulate(engine, 800, 4, 2, BUSY)
    assert engine.compared >= 1


@pytest.mark.parametrize(("players", "seed"), [(60, 1), (100, 2), (150, 3)])
def test_2017_ppb_known_before_pairing(players: int, seed: int) -> None:
    """A.9 (2017): a bracket whose most pairs leave too few floaters for the players below
    to complete is the PPB before it is paired; pairing it first and asking after gives the
    same round."""
    engine = _WithAndWithout(
        load_ruleset("fide-dutch-2017"), procedure._Round2017, "_a9_ppb_shown", False
    )
    with contextlib.suppress(NoValidPairingError):
        simulate(engine, players, 7, seed, BUSY)
    assert engine.compared >= 1
