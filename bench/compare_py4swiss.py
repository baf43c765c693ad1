"""Agreement with py4swiss (PyPI ``py4swiss``) on generated tournaments.

Usage: python bench/compare_py4swiss.py [--system burstein|dubov] [--sizes 16 24 40]
       [--rounds 9] [--seeds 5] [--ruleset ID] [--realistic]
       [--c6-as-text] [--c7-as-text] [--order-as-text] [--bye-as-text] [--index-as-text]
       [--zero-byes-as-text] [--forfeit-upfloats] [--classify]

Burstein: ``--c6-as-text``, ``--c7-as-text`` and ``--order-as-text`` patch the three places
where py4swiss 0.3 departs from the text of Burstein-2025 (C6 weights reversed, C7 crediting a
floater's score only when he is listed first, 4.3 pairing the next player no better than a
float), so that the remaining differences can be traced; ``--classify`` names, for each
post-seeding round that differs, the criterion of 3.2.2 that separates the two pairings at the
first bracket where they differ (``bench/_burstein_criteria.py``).

Each tournament is simulated with swisspairing; before every round the same TRF is handed to
py4swiss and both pairings are compared: a round agrees when both engines make the same pairs
(and the same bye); "same colours" also compares who has White.  py4swiss implements the
Burstein text in force from 1 February 2026 (seeding rounds by its Dutch 2026 engine) and the
Dubov text in force from 2026; rounds swisspairing pairs by another text (Burstein seeding
rounds, Dubov 1997) are listed separately.  Without py4swiss installed the script says so.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import tempfile
from collections import defaultdict

from swisspairing import Engine, NoValidPairingError, dumps_trf, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate


def _trf_for_py4swiss(before, ps) -> str:  # type: ignore[no-untyped-def]
    """The TRF of ``before`` with points and rank filled in (py4swiss requires them); round-1
    lines padded to the first round block."""
    from dataclasses import replace

    from swisspairing import player_states

    del player_states
    # the points field counts every result listed, pre-entered byes of the round included
    t = replace(
        before,
        players=tuple(
            replace(p, points=sum(ps.points(r) for r in p.rounds), rank=p.number)
            for p in before.players
        ),
    )
    lines = []
    for line in dumps_trf(t).splitlines():
        if line.startswith("001") and len(line) < 91:
            line = line.ljust(91)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _theirs(
    engine_cls, trf_text: str
) -> tuple[set[frozenset[int]], set[tuple[int, int]], int | None]:
    from py4swiss.trf import TrfParser

    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as fh:
        fh.write(trf_text)
        path = fh.name
    try:
        from pathlib import Path

        pairings = engine_cls.generate_pairings(TrfParser.parse(Path(path)))
    finally:
        os.unlink(path)
    pairs, coloured, bye = set(), set(), None
    for p in pairings:
        if p.black == 0:
            bye = p.white
        else:
            pairs.add(frozenset((p.white, p.black)))
            coloured.add((p.white, p.black))
    return pairs, coloured, bye


def _patch_burstein_c6() -> None:
    """py4swiss 0.3 gives the lowest resident score the most significant C6 bits, so its
    matching pairs the lowest scores first and floats the highest (an incoming floater floats
    again); Burstein-2025 C6 minimises the floaters' scores taken in descending order, i.e.
    the highest score must be the most significant."""
    from py4swiss.engines.burstein import state as st

    def _get_score_bits(players):  # type: ignore[no-untyped-def]
        scores = [p.points_with_acceleration for p in players]
        bits = {key: scores.count(key).bit_length() for key in set(scores)}
        cumulative, total = {}, 0
        for key in sorted(bits):  # lowest score least significant
            cumulative[key] = total
            total += bits[key]
        return total, cumulative

    st.State._get_score_bits = staticmethod(_get_score_bits)


def _patch_burstein_c7() -> None:
    """py4swiss 0.3 credits, in C7, the score of an outgoing floater paired in the following
    bracket only when the floater is the first of the two players in its list (the better
    Index), so of two floaters of equal score the one ranked below his opponent counts for
    nothing; Burstein-2025 C7 (C6 of the following bracket) looks at the floaters' scores
    alone.  The patch credits the floater's score whichever end he is."""
    from py4swiss.dynamicuint import DynamicUint
    from py4swiss.engines.burstein.criteria.quality import c7
    from py4swiss.engines.burstein.player import PlayerRole

    def get_weight(cls, player_1, player_2, zero, state):  # type: ignore[no-untyped-def]
        weight = DynamicUint(zero)
        if PlayerRole.NONE in (player_1.role, player_2.role):
            return weight
        roles = (player_1.role, player_2.role)
        if PlayerRole.LOWER not in roles:
            return weight  # two residents: a pair of this bracket, not of the following one
        weight |= 1
        weight <<= state.resident_score_total_bits
        for player in (player_1, player_2):
            if player.role == PlayerRole.RESIDENT:
                bit = state.resident_score_bit_dict[player.points_with_acceleration]
                weight += (zero | 1) << bit
        return weight

    c7.C7.get_weight = classmethod(get_weight)


def _patch_burstein_order() -> None:
    """py4swiss 0.3 fixes the 4.3 order by adding 0, 1, 2, ... to the edges of the player at
    hand towards the players after him, so that pairing him with the very next player weighs
    the same as letting him float; 4.2 gives a floater's virtual opponent BSN 0, below every
    real opponent.  The patch adds 1, 2, 3, ... (a float stays at 0)."""
    from py4swiss.engines.burstein import pairer

    def determine_pairings(self):  # type: ignore[no-untyped-def]
        finalized = set()
        for i, resident in enumerate(self._resident_list):
            if resident in finalized:
                continue
            self._matcher.add_to_weights(resident, self._resident_list[i + 1 :], 1, increment=True)
            self._matcher.update_matching()
            match = self._matcher.matching[resident]
            self._matcher.finalize_match(resident, match)
            finalized |= {resident, match}

    pairer.Pairer.determine_pairings = determine_pairings


def _patch_dubov_c6() -> None:
    """py4swiss 0.3 rewards each upfloater's pair with a bit whose significance falls as the
    score difference grows, so its matching first maximises the pairs with the smallest
    difference; Dubov-2026 C6 minimises the differences taken in descending order (the
    largest difference most significant).  The patch makes each pair's C6 weight a constant
    minus a penalty whose significance grows with the difference."""
    from py4swiss.dynamicuint import DynamicUint
    from py4swiss.engines.dubov import state as st
    from py4swiss.engines.dubov.criteria.quality import c6
    from py4swiss.engines.dubov.player import PlayerRole

    def _bits(players):  # type: ignore[no-untyped-def]
        top = max(p.points_with_acceleration for p in players)
        diffs = [top - p.points_with_acceleration for p in players]
        diffs = [d for d in diffs if d != 0]
        width = len(players).bit_length() + 1
        cumulative = {d: i * width for i, d in enumerate(sorted(set(diffs)))}
        return (len(cumulative) + 1) * width, cumulative

    def get_weight(cls, player_1, player_2, zero, state):  # type: ignore[no-untyped-def]
        weight = DynamicUint(zero)
        if player_1.role == PlayerRole.LOWER or player_2.role == PlayerRole.RESIDENT:
            return weight
        diff = player_1.points_with_acceleration - player_2.points_with_acceleration
        full = DynamicUint(zero) | 1
        full <<= state.score_difference_total_bits - state.bracket_bits - 1
        pen = DynamicUint(zero) | 1
        pen <<= state.score_difference_bit_dict[diff]
        return weight + full - pen

    st.State._get_score_difference_bits = staticmethod(_bits)
    c6.C6.get_weight = classmethod(get_weight)


def _patch_bye() -> None:
    """py4swiss 0.3 ranks the PAB candidates' games so that the matching prefers the one who
    has played the *fewest* (rank 0 for the most games, and the larger weight wins), in its
    Dubov and its Burstein engine alike, whereas Dubov-2026 3.1.4 and Burstein-2025 3.1 give
    the PAB to the one who "has played the highest number of games" (its own comments quote
    it).  The patch reverses that rank.  Then, for the lowest ranking (3.1.5), py4swiss adds 1
    to one candidate's weight after the other, from the bottom of the ranking up, and keeps
    the first who gets the PAB; that 1 lands in the lowest bit of the games field, so a
    candidate who has played one game fewer than the best ties with him and may win.  The
    patch shifts the weights one bit to the left, so that the 1 only separates equals."""
    from py4swiss.engines.burstein.bye_matcher import ByeMatcher as BursteinBye
    from py4swiss.engines.dubov.bye_matcher import ByeMatcher as DubovBye

    for cls in (DubovBye, BursteinBye):
        original = cls._get_bye_weight
        original_max = cls._get_max_weight

        def get_bye_weight(self, player, original=original):  # type: ignore[no-untyped-def]
            games = self._games_dict
            top = len(games) - 1
            self._games_dict = {value: top - rank for value, rank in games.items()}
            try:
                return original(self, player) << 1
            finally:
                self._games_dict = games

        def get_max_weight(self, original_max=original_max):  # type: ignore[no-untyped-def]
            return (original_max(self) << 1) | 1

        cls._get_bye_weight = get_bye_weight
        cls._get_max_weight = get_max_weight


def _patch_burstein_index() -> None:
    """py4swiss 0.3 takes the opponents' scores of the Index (Burstein-2025 1.7.1, the
    "current" scores) from the TRF's points column, which its own consistency check makes
    include a bye pre-entered for the round being paired; the Index before the round counts the
    scores of the rounds played.  The patch leaves out the results of that round."""
    from py4swiss.engines.burstein import player as pl

    original_bh, original_sb = pl._get_buchholz_dict, pl._get_sonneborn_berger_dict

    def before_round(sections, system):  # type: ignore[no-untyped-def]
        played = min(len(s.results) for s in sections)
        out = []
        for sec in sections:
            extra = sec.results[played:]
            if extra:
                points = sec.points_times_ten - sum(system.get_points_times_ten(r) for r in extra)
                sec = sec.model_copy(
                    update={"points_times_ten": points, "results": sec.results[:played]}
                )
            out.append(sec)
        return out

    pl._get_buchholz_dict = lambda sections, system: original_bh(
        before_round(sections, system), system
    )
    pl._get_sonneborn_berger_dict = lambda sections, system: original_sb(
        before_round(sections, system), system
    )


def _patch_burstein_zero_byes() -> None:
    """py4swiss 0.3 applies the exception of Burstein-2025 1.7.2 item 3 (a series of
    consecutive zero-point byes up to the current round counts as draws for the player's
    over-the-board opponents) only to a player all of whose results are zero-point byes -- a
    player without opponents, so it never changes an Index -- and only in the Buchholz, not in
    the Sonneborn-Berger (1.7.2 are the common rules of both sorting methods).  The patch
    counts the closing run of zero-point byes of every player as draws in both.  Use it with
    ``--index-as-text`` (applied after it), so that a bye pre-entered for the round being
    paired is not part of the run."""
    from py4swiss.engines.burstein import player as pl
    from py4swiss.trf.results import ColorToken, ResultToken

    def seen_by_opponents(sections, system):  # type: ignore[no-untyped-def]
        draw = system.score_dict[(ResultToken.HALF_POINT_BYE, ColorToken.BYE_OR_NOT_PAIRED)]
        out = {}
        for sec in sections:
            run = 0
            for result in reversed(sec.results):
                if result.result != ResultToken.ZERO_POINT_BYE:
                    break
                run += 1
            out[sec.starting_number] = sec.points_times_ten + run * draw
        return out

    def terms(sections, system):  # type: ignore[no-untyped-def]
        seen = seen_by_opponents(sections, system)
        return {
            sec.starting_number: [
                (seen[r.id] if r.result.is_played() else sec.points_times_ten, r)
                for r in sec.results
            ]
            for sec in sections
        }

    def buchholz(sections, system):  # type: ignore[no-untyped-def]
        return {n: sum(s for s, _ in ts) for n, ts in terms(sections, system).items()}

    def sonneborn_berger(sections, system):  # type: ignore[no-untyped-def]
        return {
            n: sum(s * system.get_points_times_ten(r) for s, r in ts)
            for n, ts in terms(sections, system).items()
        }

    pl._get_buchholz_dict = buchholz
    pl._get_sonneborn_berger_dict = sonneborn_berger


def _patch_dubov_forfeit_upfloats() -> None:
    """py4swiss 0.3 counts a player's upfloats (Dubov-2026 1.8 maximum upfloaters, C8-C10)
    over the games played only: a player paired with a higher score whose game was then
    forfeited was not upfloated for it.  swisspairing reads an upfloat as the pairing's
    (1.3.2: an upfloater is a player of a lower scoregroup in the bracket, whatever happened
    at the board; the float history is that of the rounds of the schedule, AMB-N4).  The patch
    counts a forfeited pairing's upfloat too, to show that this reading is the only difference
    left."""
    from py4swiss.engines.dubov import player as pl
    from py4swiss.trf.results import ResultToken

    forfeits = (ResultToken.FORFEIT_WIN, ResultToken.FORFEIT_LOSS)

    def get_floats(section, points_list_dict):  # type: ignore[no-untyped-def]
        upfloats, current = 0, False
        mine = points_list_dict[section.starting_number]
        for i, r in enumerate(section.results):
            if not r.id or not (r.result.is_played() or r.result in forfeits):
                current = False
                continue
            current = points_list_dict[r.id][i] > mine[i]
            upfloats += int(current)
        return upfloats, current

    pl._get_floats = get_floats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--system", choices=["burstein", "dubov"], default="burstein")
    ap.add_argument("--sizes", nargs="*", type=int, default=[16, 24, 40])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--ruleset", default=None)
    ap.add_argument(
        "--realistic",
        action="store_true",
        help="simulate forfeits, half-point byes and absences too",
    )
    ap.add_argument(
        "--c6-as-text",
        action="store_true",
        help="Burstein: patch py4swiss's C6 weights so that the highest score is the most "
        "significant (its own docstring: minimise the scores of the outgoing floaters, taken "
        "in descending order), to count the differences that its reversed weights alone cause",
    )
    ap.add_argument(
        "--c7-as-text",
        action="store_true",
        help="Burstein: patch py4swiss's C7 weights so that an outgoing floater's score counts "
        "whichever end of the pair he is (C7: C6 of the following bracket)",
    )
    ap.add_argument(
        "--index-as-text",
        action="store_true",
        help="Burstein: patch py4swiss's Index so that a bye pre-entered for the round being "
        "paired is not yet in anybody's score (1.7.1: the scores before the round)",
    )
    ap.add_argument(
        "--zero-byes-as-text",
        action="store_true",
        help="Burstein: patch py4swiss's Index so that every player's closing run of "
        "zero-point byes counts as draws for his opponents, in the Buchholz and the "
        "Sonneborn-Berger (1.7.2 item 3); py4swiss applies it only to a player whose results "
        "are all zero-point byes, and only in the Buchholz",
    )
    ap.add_argument(
        "--forfeit-upfloats",
        action="store_true",
        help="Dubov: patch py4swiss so that a pairing with a higher score whose game was "
        "forfeited counts as an upfloat (1.3.2: the pairing makes the upfloater), as "
        "swisspairing reads it",
    )
    ap.add_argument(
        "--bye-as-text",
        action="store_true",
        help="patch py4swiss's PAB choice so that the player who has played the most games is "
        "preferred (Dubov-2026 3.1.4, Burstein-2025 3.1), not the fewest",
    )
    ap.add_argument(
        "--classify",
        action="store_true",
        help="Burstein: for every post-seeding round that differs, the criterion of 3.2.2 that "
        "separates the two pairings at the first bracket where they differ",
    )
    ap.add_argument(
        "--order-as-text",
        action="store_true",
        help="Burstein: patch py4swiss's 4.3 order so that pairing a player with the next one "
        "is better than letting him float (4.2: a floater's opponent has BSN 0)",
    )
    args = ap.parse_args(argv)
    try:
        from py4swiss.engines import BursteinEngine, DubovEngine
    except ImportError:
        print("py4swiss is not installed (pip install py4swiss)")
        return 0
    if args.c6_as_text:
        _patch_burstein_c6()
        _patch_dubov_c6()
    if args.c7_as_text:
        _patch_burstein_c7()
    if args.order_as_text:
        _patch_burstein_order()
    if args.bye_as_text:
        _patch_bye()
    if args.forfeit_upfloats:
        _patch_dubov_forfeit_upfloats()
    if args.zero_byes_as_text:
        _patch_burstein_zero_byes()  # before the Index patch, which wraps it
    if args.index_as_text:
        _patch_burstein_index()
    ruleset = args.ruleset or (
        "fide-burstein-2025" if args.system == "burstein" else "fide-dubov-1997"
    )
    engine = Engine(load_ruleset(ruleset))
    theirs_cls = BursteinEngine if args.system == "burstein" else DubovEngine
    # withdrawals are left out: py4swiss does not read swisspairing's SPW records; unrated
    # players too: Dubov-2026 1.1 requires a rating of every player (1.1.2: the Chief Arbiter
    # assigns a provisional one), which a TRF without one does not say, so each engine would
    # assume its own
    config = (
        SimulationConfig(withdrawal_rate=0, unrated_rate=0)
        if args.realistic
        else SimulationConfig(
            forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0, unrated_rate=0
        )
    )
    seeding = min(args.rounds // 2, 4) if args.system == "burstein" else 0
    stats: dict[str, list[int]] = defaultdict(
        lambda: [0, 0, 0, 0]
    )  # rounds, same pairs, same colours, pairs in common
    per_round: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    examples: list[str] = []
    kinds: dict[str, int] = defaultdict(int)
    for n in args.sizes:
        for seed in range(1, args.seeds + 1):

            def on_round(before, pairing):  # type: ignore[no-untyped-def]
                rnd = pairing.round
                ours = {frozenset((b.white, b.black)) for b in pairing.boards}
                ours_c = {(b.white, b.black) for b in pairing.boards}
                our_bye = pairing.byes[0].player if pairing.byes else None
                try:
                    pairs, coloured, bye = _theirs(
                        theirs_cls, _trf_for_py4swiss(before, engine.ruleset.points)
                    )
                except Exception as exc:  # py4swiss failure: counted, not fatal
                    examples.append(f"n={n} seed={seed} round {rnd}: py4swiss failed: {exc!r}")  # noqa: B023
                    return
                kind = (
                    "seeding (Dutch)"
                    if rnd <= seeding
                    else "post-seeding"
                    if args.system == "burstein"
                    else "all"
                )
                s = stats[kind]
                same = pairs == ours and bye == our_bye
                s[0] += 1
                s[1] += same
                s[2] += same and coloured == ours_c
                s[3] += len(pairs & ours) * 100 // max(len(ours), 1)
                per_round[rnd][0] += 1
                per_round[rnd][1] += same
                if not same and args.classify and bye != our_bye:
                    # the PAB is chosen before any bracket (3.1): the brackets then differ
                    kinds["the PAB (3.1) differs, so do the brackets"] += 1
                elif not same and args.classify and kind == "post-seeding":
                    from _burstein_criteria import first_difference

                    why = first_difference(engine, before, ours, pairs)
                    kinds[why.split(": ", 1)[1].split(" (")[0]] += 1
                    examples.append(f"n={n} seed={seed} round {rnd}: {why}")  # noqa: B023
                if not same and len(examples) < 6:
                    diff_o = sorted(tuple(sorted(p)) for p in ours - pairs)
                    diff_t = sorted(tuple(sorted(p)) for p in pairs - ours)
                    examples.append(
                        f"n={n} seed={seed} round {rnd}: ours {diff_o} bye {our_bye} / py4swiss "  # noqa: B023
                        f"{diff_t} bye {bye}"
                    )

            try:
                simulate(engine, n, args.rounds, seed, config, on_round=on_round)
            except NoValidPairingError as exc:  # a genuine refusal: the event ends there
                examples.append(f"n={n} seed={seed}: the event ends: {exc}")
    print(
        f"swisspairing {ruleset} vs py4swiss {args.system}; sizes {args.sizes}, {args.rounds} "
        f"rounds, {args.seeds} seeds"
    )
    for kind, (rounds, same, same_c, common) in stats.items():
        print(
            f"  {kind:16} rounds {rounds:4}  same pairs {same:4} "
            f"({100 * same / max(rounds, 1):5.1f} %)  same colours too {same_c:4}  pairs in "
            f"common {common / max(rounds, 1):5.1f} %"
        )
    print("  per round: " + ", ".join(f"r{r} {s}/{t}" for r, (t, s) in sorted(per_round.items())))
    for why, count in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {count:4}  {why}")
    for e in examples:
        print("  " + e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
