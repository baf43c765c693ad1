"""The built-in pairing systems, one module per system, each registered in the
``swisspairing.systems`` entry-point group exactly like a third-party plugin."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import replace
from typing import Any

from swisspairing import RoundContext, Violation, hookimpl

__all__ = ["C0401_2026", "C0401_LETTERS", "cite_core_criteria", "core_criteria_citer"]


def cite_core_criteria(
    parts: Iterable[Iterable[Violation] | None], rules: Mapping[str, str]
) -> list[list[Violation]]:
    """The violations collected by ``swiss_check_round``, the core's generic criteria cited by
    the system's regulation: the core names a criterion by its configuration key
    (``max_meetings``, ``colours.max_run``), which is no reason to show an arbiter
    (issue 24).  ``rules`` maps those keys to rule ids (``"max_meetings": "Dutch-1992 B1a"``);
    a key it leaves out keeps its name, and the system's own violations pass unchanged."""
    return [[replace(v, rule=rules.get(v.rule, v.rule)) for v in part] for part in parts if part]


#: The core's generic criteria by C.04.1, the basic rules of every FIDE Swiss system: b (no
#: second meeting), c (one pairing-allocated bye), d (bye eligibility), f (colour difference),
#: g (three colours running); in the 2026 numbering BR 2, 3, 4, 6, 7.
C0401_LETTERS = {
    "max_meetings": "C.04.1 b",
    "bye": "C.04.1 c",
    "participants": "C.04.1 c",
    "byes.blocked_by": "C.04.1 d",
    "colours.max_difference": "C.04.1 f",
    "colours.max_run": "C.04.1 g",
}
C0401_2026 = {
    "max_meetings": "BR 2",
    "bye": "BR 3",
    "participants": "BR 3",
    "byes.blocked_by": "BR 4",
    "colours.max_difference": "BR 6",
    "colours.max_run": "BR 7",
}


def core_criteria_citer(
    rules: Mapping[str, str] | Callable[[RoundContext], Mapping[str, str]],
) -> Callable[..., Any]:
    """A ``swiss_check_round`` wrapper for a system's module (``cite_core_checks =
    core_criteria_citer(CORE_CRITERIA)``): the violations of every check, the core's generic
    criteria cited by ``rules`` (or by ``rules(context)``, for a system whose editions number
    them differently)."""

    @hookimpl(wrapper=True, specname="swiss_check_round")
    def cite_core_checks(  # pluggy: an impl takes only the arguments it reads
        context: RoundContext,
    ) -> Generator[None, list[list[Violation]], list[list[Violation]]]:
        table = rules(context) if callable(rules) else rules
        return cite_core_criteria((yield), table)

    # read by the core too (``Engine.cite_criterion``): ``check --repair --explain`` cites the
    # same rules for the reasons it gives
    cite_core_checks.core_criteria = rules  # type: ignore[attr-defined]
    return cite_core_checks
