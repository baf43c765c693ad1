"""FIDE Lim system (C.04.4.3) — system ``fide-lim``.

Sources: spp.fide.com/?p=110 (the text in force until January 2026) and handbook chapter
C040403202602 (applied from 1 February 2026: same rules and numbering, 2.3 a-d written
2.3.1-2.3.4, "Basic Rules Art. 3" in place of C.04.1 c); digest
``spec/olympiad-burstein-dubov-lim.md`` section 2, cited as ``Lim <article>``.

Where each rule lives:

- Lim 1.1 (bye to the lowest-ranked player of the lowest score group, C.04.1 d eligibility):
  :func:`_r1_1_bye`.
- Lim 2.1 (compatible: not met, no colour three times running, no difference of three):
  :func:`compatibility` (a :class:`~swisspairing.plugins.lim_family.group.Compatibility`).
- Lim 2.2 (median group and processing order): :mod:`swisspairing.plugins.lim_family.order`
  (shared with the Polish team and the Olympiad plugins) and :func:`pair_players`.
- Lim 2.3 (transfers a-d), 2.4 (1 v n/2+1), 2.5 / 4.1 (exchanges), 3 (floater choice, Maxi
  band 3.2.3, floaters paired first 3.6-3.8), 5.2 (due colours in the exchanges):
  :class:`~swisspairing.plugins.lim_family.group.LimGroups`.
- Lim 2.6 (median group cannot be completed: the neighbouring pairings are cracked, the last
  made first): the backtracking of :func:`~swisspairing.plugins.lim_family.order.lim_search`.
- Lim 5 (colour allocation) and 7.2 (round 1): :func:`_r5_allocate`, :func:`_r7_first_round_colour`.
- Lim 6 (last round: the score rule before the colour limits) [reading]: parameter
  ``last_round_colour_limits``.

Ranking: score, then pairing number (Lim 2.4 "arranged in order of pairing number"); the
pairing number is the start number of the file (a rating-ordered start list).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    hookimpl,
)
from swisspairing.defaults import alternation_colour
from swisspairing.i18n import NP_
from swisspairing.model import Float
from swisspairing.plugins import core_criteria_citer

from .group import NONE_CLASS, Compatibility, GroupRules, LimGroups, due_colour
from .order import (
    DOWN,
    MEDIAN,
    UP,
    lim_order,
    lim_search,
    median_by_rounds,
)
from .refusal import no_valid_pairing

SYSTEM = "fide-lim"

__all__ = ["SCHEMA", "SYSTEM", "compatibility", "pair_players"]

SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "edition": {
            "enum": ["1999", "2026"],
            "default": "1999",
            "description": (
                "Text followed: C.04.4.3 as amended by the 1999 Executive Board (in force until "
                "31 January 2026) or the text applied from 1 February 2026 (same rules; cited "
                "article numbers differ)."
            ),
        },
        "maxi_tournament": {
            "type": "boolean",
            "default": False,
            "description": (
                "Lim 3.2.3, 3.8, 5.7: the event is a Maxi-tournament, so colour-driven choices of "
                "floaters, opponents and exchanges stay within the rating cap (the text never "
                "defines the term: an organiser's decision)."
            ),
        },
        "maxi_rating_cap": {
            "type": "number",
            "minimum": 0,
            "default": 100,
            "description": (
                "Lim 3.2.3: the rating difference allowed for a colour-driven choice in a "
                "Maxi-tournament (100 points)."
            ),
        },
        "median_cracking": {
            "enum": ["by-floaters", "last-made"],
            "default": "by-floaters",
            "description": (
                "Lim 2.6 [reading]: when the median group cannot be completed, crack the lower "
                "side if more floaters came from above, else the higher side (by-floaters), or "
                "always the pairings made last (last-made)."
            ),
        },
        "exchange_order": {
            "enum": ["generalised", "literal"],
            "default": "generalised",
            "description": (
                "Lim 4.2 beyond the six-player example (AMB-L1): the unpaired players from "
                "the middle of the list down, then up, after every pair (generalised), or the "
                "proposed opponent exchanged with the player taken, the other proposed pairs "
                "kept (literal)."
            ),
        },
        "last_round_colour_limits": {
            "enum": ["relax", "keep"],
            "default": "relax",
            "description": (
                "Lim 6 [reading]: in the last round the score rule comes before the colour limits "
                "(relax), or the limits stay absolute (keep)."
            ),
        },
    },
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "FIDE Lim system (C.04.4.3): score groups paired from the top and the bottom towards "
            "the median group, top half against bottom half with exchanges"
        ),
        "rules": "Lim",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


def _relaxed(ctx: RoundContext) -> bool:
    return ctx.is_last_round and ctx.ruleset.param("last_round_colour_limits", "relax") == "relax"


@hookimpl
def swiss_colour_exempt(context: RoundContext) -> bool:
    """Lim 6 [reading]: nobody is bound by the colour limits in the last round (relax)."""
    return _relaxed(context)


# ---------------------------------------------------------------------- Lim 2.1
def compatibility(
    ctx: RoundContext, players: Sequence[int], *, colour_limits: bool = True
) -> Compatibility:
    """Lim 2.1 for the round's players: not met before (``max_meetings``), no forbidden pair
    (``XXP``, ruleset ``forbidden``), and a colour allocation within the limits (no colour
    three times running, no difference of three: ruleset ``colours``)."""
    pset = frozenset(players)
    bad = {p: ctx.barred(p) & pset for p in players}  # the core's one rule
    cls: dict[int, Any] = {}
    for p in players:
        if not colour_limits:
            cls[p] = None
            continue
        w, b = ctx.colour_allowed(p, WHITE), ctx.colour_allowed(p, BLACK)
        cls[p] = None if w and b else WHITE if w else BLACK if b else NONE_CLASS
    return Compatibility(bad, cls)


# ---------------------------------------------------------------------- Lim 1.1
def _r1_1_bye(
    ctx: RoundContext, ranked: Sequence[int], compat: Compatibility
) -> tuple[int | None, list[Event]]:
    """Lim 1.1: the bye goes to the lowest-ranked player of the lowest score group who may
    receive it (C.04.1 d: not after a bye or a point without playing, ruleset
    ``byes.blocked_by``) and without whom the others can all be paired."""
    events: list[Event] = []
    for p in reversed(ranked):
        if not ctx.can_receive_bye(p):
            events.append(
                Event(
                    "Lim 1.1",
                    N_("player {player} has already scored without playing and cannot get the bye"),
                    {"player": p},
                )
            )
            continue
        if not compat.perfect([x for x in ranked if x != p]):
            events.append(
                Event(
                    "Lim 1.1",
                    N_(
                        "player {player} cannot get the bye: the other players could not all be "
                        "paired"
                    ),
                    {"player": p},
                )
            )
            continue
        events.append(
            Event(
                "Lim 1.1",
                N_(
                    "player {player}, the lowest-ranked player of the lowest score group, gets "
                    "the bye"
                ),
                {"player": p},
            )
        )
        return p, events
    return None, events


# ---------------------------------------------------------------------- Lim 5, 7.2
def _r7_first_round_colour(
    ctx: RoundContext, a: int, ranked: Sequence[int]
) -> tuple[Colour, Event]:
    """Lim 7.2: the colour of #1 is drawn; the odd-numbered players of the top half get the
    same colour, the even-numbered the other."""
    drawn = ctx.initial_colour()
    pos = ranked.index(a) + 1
    colour = drawn if pos % 2 == 1 else drawn.opposite
    message = {
        (WHITE, WHITE): N_(
            "round 1: player {player} (number {place}) gets White; the colour drawn for number 1 "
            "is White"
        ),
        (BLACK, WHITE): N_(
            "round 1: player {player} (number {place}) gets Black; the colour drawn for number 1 "
            "is White"
        ),
        (WHITE, BLACK): N_(
            "round 1: player {player} (number {place}) gets White; the colour drawn for number 1 "
            "is Black"
        ),
        (BLACK, BLACK): N_(
            "round 1: player {player} (number {place}) gets Black; the colour drawn for number 1 "
            "is Black"
        ),
    }[colour, drawn]
    return colour, Event("Lim 7.2", message, {"player": a, "place": pos})


def _r5_allocate(
    ctx: RoundContext, a: int, b: int, at_or_above_median: bool
) -> tuple[Pairing, Event]:
    """Lim 5 for ``a`` (higher-ranked) and ``b``: (5.1, 5.3) a colour the limits force;
    (5.2, 5.6) equalise: more Whites than Blacks gets Black; (5.4, 5.5) equal balance:
    alternate from the latest round with different colours; identical histories: the
    higher-ranked player gets his due colour in the median group and above, the lower-ranked
    below the median."""
    sa, sb = ctx.states[a], ctx.states[b]
    wa, ba = ctx.colour_allowed(a, WHITE), ctx.colour_allowed(a, BLACK)
    wb, bb = ctx.colour_allowed(b, WHITE), ctx.colour_allowed(b, BLACK)
    args: dict[str, Any] = {}
    if (wa != ba or wb != bb) and not (wa and bb and ba and wb):
        if wa and bb and not (ba and wb):
            colour_a = WHITE
        elif ba and wb and not (wa and bb):
            colour_a = BLACK
        else:
            colour_a = None  # type: ignore[assignment]
        if colour_a is not None:
            who = a if wa != ba else b
            rule, msg = (
                "Lim 5.3",
                N_(
                    "{white}-{black}: player {player} must not get the same colour a third time "
                    "running or a third more of one colour"
                ),
            )
            args = {"player": who}
            p = Pairing(a, b) if colour_a is WHITE else Pairing(b, a)
            return p, Event(rule, msg, {"white": p.white, "black": p.black, **args})
    if sa.colour_difference != sb.colour_difference:
        colour_a = BLACK if sa.colour_difference > sb.colour_difference else WHITE
        rule, msg = (
            "Lim 5.2",
            N_(
                "{white}-{black}: player {player} has the larger colour difference and gets "
                "Black (equalisation)"
            ),
        )
        heavier = a if sa.colour_difference > sb.colour_difference else b
        args = {"player": heavier}
    elif (alt := alternation_colour(sa, sb)) is not None:
        colour_a = alt
        rule, msg = (
            "Lim 5.4",
            N_(
                "{white}-{black}: equal colour balance; colours alternate from the latest round "
                "with different colours, player {player} gets White"
            )
            if alt is WHITE
            else N_(
                "{white}-{black}: equal colour balance; colours alternate from the latest round "
                "with different colours, player {player} gets Black"
            ),
        )
        args = {"player": a}
    else:
        who = a if at_or_above_median else b
        last = ctx.states[who].last_colour
        due = last.opposite if last is not None else ctx.initial_colour()
        colour_a = due if who == a else due.opposite
        rule, msg = (
            "Lim 5.4",
            {
                (True, WHITE): N_(
                    "{white}-{black}: identical colour histories; in or above the median group "
                    "the higher-ranked player {player} gets his due colour, White"
                ),
                (True, BLACK): N_(
                    "{white}-{black}: identical colour histories; in or above the median group "
                    "the higher-ranked player {player} gets his due colour, Black"
                ),
                (False, WHITE): N_(
                    "{white}-{black}: identical colour histories; below the median group the "
                    "lower-ranked player {player} gets his due colour, White"
                ),
                (False, BLACK): N_(
                    "{white}-{black}: identical colour histories; below the median group the "
                    "lower-ranked player {player} gets his due colour, Black"
                ),
            }[at_or_above_median, due],
        )
        args = {"player": who}
    if (
        not (ctx.colour_allowed(a, colour_a) and ctx.colour_allowed(b, colour_a.opposite))
        and ctx.colour_allowed(a, colour_a.opposite)
        and ctx.colour_allowed(b, colour_a)
    ):
        colour_a = colour_a.opposite
    p = Pairing(a, b) if colour_a is WHITE else Pairing(b, a)
    return p, Event(rule, msg, {"white": p.white, "black": p.black, **args})


# ---------------------------------------------------------------------- the round
def _floated_last(ctx: RoundContext, p: int) -> str | None:
    f = ctx.states[p].floated(1)
    if f is None:
        return None
    return DOWN if f is Float.DOWN else UP


def _last_resort(
    compat: Compatibility, ranked: Sequence[int], score: Mapping[int, float]
) -> list[tuple[int, int]]:
    """When the exhaustive search has shown that no pairing follows the procedure (Lim 2.6
    exhausted): the highest-ranked player still free meets the compatible player of the
    nearest score, the highest-ranked first, as long as the rest can still be paired (C.04.1 e
    "in general, equal scores")."""
    free = list(ranked)
    pairs: list[tuple[int, int]] = []
    while free:
        t = free[0]
        for o in sorted(free[1:], key=lambda x: (abs(score[t] - score[x]), ranked.index(x))):
            if compat.ok(t, o) and compat.perfect([x for x in free if x not in (t, o)]):
                pairs.append((t, o))
                free = [x for x in free if x not in (t, o)]
                break
        else:  # pragma: no cover - feasibility was checked before
            raise NoValidPairingError(N_("no valid pairing exists"))
    return pairs


def pair_players(ctx: RoundContext) -> RoundPairing:
    """Pair a round by Lim 1-7."""
    players = list(ctx.participants)
    ranked = sorted(players, key=lambda p: (-ctx.states[p].score, p))
    ctx.set_ranking(ranked)
    rank = {p: i for i, p in enumerate(ranked)}
    relaxed = _relaxed(ctx)
    compat = compatibility(ctx, players, colour_limits=not relaxed)
    events: list[Event] = [
        Event(
            "Lim 2.4", N_("ranking by score, then pairing number: {players}"), {"players": ranked}
        )
    ]
    if relaxed:
        events.append(Event("Lim 6", N_("last round: equal scores come before the colour limits")))
    byes: list[Bye] = []
    active = list(ranked)
    if len(active) % 2:
        bye, ev = _r1_1_bye(ctx, ranked, compat)
        events += ev
        if bye is None:
            raise no_valid_pairing(ctx, ranked, compat.ok, ctx.can_receive_bye, bye=True)
        byes.append(Bye(bye))
        active = [p for p in active if p != bye]
    elif not compat.perfect(active):
        raise no_valid_pairing(ctx, active, compat.ok, bye=False)
    score = {p: round(ctx.states[p].score, 6) for p in players}
    groups: list[tuple[float, list[int]]] = []
    for p in active:
        if groups and groups[-1][0] == score[p]:
            groups[-1][1].append(p)
        else:
            groups.append((score[p], [p]))
    median = median_by_rounds(ctx.round_number - 1, ctx.point_system.win)
    above, below, middle = lim_order(groups, median)
    events.append(
        Event(
            "Lim 2.2",
            N_(
                "median score {score} (half the rounds played); groups above it are paired "
                "downward, then the groups below it upward, the median group last"
            ),
            {"score": median},
        )
    )
    maxi = bool(ctx.ruleset.param("maxi_tournament", False))
    new = ctx.ruleset.param("edition", "1999") == "2026"
    art = (
        {"a": "Lim 2.3.1", "b": "Lim 2.3.2", "c": "Lim 2.3.3", "d": "Lim 2.3.4"}
        if new
        else {k: f"Lim 2.3{k}" for k in "abcd"}
    )
    rules = GroupRules(
        colour_choice=True,
        maxi_cap=float(ctx.ruleset.param("maxi_rating_cap", 100)) if maxi else None,
        rule_played_all=art["a"],
        rule_colour_blocked=art["b"],
        rule_parity=art["d"],
        exchange_order=str(ctx.ruleset.param("exchange_order", "generalised")),
    )
    if maxi:
        events.append(
            Event(
                "Lim 3.2.3",
                NP_(
                    "Maxi-tournament: colour-driven choices stay within {cap} rating point",
                    "Maxi-tournament: colour-driven choices stay within {cap} rating points",
                    "cap",
                ),
                {"cap": rules.maxi_cap},
            )
        )
    lg = LimGroups(
        compat,
        rank,
        score,
        {p: ctx.states[p].rating for p in players},
        {
            p: due_colour(ctx.states[p].colour_difference, ctx.states[p].last_colour)
            for p in players
        },
        {p: _floated_last(ctx, p) for p in players},
        rules,
        explain=ctx.explanation.enabled,
        colour_rule={
            p: art["b"] if abs(ctx.states[p].colour_difference) >= 2 else art["c"] for p in players
        },
    )
    index = {k: i for i, (k, _) in enumerate(groups)}
    keys = [k for k, _ in groups]

    def adjacent(k: float, direction: str) -> list[int]:
        i = keys.index(k)
        j = i + 1 if direction == DOWN else i - 1
        if 0 <= j < len(groups):
            return groups[j][1]
        return middle

    def pair_group(
        _i: int, k: float, residents: list[int], carried: tuple[int, ...], direction: str
    ):
        return lg.outcomes(index[k], k, residents, carried, direction, adjacent(k, direction))

    def pair_median(from_above: tuple[int, ...], from_below: tuple[int, ...]):
        return lg.outcomes(
            index.get(median, len(groups)), median, middle, (*from_above, *from_below), MEDIAN
        )

    # exhaustive, no budget: ``None`` is a proof that no pairing follows the procedure (the
    # cut ``compat.perfect`` is necessary: every pairing a group makes is compatible)
    outcomes = lim_search(
        above,
        below,
        pair_group,
        pair_median,
        compat.perfect,
        frozenset(active),
        crack_by_floaters=ctx.ruleset.param("median_cracking", "by-floaters") == "by-floaters",
    )
    if outcomes is None:
        pairs = _last_resort(compat, active, score)
        events.append(
            Event(
                "Lim 2.6",
                N_(
                    "no pairing follows the group procedure; each player meets a compatible "
                    "player of the nearest score: {pairs}"
                ),
                {"pairs": " ".join(f"{a}-{b}" for a, b in pairs)},
            )
        )
    else:
        pairs = [p for o in outcomes for p in o.pairs]
        for o in outcomes:
            events.extend(o.events)
    boards: list[Pairing] = []
    colour_events: list[Event] = []
    for a, b in pairs:
        hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
        if ctx.round_number == 1 or (
            not ctx.states[hi].played_colours and not ctx.states[lo].played_colours
        ):
            colour, colour_ev = _r7_first_round_colour(ctx, hi, ranked)
            m = Pairing(hi, lo) if colour is WHITE else Pairing(lo, hi)
        else:
            m, colour_ev = _r5_allocate(ctx, hi, lo, score[hi] >= median)
        boards.append(m)
        colour_events.append(colour_ev)
    order = sorted(
        range(len(boards)),
        key=lambda i: (
            -max(score[boards[i].white], score[boards[i].black]),
            min(rank[boards[i].white], rank[boards[i].black]),
        ),
    )
    boards = [boards[i] for i in order]
    colour_events = [colour_events[i] for i in order]
    events.sort(key=lambda e: (e.bracket is not None, e.bracket or 0))
    return RoundPairing(
        ctx.round_number,
        tuple(boards),
        tuple(byes),
        tuple(events + colour_events) if ctx.explanation.enabled else (),
    )


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Pair a round by the Lim system."""
    return pair_players(context)


#: The core's generic criteria by the Lim rules: compatible players have not met and keep the
#: colour limits (2.1, 5.1); the bye (1.1, subject to C.04.1 d).
CORE_CRITERIA = {
    "max_meetings": "Lim 2.1",
    "colours.max_difference": "Lim 5.1",
    "colours.max_run": "Lim 5.1",
    "bye": "Lim 1.1",
    "participants": "Lim 1.1",
    "byes.blocked_by": "C.04.1 d",
}


#: The Lim rules cite the core's generic checks.
cite_core_checks = core_criteria_citer(CORE_CRITERIA)
