"""Dutch-1992 golden cases: a TRF in, the pairing the rules demand out.

Every case is ``tests/data/dutch_1992/<case>.trf`` with its expected pairing in
``<case>.expected`` (JaVaFo/bbpPairings pairs format: number of pairs, ``white black`` per
board in F1 order, the bye as ``N 0`` last).  The pairing was derived by hand from the rule
text (``spec/dutch-1992.md``, seed 000), and the derivation — brackets, S1/S2, X, P, the
transposition/exchange/relaxation taken and the colour rule of every board — is written in
the ``###`` comment lines at the top of the ``.trf`` (TRF readers keep unknown records, so
the derivation travels with the file).  The histories were chosen so that the rule named
in the file name decides the pairing; :data:`RULE_CASES` maps every rule the procedure has
to at least one case.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from swisspairing import BLACK, WHITE, Engine, load_ruleset, load_trf
from swisspairing.errors import NoValidPairingError

DATA = Path(__file__).parent.parent / "data" / "dutch_1992"
CASES = sorted(DATA.glob("*.trf"))
RULESET = "fide-dutch-1992"

#: Rule (as cited in spec/dutch-1992.md) -> golden cases whose derivation turns on it.
RULE_CASES: dict[str, tuple[str, ...]] = {
    "C1": ("c1_resident_without_opponent", "c14_whole_bracket_moves_down"),
    "C2/A8": ("a8_x_allows_one_colour_miss",),
    "C4-C6": ("f4_round1_even_white1", "a8_x_allows_one_colour_miss"),
    "C7/D1": ("c7_transposition_rematch",),
    "C8/D2 one-player matrix": ("c8_one_player_exchange_b",),
    "C8/D2 two-player matrix": ("c8_two_player_exchange_k",),
    "C8/D2 odd bracket": ("c8_odd_bracket_exchange",),
    "C9 (B6 before B5, AMB-D1)": ("c9_b6_relaxed_before_b5", "c9_b5_relaxed_for_downfloats"),
    "C10": ("c12_previous_bracket_repaired", "c10_upfloat_relaxed_in_a3_bracket"),
    "C9 before C10 (remainder first)": ("c9_before_c10_remainder_relaxed_first",),
    "C11": ("c11_x_raised",),
    "C12": ("c12_previous_bracket_repaired", "c12_moved_down_player_stuck_in_a3_bracket"),
    "C13": (
        "c13_lowest_bracket_penultimate_repaired",
        "c13_two_lowest_brackets_merged",
        "c13_lowest_bracket_paired_as_one",
    ),
    "C14": ("c14_p_lowered", "c14_whole_bracket_moves_down", "c14_restart_strict_after_lowering_p"),
    "E1": ("c7_transposition_rematch",),
    "E2": ("a8_x_allows_one_colour_miss", "a7_preference_kinds"),
    "E3/F3 (AMB-D16)": ("e3_alternation_with_f3_gaps", "c9_b6_relaxed_before_b5"),
    "E4": ("c11_x_raised", "c14_whole_bracket_moves_down"),
    "E-R1 (AMB-D4)": ("f4_round1_even_white1", "e_r1_round1_black1"),
    "F1 (AMB-D13)": ("f4_round1_odd_bye", "c12_previous_bracket_repaired"),
    "F2": ("f2_forfeit_is_no_game",),
    "F4": ("f4_round1_even_white1", "f4_round1_odd_bye"),
    "F5": ("f5_absent_and_withdrawn_not_paired",),
    "A7": ("a7_preference_kinds",),
    "A2 pairing numbers (AMB-D20)": ("a2_pairing_number_unrated_estimate",),
    "B2 for histories outside the limits (AMB-D21)": ("amb_d21_history_outside_b2",),
    "B1b (AMB-D11)": ("b1b_no_second_bye",),
    "B5/B6": ("b5_b6_downfloat_avoided", "c9_b6_relaxed_before_b5"),
    "B-note (AMB-D3)": ("b_note_last_round_topscorers",),
}


def _pair(cli, case: Path, tmp_path: Path, *extra: str) -> str:
    out = tmp_path / "pairs.txt"
    res = cli("pair", str(case), "--ruleset", RULESET, "-p", str(out), *extra)
    assert res.code == 0, res.err
    return out.read_text()


def test_every_rule_has_a_case() -> None:
    names = {c.stem for c in CASES}
    for rule, cases in RULE_CASES.items():
        for case in cases:
            assert case in names, f"{rule}: missing golden case {case}"
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_golden(cli, tmp_path: Path, case: Path) -> None:
    assert _pair(cli, case, tmp_path) == case.with_suffix(".expected").read_text()


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case_carries_its_derivation(case: Path) -> None:
    """The derivation is part of the file and survives reading (header records)."""
    t = load_trf(case)
    notes = [line for code, line in t.header if code == "###"]
    assert len(notes) >= 3, "derivation missing"
    text = " ".join(notes)
    assert "F1" in text or "E-R1" in text  # every derivation ends with the board order


def test_derivation_survives_writing_the_next_round(cli, tmp_path: Path) -> None:
    case = DATA / "c7_transposition_rematch.trf"
    out = tmp_path / "next.trf"
    assert cli("pair", str(case), "--ruleset", RULESET, "-o", str(out)).code == 0
    written = out.read_text().splitlines()
    original = [line for line in case.read_text().splitlines() if line.startswith("###")]
    assert [line for line in written if line.startswith("###")] == original


# --------------------------------------------------------------------------- --explain
EXPLAINED = {
    "c1_resident_without_opponent": [
        "[Dutch-1992 C1]",
        "[Dutch-1992 A6]",
        "[Dutch-1992 C7]",
        "[Dutch-1992 E1]",
    ],
    "c7_transposition_rematch": ["[Dutch-1992 C7]", "already met (B1a)", "[Dutch-1992 E4]"],
    "c8_one_player_exchange_b": ["[Dutch-1992 C8]", "exchange 4 ↔ 6"],
    "c8_two_player_exchange_k": ["[Dutch-1992 C8]", "exchange 3, 4 ↔ 5, 7"],
    "c9_b6_relaxed_before_b5": ["[Dutch-1992 C9] B6 is relaxed for downfloats", "[Dutch-1992 E3]"],
    "c9_b5_relaxed_for_downfloats": ["[Dutch-1992 C9] B5 is relaxed for downfloats"],
    "c9_before_c10_remainder_relaxed_first": [
        "[Dutch-1992 C9] B6 is relaxed for downfloats",
        "remainder group 7",
    ],
    "b1b_no_second_bye": ["[Dutch-1992 C9] B5 is relaxed for downfloats", "[Dutch-1992 A5]"],
    "c11_x_raised": ["[Dutch-1992 C11] X is raised to 2", "[Dutch-1992 E4]"],
    "c12_previous_bracket_repaired": [
        "[Dutch-1992 C10] B5 is relaxed for upfloats",
        "paired differently",
    ],
    "c14_p_lowered": ["[Dutch-1992 C14] P is lowered to 1"],
    "c14_whole_bracket_moves_down": ["[Dutch-1992 C14] P is lowered to 0", "[Dutch-1992 A3]"],
    "c13_two_lowest_brackets_merged": ["[Dutch-1992 C14] P is lowered to 0"],
    "b_note_last_round_topscorers": ["[Dutch-1992 B-note]"],
    "e3_alternation_with_f3_gaps": ["[Dutch-1992 E3] 3–5"],
    "f4_round1_odd_bye": ["[Dutch-1992 A5]", "[Dutch-1992 E-R1]"],
    "amb_d21_history_outside_b2": [
        "[AMB-D21] the colour history of player 1 already breaks the colour limits"
    ],
}


@pytest.mark.parametrize("name", sorted(EXPLAINED))
def test_explain_cites_the_rules(cli, name: str) -> None:
    res = cli("pair", str(DATA / f"{name}.trf"), "--ruleset", RULESET, "--explain", "--lang", "en")
    assert res.code == 0, res.err
    assert "Bracket 1:" in res.out
    for needle in EXPLAINED[name]:
        assert needle in res.out, (needle, res.out)


# --------------------------------------------------------------------------- parameters
def _variant(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"schema_version: 1\nid: {name}\nextends: {RULESET}\n{body}")
    return str(path)


def test_b_note_exemption_is_what_makes_the_last_round_pairable(tmp_path: Path) -> None:
    """AMB-D3: without the exemption 1 (met 3-6 already) can only meet 2, and 1-2 breaks
    B2b (both WWBB/BWBB must have White): no pairing exists."""
    t = load_trf(DATA / "b_note_last_round_topscorers.trf")
    strict = Engine(
        load_ruleset(
            _variant(tmp_path, "no-exemption", "parameters: {topscorer_exemption: false}\n")
        )
    )
    with pytest.raises(NoValidPairingError):
        strict.pair(t)
    exempt = Engine(load_ruleset(RULESET))
    pairing = exempt.pair(t)
    assert (pairing.boards[0].white, pairing.boards[0].black) == (2, 1)
    # checking the round afterwards does not report the B2b "violation" of a topscorer
    after = exempt.apply(t, pairing)
    assert not [v for v in exempt.check(after) if v.round == 5]


def test_first_colour_by_lot_is_reproducible(tmp_path: Path) -> None:
    """E-R1: the colour of the top player is drawn by lot (`first_colour: lot`); the same
    seed gives the same draw, different seeds give both colours, and the parity rule
    (AMB-D4) holds for every draw."""
    lot = Engine(load_ruleset(_variant(tmp_path, "lot", "first_colour: lot\n")))
    text = (DATA / "f4_round1_even_white1.trf").read_text().replace("XXC white1\n", "")
    fresh = tmp_path / "fresh.trf"
    fresh.write_text(text)
    t = load_trf(fresh)
    assert t.initial_colour is None
    seen = Counter()
    for seed in range(16):
        first = lot.pair(t, seed=seed)
        again = lot.pair(t, seed=seed)
        assert first.boards == again.boards
        pairs = [(b.white, b.black) for b in first.boards]
        top = WHITE if pairs[0] == (1, 5) else BLACK
        seen[top] += 1
        if top is WHITE:
            assert pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
        else:
            assert pairs == [(5, 1), (2, 6), (7, 3), (4, 8)]
    assert seen[WHITE] and seen[BLACK]


def test_xxc_overrides_the_lot(tmp_path: Path) -> None:
    """XXC black1 in the file wins over the ruleset's `first_colour`."""
    lot = Engine(load_ruleset(_variant(tmp_path, "lot2", "first_colour: lot\n")))
    t = load_trf(DATA / "e_r1_round1_black1.trf")
    for seed in range(4):
        assert [(b.white, b.black) for b in lot.pair(t, seed=seed).boards] == [
            (4, 1),
            (2, 5),
            (6, 3),
        ]


def test_german_float_relaxation_is_a_parameter(tmp_path: Path) -> None:
    """AMB-D1 as a ruleset parameter: with the German wording B6 is never dropped.  In
    c9_b6_relaxed_before_b5 the top bracket then cannot be paired at all (6-7 and 6-8 leave
    a player who floated down two rounds ago) and moves down whole (C14); 6-7 and 8-4 are
    paired one bracket lower — the same boards, reached by another route."""
    german = Engine(
        load_ruleset(_variant(tmp_path, "german", "parameters: {float_relaxation: german}\n"))
    )
    t = load_trf(DATA / "c9_b6_relaxed_before_b5.trf")
    pairing = german.pair(t)
    rules = {e.rule for e in pairing.events}
    assert "Dutch-1992 C14" in rules and not any("B6" in e.render(None) for e in pairing.events)
    assert [(b.white, b.black) for b in pairing.boards] == [(6, 7), (8, 4), (3, 2), (1, 5)]


# --------------------------------------------------------------------------- A2 / AMB-D20
def test_ranking_by_ratings_resorts_the_unrated_estimate_last(tmp_path: Path) -> None:
    """AMB-D20 `ranking: ratings`: A2 b) applied to the file's ratings puts the unrated player
    2 (rating 0) last: S1 = 1 3 4, S2 = 5 6 2; C6 gives 1-5, 3-6, 4-2, and E-R1 (AMB-D4)
    White for the S1 player on boards 1 and 3, Black on board 2."""
    ratings = Engine(load_ruleset(_variant(tmp_path, "by-ratings", "ranking: ratings\n")))
    t = load_trf(DATA / "a2_pairing_number_unrated_estimate.trf")
    pairing = ratings.pair(t)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 5), (6, 3), (4, 2)]
    assert any(e.rule == "Dutch-1992 A2" and "ratings" in e.render("en") for e in pairing.events)


def test_ranking_last_criterion_replaces_the_name(tmp_path: Path) -> None:
    """A2 d) "alphabetically, unless it was fixed beforehand that another criterion replaces
    it": with equal ratings and no titles, names decide (`ranking_last: name`) or the pairing
    number does (`ranking_last: pairing-number`)."""
    text = (DATA / "a2_pairing_number_unrated_estimate.trf").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("001")]
    names = ["Zeta", "Eta", "Alpha", "Beta", "Gamma", "Delta"]
    for i, name in enumerate(names, start=1):
        lines.append(f"001 {i:>4} m    {name:<32}  2000                             0.0")
    path = tmp_path / "equal.trf"
    path.write_text("\n".join(lines) + "\n")
    t = load_trf(path)
    by_name = Engine(load_ruleset(_variant(tmp_path, "by-name", "ranking: ratings\n"))).pair(t)
    # alphabetical: Alpha 3, Beta 4, Delta 6, Eta 2, Gamma 5, Zeta 1 -> S1 3 4 6, S2 2 5 1
    assert [(b.white, b.black) for b in by_name.boards] == [(3, 2), (5, 4), (6, 1)]
    by_number = Engine(
        load_ruleset(
            _variant(tmp_path, "by-number", "ranking: ratings\nranking_last: pairing-number\n")
        )
    ).pair(t)
    assert [(b.white, b.black) for b in by_number.boards] == [(1, 4), (5, 2), (3, 6)]


def test_rating_corrections_count_only_when_ranking_by_ratings(tmp_path: Path) -> None:
    """F7/AMB-D20: a rating corrected during the event changes the order only under
    `ranking: ratings`; by default the pairing numbers fixed before round 1 stay."""
    text = (DATA / "a2_pairing_number_unrated_estimate.trf").read_text()
    # player 6 corrected to 2500 (the file's rating field is the current one)
    text = text.replace(
        "Player F                          2300", "Player F                          2500"
    )
    path = tmp_path / "corrected.trf"
    path.write_text(text)
    t = load_trf(path)
    default = Engine(load_ruleset(RULESET)).pair(t)
    assert [(b.white, b.black) for b in default.boards] == [(1, 4), (5, 2), (3, 6)]
    ratings = Engine(load_ruleset(_variant(tmp_path, "by-ratings2", "ranking: ratings\n"))).pair(t)
    # order 6 1 3 4 5 2: S1 6 1 3, S2 4 5 2 -> 6-4, 5-1, 3-2
    assert [(b.white, b.black) for b in ratings.boards] == [(6, 4), (5, 1), (3, 2)]


def test_start_list_not_in_rating_order_is_pointed_out(tmp_path: Path) -> None:
    """AMB-D20: the start numbers are taken as pairing numbers; an alphabetical start list
    (ratings out of order) is worth a word in the explanation."""
    text = (DATA / "a2_pairing_number_unrated_estimate.trf").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("001")]
    for i, rating in enumerate([1800, 2400, 1900, 2300, 2000, 2200], start=1):
        lines.append(f"001 {i:>4} m    Player {i:<25}  {rating}                             0.0")
    path = tmp_path / "alpha.trf"
    path.write_text("\n".join(lines) + "\n")
    pairing = Engine(load_ruleset(RULESET)).pair(load_trf(path))
    assert any("do not follow the ratings" in e.render("en") for e in pairing.events)
    quiet = Engine(load_ruleset(RULESET)).pair(
        load_trf(DATA / "a2_pairing_number_unrated_estimate.trf")
    )
    assert not any("do not follow the ratings" in e.render("en") for e in quiet.events)


# --------------------------------------------------------------------------- C10 / C14 readings
def test_literal_c10_moves_the_whole_a3_bracket_down(tmp_path: Path) -> None:
    """`upfloat_relaxation: remainder-only` (the literal C10: upfloat criteria are dropped only
    for a remainder group that failed).  In c10_upfloat_relaxed_in_a3_bracket bracket {1; 3}
    is treated as homogeneous (A3), so 3's B5 upfloat is never dropped: C11 changes nothing,
    C14 lowers P to 0 and 1 and 3 move down.  Bracket {1, 3; 2, 4, 6, 7} is heterogeneous:
    S1 = 1 3, S2 = 2 4 6 7, X = 0 (W: 1, 3, 4; B: 2, 6, 7).  C6 1-2, 3-4 misses a preference
    (3 and 4 want White); C7: 2 6 — 3-6 met; 2 7 — 1-2, 3-7 comply.  Remainder 4-6.  Colours
    E1 on every board: 1-2, 3-7, 4-6; 5 the bye — the default's 1-3 is lost."""
    literal = Engine(
        load_ruleset(
            _variant(tmp_path, "c10-literal", "parameters: {upfloat_relaxation: remainder-only}\n")
        )
    )
    pairing = literal.pair(load_trf(DATA / "c10_upfloat_relaxed_in_a3_bracket.trf"))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 2), (3, 7), (4, 6)]
    assert [y.player for y in pairing.byes] == [5]
    assert any(e.rule == "Dutch-1992 C14" for e in pairing.events)
    assert not any(e.rule == "Dutch-1992 C10" for e in pairing.events)


def test_literal_c14_restart_keeps_what_c9_c11_dropped(tmp_path: Path) -> None:
    """`c14_restart: literal`: after C14 the procedure goes on at C4 with B5/B6 dropped and X
    = P (the raised X less one).  In c14_restart_strict_after_lowering_p, bracket {2, 1, 3; 5}
    at P = 1 then allows one missed preference: D2's first exchange 2<->1 gives S1 = 1,
    S2 = 2 3 5, and 1-3 (both want Black) is accepted; 2 and 5 move down.  Bracket {2, 5; 4, 6}:
    5-6 met, C7: 2-6, 5-4.  Colours: 2-6 E1; 3-1 E4 (both strong Black, the same colours in
    every round: the higher-ranked 1 gets Black); 5-4 E2 (5's absolute White)."""
    literal = Engine(
        load_ruleset(_variant(tmp_path, "c14-literal", "parameters: {c14_restart: literal}\n"))
    )
    pairing = literal.pair(load_trf(DATA / "c14_restart_strict_after_lowering_p.trf"))
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 6), (3, 1), (5, 4)]


def test_c14_zero_remainder_pairs_the_residents(tmp_path: Path) -> None:
    """`c14_zero: remainder` (A3: the players left over form the remainder group, always
    processed as homogeneous).  In c14_restart_strict_after_lowering_p, bracket {2; 1, 3}
    reaches P = 0 (2 met both); instead of the whole bracket moving down (the text of C14),
    the residents 1 and 3 are paired as the remainder (X = 1: W none, B {1, 3}, Q = 1, so the
    missed preference is allowed) and only 2 moves on.  Bracket {2; 5}: met, both move down;
    bracket {2, 5; 4, 6}: C6 2-4, 5-6 (met), C7: 2-6, 5-4.  Colours: 2-6 E1, 3-1 E4 (the
    higher-ranked 1 gets his Black), 5-4 E2 (5's absolute White).  F1: 2-6, 3-1, 5-4."""
    variant = Engine(
        load_ruleset(_variant(tmp_path, "c14-zero", "parameters: {c14_zero: remainder}\n"))
    )
    pairing = variant.pair(load_trf(DATA / "c14_restart_strict_after_lowering_p.trf"))
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 6), (3, 1), (5, 4)]
    assert any(
        "residents are paired as the remainder group" in e.render("en") for e in pairing.events
    )
