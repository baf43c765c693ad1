"""The core's default hook implementations, registered ``trylast``.

They make a complete, reasonable Swiss system on their own (score brackets, top half
against bottom half, FIDE-style colour allocation), so a system plugin only overrides what
its regulation says differently.  No system-specific rule lives here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

from .brackets import Bracket, BracketOutcome, ByeChoice
from .context import RoundContext
from .explain import Event, Term
from .hookspecs import hookimpl
from .i18n import N_, NP_
from .model import BLACK, WHITE, Colour, PlayerState, Tournament, iter_games, player_states
from .pairing import Bye, Pairing, RoundPairing, Violation

WHITE_TERM = Term(N_("White"))
BLACK_TERM = Term(N_("Black"))


def colour_term(colour: Colour) -> Term:
    """The translatable name of a colour."""
    return WHITE_TERM if colour is WHITE else BLACK_TERM


# ---------------------------------------------------------------------- round
@hookimpl(trylast=True)
def swiss_pairing_units(context: RoundContext) -> RoundContext:
    """Individual systems pair the players themselves."""
    return context


@hookimpl(trylast=True)
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Sort, (maybe) fix the bye, build brackets, pair them with backtracking, allocate
    colours and order the boards — each step through its hook."""
    engine = context.engine
    ranked = engine.sort_players(context)
    context.set_ranking(ranked)
    outside = context.outside_colour_limits()
    if outside:
        context.explanation.add(
            "AMB-D21",
            NP_(
                "the colour history of player {players} already breaks the colour limits: he may "
                "only get the colour that does not take him further out",
                "the colour histories of players {players} already break the colour limits: they "
                "may only get the colour that does not take them further out",
                "players",
            ),
            players=outside,
        )
    byes: list[Bye] = []
    bye_needed = len(ranked) % 2 == 1
    if bye_needed:
        choice = engine.assign_bye(ranked, context)
        if choice.player is not None:
            ranked = [n for n in ranked if n != choice.player]
            byes.append(Bye(choice.player))
            bye_needed = False
    brackets = engine.build_brackets(ranked, context)
    outcomes = engine.pair_brackets(brackets, context, bye_needed=bye_needed)
    pairs = [pair for o in outcomes for pair in o.pairs]
    if bye_needed:
        byes.append(Bye(outcomes[-1].moved_down[0]))
        context.explanation.add(
            "",
            N_("player {player} is left over in the lowest bracket and gets the bye"),
            player=outcomes[-1].moved_down[0],
        )
    boards = engine.order_boards([engine.allocate_colours(p, context) for p in pairs], context)
    events = [e for o in outcomes for e in o.events] + list(context.explanation)
    events.sort(key=lambda e: (e.bracket is None, e.bracket or 0))
    return RoundPairing(context.round_number, tuple(boards), tuple(byes), tuple(events))


@hookimpl(trylast=True)
def swiss_sort_players(players: Sequence[PlayerState], context: RoundContext) -> list[int]:
    """Score descending, then the ruleset's ``ranking``: by pairing number (start number), or
    by rating descending (``ratings``, the default here), then name when ``ranking_last`` says
    so, then start number."""
    mode = context.ruleset.ranking or "ratings"
    if mode == "pairing-number":
        return [p.number for p in sorted(players, key=lambda p: (-p.score, p.number))]
    by_name = context.ruleset.ranking is not None and context.ruleset.ranking_last == "name"

    def key(p: PlayerState) -> tuple[float, int, str, int]:
        name = context.player(p.number).name.casefold() if by_name else ""
        return (-p.score, -p.rating, name, p.number)

    return [p.number for p in sorted(players, key=key)]


@hookimpl(trylast=True)
def swiss_assign_bye() -> ByeChoice:
    """Leave the bye to the lowest bracket."""
    return ByeChoice(None)


@hookimpl(trylast=True)
def swiss_build_brackets(ranked: Sequence[int], context: RoundContext) -> list[Bracket]:
    """One bracket per score, highest first."""
    groups: dict[float, list[int]] = {}
    for n in ranked:
        groups.setdefault(round(context.score(n), 6), []).append(n)
    keys = sorted(groups, reverse=True)
    return [
        Bracket(index=i, score=s, residents=tuple(groups[s]), is_last=i == len(keys) - 1)
        for i, s in enumerate(keys)
    ]


@hookimpl(trylast=True)
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """Generic bracket pairing: the most pairs possible, moving down the lowest-ranked
    players; the rest paired top half against bottom half, first compatible opponent."""
    return default_bracket_outcomes(bracket, context)


def default_bracket_outcomes(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """See :func:`swiss_pair_bracket`."""
    players = list(bracket.moved_down) + list(bracket.residents)
    n = len(players)
    for leftover_count in range(n % 2, n + 1, 2):
        # leftover sets, preferring to move down the lowest-ranked players
        for leftover in combinations(reversed(players), leftover_count):
            rest = [p for p in players if p not in leftover]
            match = _first_perfect_matching(rest, context)
            if match is not None:
                down = tuple(context.ranked(leftover))
                events: tuple[Event, ...] = ()
                if down:
                    events = (
                        Event(
                            "",
                            NP_(
                                "player {players} moves down to the next bracket",
                                "players {players} move down to the next bracket",
                                "players",
                            ),
                            {"players": list(down)},
                            bracket.index,
                        ),
                    )
                yield BracketOutcome(tuple(match), down, events, cost=0)


def _first_perfect_matching(
    players: list[int], context: RoundContext
) -> list[tuple[int, int]] | None:
    """Pair ``players`` (ranking order) completely: each player's preferred opponent is the
    one half a bracket below him; depth-first with a no-partner check."""
    if not players:
        return []
    half = len(players) // 2
    position = {p: i for i, p in enumerate(players)}
    compatible = {a: {b for b in players if b != a and context.compatible(a, b)} for a in players}

    def candidates(a: int, free: list[int]) -> list[int]:
        target = position[a] + half
        return sorted(
            (b for b in free if b in compatible[a]),
            key=lambda b: (position[b] < target, abs(position[b] - target)),
        )

    def rec(free: list[int]) -> list[tuple[int, int]] | None:
        if not free:
            return []
        a = free[0]
        rest = free[1:]
        for b in candidates(a, rest):
            remaining = [x for x in rest if x != b]
            if any(not (compatible[x] & set(remaining)) for x in remaining):
                continue
            sub = rec(remaining)
            if sub is not None:
                return [(a, b), *sub]
        return None

    return rec(players)


# ---------------------------------------------------------------------- colours
def colour_preference(state: PlayerState) -> tuple[Colour | None, int]:
    """``(colour, strength)``: 3 absolute, 2 strong, 1 weak, 0 none (FIDE-style A7)."""
    cols = state.played_colours
    if not cols:
        return None, 0
    cd = state.colour_difference
    if cd < -1 or cd > 1 or (len(cols) >= 2 and cols[-1] is cols[-2]):
        if cd < -1:
            return WHITE, 3
        if cd > 1:
            return BLACK, 3
        return cols[-1].opposite, 3
    if cd != 0:
        return (WHITE if cd < 0 else BLACK), 2
    return cols[-1].opposite, 1


def alternation_colour(a: PlayerState, b: PlayerState) -> Colour | None:
    """Colour for ``a`` that alternates relative to the most recent round in which the two
    players had different colours, on histories aligned to the right (F3).  ``None`` if
    there is no such round."""
    ca, cb = a.played_colours, b.played_colours
    for x, y in zip(reversed(ca), reversed(cb), strict=False):
        if x is not y:
            return x.opposite
    return None


@hookimpl(trylast=True)
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """Both preferences; else the stronger one; else alternate from the last round with
    different colours; else the higher-ranked player's preference; first-round parity when
    neither has played.  A choice that breaks a colour limit is reversed when the reverse
    does not."""
    return allocate_colours_ranked(pair, context, context.rank)


def allocate_colours_ranked(
    pair: tuple[int, int], context: RoundContext, rank: Mapping[int, int]
) -> Pairing:
    """:func:`swiss_allocate_colours` with "higher ranked" read from ``rank`` (position, 0 =
    first) — for systems whose colour rule names another ranking than the pairing order
    (``Burstein-2025 5.2.5``: the 1.8 order).  The first-round parity still follows the
    pairing order."""
    a, b = pair
    if rank.get(b, 1 << 30) < rank.get(a, 1 << 30):
        a, b = b, a
    sa, sb = context.state(a), context.state(b)
    pa, stra = colour_preference(sa)
    pb, strb = colour_preference(sb)
    colour_a: Colour
    if pa is None and pb is None:
        first = context.initial_colour()
        colour_a = first if context.rank.get(a, 0) % 2 == 0 else first.opposite
    elif pa is not None and pb is not None and pa is not pb:
        colour_a = pa
    elif stra != strb:
        colour_a = pa if stra > strb else pb.opposite  # type: ignore[union-attr, assignment]
    else:
        alt = alternation_colour(sa, sb)
        if alt is not None:
            colour_a = alt
        elif pa is not None:
            colour_a = pa
        else:
            colour_a = pb.opposite  # type: ignore[union-attr]
    ok = context.colour_allowed(a, colour_a) and context.colour_allowed(b, colour_a.opposite)
    if (
        not ok
        and context.colour_allowed(a, colour_a.opposite)
        and context.colour_allowed(b, colour_a)
    ):
        colour_a = colour_a.opposite
    return Pairing(a, b) if colour_a is WHITE else Pairing(b, a)


@hookimpl(trylast=True)
def swiss_order_boards(pairings: Sequence[Pairing], context: RoundContext) -> list[Pairing]:
    """Higher score of the pair first, then the sum of scores, then the better-ranked player."""

    def key(p: Pairing) -> tuple[float, float, int]:
        sw, sb = context.score(p.white), context.score(p.black)
        best = min(context.rank.get(p.white, 1 << 30), context.rank.get(p.black, 1 << 30))
        return (-max(sw, sb), -(sw + sb), best)

    return sorted(pairings, key=key)


# ---------------------------------------------------------------------- checking
@hookimpl(trylast=True)
def swiss_colour_exempt() -> bool:
    """Nobody is exempt from the colour limits unless the system says so."""
    return False


@hookimpl(trylast=True)
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> list[Violation]:
    """The generic absolute criteria: no rematch beyond ``max_meetings``, no forbidden pair,
    colour limits, at most one pairing-allocated bye per round and none to a player already
    blocked from it, every participant paired.  Skipped when a team system's check (called
    earlier) marked the round as a team event (``context.data["team_event"]``): its players'
    board games follow the team's rules instead."""
    if context.data.get("team_event"):
        return []
    out: list[Violation] = []
    rnd = round_number
    after = player_states(
        tournament,
        context.point_system,
        rnd + 1,
        forfeit_counts_as_met=context.ruleset.forfeit_counts_as_met,
    )
    for a, rec in iter_games(tournament, rnd):
        b = rec.opponent
        assert b is not None
        if not rec.is_played and not rec.is_pending:
            continue
        if not context.may_meet(a, b):
            meets = context.states[a].meetings.get(b, 0)
            if meets >= context.ruleset.max_meetings:
                out.append(
                    Violation(
                        rnd,
                        "max_meetings",
                        N_("players {a} and {b} meet again"),
                        (("a", a), ("b", b)),
                    )
                )
            else:
                out.append(
                    Violation(
                        rnd,
                        "forbidden",
                        N_("players {a} and {b} may not be paired"),
                        (("a", a), ("b", b)),
                    )
                )
    limits = context.ruleset.colours
    for p in tournament.players:
        own = p.record(rnd)
        if own is None or own.colour is None or not (own.is_played or own.is_pending):
            continue
        if context.engine.hook.swiss_colour_exempt(number=p.number, context=context):
            continue
        st = after[p.number]
        cols = list(st.played_colours)
        if own.is_pending:
            cols.append(own.colour)
        cd = sum(1 for c in cols if c is WHITE) - sum(1 for c in cols if c is BLACK)
        if (
            limits.max_difference is not None
            and abs(cd) > limits.max_difference
            and abs(cd) > abs(context.states[p.number].colour_difference)
        ):
            out.append(
                Violation(
                    rnd,
                    "colours.max_difference",
                    N_("player {p}: colour difference {cd}"),
                    (("p", p.number), ("cd", cd)),
                )
            )
        if (
            limits.max_run is not None
            and len(cols) > limits.max_run
            and len(set(cols[-limits.max_run - 1 :])) == 1
        ):
            out.append(
                Violation(
                    rnd,
                    "colours.max_run",
                    NP_(
                        "player {p}: {n} game in a row with White",
                        "player {p}: {n} games in a row with White",
                        "n",
                    )
                    if own.colour is WHITE
                    else NP_(
                        "player {p}: {n} game in a row with Black",
                        "player {p}: {n} games in a row with Black",
                        "n",
                    ),
                    (("p", p.number), ("n", limits.max_run + 1)),
                )
            )
    pab = [
        p.number for p in tournament.players if (r := p.record(rnd)) is not None and r.result == "U"
    ]
    if len(pab) > 1:
        out.append(
            Violation(
                rnd,
                "bye",
                N_("more than one pairing-allocated bye: {players}"),
                (("players", pab),),
            )
        )
    for n in pab:
        if not context.can_receive_bye(n):
            out.append(
                Violation(
                    rnd,
                    "byes.blocked_by",
                    N_("player {p} gets a second point without playing"),
                    (("p", n),),
                )
            )
    for n in context.participants:
        if tournament.player(n).record(rnd) is None:
            out.append(Violation(rnd, "participants", N_("player {p} was not paired"), (("p", n),)))
    return out
