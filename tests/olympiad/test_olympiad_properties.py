"""Property tests of ``fide-olympiad`` over seeded simulated Olympiads (20-200 teams, 11 rounds).

Every round, every edition: every team plays once or has the one bye (2022 4.1); no team has
the bye twice (4.2.1) or after winning a match by default (4.2.2); no two teams meet twice
(6.1); board-1 colours never three times running and never more than two more of one colour
(7.3; 2010 the same; 2022 7.4: not between two teams of one group); the board games are the matches
expanded with the WBWB pattern; the same
input gives the same pairing.  A round that cannot be paired is proven unpairable by a maximum
matching over the core's team view (``RoundContext.compatible``), whichever team has the bye.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swisspairing import Engine, load_ruleset
from swisspairing.matching import has_matching_of_size
from swisspairing.teams import TeamScoring, team_context, team_records

EDITIONS = ["fide-olympiad-2006", "fide-olympiad-2010", "fide-olympiad-2022"]


def _stuck_is_genuine(before, ruleset) -> bool:
    ctx = team_context(Engine(ruleset).context(before, explain=False))
    teams = list(ctx.participants)
    if len(teams) % 2 == 0:
        return not has_matching_of_size(teams, ctx.compatible, len(teams) // 2)
    return not any(
        has_matching_of_size([x for x in teams if x != t], ctx.compatible, len(teams) // 2)
        for t in teams
    )


def _check_round(before, pairing, ruleset, seed) -> None:
    teams = {t.number: t for t in before.teams}
    rnd = pairing.round
    seen = (
        [m.white for m in pairing.matches]
        + [m.black for m in pairing.matches]
        + [b.player for b in pairing.team_byes]
    )
    assert sorted(seen) == sorted(teams)
    assert len(pairing.team_byes) == len(teams) % 2
    scoring = TeamScoring.from_ruleset(ruleset)
    records = team_records(before, scoring, ruleset.points, rnd - 1)
    for b in pairing.team_byes:
        recs = [r for r in records[b.player] if r is not None]
        assert not any(r.pause for r in recs), f"round {rnd}: team {b.player} has a second bye"
        assert not any(
            r.opponent is not None and not r.played and r.match_points == scoring.match_win
            for r in recs
        ), "4.2.2"
    met = {
        t: {r.opponent for r in recs if r is not None and r.played} for t, recs in records.items()
    }
    colours = {
        t: [r.colour.value for r in recs if r is not None and r.colour is not None]
        for t, recs in records.items()
    }
    mp = {t: sum(r.match_points for r in recs if r is not None) for t, recs in records.items()}
    relax = (
        ruleset.param("edition") == "2022" and ruleset.param("colour_limits_in_group") == "relax"
    )
    for m in pairing.matches:
        assert m.black not in met[m.white], f"round {rnd}: {m.white} and {m.black} meet again"
        if relax and mp[m.white] == mp[m.black]:
            continue  # 2022 7.4: the limits may be disregarded within a group
        for t, c in ((m.white, "w"), (m.black, "b")):
            hist = colours[t] + [c]
            assert abs(hist.count("w") - hist.count("b")) <= 2, (
                f"round {rnd}: team {t} colours {hist}"
            )
            assert not (len(hist) >= 3 and len(set(hist[-3:])) == 1), (
                f"round {rnd}: team {t} colours {hist}"
            )
    # boards: board k of a match pairs the k-th players, White team on boards 1 and 3
    roster = {t.number: t.roster for t in before.teams}
    owner = {n: t for t, r in roster.items() for n in r}
    for b in pairing.boards:
        tw, tb = owner[b.white], owner[b.black]
        k = roster[tw].index(b.white)
        assert roster[tb].index(b.black) == k
        match = next(m for m in pairing.matches if {m.white, m.black} == {tw, tb})
        assert (tw == match.white) == (k % 2 == 0)
    again = Engine(ruleset).pair(before, seed=seed * 100 + rnd, explain=False)
    assert [str(x) for x in again.matches] == [str(x) for x in pairing.matches]


def _run(olympiad, n, seed, ruleset_id):
    rs = load_ruleset(ruleset_id)
    o = olympiad(
        n,
        11,
        seed,
        ruleset_id,
        on_round=lambda before, p: _check_round(before, p, rs, seed),
        stop_when_stuck=True,
    )
    if o.stuck is not None:
        assert _stuck_is_genuine(o.stuck, rs), "no pairing was found, but one exists"
    else:
        assert Engine(rs).check(o.tournament) == []
    return o


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(n=st.integers(20, 50), seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_olympiad_rounds_are_legal(olympiad, n, seed, edition):
    _run(olympiad, n, seed, edition)


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_hundred_teams_eleven_rounds(olympiad, edition):
    o = _run(olympiad, 200, 11, edition)
    assert o.stuck is None and len(o.rounds) == 11


@pytest.mark.parametrize("edition", EDITIONS)
def test_small_olympiads_stuck_only_genuinely(olympiad, edition):
    """Twelve teams cannot play eleven rounds with colour limits: when no pairing exists the
    plugin says so, and the matching proves it."""
    for seed in range(3):
        _run(olympiad, 12, seed, edition)
