"""The engine: the shared backtracking loop between brackets (``Engine.pair_brackets``) and
the core defaults pairing a usable Swiss on their own.

The bracket loop is exercised twice: with the core's default bracket pairing on a real
tournament, and with a scripted ``swiss_pair_bracket`` plugin whose outcomes are chosen so
that only one path through the brackets works.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import (
    BLACK,
    WHITE,
    Bracket,
    BracketOutcome,
    Engine,
    InvalidRulesetError,
    NoValidPairingError,
    Player,
    PointSystem,
    RoundRecord,
    Tournament,
    dumps_trf,
    hookimpl,
    read_trf,
)
from swisspairing.manager import make_manager
from swisspairing.ruleset import ruleset_from_mapping
from swisspairing.trf import check_points


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Explanations are asserted in English, whatever the developer's ``LANG``."""
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


def core_ruleset(**values):
    """A ruleset for a system that implements nothing: the core defaults pair."""
    data = {"schema_version": 1, "id": "core-defaults", "system": "core-defaults", **values}
    return ruleset_from_mapping(data, system_schema=lambda system: {"type": "object"})


def core_engine(*plugins, **values) -> Engine:
    return Engine(core_ruleset(**values), manager=make_manager(None, plugins))


def line001(number: int, points: str, *blocks: str, rating: int) -> str:
    head = (
        f"001 {number:>4} m    {'Player ' + str(number):<33} {rating:>4} GER {'':>11} {'':10} "
        f"{points:>4} {'':4}"
    )
    return (head + "".join("  " + b for b in blocks)).rstrip()


def round_one_played(n: int, extra: tuple[str, ...] = ()) -> Tournament:
    """``n`` (even) players; round 1: k (White) beat k + n/2."""
    half = n // 2
    lines = ["012 Engine test", "XXR 5", *extra]
    for k in range(1, half + 1):
        lines.append(line001(k, "1.0", f"{k + half:04d} w 1", rating=2400 - 10 * k))
    for k in range(half + 1, n + 1):
        lines.append(line001(k, "0.0", f"{k - half:04d} b 0", rating=2400 - 10 * k))
    return read_trf("\n".join(lines) + "\n")


def pairs_of(pairing) -> set[frozenset[int]]:
    return {frozenset(b.players) for b in pairing.boards}


# ---------------------------------------------------------------------- backtracking, core defaults
def test_lower_bracket_forces_a_different_pairing_above() -> None:
    """After round 1 (1-4, 2-5, 3-6, white won): bracket {1, 2, 3} on 1 point, {4, 5, 6} on 0.
    ``XXP 3 4`` and ``XXP 3 5`` forbid 3 from meeting 4 and 5; 3 has met 6.

    The top bracket's first choice pairs 1-2 and moves 3 down, but 3 can meet nobody below.
    The engine must go back and take the next outcome: 1-3, moving 2 down; below, 2 (who met
    5) meets 6, and 4-5 remain."""
    t = round_one_played(6, ("XXP 3 4", "XXP 3 5"))
    pairing = core_engine().pair(t)
    assert pairs_of(pairing) == {frozenset({1, 3}), frozenset({2, 6}), frozenset({4, 5})}
    assert pairing.byes == ()
    # the first choice is not even descended: a maximum matching shows that 3 and the lower
    # bracket cannot all be paired
    passed = [e for e in pairing.events if "passed over" in e.render()]
    assert [(e.bracket, e.render()) for e in passed] == [
        (
            0,
            "pairings of this bracket passed over because the players they move down and the "
            "lower brackets could not all be paired (maximum matching): 1",
        )
    ]
    assert "player 2 moves down to the next bracket" in [e.render() for e in pairing.events]


def test_without_the_constraint_the_first_choice_stands() -> None:
    pairing = core_engine().pair(round_one_played(6))
    assert frozenset({1, 2}) in pairs_of(pairing)
    assert not any("undone" in e.render() for e in pairing.events)


def test_no_valid_pairing_is_proved_before_any_search() -> None:
    """Player 10 met 5 and ``XXP`` forbids all others: no pairing exists.  A maximum matching
    proves it before any search, and the message says why for every opponent."""
    t = round_one_played(10, tuple(f"XXP 10 {n}" for n in range(1, 10)))
    expected = (
        "^no valid pairing exists: player 10 cannot be paired with anybody: "
        "already met player 5; may not meet players 1, 2, 3, 4, 6, 7, 8, 9 \\(forbidden pairs\\)$"
    )
    with pytest.raises(NoValidPairingError, match=expected) as exhausted:
        core_engine().pair(t)
    assert exhausted.value.exit_code == 1


def test_search_budget_is_no_ruleset_key() -> None:
    """Issue 20: no pairing is decided by a search budget; a ruleset naming the retired
    ``search_budget`` is refused with the key, not silently accepted."""
    with pytest.raises(InvalidRulesetError, match=r"\$: unknown key search_budget$"):
        core_ruleset(search_budget=200_000)


# ---------------------------------------------------------------------- backtracking, scripted
class Scripted:
    """Brackets and their outcomes fixed by a script:
    ``{(bracket index, moved-down players): [outcomes…]}``; records every call."""

    def __init__(self, brackets: list[tuple[int, ...]], script: dict) -> None:
        self.brackets = brackets
        self.script = script
        self.calls: list[tuple[int, tuple[int, ...]]] = []
        self.yielded: list[tuple[int, BracketOutcome]] = []

    @hookimpl
    def swiss_build_brackets(self, ranked, context) -> list[Bracket]:
        return [
            Bracket(i, float(len(self.brackets) - i), residents)
            for i, residents in enumerate(self.brackets)
        ]

    @hookimpl
    def swiss_pair_bracket(self, bracket: Bracket, context) -> Iterator[BracketOutcome]:
        self.calls.append((bracket.index, bracket.moved_down))

        def outcomes() -> Iterator[BracketOutcome]:
            for outcome in self.script.get((bracket.index, bracket.moved_down), []):
                self.yielded.append((bracket.index, outcome))
                yield outcome

        return outcomes()


def six_players() -> Tournament:
    return Tournament(players=tuple(Player(n, rating=2000 - n) for n in range(1, 7)))


def O(*pairs: tuple[int, int], down: tuple[int, ...] = (), cost: int = 0) -> BracketOutcome:  # noqa: E743
    return BracketOutcome(tuple(pairs), down, cost=cost)


def test_backtracking_across_a_middle_bracket() -> None:
    """Only the second outcome of bracket 0 leads to a lowest bracket that can be paired."""
    plugin = Scripted(
        [(1, 2, 3), (4, 5), (6,)],
        {
            (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
            (1, (3,)): [O((3, 4), down=(5,)), O((4, 5), down=(3,))],
            (1, (2,)): [O((2, 5), down=(4,))],
            (2, (5,)): [],
            (2, (3,)): [],
            (2, (4,)): [O((4, 6))],
        },
    )
    pairing = core_engine(plugin).pair(six_players())
    assert pairs_of(pairing) == {frozenset({1, 3}), frozenset({2, 5}), frozenset({4, 6})}
    assert plugin.calls == [(0, ()), (1, (3,)), (2, (5,)), (2, (3,)), (1, (2,)), (2, (4,))]


def test_outcomes_moving_down_the_same_players_are_tried_once() -> None:
    plugin = Scripted(
        [(1, 2, 3, 4), (5, 6)],
        {
            # the first two move down the same set {3, 4}: the second is skipped
            (0, ()): [
                O((1, 2), down=(3, 4)),
                O((2, 1), down=(4, 3)),
                O((1, 3), down=(2, 4)),
                O((1, 2), (3, 4)),
            ],
            (1, (3, 4)): [],
            (1, (2, 4)): [],
            (1, ()): [O((5, 6))],
        },
    )
    pairing = core_engine(plugin).pair(six_players())
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    assert plugin.calls == [(0, ()), (1, (3, 4)), (1, (2, 4)), (1, ())]


def test_a_failed_bracket_is_not_paired_again_for_the_same_players() -> None:
    """Both outcomes of bracket 0 lead to bracket 1 moving 5 down; bracket 2 fails with 5
    the first time and is not asked again (memo of failed (bracket, moved-down) states)."""
    plugin = Scripted(
        [(1, 2, 3), (4, 5), (6,)],
        {
            (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
            (1, (3,)): [O((3, 4), down=(5,))],
            (1, (2,)): [O((2, 4), down=(5,))],
            (2, (5,)): [O(down=(5, 6))],
        },
    )
    with pytest.raises(NoValidPairingError, match="no valid pairing exists"):
        core_engine(plugin).pair(six_players())
    assert plugin.calls.count((2, (5,))) == 1
    assert plugin.calls == [(0, ()), (1, (3,)), (2, (5,)), (1, (2,))]


def test_cost_makes_the_bracket_above_try_an_equal_alternative() -> None:
    """C12-style: the lowest bracket can only be paired at cost 1 with 3 moved down; the
    engine asks bracket 0 for another outcome of the same cost, with which it costs 0."""
    script = {
        (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
        (1, (3,)): [O((3, 4), (5, 6), cost=1)],
        (1, (2,)): [O((2, 4), (5, 6))],
    }
    pairing = core_engine(Scripted([(1, 2, 3), (4, 5, 6)], script)).pair(six_players())
    assert pairs_of(pairing) == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})}
    assert any(
        "the bracket above was paired differently" in e.render() and e.bracket == 1
        for e in pairing.events
    )
    # when the alternative costs as much below, the first outcome is kept
    script[(1, (2,))] = [O((2, 4), (5, 6), cost=1)]
    pairing = core_engine(Scripted([(1, 2, 3), (4, 5, 6)], script)).pair(six_players())
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    # an alternative above with a different cost is not taken
    script[(0, ())] = [O((1, 2), down=(3,)), O((1, 3), down=(2,), cost=1)]
    script[(1, (2,))] = [O((2, 4), (5, 6))]
    plugin = Scripted([(1, 2, 3), (4, 5, 6)], script)
    pairing = core_engine(plugin).pair(six_players())
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    assert (1, (2,)) not in plugin.calls


def test_an_exhausted_search_is_the_proof() -> None:
    """Bracket 0 offers 500 outcomes moving down one of five players, bracket 1 (the system's
    own criteria) can never be paired although the absolute criteria would allow it.  No
    budget cuts the search short (issue 20): every outcome is looked at, each set of
    moved-down players is asked of bracket 1 once, and only then does the engine say "no
    valid pairing exists" (the exhausted search is the proof; the matching has no witness)."""

    class Refusing(Scripted):
        @hookimpl
        def swiss_pair_bracket(self, bracket, context):
            self.calls.append((bracket.index, bracket.moved_down))
            if bracket.index == 1:
                return iter(())
            return self._drawn(O(down=(k % 5 + 1,)) for k in range(500))

        def _drawn(self, outcomes):
            for outcome in outcomes:
                self.yielded.append((0, outcome))
                yield outcome

    plugin = Refusing([(1, 2, 3, 4, 5), (6,)], {})
    with pytest.raises(NoValidPairingError, match=r"^no valid pairing exists$") as failed:
        core_engine(plugin).pair(six_players())
    assert failed.value.exit_code == 1
    assert len(plugin.yielded) == 500
    # bracket 1 is asked once per distinct set of moved-down players (memoised), bracket 0 once
    assert sorted(plugin.calls) == [(0, ())] + [(1, (k,)) for k in range(1, 6)]


def test_bye_is_left_over_in_the_lowest_bracket() -> None:
    """Five players: the last bracket must leave exactly one player, who may have the bye
    (not player 5: he already had the pairing-allocated bye)."""
    t = read_trf(
        "\n".join(
            [
                "XXR 5",
                line001(1, "1.0", "0002 w 1", rating=2000),
                line001(2, "0.0", "0001 b 0", rating=1990),
                line001(3, "1.0", "0004 w 1", rating=1980),
                line001(4, "0.0", "0003 b 0", rating=1970),
                line001(5, "1.0", "0000 - U", rating=1960),
            ]
        )
        + "\n"
    )
    pairing = core_engine().pair(t)
    assert len(pairing.byes) == 1 and pairing.byes[0].player != 5
    assert pairing.byes[0].result == "U"
    assert sorted([*(n for b in pairing.boards for n in b.players), pairing.byes[0].player]) == [
        1,
        2,
        3,
        4,
        5,
    ]


# --------------------------------------------------------------------- the core defaults as a Swiss
def _valid_pairing_exists(engine: Engine, t: Tournament) -> bool:
    """Brute force: some perfect matching (plus one eligible bye) meets the absolute criteria."""
    ctx = engine.context(t, explain=False)
    players = list(ctx.participants)

    def match(rest: list[int]) -> bool:
        if not rest:
            return True
        a = rest[0]
        return any(
            ctx.compatible(a, b) and match([x for x in rest[1:] if x != b]) for b in rest[1:]
        )

    if len(players) % 2:
        return any(
            ctx.can_receive_bye(b) and match([p for p in players if p != b]) for b in players
        )
    return match(players)


@settings(max_examples=60)
@given(
    n=st.integers(2, 11),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 2**32),
)
def test_core_defaults_pair_a_usable_swiss(n: int, rounds: int, seed: int) -> None:
    """Round after round with random results and absences: everyone present is paired once
    or gets the one bye, nobody meets twice, colour limits hold, the bye goes to an eligible
    player, the pairing is deterministic; ``check`` finds nothing and the file reads back.
    When the engine finds no pairing, none exists (checked by brute force)."""
    rng = random.Random(seed)
    engine = core_engine()
    t = Tournament(
        players=tuple(
            Player(k, name=f"P{k}", rating=rng.randrange(1000, 2800), points=0.0)
            for k in range(1, n + 1)
        ),
        total_rounds=rounds,
    )
    for rnd in range(1, rounds + 1):
        absent = (
            frozenset(rng.sample(range(1, n + 1), k=rng.choice([0, 0, 1])))
            if n > 3
            else frozenset()
        )
        t = dataclasses.replace(t, absent_next=absent)
        try:
            pairing = engine.pair(t)
        except NoValidPairingError:
            assert not _valid_pairing_exists(engine, t)
            return
        assert pairing == engine.pair(t)  # deterministic
        ctx = engine.context(t, explain=False)
        participants = sorted(ctx.participants)
        seen = [n_ for b in pairing.boards for n_ in b.players] + [b.player for b in pairing.byes]
        assert sorted(seen) == participants  # everyone once
        assert len(pairing.byes) == len(participants) % 2
        for bye in pairing.byes:
            assert ctx.can_receive_bye(bye.player)
        for board in pairing.boards:
            assert ctx.may_meet(board.white, board.black)
            assert ctx.colour_allowed(board.white, WHITE) and ctx.colour_allowed(board.black, BLACK)
        t = engine.apply(t, pairing)
        results = {}
        for board in pairing.boards:
            res = rng.choice("10=")
            results[board.white] = RoundRecord(board.black, WHITE, res)
            results[board.black] = RoundRecord(
                board.white, BLACK, {"1": "0", "0": "1", "=": "="}[res]
            )
        t = t.with_round(rnd, results)
        assert all(t.player(a).record(rnd).result == "Z" for a in absent)
    assert engine.check(t) == []
    check_points(t, PointSystem())
    assert read_trf(dumps_trf(t)).players == t.players


def test_default_colours_alternate_and_follow_the_initial_colour() -> None:
    t = round_one_played(4)  # 1-3 and 2-4 with White for 1 and 2
    pairing = core_engine().pair(t)
    # 1 and 2 (1 point, both had White) cannot both get Black: the higher-ranked 1 gets his
    # preference (Black), 2 gets White; below 3 and 4 (both had Black): 3 gets White.
    assert {(b.white, b.black) for b in pairing.boards} == {(2, 1), (3, 4)}
    fresh = Tournament(
        players=tuple(Player(k, rating=2000 - k) for k in range(1, 5)), initial_colour=BLACK
    )
    first = core_engine().pair(fresh)
    # round 1: top half against bottom half, the top player has Black, colours alternate
    assert [(b.white, b.black) for b in first.boards] == [(3, 1), (2, 4)]


# ------------------------------------------------------------------ the search's caches
def eight_players() -> Tournament:
    return Tournament(players=tuple(Player(n, rating=2000 - n) for n in range(1, 9)))


def test_failed_state_is_not_asked_again() -> None:
    """A state (bracket, players moved down) that failed is remembered: bracket 2 with 5 and
    6 moved down offers nothing; reached again from bracket 1's other state it is not asked
    again, and bracket 1 takes its next outcome (C13: the penultimate bracket re-paired)."""
    plugin = Scripted(
        [(1, 2, 3), (4, 5, 6), (7, 8)],
        {
            (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
            (1, (3,)): [O((3, 4), down=(5, 6))],
            (1, (2,)): [O((2, 4), down=(5, 6)), O((2, 4), (5, 6))],
            (2, (5, 6)): [],
            (2, ()): [O((7, 8))],
        },
    )
    pairing = core_engine(plugin).pair(eight_players())
    assert pairs_of(pairing) == {frozenset(p) for p in [(1, 3), (2, 4), (5, 6), (7, 8)]}
    assert plugin.calls.count((2, (5, 6))) == 1


def test_solved_state_is_reused() -> None:
    """C12 keeps bracket 0's first outcome as a fallback when bracket 1 is paired with it only
    at a cost; when no other outcome of bracket 0 does better, the fallback's lower brackets
    come from the cache: bracket 1 and 2 are not asked again."""
    plugin = Scripted(
        [(1, 2, 3), (4, 5, 6), (7, 8)],
        {
            (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
            (1, (3,)): [O((3, 4), (5, 6)), O((3, 4), down=(5, 6), cost=1)],
            (2, ()): [],
            (2, (5, 6)): [O((5, 7), (6, 8))],
            (1, (2,)): [],
        },
    )
    pairing = core_engine(plugin).pair(eight_players())
    assert pairs_of(pairing) == {frozenset(p) for p in [(1, 2), (3, 4), (5, 7), (6, 8)]}
    assert plugin.calls.count((1, (3,))) == 1
    assert plugin.calls.count((2, (5, 6))) == 1


def test_states_are_keyed_by_the_order_handed_over() -> None:
    """The cache contract (core/bracket_search.py): a bracket is built with its moved-down
    players in the order handed over, so the same players in another order are another state,
    asked for on its own — a system whose answer depends on the order is not given the answer
    of the other order."""
    plugin = Scripted(
        [(1, 2, 3), (4, 5, 6), (7, 8)],
        {
            (0, ()): [O((1, 2), down=(3,)), O((1, 3), down=(2,))],
            (1, (3,)): [O((3, 4), down=(6, 5))],
            (1, (2,)): [O((2, 4), down=(5, 6))],
            (2, (6, 5)): [],
            (2, (5, 6)): [O((5, 7), (6, 8))],
        },
    )
    pairing = core_engine(plugin).pair(eight_players())
    assert pairs_of(pairing) == {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}
    assert (2, (6, 5)) in plugin.calls and (2, (5, 6)) in plugin.calls


def test_dutch_1992_stage_cap_is_no_ruleset_key(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 20 / AMB-D14: no count moves a Dutch-1992 bracket to a more relaxed stage; a
    ruleset naming the retired ``max_candidates_per_stage`` is refused with the key."""
    from swisspairing import load_ruleset

    path = tmp_path / "capped.yaml"
    path.write_text(
        "schema_version: 1\nid: capped\nextends: fide-dutch-1992\n"
        "parameters:\n  max_candidates_per_stage: 5000\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidRulesetError, match=r"unknown key max_candidates_per_stage"):
        load_ruleset(str(path))
