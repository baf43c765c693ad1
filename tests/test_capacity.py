"""The declared number of rounds against the field (issue 9, "When no pairing exists, say
why"): a counting argument in ``validate --ruleset`` and the first ``pair``, and the bundled
team example, which must run to its last round."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from swisspairing import Engine, hookimpl, load_ruleset, read_trf
from swisspairing.capacity import rounds_shortfall
from swisspairing.io import load_tournament
from swisspairing.simulate import SimulationConfig, play_results

EXAMPLES = Path(__file__).parent.parent / "examples"
HOSTILE = Path(__file__).parent / "data" / "hostile"
NINE = str(HOSTILE / "a-klasa-9-rounds.yaml")
RULES = "kpzszach-a-klasa-2005"


def _line(number: int, points: str = "0.0", *blocks: str) -> str:
    head = (
        f"001 {number:>4} m    {'Player ' + str(number):<33} {2100 - 10 * number:>4} GER {'':>11} "
        f"{'':10} {points:>4} {'':4}"
    )
    return (head + "".join("  " + b for b in blocks)).rstrip()


def _trf(players: int, rounds: int, *extra: str) -> str:
    return "\n".join([f"XXR {rounds}", *extra, *(_line(n) for n in range(1, players + 1))]) + "\n"


def test_nine_teams_with_one_forbidden_pair_cannot_play_nine_rounds():
    """PL-team 2 (same club never meets) and PL-team 5 (one meeting): 9 teams allow
    C(9,2) - 1 = 35 matches, 9 rounds of 4 matches need 36."""
    rs = load_ruleset(RULES)
    event = rounds_shortfall(Engine(rs), load_tournament(NINE, point_system=rs.points))
    assert event is not None
    assert event.render("en") == (
        "rounds 1 to 9 cannot all be played: pairings needed: 36, pairings possible: 35 "
        "(participants: 9; pairs that may never meet: 1; pairs that have met as often as allowed: "
        "0)"
    )


def test_validate_and_the_first_pair_warn(cli):
    r = cli("validate", NINE, "--ruleset", RULES, "--lang", "en")
    assert r.code == 0
    assert (
        f"swisspairing: {NINE}: warning: rounds 1 to 9 cannot all be played: pairings needed: 36"
        in r.err
    )
    assert "valid tournament for ruleset kpzszach-a-klasa-2005" in r.out
    r = cli("pair", NINE, "--ruleset", RULES, "--lang", "en")
    assert r.code == 0 and "warning: rounds 1 to 9 cannot all be played" in r.err


def test_per_player_count():
    """5 players, 4 rounds (one bye each at most, ``byes.blocked_by`` U): player 1 may not meet
    2 and 3 (XXP), so he can have 2 opponents but must play 3 games."""
    t = read_trf(_trf(5, 4, "XXP 1 2", "XXP 1 3"))
    event = rounds_shortfall(Engine(load_ruleset("fide-dutch-1992")), t)
    assert event is not None
    assert event.render("en") == (
        "rounds 1 to 4 cannot all be played by 1 Player 1: games still to play: 3, opponents "
        "still possible: 2"
    )


def test_counts_that_fit_give_no_warning():
    dutch = Engine(load_ruleset("fide-dutch-1992"))
    assert rounds_shortfall(dutch, read_trf(_trf(4, 3))) is None  # 6 pairings, 6 needed
    assert rounds_shortfall(dutch, read_trf(_trf(4, 3, "XXP 1 2"))) is not None  # 5 < 6
    assert (
        rounds_shortfall(dutch, read_trf("\n".join(_line(n) for n in range(1, 5)) + "\n")) is None
    )  # no XXR
    # round robin: n-1 rounds (even) or n rounds (odd) are exactly the pairs (RR-Berger 1, 4)
    rr = Engine(load_ruleset("round-robin"))
    assert rounds_shortfall(rr, read_trf(_trf(6, 5))) is None
    assert rounds_shortfall(rr, read_trf(_trf(7, 7))) is None
    assert rounds_shortfall(rr, read_trf(_trf(7, 8))) is not None
    drr = Engine(load_ruleset("double-round-robin"))  # max_meetings 2
    assert rounds_shortfall(drr, read_trf(_trf(6, 10))) is None


def test_meetings_already_played_count():
    """After round 1 (1-3, 2-4), 4 players have 4 pairs left; rounds 2 to 4 need 6."""
    lines = [
        "XXR 4",
        _line(1, "1.0", "0003 w 1"),
        _line(2, "1.0", "0004 w 1"),
        _line(3, "0.0", "0001 b 0"),
        _line(4, "0.0", "0002 b 0"),
    ]
    event = rounds_shortfall(
        Engine(load_ruleset("fide-dutch-1992")), read_trf("\n".join(lines) + "\n")
    )
    assert (
        event is not None
        and "pairings needed: 6, pairings possible: 4 (participants: 4;" in event.render("en")
    )
    assert "pairs that have met as often as allowed: 2" in event.render("en")


def test_hook_swiss_pairing_units():
    """A team system counts teams (pl-team-lim answers with the team view); a plugin that
    answers with the player-level context makes the 62 players the units, for whom 9 rounds
    are no problem."""
    rs = load_ruleset(RULES)
    t = load_tournament(NINE, point_system=rs.points)
    engine = Engine(rs)
    units = engine.hook.swiss_pairing_units(context=engine.context(t))
    assert sorted(units.participants) == list(range(1, 10))
    assert rounds_shortfall(engine, t) is not None

    class PlayersAreUnits:
        @hookimpl
        def swiss_pairing_units(self, context):
            return context

    assert rounds_shortfall(Engine(rs, extra_plugins=[PlayersAreUnits()]), t) is None
    dutch = Engine(load_ruleset("fide-dutch-1992"))
    ctx = dutch.context(read_trf(_trf(4, 3)))
    assert dutch.hook.swiss_pairing_units(context=ctx) is ctx  # the core default


def test_bundled_team_example_has_no_warning(cli):
    for name in ("pl-a-klasa-2005.yaml", "pl-a-klasa-2005.trf"):
        r = cli("validate", str(EXAMPLES / name), "--ruleset", RULES, "--lang", "en")
        assert r.code == 0 and "warning" not in r.err, r.err


@pytest.mark.parametrize("name", ["pl-a-klasa-2005.yaml", "pl-a-klasa-2005.trf"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bundled_team_example_runs_to_its_last_round(name, seed):
    """From the example's state, with simulated board results, every round up to the declared
    last one is paired (PL-team 3-20) — no NoValidPairingError."""
    rs = load_ruleset(RULES)
    engine = Engine(rs)
    t = load_tournament(str(EXAMPLES / name), point_system=rs.points)
    assert t.total_rounds == 7
    rng = random.Random(seed)
    config = SimulationConfig(forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0)
    while t.next_round <= t.total_rounds:
        pairing = engine.pair(t, seed=seed, explain=False)
        t = play_results(engine.apply(t, pairing), pairing, rng, config)
    assert t.rounds_recorded == 7
    assert engine.check(t) == []


def test_nine_rounds_really_fail():
    """The counting argument is right: the 9-round field runs out of pairings."""
    from swisspairing.errors import NoValidPairingError

    rs = load_ruleset(RULES)
    engine = Engine(rs)
    t = load_tournament(NINE, point_system=rs.points)
    config = SimulationConfig(forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0)
    rng = random.Random(0)
    with pytest.raises(NoValidPairingError):
        while t.next_round <= 9:
            pairing = engine.pair(t, seed=0, explain=False)
            t = play_results(engine.apply(t, pairing), pairing, rng, config)
    assert t.rounds_recorded < 9
