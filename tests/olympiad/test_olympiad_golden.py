"""Golden cases of ``fide-olympiad`` derived by hand from the rule texts.

Eight teams of five players (four boards and a reserve), team k's players rated below team
k-1's, so that the pairing numbers (Olympiad 8, 2022 3.1) equal the team numbers.
"""

from __future__ import annotations

import pytest
from swisspairing import BLACK, WHITE, Engine, Player, RoundRecord, Team, Tournament, load_ruleset
from swisspairing.plugins.lim_family.olympiad import initial_order
from swisspairing.plugins.lim_family.trial_tables import fold_odd_rows, fold_rows


def teams(n: int) -> Tournament:
    players, _roster = [], []
    number = 1
    out = []
    for t in range(1, n + 1):
        members = []
        for b in range(5):
            players.append(
                Player(number=number, name=f"T{t} B{b + 1}", rating=2700 - 40 * t - 5 * b)
            )
            members.append(number)
            number += 1
        out.append(Team(number=t, name=f"Team {t}", roster=tuple(members)))
    return Tournament(
        players=tuple(players),
        name="Olympiad golden",
        teams=tuple(out),
        total_rounds=11,
        initial_colour=WHITE,
    )


def team_of(t: Tournament, player: int) -> int:
    return next(team.number for team in t.teams if player in team.roster)


def play_round(t: Tournament, pairing, wins: dict[int, str]) -> Tournament:
    """Board results: ``wins[team]`` lists the winning team's board results, 'w', 'd', 'l'."""
    records = {}
    for _k, b in enumerate(pairing.boards):
        tw, tb = team_of(t, b.white), team_of(t, b.black)
        winner = tw if tw in wins else tb
        board = next(x for x in t.teams if x.number == winner).roster.index(
            b.white if winner == tw else b.black
        )
        r = wins[winner][board]
        res_w = (
            {"w": "1", "d": "=", "l": "0"}[r] if winner == tw else {"w": "0", "d": "=", "l": "1"}[r]
        )
        res_b = {"1": "0", "0": "1", "=": "="}[res_w]
        records[b.white] = RoundRecord(b.black, WHITE, res_w)
        records[b.black] = RoundRecord(b.white, BLACK, res_b)
    return t.with_round(pairing.round, records)


def matches(pairing) -> list[str]:
    return [f"{m.white}-{m.black}" for m in pairing.matches]


# the trial tables of the 2006-2009 rules (Spanish arbiters' manual 2016, 6.2 and 6.4), which
# the digest (section 5) confirms identical to PL-team 11 and 12
SIX = [
    "1-6 2-5 3-4",
    "1-6 2-4 3-5",
    "1-6 2-3 4-5",
    "1-5 2-6 3-4",
    "1-5 2-4 3-6",
    "1-5 2-3 4-6",
    "1-4 2-6 3-5",
    "1-4 2-5 3-6",
    "1-4 2-3 5-6",
    "1-3 2-6 4-5",
    "1-3 2-5 4-6",
    "1-3 2-4 5-6",
    "1-2 3-6 4-5",
    "1-2 3-5 4-6",
    "1-2 3-4 5-6",
]
FIVE = [
    "1-5 2-4 F3",
    "1-5 2-3 F4",
    "1-5 3-4 F2",
    "1-4 2-5 F3",
    "1-4 2-3 F5",
    "1-4 3-5 F2",
    "1-3 2-5 F4",
    "1-3 2-4 F5",
    "1-3 4-5 F2",
    "1-2 3-5 F4",
    "1-2 3-4 F5",
    "1-2 4-5 F3",
    "2-5 3-4 F1",
    "2-4 3-5 F1",
    "2-3 4-5 F1",
]


def test_olympiad_2006_trial_tables_reproduced_exactly():
    """Olympiad-2006 6.2 (six teams) and 6.4 (five teams, row 5 = 1-4 2-3 with 5 floating)."""
    assert [" ".join(f"{a}-{b}" for a, b in row) for row in fold_rows(range(1, 7))] == SIX
    assert [
        " ".join(f"{a}-{b}" for a, b in row) + f" F{f}" for row, f in fold_odd_rows(range(1, 6))
    ] == FIVE


def test_olympiad_8_9_initial_pairing_numbers():
    """Olympiad 8-9 / 2022 3.1: average of the four highest-rated players, then the fifth
    player's rating, then the name.  Team B's best four average 2450 (its board-1 player is
    weaker than its reserve: the four *highest* count), team A 2400, team C and D tie at 2400
    with A, C's fifth player is stronger; D and A tie completely: alphabetical."""
    ratings = {
        "A": [2400, 2400, 2400, 2400, 2000],
        "B": [2300, 2500, 2500, 2400, 2400],
        "C": [2400, 2400, 2400, 2400, 2300],
        "D": [2400, 2400, 2400, 2400, 2000],
    }
    players, tlist, n = [], [], 1
    for k, (name, rs) in enumerate(sorted(ratings.items(), key=lambda x: x[0] != "D")):
        roster = []
        for r in rs:
            players.append(Player(number=n, name=f"{name}{n}", rating=r))
            roster.append(n)
            n += 1
        tlist.append(Team(number=k + 1, name=name, roster=tuple(roster)))
    t = Tournament(players=tuple(players), teams=tuple(tlist))
    names = {x.number: x.name for x in tlist}
    assert [names[x] for x in initial_order(t)] == ["B", "C", "A", "D"]


@pytest.mark.parametrize(
    "ruleset", ["fide-olympiad-2006", "fide-olympiad-2010", "fide-olympiad-2022"]
)
def test_round_one_half_v_half_colours_and_boards(ruleset):
    """Round 1: 1 v n/2+1 (2010 summary, 2022 7.2; the 2006 editions' acceleration is not
    implemented); the higher-ranked team gets the drawn colour (White, XXC) when its pairing
    number is odd: 1-5, 6-2, 3-7, 8-4.  Boards (WBWB): the team with White has White on
    boards 1 and 3."""
    engine = Engine(load_ruleset(ruleset))
    t = teams(8)
    p = engine.pair(t)
    assert matches(p) == ["1-5", "6-2", "3-7", "8-4"]
    first = [str(b) for b in p.boards[:4]]
    assert first == ["1 - 21", "22 - 2", "3 - 23", "24 - 4"]


ROUND_2 = {
    # Round 1 as above; team results: 1 4-0, 2 3.5-0.5, 3 3-1, 4 2.5-1.5 (the top half wins)
    "fide-olympiad-2006": ["4-1", "2-3", "5-8", "7-6"],
    "fide-olympiad-2010": ["3-1", "2-4", "6-8", "7-5"],
    "fide-olympiad-2022": ["3-1", "2-4", "5-7", "8-6"],
}


@pytest.mark.parametrize("ruleset", sorted(ROUND_2))
def test_round_two_per_edition(ruleset):
    """Round 2, derived per edition.  After round 1 the winners 1, 2, 3, 4 have 2 MP (game
    points 4, 3.5, 3, 2.5), the losers 5, 6, 7, 8 0 MP (game points 0, 0.5, 1, 1.5).  Due
    colours: 1, 3 (White in round 1) due Black; 2, 4 due White; 5, 7 due White; 6, 8 due Black.

    - 2006 (art. 10 ranking MP, GP, number: 1 2 3 4 | 8 7 6 5; groups top down, trial tables,
      6.5 most due colours): winners row 1 = 1-4 2-3 gives all four their due colour; the
      lowest group row 1 = 8-5 7-6 likewise.  Colours by equalisation: 4-1, 2-3, 5-8, 7-6.
    - 2010 (same ranking; Lim order, 1 v n/2+1): the median team (position 5 of 8) is 8, so the
      0-MP group is the middle group, paired last: 1-3 2-4 and 8-6 7-5.  1 and 3 have identical
      histories: the higher-ranked 1 gets the change of colour (Black): 3-1, 2-4, 6-8, 7-5.
    - 2022 (3.2 ranking MP then pairing number: 1 2 3 4 | 5 6 7 8): 1-3 2-4 and 5-7 6-8; colours
      3-1, 2-4, 5-7, 8-6.
    """
    engine = Engine(load_ruleset(ruleset))
    t = teams(8)
    p1 = engine.pair(t)
    t = engine.apply(t, p1)
    t = play_round(t, p1, {1: "wwww", 2: "wwwd", 3: "wwdd", 4: "wddd"})
    p2 = engine.pair(t)
    assert matches(p2) == ROUND_2[ruleset]
    assert engine.check(engine.apply(t, p2)) == []


def test_2022_bye_one_match_point_two_game_points_never_twice():
    """2022 4.1-4.3: seven teams: the lowest-ranked eligible team (7) has the bye in round 1
    and scores 1 MP and 2 GP (its four players get U = 0.5 each); in round 2 it is ineligible
    (4.2.1) and the lowest-ranked other team of the lowest group has the bye."""
    engine = Engine(load_ruleset("fide-olympiad-2022"))
    t = teams(7)
    p1 = engine.pair(t)
    assert [b.player for b in p1.team_byes] == [7]
    assert matches(p1) == ["1-4", "5-2", "3-6"]
    t = engine.apply(t, p1)
    t = play_round(t, p1, {1: "wwww", 2: "wwww", 3: "wwww"})
    from swisspairing.teams import TeamScoring, team_records

    rec = team_records(t, TeamScoring.from_ruleset(engine.ruleset), engine.ruleset.points)[7][0]
    assert rec.pause and rec.match_points == 1 and rec.game_points == 2
    p2 = engine.pair(t)
    # ranking: 1, 2, 3 (2 MP), 7 (1 MP), 4, 5, 6 (0 MP): 6 is the lowest-ranked eligible team
    assert [b.player for b in p2.team_byes] == [6]


def test_olympiad_7_unrated_players_count_with_the_rating_floor():
    """Olympiad 7: an unrated player counts with the rating floor (``unrated_rating``, 1000 by
    default): team X (2000, 2000, 2000, unrated) averages 1750 and ranks above team Y
    (1700 x 4); counted as 0 it would rank below."""
    players = [
        Player(number=i + 1, name=f"X{i}", rating=r) for i, r in enumerate([2000, 2000, 2000, 0])
    ]
    players += [Player(number=i + 5, name=f"Y{i}", rating=1700) for i in range(4)]
    t = Tournament(
        players=tuple(players),
        teams=(Team(1, "Y team", (5, 6, 7, 8)), Team(2, "X team", (1, 2, 3, 4))),
    )
    assert initial_order(t) == [2, 1]
    assert initial_order(t, unrated=0) == [1, 2]
