"""``--explain`` for the Dutch system: per bracket, what it paired and which quality criteria
it could not meet (by rule id in the edition in force)."""

from __future__ import annotations

from swisspairing import N_, RoundContext

from .definitions import SCALE, Edition, round_facts
from .procedure import RoundResult


def _points(units: int) -> str:
    return f"{units / SCALE:g}"


def explain_round(result: RoundResult, context: RoundContext) -> None:
    """Record one event per bracket, one per unmet quality criterion, and the PAB."""
    facts = round_facts(context)
    ed = "Dutch-2017" if facts.edition is Edition.DUTCH_2017 else "Dutch-2026"
    exp = context.explanation
    exp.add(
        f"{ed} A.2" if facts.edition is Edition.DUTCH_2017 else f"{ed} 1.2",
        N_("players ordered by pairing score, then pairing number"),
    )
    for i, rep in enumerate(result.brackets):
        exp.add(
            f"{ed} B.1" if facts.edition is Edition.DUTCH_2017 else f"{ed} 3.1",
            N_(
                "residents' score {score}: moved-down players in: {mdps}; pairs: {pairs}; "
                "moved down: {floaters}"
            ),
            bracket=i,
            score=_points(rep.score),
            mdps=len(rep.moved_down),
            pairs=len(rep.pairs),
            floaters=", ".join(map(str, rep.floaters)) or "-",
        )
        for rule, count in rep.failures.items():
            if not rule:
                continue
            cited = f"{ed} {rule}" if rule.startswith("C.") else f"{ed} [{rule}]"
            exp.add(
                cited,
                N_(
                    "not met in this bracket (times: {count}): no pairing that keeps the "
                    "higher criteria meets it more often"
                ),
                bracket=i,
                count=count,
            )
    if result.bye is not None:
        exp.add(
            f"{ed} C.2" if facts.edition is Edition.DUTCH_2017 else f"{ed} [C5]",
            N_(
                "player {player} gets the pairing-allocated bye (the lowest score possible for it: "
                "{score})"
            ),
            player=result.bye,
            score=_points(result.bye_score or 0),
        )
