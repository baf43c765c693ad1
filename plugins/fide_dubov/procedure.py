"""The FIDE Dubov system, 1997 text (C.04.4.1), step by step — one round.

Rule ids cite the Vega/1997 numbering (``Dubov 2.5``, ``Dubov 2.6``); the current handbook
page numbers the same two limitations 2.1 and 2.2 (spec §3, numbering note).

The procedure follows the text group by group, from the highest score group down:

1. ``Dubov 8``: players moved down from the group above (floaters) are paired first — white
   and black floaters ordered as in 6.2, alternately from the first white one; each meets the
   highest-rated player of the group, preferably of the opposite due colour, equal R → lowest
   ARO (:func:`_art8_pair_floaters`);
2. ``Dubov 7.1``: a player who has met (or cannot be paired with) everybody left in his group
   gets an opponent transferred up from the next possible lower group — opposite due colour,
   highest R, lowest ARO, then the same due colour (:func:`_art7_1_islands`);
3. ``Dubov 7.2``: an odd group gets a player transferred up from the next possible lower
   group who can be paired in it — due colour opposite to the group's dominating due colour,
   highest R, lowest ARO (:func:`_art7_2_odd_group`); transfers respect ``Dubov 2.5`` (no upfloat
   two rounds running, at most 3 / 4 times; not binding in the last round);
4. ``Dubov 7.3``/``7.4``: the larger due-colour subgroup gives its lowest-ARO whites (equal ARO →
   higher R) or highest-ARO blacks (equal → lower R) to the other until both are equal, never
   against ``Dubov 2.6`` (:func:`_art7_3_7_4_equalise`);
5. ``Dubov 6.2``/``6.3``: whites by ascending ARO (equal → lower R), blacks by descending R (equal
   → lower ARO, [OPEN] reading), paired row by row; a white who has met his row's black takes
   the first lower black he may meet, then (no black left) a white below him, then above him
   (:func:`_art6_3_pair_rows`);
6. ``Dubov 6.4``: whoever is still unpaired moves to the next lower group.

Completeness: every pair is committed only if the rest of the field can still be paired
completely (:class:`swisspairing.matching.IncrementalMatching`, an exact maximum-matching
test), and inside a group a pair is first required to keep the group itself completable.  So
the text's own fallbacks ("a clash in the last row changes the previous row", moving players
down) are taken exactly where they are needed, the procedure never dead-ends, and "no valid
pairing" is only reported when a maximum matching of the whole field proves it (``Dubov 9``:
the arbiter's unresolved cases).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from swisspairing import (
    BLACK,
    N_,
    WHITE,
    Bye,
    Colour,
    Event,
    NoValidPairingError,
    Pairing,
    RoundContext,
    RoundPairing,
)
from swisspairing.compatibility import fast_compatible
from swisspairing.defaults import alternation_colour
from swisspairing.i18n import NP_
from swisspairing.matching import IncrementalMatching
from swisspairing.model import Float
from swisspairing.tiebreaks import average_rating_of_opponents

WILD = IncrementalMatching.WILDCARD

__all__ = ["DubovRound", "dubov_colours", "due_colour", "max_upfloats", "pair_dubov_round"]


def due_colour(colours: Sequence[Colour]) -> Colour | None:
    """``Dubov 1.3``/``1.4``: White if the player had more Blacks than Whites, or as many and
    Black last; Black in the mirror case; ``None`` before his first game."""
    if not colours:
        return None
    w = sum(1 for c in colours if c is WHITE)
    b = len(colours) - w
    if b > w:
        return WHITE
    if w > b:
        return BLACK
    return colours[-1].opposite


def max_upfloats(total_rounds: int | None) -> int:
    """``Dubov 2.5``: at most 3 upfloats in a tournament of fewer than 10 rounds, 4 in one of
    more than 9 (unknown length: fewer than 10)."""
    return 4 if total_rounds is not None and total_rounds > 9 else 3


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """Who gets White in a pair and by which step of ``Dubov 3``."""

    white: int
    """The player with White."""
    black: int
    """The player with Black."""
    step: str
    """Rule id of the deciding step."""
    reason: str = ""
    """Catalogue msgid (placeholders ``white``, ``black``) saying why: one sentence per step,
    never the rule id put into a sentence."""


#: Dubov 3: why the pair has these colours, by the deciding step.
COLOUR_REASONS = {
    "Dubov 3.1": N_(
        "{white}–{black}: {white} has the lower colour difference and gets White (equalisation)"
    ),
    "Dubov 3.2": N_(
        "{white}–{black}: equal colour differences; colours alternate from the latest round in "
        "which the two had different colours"
    ),
    "Dubov 3.3": N_("{white}–{black}: {white} has the higher ARO and gets White"),
    "Dubov 3.4": N_("{white}–{black}: {white} has the lower rating and gets White"),
    "Dubov 3.4 equal": N_(
        "{white}–{black}: equal ratings; {white}, the lower pairing number, gets White"
    ),
    "C.04.1 f/g": N_("{white}–{black}: the other way round would break the colour limits"),
}


def dubov_colours(a: int, b: int, ctx: RoundContext, aro: dict[int, float]) -> ColourDecision:
    """``Dubov 3``, in descending priority: (1) equalise the numbers of White and Black games;
    (2) alternate relative to the latest round in which the two had different colours;
    (3) White to the higher ARO; (4) White to the lower R.  A choice that would break the
    colour limits (C.04.1 f, g) is reversed when the reverse does not."""
    sa, sb = ctx.state(a), ctx.state(b)
    white: int
    step: str
    reason = ""
    if sa.colour_difference != sb.colour_difference:
        white = a if sa.colour_difference < sb.colour_difference else b
        step = "Dubov 3.1"
    else:
        alt = alternation_colour(sa, sb)
        if alt is not None:
            white = a if alt is WHITE else b
            step = "Dubov 3.2"
        elif aro.get(a, 0) != aro.get(b, 0):
            white = a if aro.get(a, 0) > aro.get(b, 0) else b
            step = "Dubov 3.3"
        elif sa.rating != sb.rating:
            white = a if sa.rating < sb.rating else b
            step = "Dubov 3.4"
        else:
            white = min(a, b)
            step = "Dubov 3.4"
            reason = COLOUR_REASONS["Dubov 3.4 equal"]
    black = b if white == a else a
    if not (ctx.colour_allowed(white, WHITE) and ctx.colour_allowed(black, BLACK)) and (
        ctx.colour_allowed(black, WHITE) and ctx.colour_allowed(white, BLACK)
    ):
        white, black = black, white
        step, reason = "C.04.1 f/g", ""
    return ColourDecision(white, black, step, reason or COLOUR_REASONS[step])


class DubovRound:
    """The state of pairing one round under the Dubov 1997 rules."""

    def __init__(self, ctx: RoundContext) -> None:
        self.ctx = ctx
        self.events: list[Event] = []
        rnd = ctx.round_number
        t = ctx.tournament
        self.aro: dict[int, float] = (
            average_rating_of_opponents(t, ctx.point_system, rnd - 1) if rnd > 1 else {}
        )
        """``Dubov 1.2``: ARO of every player, recomputed before each round."""
        self.rating = {n: ctx.state(n).rating for n in ctx.participants}
        self.due = {n: due_colour(ctx.state(n).played_colours) for n in ctx.participants}
        self.limit = max_upfloats(ctx.total_rounds)
        self.compatible = fast_compatible(ctx)
        """C.04.1 b, f, g: may the two be paired (no rematch, some colours within the limits)."""
        self.paired: list[tuple[int, int]] = []
        self.transferred: list[int] = []
        """Players transferred up by 7.1/7.2 this round."""

    # ------------------------------------------------------------------ helpers
    def add(self, rule: str, message: str, bracket: int | None = None, **args: Any) -> None:
        if self.ctx.explanation.enabled:
            self.events.append(Event(rule, message, args, bracket))

    def white_key(self, n: int) -> tuple[float, int, int]:
        """``Dubov 6.2``: whites by ascending ARO, equal ARO → lower R first."""
        return (self.aro.get(n, 0.0), self.rating[n], n)

    def black_key(self, n: int) -> tuple[float, float, int]:
        """``Dubov 6.2``: blacks by descending R; equal R → lower ARO ([OPEN] reading), then
        pairing number."""
        return (-self.rating[n], self.aro.get(n, 0.0), n)

    def may_upfloat(self, n: int) -> bool:
        """``Dubov 2.5``: not upfloated in the previous round and fewer than the limit so far;
        not binding in the last round."""
        if self.ctx.is_last_round:
            return True
        st = self.ctx.state(n)
        if st.floated(1) is Float.UP:
            return False
        return sum(1 for f in st.floats if f is Float.UP) < self.limit

    def dominating(self, members: Sequence[int]) -> Colour | None:
        w = sum(1 for n in members if self.due[n] is WHITE)
        b = sum(1 for n in members if self.due[n] is BLACK)
        return WHITE if w > b else BLACK if b > w else None


def _art4_bye(rnd: DubovRound, ranked: list[int], oracle: IncrementalMatching) -> int:
    """``Dubov 4``: the player with the lowest R in the lowest score group gets the bye; equal
    R → the one due the dominating colour of his group, then the higher ARO (Vega copy of the
    1997 text); he must be allowed a bye (``Dubov 2.2`` / C.04.1 d) and leave the others
    pairable (checked by a maximum matching).  ``Dubov 5``: in round 1 the last player of
    the list."""
    ctx = rnd.ctx
    if ctx.is_first_round:
        order = list(reversed(ranked))
    else:
        groups: dict[float, list[int]] = {}
        for n in ranked:
            groups.setdefault(round(ctx.score(n), 6), []).append(n)
        order = []
        for s in sorted(groups):
            members = groups[s]
            dom = rnd.dominating(members)
            order.extend(
                sorted(
                    members,
                    key=lambda n: (rnd.rating[n], rnd.due[n] is not dom, -rnd.aro.get(n, 0.0), -n),
                )
            )
    for n in order:
        if ctx.can_receive_bye(n) and oracle.try_pair(n, WILD):
            return n
    raise NoValidPairingError(
        N_("no valid pairing exists")
    )  # pragma: no cover - the oracle was perfect


def _art5_first_round(rnd: DubovRound, ranked: list[int], oracle: IncrementalMatching) -> None:
    """``Dubov 5``: upper half of the list against the lower half in order (1 v n/2+1, ...);
    a forbidden pair takes the next possible player of the lower half (then of the upper)."""
    half = len(ranked) // 2
    upper, lower = ranked[:half], ranked[half:]
    free = set(ranked)
    for i, a in enumerate(upper):
        if a not in free:
            continue
        order = lower[i:] + lower[:i][::-1] + [x for x in upper[i + 1 :]]
        for b in order:
            if b in free and rnd.compatible(a, b) and oracle.try_pair(a, b):
                rnd.paired.append((a, b))
                free -= {a, b}
                break
    rest = [n for n in ranked if n in free]
    while rest:
        a = rest.pop(0)
        for b in rest:
            if rnd.compatible(a, b) and oracle.try_pair(a, b):
                rnd.paired.append((a, b))
                rest.remove(b)
                break


class _GroupPairer:
    """Pairs the players of one score group (after transfers) under joint feasibility."""

    def __init__(self, rnd: DubovRound, members: list[int], oracle: IncrementalMatching) -> None:
        self.rnd = rnd
        self.oracle = oracle
        self.free = set(members)
        compat = rnd.compatible
        local = IncrementalMatching(members, compat, wildcards=len(members) % 2)
        self.local = local if local.perfect else None

    def try_pair(self, a: int, b: int) -> bool:
        if a not in self.free or b not in self.free or not self.rnd.compatible(a, b):
            return False
        if self.local is not None:
            snap = self.local.snapshot()
            if not self.local.try_pair(a, b):
                return False
            if not self.oracle.try_pair(a, b):
                self.local.restore(snap)
                return False
        elif not self.oracle.try_pair(a, b):
            return False
        self.free -= {a, b}
        self.rnd.paired.append((a, b))
        return True


def _art8_pair_floaters(
    rnd: DubovRound, gi: int, floaters: list[int], residents: list[int], oracle: IncrementalMatching
) -> tuple[list[int], list[int]]:
    """``Dubov 8``: pair the incoming floaters first; returns (still unpaired floaters,
    residents left)."""
    if not floaters:
        return [], residents
    whites = sorted((f for f in floaters if rnd.due[f] is not BLACK), key=rnd.white_key)
    blacks = sorted((f for f in floaters if rnd.due[f] is BLACK), key=rnd.black_key)
    order: list[int] = []
    for i in range(max(len(whites), len(blacks))):
        order.extend(x[i] for x in (whites, blacks) if i < len(x))
    left = list(residents)
    unpaired: list[int] = []
    for f in order:
        cands = sorted(
            (r for r in left if rnd.compatible(f, r)),
            key=lambda r: (
                rnd.due[f] is not None and rnd.due[r] is rnd.due[f],
                -rnd.rating[r],
                rnd.aro.get(r, 0.0),
                r,
            ),
        )
        for r in cands:
            if oracle.try_pair(f, r):
                rnd.paired.append((f, r))
                left.remove(r)
                rnd.add(
                    "Dubov 8",
                    N_(
                        "floater {floater} meets {player}, the highest-rated player available "
                        "(opposite due colour preferred)"
                    ),
                    gi + 1,
                    floater=f,
                    player=r,
                )
                break
        else:
            unpaired.append(f)
    return unpaired, left


def _transfer_candidates(
    rnd: DubovRound, below: list[list[int]], taken: set[int], fit: Any
) -> list[int]:
    """Players of the next possible lower group (the first one holding a candidate) that pass
    ``fit`` and ``Dubov 2.5``."""
    for group in below:
        cands = [c for c in group if c not in taken and rnd.may_upfloat(c) and fit(c)]
        if cands:
            return cands
    return []


def _art7_1_islands(
    rnd: DubovRound,
    gi: int,
    members: list[int],
    below: list[list[int]],
    taken: set[int],
    oracle: IncrementalMatching,
) -> list[int]:
    """``Dubov 7.1``: a player who has no possible opponent left in his group gets one
    transferred up (opposite due colour, highest R, lowest ARO; then the same due colour).
    Returns the members still to be paired (islands without a transfer stay and move down)."""
    out = list(members)
    for p in list(members):
        if any(q != p and rnd.compatible(p, q) for q in out):
            continue
        cands = _transfer_candidates(rnd, below, taken, lambda c: rnd.compatible(p, c))  # noqa: B023
        cands.sort(
            key=lambda c: (
                rnd.due[p] is not None and rnd.due[c] is rnd.due[p],
                -rnd.rating[c],
                rnd.aro.get(c, 0.0),
                c,
            )
        )
        for c in cands:
            if oracle.try_pair(p, c):
                rnd.paired.append((p, c))
                taken.add(c)
                out.remove(p)
                rnd.transferred.append(c)
                rnd.add(
                    "Dubov 7.1",
                    N_(
                        "player {player} has met everybody in his group; {transferred} is "
                        "transferred up to meet him"
                    ),
                    gi + 1,
                    player=p,
                    transferred=c,
                )
                break
    return out


def _art7_2_odd_group(
    rnd: DubovRound, gi: int, members: list[int], below: list[list[int]], taken: set[int]
) -> list[int]:
    """``Dubov 7.2``: an odd group gets a player transferred up from the next possible lower
    group who has not met all of it and can be paired by the colour rules: due colour opposite
    to the group's dominating due colour, then highest R, then lowest ARO."""
    if len(members) % 2 == 0:
        return members
    dom = rnd.dominating(members)
    cands = _transfer_candidates(
        rnd, below, taken, lambda c: any(rnd.compatible(c, m) for m in members)
    )
    if not cands:
        return members
    cands.sort(
        key=lambda c: (
            dom is not None and rnd.due[c] is dom,
            -rnd.rating[c],
            rnd.aro.get(c, 0.0),
            c,
        )
    )
    c = cands[0]
    taken.add(c)
    rnd.transferred.append(c)
    rnd.add(
        "Dubov 7.2",
        N_("odd group: {player} is transferred up from a lower group"),
        gi + 1,
        player=c,
    )
    return [*members, c]


def _art7_3_7_4_equalise(
    rnd: DubovRound, gi: int, members: list[int]
) -> tuple[list[int], list[int]]:
    """Split the group by due colour and equalise the subgroups (``Dubov 7.3``, ``7.4``,
    limited by ``Dubov 2.6``).  Players without a due colour (no game yet) join the smaller
    subgroup."""
    ctx = rnd.ctx
    whites = [n for n in members if rnd.due[n] is WHITE]
    blacks = [n for n in members if rnd.due[n] is BLACK]
    for n in sorted((n for n in members if rnd.due[n] is None), key=rnd.black_key):
        (whites if len(whites) <= len(blacks) else blacks).append(n)
    diff = len(whites) - len(blacks)
    moved: list[int] = []
    if diff >= 2:
        # 7.3: the whites with the lowest ARO (equal ARO -> higher R) go to the black subgroup
        for n in sorted(whites, key=lambda n: (rnd.aro.get(n, 0.0), -rnd.rating[n], n)):
            if len(moved) == diff // 2:
                break
            if ctx.colour_allowed(n, BLACK):
                moved.append(n)
        whites = [n for n in whites if n not in moved]
        blacks += moved
        if moved:
            rnd.add(
                "Dubov 7.3",
                NP_(
                    "player {players} moves from the white to the black subgroup",
                    "players {players} move from the white to the black subgroup",
                    "players",
                ),
                gi + 1,
                players=moved,
            )
    elif diff <= -2:
        # 7.4: the blacks with the highest ARO (equal ARO -> lower R) go to the white subgroup
        for n in sorted(blacks, key=lambda n: (-rnd.aro.get(n, 0.0), rnd.rating[n], n)):
            if len(moved) == (-diff) // 2:
                break
            if ctx.colour_allowed(n, WHITE):
                moved.append(n)
        blacks = [n for n in blacks if n not in moved]
        whites += moved
        if moved:
            rnd.add(
                "Dubov 7.4",
                NP_(
                    "player {players} moves from the black to the white subgroup",
                    "players {players} move from the black to the white subgroup",
                    "players",
                ),
                gi + 1,
                players=moved,
            )
    return sorted(whites, key=rnd.white_key), sorted(blacks, key=rnd.black_key)


def _art6_3_pair_rows(
    rnd: DubovRound, gi: int, whites: list[int], blacks: list[int], oracle: IncrementalMatching
) -> list[int]:
    """``Dubov 6.2``/``6.3``: row by row; returns the players left unpaired (``Dubov 6.4``)."""
    pairer = _GroupPairer(rnd, whites + blacks, oracle)
    if whites or blacks:
        rnd.add(
            "Dubov 6.2",
            N_(
                "white subgroup by ascending ARO: {whites}; black subgroup by descending rating: "
                "{blacks}"
            ),
            gi + 1,
            whites=list(whites),
            blacks=list(blacks),
        )
    for k, w in enumerate(whites):
        if w not in pairer.free:
            continue
        row_black = blacks[k] if k < len(blacks) else None
        order = [b for b in blacks if b in pairer.free] + whites[k + 1 :] + whites[:k][::-1]
        for c in order:
            if pairer.try_pair(w, c):
                if c != row_black:
                    rnd.add(
                        "Dubov 6.3",
                        N_("{white} cannot be paired in his row and meets {opponent}"),
                        gi + 1,
                        white=w,
                        opponent=c,
                    )
                break
    rest = [b for b in blacks if b in pairer.free]
    for i, b in enumerate(rest):
        if b not in pairer.free:
            continue
        for c in rest[i + 1 :]:
            if pairer.try_pair(b, c):
                break
    return [n for n in whites + blacks if n in pairer.free]


def open_round(
    rnd: Any, ranked: list[int], aro_rule: str, choose_bye: Any, bye_rule: str
) -> tuple[IncrementalMatching, list[int], list[Bye]]:
    """What both editions do first, with ``ranked`` the round's ranking order: the exact
    perfect-matching oracle over the participants (one of them the bye when their number is
    odd) — no valid pairing, with the proof, when it has none —, the published ARO list
    (``aro_rule``: 1997 art. 9 / 2026 1.7) and the pairing-allocated bye chosen by
    ``choose_bye(rnd, ranked, oracle)`` (``bye_rule``).  Returns the oracle, the players to
    pair and the byes."""
    ctx = rnd.ctx
    ctx.set_ranking(ranked)
    odd = len(ranked) % 2
    oracle = IncrementalMatching(
        ranked, rnd.compatible, wildcards=odd, wildcard_ok=ctx.can_receive_bye
    )
    if not oracle.perfect:
        raise ctx.pairing_graph().no_pairing_error(ranked)
    if ctx.explanation.enabled and not ctx.is_first_round:
        aro = rnd.aro
        rnd.add(
            aro_rule,
            N_("ARO list: {list}"),
            None,
            list=", ".join(
                f"{n}: {int(aro.get(n, 0))}"
                for n in sorted(ranked, key=lambda n: (-aro.get(n, 0.0), n))
            ),
        )
    byes: list[Bye] = []
    players = list(ranked)
    if odd:
        bye = choose_bye(rnd, ranked, oracle)
        byes.append(Bye(bye))
        players.remove(bye)
        rnd.add(bye_rule, N_("player {player} gets the pairing-allocated bye"), None, player=bye)
    return oracle, players, byes


def score_groups(players: Sequence[int], states: Any) -> list[list[int]]:
    """``players`` (in ranking order) cut into score groups, highest first."""
    groups: list[list[int]] = []
    last: float | None = None
    for n in players:
        s = round(states[n].score, 6)
        if s != last:
            groups.append([])
            last = s
        groups[-1].append(n)
    return groups


def pair_dubov_round(ctx: RoundContext) -> RoundPairing:
    """Pair one round under the Dubov 1997 rules (see the module docstring)."""
    rnd = DubovRound(ctx)
    states = ctx.states
    if ctx.is_first_round:
        ranked = sorted(ctx.participants, key=lambda n: (-rnd.rating[n], n))
    else:
        ranked = sorted(ctx.participants, key=lambda n: (-states[n].score, -rnd.rating[n], n))
    oracle, players, byes = open_round(
        rnd, ranked, "Dubov 9", _art4_bye, "Dubov 4" if not ctx.is_first_round else "Dubov 5"
    )
    if ctx.is_first_round:
        _art5_first_round(rnd, players, oracle)
    else:
        groups = score_groups(players, states)
        taken: set[int] = set()
        carried: list[int] = []
        for gi, group in enumerate(groups):
            residents = [n for n in group if n not in taken]
            below = [[n for n in g if n not in taken] for g in groups[gi + 1 :]]
            unpaired, residents = _art8_pair_floaters(rnd, gi, carried, residents, oracle)
            # floaters no resident could take stay in the group (they may have to meet each other)
            members = _art7_1_islands(rnd, gi, residents + unpaired, below, taken, oracle)
            below = [[n for n in g if n not in taken] for g in groups[gi + 1 :]]
            members = _art7_2_odd_group(rnd, gi, members, below, taken)
            whites, blacks = _art7_3_7_4_equalise(rnd, gi, members)
            left = _art6_3_pair_rows(rnd, gi, whites, blacks, oracle)
            if left:
                rnd.add(
                    "Dubov 6.4",
                    NP_(
                        "player {players} moves down to the next lower score group",
                        "players {players} move down to the next lower score group",
                        "players",
                    ),
                    gi + 1,
                    players=left,
                )
            carried = left
        if carried:  # pragma: no cover - the oracle keeps the rest pairable
            raise NoValidPairingError(N_("no valid pairing exists"))
    boards: list[Pairing] = []
    colour_events: list[Event] = []
    if ctx.is_first_round:
        first = ctx.initial_colour()
        for i, (a, b) in enumerate(rnd.paired):
            upper, lower = (a, b) if ranked.index(a) < ranked.index(b) else (b, a)
            col = first if i % 2 == 0 else first.opposite
            boards.append(Pairing(upper, lower) if col is WHITE else Pairing(lower, upper))
        rnd.add(
            "Dubov 5",
            N_("round 1: board 1 has the drawn colour, odd boards the same, even boards the other"),
            None,
        )
    else:
        for a, b in rnd.paired:
            d = dubov_colours(a, b, ctx, rnd.aro)
            boards.append(Pairing(d.white, d.black))
            if ctx.explanation.enabled:
                colour_events.append(
                    Event(
                        d.step,
                        d.reason,
                        {"white": d.white, "black": d.black},
                    )
                )
    boards = ctx.engine.order_boards(boards, ctx)
    ctx.data["dubov.transferred"] = tuple(rnd.transferred)
    events = rnd.events + colour_events + list(ctx.explanation)
    return RoundPairing(ctx.round_number, tuple(boards), tuple(byes), tuple(events))
