"""Classification and the pairing order inside score groups (RDF 5.4.10.4–5.4.10.7).

- RDF 5.4.10.5.1 (also 5.4.10.6.1, 5.4.10.7.1): before round 1 every participant gets a
  classification number — rated players by rating, descending, equal ratings by lot; then
  the unrated players by lot.  The number stays with the player for the whole tournament.
- RDF 5.4.10.4: the random-lot variant uses no classification; the draw before the
  tournament gives the numbers — by default the file's start numbers (the arbiter's draw,
  ``classification: start-number``), or the program's own seeded draw (``classification:
  lot``); from round 2 the order inside each score group is drawn by lot with the round's
  seed (AMB-R11).
- RDF 5.4.10.5.3: inside score groups by classification number, ascending when an odd round
  is paired and descending when an even one is (AMB-R2: the round being paired).
- RDF 5.4.10.6.2: from round 3, inside score groups by truncated Solkoff (Buchholz cut 1),
  descending, then classification number.
- RDF 5.4.10.7.3, 5.4.10.7.6: by classification number, then from round 3 by current
  Buchholz, descending, then classification number.

The classification is set once, before round 1, and kept in the file (:mod:`.numbers`,
AMB-R13): the lot of round 1 uses that round's ``--seed`` (or ``classification_seed``) and
the numbers are recorded as ``SPN`` lines that every later round reads back.  The per-round
lots (random-lot draws, the colour of the first board) use the round's seed.

Coefficients for the order during the event (5.4.10.6.2 «суммы очков всех соперников,
исключая худшего», 5.4.10.7.6) count the opponents actually met (AMB-R10,
``coefficient_policy: computer``, the default); the 5.4.10.11 adjustments belong to the
manual draw and the final standings («по окончании соревнования», AMB-R9) and apply to the
order only with ``coefficient_policy: manual-draw`` (rulesets ``rdf-solkoff-manual-draw``,
``rdf-buchholz-manual-draw``).
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Mapping, Sequence
from typing import Any

from swisspairing import N_, Event, RoundContext, Term, Tournament
from swisspairing.tiebreaks import buchholz

from .numbers import Classification, classify

__all__ = [
    "NOTES",
    "ORDER_RULES",
    "RDF_MANUAL_DRAW_POLICY",
    "classification",
    "coefficients",
    "pairing_order",
    "round_classification",
]

#: The value of ``buchholz(..., unplayed=...)`` that applies RDF 5.4.10.11 (AMB-R8/R9).
RDF_MANUAL_DRAW_POLICY = "rdf-manual-draw"

_CACHE = "ru_draughts.order"
_CLASSIFICATION = "ru_draughts.classification"
#: ``context.data`` key of round-level explanation events recorded while ordering.
NOTES = "ru_draughts.notes"

#: Rule cited for the order inside score groups, by variant.
ORDER_RULES = {
    "random": "RDF 5.4.10.4",
    "coefficient": "RDF 5.4.10.5.3",
    "solkoff": "RDF 5.4.10.6.2",
    "buchholz": "RDF 5.4.10.7.6",
}

CLASSIFICATION_ASC = Term(N_("classification number, ascending"))
CLASSIFICATION_DESC = Term(N_("classification number, descending"))
TRUNCATED_SOLKOFF = Term(N_("truncated Solkoff coefficient"))
CURRENT_BUCHHOLZ = Term(N_("current Buchholz coefficient"))
LOT = Term(N_("lot"))
DRAWN_NUMBER = Term(N_("number drawn before the tournament"))


def classification(
    tournament: Tournament, parameters: Mapping[str, Any], seed: int | None = None
) -> tuple[dict[int, int], list[int], list[int]]:
    """RDF 5.4.10.5.1: ``(number → classification number, players ordered by lot among equal
    ratings, unrated players)``.  ``parameters["classification"]``: ``rating-lot`` (5.4.10.5.1),
    ``lot`` (5.4.10.4, or a classification without ratings) or ``start-number`` (the file's
    start numbers already are the classification).  Numbers recorded in the file (``SPN``)
    are read back (:func:`.numbers.classify`); ``seed`` is the round-1 seed of the lot."""
    cls = classify(tournament, parameters, seed)
    return dict(cls.number), list(cls.tied), list(cls.unrated)


def round_classification(context: RoundContext) -> Classification:
    """The classification numbers in force for the round (RDF 5.4.10.5.1, 5.4.10.4): read
    back from the file, or set now — in round 1 with the round's seed (``--seed``)."""
    cls = context.data.get(_CLASSIFICATION)
    if cls is None:
        seed = context.seed if context.round_number == 1 else None
        cls = context.data[_CLASSIFICATION] = classify(
            context.tournament, context.ruleset.parameters, seed
        )
    return cls


def _descending_round(context: RoundContext) -> bool:
    """AMB-R2: whether classification numbers run descending inside the groups this round."""
    rnd = context.round_number
    if rnd < 2:
        return False
    parity = context.ruleset.param("order_parity", "paired-round")
    if parity == "paired-round":
        return rnd % 2 == 0
    if parity == "played-round":
        return (rnd - 1) % 2 == 0
    return False


def coefficients(context: RoundContext, cut_lowest: int) -> tuple[dict[int, float], bool]:
    """Truncated Solkoff (``cut_lowest=1``) or current Buchholz (``0``) after the last round,
    from the core's shared :func:`swisspairing.tiebreaks.buchholz`.

    With ``coefficient_policy: manual-draw`` the RDF 5.4.10.11 adjustments are asked for
    through ``buchholz(..., unplayed="rdf-manual-draw")``; returns ``(values, applied)`` where
    ``applied`` is false when the core does not offer the policy yet (played games only)."""
    after = context.round_number - 1
    policy = context.ruleset.param("coefficient_policy", "computer")
    t, ps = context.tournament, context.point_system
    if policy == "manual-draw":
        try:
            accepts = "unplayed" in inspect.signature(buchholz).parameters
        except (TypeError, ValueError):  # pragma: no cover
            accepts = False
        if accepts:
            try:
                return buchholz(
                    t, ps, after, cut_lowest=cut_lowest, unplayed=RDF_MANUAL_DRAW_POLICY
                ), True  # type: ignore[call-arg]
            except (ValueError, KeyError):
                pass
        return buchholz(t, ps, after, cut_lowest=cut_lowest), False
    return buchholz(t, ps, after, cut_lowest=cut_lowest), True


def _number_labels(numbers: Sequence[int], number: Mapping[int, int]) -> dict[int, str]:
    """``"start number (classification number)"`` when the two differ anywhere."""
    if all(number[n] == n for n in numbers):
        return {n: str(n) for n in numbers}
    return {n: f"{n} ({number[n]})" for n in numbers}


def _fmt(value: float) -> str:
    return f"{value:g}"


def pairing_order(numbers: Sequence[int], context: RoundContext) -> list[int]:
    """The round's pairing order: score groups descending, inside each group the variant's
    order.  Cached in ``context.data`` (the lot is drawn once per round), with the labels
    and the rule used for the explanation."""
    cached = context.data.get(_CACHE)
    if cached is not None and cached["numbers"] == tuple(numbers):
        return list(cached["order"])
    params = context.ruleset.parameters
    variant = params.get("variant", "coefficient")
    rnd = context.round_number
    number = round_classification(context).number
    score = {n: round(context.score(n), 6) for n in numbers}
    from_round = params.get("coefficient_from_round", 3)
    coeff: dict[int, float] | None = None
    criterion: Term
    labels: dict[int, str]
    if variant == "random":
        if rnd == 1:
            order = sorted(numbers, key=lambda n: (-score[n], number[n]))
            criterion = DRAWN_NUMBER
        else:
            # RDF 5.4.10.4: inside each score group the order is drawn by lot (seeded)
            rng = random.Random(f"rdf-lot:{context.seed}:{rnd}")
            base = sorted(numbers, key=lambda n: (-score[n], number[n]))
            draw = {n: rng.random() for n in base}
            order = sorted(numbers, key=lambda n: (-score[n], draw[n]))
            criterion = LOT
        labels = _number_labels(numbers, number) if rnd == 1 else {n: str(n) for n in numbers}
    else:
        use_coefficient = variant in ("solkoff", "buchholz") and rnd >= from_round
        if use_coefficient:
            cut = 1 if variant == "solkoff" else 0
            coeff, applied = coefficients(context, cut)
            if not applied:
                context.data.setdefault(NOTES, []).append(
                    Event(
                        "RDF 5.4.10.11",
                        N_(
                            "the manual-draw coefficient rules are not available in this version; "
                            "coefficients count played games only"
                        ),
                    )
                )
            order = sorted(
                numbers, key=lambda n: (-score[n], -round(coeff.get(n, 0.0), 6), number[n])
            )  # type: ignore[union-attr]
            criterion = TRUNCATED_SOLKOFF if variant == "solkoff" else CURRENT_BUCHHOLZ
            labels = {n: f"{n} ({_fmt(coeff.get(n, 0.0))})" for n in numbers}  # type: ignore[union-attr]
        else:
            descending = _descending_round(context)  # rdf-buchholz sets order_parity: none (AMB-R2)
            sign = -1 if descending else 1
            order = sorted(numbers, key=lambda n: (-score[n], sign * number[n]))
            criterion = CLASSIFICATION_DESC if descending else CLASSIFICATION_ASC
            labels = _number_labels(numbers, number)
    context.data[_CACHE] = {
        "numbers": tuple(numbers),
        "order": tuple(order),
        "labels": labels,
        "criterion": criterion,
        "rule": _order_rule(variant, rnd, from_round),
    }
    return order


def _order_rule(variant: str, rnd: int, from_round: int) -> str:
    if variant == "random":
        return "RDF 5.4.10.4"
    if variant == "coefficient":
        return "RDF 5.4.10.5.3" if rnd > 1 else "RDF 5.4.10.5.2"
    if variant == "solkoff":
        if rnd >= from_round:
            return "RDF 5.4.10.6.2"
        return "RDF 5.4.10.5.3" if rnd > 1 else "RDF 5.4.10.5.2"
    if rnd >= from_round:
        return "RDF 5.4.10.7.6"
    return "RDF 5.4.10.7.3" if rnd > 1 else "RDF 5.4.10.7.2"


def order_info(context: RoundContext) -> dict[str, Any] | None:
    """Labels, criterion and rule of the round's order (after :func:`pairing_order`)."""
    return context.data.get(_CACHE)
