"""Property tests of ``fide-lim`` over seeded simulations (core/simulate.py): 10-2,000 players,
5-11 rounds, with forfeits, requested byes, absences and withdrawals.

Every round: every participant plays once or has the one bye (Lim 1.1, C.04.1 c); no rematch
(C.04.1 b, Lim 2.1); no bye for a player who already scored without playing (C.04.1 d); the
colour limits of Lim 2.1/5.1 (no colour three times running, no difference of three) except in
the last round (Lim 6, ``last_round_colour_limits: relax``); the same input gives the same
pairing.  A round the plugin cannot pair is proven unpairable by a maximum matching over the
core's own compatibility test (``RoundContext.compatible``) for every possible bye.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swisspairing import BLACK, WHITE, Engine, NoValidPairingError, load_ruleset
from swisspairing.matching import has_matching_of_size
from swisspairing.simulate import make_players, simulate


def _genuinely_stuck(engine: Engine, t) -> bool:
    ctx = engine.context(t, explain=False)
    ps = list(ctx.participants)
    if len(ps) % 2 == 0:
        return not has_matching_of_size(ps, ctx.compatible, len(ps) // 2)
    for bye in ps:
        if ctx.can_receive_bye(bye):
            rest = [p for p in ps if p != bye]
            if has_matching_of_size(rest, ctx.compatible, len(rest) // 2):
                return False
    return True


def _check(engine: Engine, before, pairing, seed: int) -> None:
    ctx = engine.context(before, explain=False)
    ps = set(ctx.participants)
    seen = (
        [b.white for b in pairing.boards]
        + [b.black for b in pairing.boards]
        + [b.player for b in pairing.byes]
    )
    assert sorted(seen) == sorted(ps), "everyone once or the bye"
    assert len(pairing.byes) == len(ps) % 2
    for b in pairing.byes:
        assert ctx.can_receive_bye(b.player), (
            f"C.04.1 d: {b.player} gets a second point without playing"
        )
    last = ctx.is_last_round
    for b in pairing.boards:
        assert ctx.may_meet(b.white, b.black), f"rematch {b}"
        if not last:
            assert ctx.colour_allowed(b.white, WHITE), f"Lim 2.1 colours of {b.white}"
            assert ctx.colour_allowed(b.black, BLACK), f"Lim 2.1 colours of {b.black}"
    again = Engine(engine.ruleset).pair(before, seed=seed + pairing.round, explain=False)
    assert [str(b) for b in again.boards] == [str(b) for b in pairing.boards], "determinism"


def run(ruleset: str, n: int, rounds: int, seed: int) -> bool:
    """Simulate; returns whether a round had no valid pairing (proven genuine)."""
    engine = Engine(load_ruleset(ruleset))
    seen: list = []
    original = engine.pair

    def pair(t, **kw):
        seen.append(t)
        return original(t, **kw)

    engine.pair = pair  # type: ignore[method-assign]
    try:
        simulate(
            engine, n, rounds, seed, on_round=lambda before, p: _check(engine, before, p, seed)
        )
    except NoValidPairingError:
        assert _genuinely_stuck(engine, seen[-1]), "the plugin found no pairing, but one exists"
        return True
    return False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(10, 80), rounds=st.integers(5, 11), seed=st.integers(0, 10**6), maxi=st.booleans()
)
def test_lim_rounds_are_legal(n, rounds, seed, maxi):
    run("fide-lim" if not maxi else "fide-lim-2026", n, rounds, seed)


def test_lim_small_fields_many_rounds_get_stuck_only_genuinely():
    """Ten players and eleven rounds: late rounds often have no legal pairing at all."""
    stuck = [run("fide-lim", 10, 11, seed) for seed in range(6)]
    assert any(stuck)  # ten players cannot play eleven rounds without a rematch


def test_lim_two_thousand_players():
    run("fide-lim", 2000, 5, 7)


def test_maxi_tournament_parameter_is_honoured(tmp_path):
    """Lim 3.2.3: a federation ruleset declaring a Maxi-tournament (cap 50) pairs legal rounds
    and announces the cap in the explanation."""
    path = tmp_path / "lim-maxi.yaml"
    path.write_text(
        "schema_version: 1\nid: lim-maxi\nextends: fide-lim\nparameters: {maxi_tournament: true, "
        "maxi_rating_cap: 50}\n"
    )
    maxi = load_ruleset(str(path))
    assert (
        maxi.param("maxi_tournament") is True
        and load_ruleset("fide-lim").param("maxi_tournament") is False
    )
    e = Engine(maxi)
    t = simulate(e, 40, 5, 3, on_round=lambda before, p: _check(e, before, p, 3))
    assert t.rounds_recorded == 5
    fresh = t.__class__(players=make_players(20, 1), name="x", total_rounds=3)
    assert any(ev.rule == "Lim 3.2.3" for ev in e.pair(fresh).events)
