"""Property: the order inside every score group is the one the variant's rule fixes, computed
here from the round's history alone (issue 27: the property tests checked only the absolute
criteria, so any legal pairing passed them).

For every round of seeded simulations (draws, forfeits, absences, withdrawals, unrated
players) the explanation's "score group … order by …" line of each group is compared with
the order derived here from the tournament before the round:

- RDF 5.4.10.5.3 (``rdf-coefficient``; rounds 1–2 of ``rdf-solkoff``, 5.4.10.6.1): inside a
  score group by classification number, ascending when an odd round is paired and
  descending when an even one is (AMB-R2: the round being paired).
- RDF 5.4.10.6.2 (``rdf-solkoff``, rounds ≥ 3): descending truncated Solkoff — the current
  scores of all opponents met, without the single worst — then classification number
  ascending.
- RDF 5.4.10.7.3 / 5.4.10.7.6 (``rdf-buchholz``): classification number ascending in
  round 2 (no odd/even alternation is stated, AMB-R2); from round 3 descending current
  Buchholz — the current scores of all opponents met — then classification number.
- RDF 5.4.10.5.1: the classification number is the one recorded before round 1 (the
  ``SPN`` records of the file, AMB-R13), read here from the file's records; in round 1 the
  classification itself puts rated players by descending rating before the unrated.

Coefficients count opponents actually played (AMB-R10, ``coefficient_policy: computer``);
a forfeit win is a win and a forfeit is not a game.  The score scale (2/1/0 or 1/½/0) does
not change any order, so scores are counted here as 1/½/0.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from rdf_simulation import RDF_CONFIG
from swisspairing import Engine, RoundPairing, Tournament, load_ruleset
from swisspairing.simulate import simulate

_WIN = frozenset("1+WU")
_DRAW = frozenset("=DH")


class _ExplainingEngine(Engine):
    """Every round paired with its explanation (the group order is read from it)."""

    def pair(self, tournament: Tournament, **kwargs):  # type: ignore[override]
        kwargs["explain"] = True
        return super().pair(tournament, **kwargs)


def _scores(t: Tournament, rounds: int) -> dict[int, float]:
    out = {}
    for p in t.players:
        s = 0.0
        for rec in p.rounds[:rounds]:
            if rec is None:
                continue
            s += 1.0 if rec.result in _WIN else 0.5 if rec.result in _DRAW else 0.0
        out[p.number] = s
    return out


def _opponents(t: Tournament, rounds: int) -> dict[int, list[int]]:
    """Opponents actually played (a forfeit is not a game, AMB-R10)."""
    return {
        p.number: [
            rec.opponent
            for rec in p.rounds[:rounds]
            if rec is not None and rec.opponent is not None and rec.result in "10=WDL"
        ]
        for p in t.players
    }


def _classification(t: Tournament) -> dict[int, int]:
    """The ``SPN NNNN CCCC`` records of the file (RDF 5.4.10.5.1, AMB-R13)."""
    out = {}
    for code, line in t.header:
        if code == "SPN":
            player, number = line[3:].split()
            out[int(player)] = int(number)
    return out


def _expected_key(
    variant: str, rnd: int, cls: Mapping[int, int], score: Mapping[int, float], opp
) -> object:
    def solkoff(n: int) -> float:
        met = sorted(score[o] for o in opp[n])
        return sum(met[1:])

    def buchholz(n: int) -> float:
        return sum(score[o] for o in opp[n])

    if variant == "solkoff" and rnd >= 3:
        return lambda n: (-solkoff(n), cls[n])
    if variant == "buchholz" and rnd >= 3:
        return lambda n: (-buchholz(n), cls[n])
    if variant == "buchholz" or rnd % 2 == 1:
        return lambda n: cls[n]
    return lambda n: -cls[n]


def _group_lines(pairing: RoundPairing) -> list[tuple[float, list[int]]]:
    out = []
    for e in pairing.events:
        if "order by" in e.message and "players" in e.args:
            labels = e.args["players"]
            out.append((float(e.args["score"]), [int(str(x).split()[0]) for x in labels]))
    return out


@pytest.mark.parametrize("variant", ["coefficient", "solkoff", "buchholz"])
@pytest.mark.parametrize(("players", "rounds", "seed"), [(12, 7, 1), (21, 9, 2), (40, 9, 3)])
def test_every_score_group_is_in_the_rules_order(variant, players, rounds, seed):
    engine = _ExplainingEngine(load_ruleset(f"rdf-{variant}"))
    seen: list[int] = []

    def on_round(before: Tournament, pairing: RoundPairing) -> None:
        rnd = pairing.round
        groups = _group_lines(pairing)
        assert groups, f"round {rnd}: no group order in the explanation"
        if rnd == 1:
            # 5.4.10.5.1: rated players by descending rating, then the unrated
            order = [n for _, g in groups for n in g]
            rating = {p.number: p.rating for p in before.players}
            rated = [n for n in order if rating[n]]
            assert rated == order[: len(rated)], "round 1: an unrated player before a rated one"
            assert [rating[n] for n in rated] == sorted((rating[n] for n in rated), reverse=True)
            seen.append(rnd)
            return
        cls = _classification(before)
        score = _scores(before, rnd - 1)
        key = _expected_key(variant, rnd, cls, score, _opponents(before, rnd - 1))
        for group_score, members in groups:
            assert len({score[n] for n in members}) == 1, (
                f"round {rnd}: group {group_score} holds players of other scores: {members}"
            )
            assert members == sorted(members, key=key), (
                f"round {rnd}, {variant}: group {group_score} is in the order {members}, "
                f"the rule gives {sorted(members, key=key)}"
            )
        seen.append(rnd)

    simulate(engine, players, rounds, seed, RDF_CONFIG, on_round=on_round)
    assert seen == list(range(1, rounds + 1))


def test_the_property_fails_on_a_wrong_order():
    """The check is not vacuous: the descending order of an even round, asked of an odd
    one, is refused (5.4.10.5.3)."""
    cls = {1: 1, 2: 2, 3: 3}
    key = _expected_key("coefficient", 3, cls, {}, {})
    assert sorted([3, 2, 1], key=key) != [3, 2, 1]
    key_even = _expected_key("coefficient", 2, cls, {}, {})
    assert sorted([1, 2, 3], key=key_even) == [3, 2, 1]
