"""The orders of trial of PL-team 11, 12 and 16, reproduced by the implementation.

The literals are copied from seed 003 (points 11, 12 and 16); row (5) of the five-team table
reads "1-4 2-3 3 – przeniesiony" in the seed and is corrected to "5 – przeniesiony" (AMB-P1:
team 3 cannot be paired and transferred at once; 5 is the only team left).
"""

from __future__ import annotations

import pytest
from swisspairing.plugins.lim_family.pl_team import (
    _middle_out_sets,
    _r11_fold,
    _r12_fold_odd,
    fold_count,
    fold_odd_count,
    fold_odd_rows,
    fold_rows,
    middle_count,
    middle_rows,
)

# PL-team 11, seed 003 verbatim (rows (1)–(15))
SEED_11 = """
(1)    1-6     2-5    3-4
(2)    1-6    2-4    3-5
(3)    1-6    2-3    4-5
(4)    1-5    2-6    3-4
(5)    1-5    2-4    3-6
(6)    1-5    2-3    4-6
(7)    1-4    2-6    3-5
(8)    1-4    2-5    3-6
(9)    1-4    2-3    5-6
(10)    1-3    2-6    4-5
(11)    1-3    2-5    4-6
(12)    1-3    2-4    5-6
(13)    1-2    3-6    4-5
(14)    1-2    3-5    4-6
(15)    1-2    3-4    5-6
"""

# PL-team 12, seed 003 verbatim except row (5) (AMB-P1: "3" → "5")
SEED_12 = """
(1)    1-5     2-4    3 – przeniesiony
(2)    1-5    2-3    4 – przeniesiony
(3)    1-5    3-4    2 – przeniesiony
(4)    1-4    2-5    3 – przeniesiony
(5)    1-4    2-3    5 – przeniesiony
(6)    1-4    3-5    2 – przeniesiony
(7)    1-3    2-5    4 – przeniesiony
(8)    1-3    2-4    5 – przeniesiony
(9)    1-3    4-5    2 – przeniesiony
(10)    1-2    3-5    4 – przeniesiony
(11)    1-2    3-4    5 – przeniesiony
(12)    1-2    4-5    3 – przeniesiony
(13)    2-5    3-4    1 – przeniesiony
(14)    2-4    3-5    1 – przeniesiony
(15)    2-3    4-5    1 – przeniesiony
"""

# PL-team 16, seed 003 verbatim: #1 from above, #2–#5 the middle group, #6 from below
SEED_16 = """
(1)    1-5     2-6    3-4
(2)    1-4    2-6    3-5
(3)    1-3    2-6    4-5
(4)    1-2    3-6    4-5
(5)    1-5    3-6    2-4
(6)    1-4    3-6    2-5
(7)    1-3    4-6    2-5
(8)    1-2    4-6    3-5
"""


def _parse(text: str) -> list[list[str]]:
    rows = []
    for line in text.strip().splitlines():
        _number, *cells = line.replace("– przeniesiony", "F").split()
        rows.append(cells)
    return rows


def _fmt(pairs) -> list[str]:
    return [f"{a}-{b}" for a, b in pairs]


def test_rule_11_six_team_table():
    rows = [_fmt(r) for r in fold_rows([1, 2, 3, 4, 5, 6])]
    assert rows == _parse(SEED_11)
    assert fold_count(6) == 15


def test_rule_12_five_team_table_with_row_5_corrected():
    rows = [[*_fmt(pairs), str(f), "F"] for pairs, f in fold_odd_rows([1, 2, 3, 4, 5])]
    assert rows == _parse(SEED_12)
    assert fold_odd_count(5) == 15
    assert _parse(SEED_12)[4] == ["1-4", "2-3", "5", "F"]  # AMB-P1


def test_rule_16_middle_group_table_then_1_6():
    mp = {1: 6, 2: 3, 3: 3, 4: 3, 5: 3, 6: 0}
    source = [_fmt(r) for r in middle_rows([1, 2, 3, 4, 5, 6], mp, k_limit=2)]
    # the eight rows of the table, then "only after these 1-6, then the remaining group"
    assert source[:8] == _parse(SEED_16)
    assert source[8:] == [["1-6", "2-5", "3-4"], ["1-6", "2-4", "3-5"], ["1-6", "2-3", "4-5"]]
    # AMB-P3: the pattern continues (team 6 takes its third candidate) before 1-6
    full = [_fmt(r) for r in middle_rows([1, 2, 3, 4, 5, 6], mp)]
    assert full[:8] == _parse(SEED_16)
    assert full[8:12] == [
        ["1-5", "4-6", "2-3"],
        ["1-4", "5-6", "2-3"],
        ["1-3", "5-6", "2-4"],
        ["1-2", "5-6", "3-4"],
    ]
    assert full[12:] == source[8:]
    assert middle_count([1, 2, 3, 4, 5, 6], mp) == len(full) == 15


def test_rule_9_fold_pairing_and_middle_team_of_eleven():
    """PL-team 9: eleven teams: 1-11, 2-10, …, 5-7 and the 6th transferred (row 1)."""
    pairs, floater = fold_odd_rows(list(range(1, 12)))[0]
    assert _fmt(pairs) == ["1-11", "2-10", "3-9", "4-8", "5-7"] and floater == 6
    assert _fmt(fold_rows(list(range(1, 9)))[0]) == ["1-8", "2-7", "3-6", "4-5"]


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_even_orders_are_every_pairing_once(n):
    rows = fold_rows(list(range(1, n + 1)))
    assert len(rows) == fold_count(n) == len({frozenset(map(frozenset, r)) for r in rows})


@pytest.mark.parametrize("n", [1, 3, 5, 7, 9])
def test_odd_orders_are_every_pairing_once(n):
    rows = fold_odd_rows(list(range(1, n + 1)))
    assert (
        len(rows) == fold_odd_count(n) == len({(frozenset(map(frozenset, p)), f) for p, f in rows})
    )


def test_pruned_generators_keep_the_table_row_numbers():
    """Rows left out because a pair may not meet keep their numbers: with 1-6 and 1-5
    forbidden the first row of the six-team table is row 7; with 3 not transferable in the
    five-team table the first row is row 2."""
    ok = lambda a, b: {a, b} not in ({1, 6}, {1, 5})  # noqa: E731
    row, pairs = next(_r11_fold((1, 2, 3, 4, 5, 6), ok))
    assert (row, _fmt(pairs)) == (7, ["1-4", "2-6", "3-5"])
    rows = [(r, f) for r, _, f in _r12_fold_odd((1, 2, 3, 4, 5)) if f != 3]
    assert rows[0] == (2, 4)
    assert [r for r, _, _ in _r12_fold_odd((1, 2, 3, 4, 5), floater=5)] == [5, 8, 11]


def test_rule_11_fallback_transfers_the_two_middle_teams_first():
    """PL-team 11: "transfer the two middle teams (here 3 and 4)"; AMB-P10 continues with the
    sets nearest to the middle."""
    sets = _middle_out_sets([1, 2, 3, 4, 5, 6], 2)
    assert sets[0] == (3, 4)
    assert len(sets) == 15 and len(set(sets)) == 15
