"""The memo of the bracket search gives the answer an uncached search gives (issue 20).

:class:`swisspairing.bracket_search.BracketSearch` remembers every state ``(bracket, players
moved down into it, in the order handed over)`` it solved or saw fail, and answers the state
from that memo when it is reached again (C12's fallbacks re-solve the bracket below; C13 and
the backtracking reach a lower bracket with the same players from several outcomes above).
The tests pair random scripted systems — brackets whose outcomes are a fixed random function
of the state, some refusing, some leaving moved-down players unpaired (``cost > 0``, C12), the
same players handed down in either order (the cache contract: another order is another state,
with other outcomes) — once with the memo and once without it (``BracketSearch.memo = False``:
every state searched again each time), assert that both paths of the memo are taken (solved
and failed states answered from it) and that boards, byes and explanation are the same, the
count of outcomes undone aside (that count is the work the memo saves).  A memo keyed by the
set of players moved down (issue 20's concern) fails it, and so did the explanation while
C12's sentence was written into the round's log by every search that found it (twice when the
state was searched twice): it now travels with the solution.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from swisspairing import (
    Bracket,
    BracketOutcome,
    Engine,
    NoValidPairingError,
    Player,
    Tournament,
    hookimpl,
)
from swisspairing import engine as engine_module
from swisspairing.bracket_search import BracketSearch
from swisspairing.manager import make_manager
from swisspairing.ruleset import ruleset_from_mapping

UNDONE = "pairings of this bracket undone because a lower bracket could not be paired: {count}"


class RandomBrackets:
    """A system whose brackets and outcomes are drawn at random, once per state: the outcomes
    of ``(bracket, moved_down)`` are a fixed function of the seed and the state, so a state
    asked for again gets the same answer (as of every real system)."""

    def __init__(self, seed: int, players: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        numbers = list(range(1, players + 1))
        cuts = sorted(rng.sample(range(1, players), rng.randint(3, 5)))
        self.brackets = [
            tuple(numbers[a:b]) for a, b in zip([0, *cuts], [*cuts, players], strict=True)
        ]

    @hookimpl
    def swiss_build_brackets(self, ranked: Any, context: Any) -> list[Bracket]:
        return [
            Bracket(i, float(len(self.brackets) - i), residents)
            for i, residents in enumerate(self.brackets)
        ]

    @hookimpl
    def swiss_pair_bracket(self, bracket: Bracket, context: Any) -> Iterator[BracketOutcome]:
        # which residents move down depends on the bracket and on how many came down, not on
        # who, so that different states above hand the same players down (states recur); how
        # many outcomes there are and their pairs depend on the whole state
        rng = random.Random(f"{self.seed}/{bracket.index}/{bracket.moved_down}")
        shape = random.Random(f"{self.seed}/{bracket.index}/{len(bracket.moved_down)}")
        players = list(bracket.players)
        residents = list(bracket.residents)
        came_down = set(bracket.moved_down)
        out = []
        for _ in range(rng.choice((0, 1, 2, 3, 4, 5))):
            k = 0 if bracket.is_last else shape.choice((0, 1, 2, 2, 3, 4))
            k = min(k + (len(players) - k) % 2, len(players))
            down = sorted(shape.sample(residents, min(k, len(residents))))
            if len(down) < k or (bracket.moved_down and rng.random() < 0.2):
                # a moved-down player left unpaired (C12: the bracket above is asked first)
                extra = rng.choice(bracket.moved_down) if bracket.moved_down else None
                if extra is not None and extra not in down:
                    down = sorted([*down[: k - 1], extra]) if k else []
            rest = [y for y in players if y not in down]
            if len(rest) % 2:
                continue
            rng.shuffle(rest)
            made = tuple(
                (min(a, b), max(a, b)) for a, b in zip(rest[0::2], rest[1::2], strict=True)
            )
            cost = sum(1 for y in down if y in came_down)
            if rng.random() < 0.5:  # handed over in another order: another state (the
                down.reverse()  # cache contract), whose outcomes differ
            out.append(BracketOutcome(made, tuple(down), cost=cost))
        return iter(out)


def _engine(system: RandomBrackets) -> Engine:
    ruleset = ruleset_from_mapping(
        {"schema_version": 1, "id": "random-brackets", "system": "random-brackets"},
        system_schema=lambda system: {"type": "object"},
    )
    return Engine(ruleset, manager=make_manager(None, [system]))


def _answer(system: RandomBrackets, players: int) -> tuple[Any, ...]:
    tournament = Tournament(
        players=tuple(Player(n, rating=2000 - n) for n in range(1, players + 1))
    )
    try:
        result = _engine(system).pair(tournament)
    except NoValidPairingError as exc:
        return ("none", str(exc))
    return (
        "ok",
        tuple(sorted(frozenset(b.players) for b in result.boards)),
        tuple(b.player for b in result.byes),
        tuple((e.rule, e.render("en"), e.bracket) for e in result.events if e.message != UNDONE),
    )


class Recording(BracketSearch):
    """Keeps every search made, to read its memo's hits."""

    made: ClassVar[list[BracketSearch]] = []
    solves = 0

    def _solve(self, state: Any) -> Any:
        Recording.solves += 1
        return super()._solve(state)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        Recording.made.append(self)


class Uncached(Recording):
    memo = False


@pytest.fixture()
def recording(monkeypatch: pytest.MonkeyPatch) -> list[BracketSearch]:
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")
    Recording.made = []
    monkeypatch.setattr(engine_module, "BracketSearch", Recording)
    return Recording.made


def test_the_memo_answers_as_an_uncached_search(
    recording: list[BracketSearch], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch-1992 C12/C13 (the engine's backtracking): 1,500 random scripted rounds paired
    with and without the memo give the same pairing and explanation; solved and failed states
    (and their first costs, C12's question) are answered from the memo, many times."""
    hits = {"solved": 0, "failed": 0, "cost of solved": 0, "cost of failed": 0}
    paired = 0
    for seed in range(1500):
        players = 12 + 2 * (seed % 3)
        monkeypatch.setattr(engine_module, "BracketSearch", Recording)
        cached = _answer(RandomBrackets(seed, players), players)
        search = recording[-1]
        for name, count in search.hits.items():
            hits[name] += count
        monkeypatch.setattr(engine_module, "BracketSearch", Uncached)
        uncached = _answer(RandomBrackets(seed, players), players)
        assert sum(recording[-1].hits.values()) == 0  # the uncached search never looked
        assert cached == uncached, seed
        paired += cached[0] == "ok"
    assert hits["solved"] >= 20 and hits["failed"] >= 2, hits
    assert hits["cost of failed"] >= 20 and hits["cost of solved"] >= 1, hits
    assert 100 <= paired < 1400  # pairings found and searches exhausted, both


def test_a_memo_hit_saves_the_search(
    recording: list[BracketSearch], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A state answered from the memo is not searched again: with the memo, the search of a
    round that hits it descends fewer states than without (the memo is used, not only
    filled)."""
    seed = next(
        s
        for s in range(400)
        if (_answer(RandomBrackets(s, 12), 12), recording[-1].hits["failed"])[1] > 0
    )
    solves: list[int] = []
    for cls in (Recording, Uncached):
        monkeypatch.setattr(engine_module, "BracketSearch", cls)
        Recording.solves = 0
        _answer(RandomBrackets(seed, 12), 12)
        solves.append(Recording.solves)
    assert solves[0] < solves[1], solves
