"""The settings that apply to every tiebreak of a ruleset (``tiebreak_policy``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ART16_POLICIES",
    "DEFAULT_POLICY",
    "DIRECT_ENCOUNTER_MODES",
    "UNPLAYED_POLICIES",
    "TiebreakPolicy",
]

#: How unplayed games enter Buchholz-type coefficients (module docstring).
UNPLAYED_POLICIES = (
    "played-only",
    "virtual-opponent",
    "draw",
    "rdf-manual",
    "fide2023",
    "fide2026",
)
#: The policies of C.07 art. 16 (2023 and later): a dummy opponent for own unplayed rounds,
#: requested byes at the end counted as draws for the opponents, voluntary unplayed rounds
#: cut first (16.5).
ART16_POLICIES = ("fide2023", "fide2026")
#: ``all-met``: direct encounter applies only when every tied player met every other one
#: (pre-2023 practice, seed rules); ``fide2023``: C.07 art. 6.2 and the Swiss rule 6.3.
DIRECT_ENCOUNTER_MODES = ("all-met", "fide2023")

#: Other spellings accepted for a policy (the ru-draughts plugin says ``rdf-manual-draw``).
_POLICY_ALIASES = {
    "rdf-manual-draw": "rdf-manual",
    "virtual": "virtual-opponent",
    "fide2009": "virtual-opponent",
}


@dataclass(frozen=True, slots=True)
class TiebreakPolicy:
    """The settings that apply to every tiebreak of a ruleset (``tiebreak_policy``)."""

    unplayed: str = "played-only"
    """How unplayed games count: one of :data:`UNPLAYED_POLICIES`."""
    direct_encounter: str = "all-met"
    """When direct encounter separates tied players: one of :data:`DIRECT_ENCOUNTER_MODES`."""
    direct_encounter_forfeits: bool = False
    """Whether forfeited games between tied players count in the direct encounter (C.07 6.1.1)."""
    aro_unrated: str = "exclude"
    """``exclude`` unrated opponents (rating 0) from the rating tiebreaks (ARO, TPR, PTP, APRO,
    APPO), or count them as ``zero``."""
    seed: int | None = None
    """Seed of the lot that decides complete ties (``None``: derived from the tournament)."""

    def __post_init__(self) -> None:
        if self.unplayed in _POLICY_ALIASES:
            object.__setattr__(self, "unplayed", _POLICY_ALIASES[self.unplayed])
        if self.unplayed not in UNPLAYED_POLICIES:
            raise ValueError(
                f"unknown unplayed-game policy {self.unplayed!r} (known: "
                f"{', '.join(UNPLAYED_POLICIES)})"
            )
        if self.direct_encounter not in DIRECT_ENCOUNTER_MODES:
            raise ValueError(f"unknown direct-encounter mode {self.direct_encounter!r}")
        if self.aro_unrated not in ("exclude", "zero"):
            raise ValueError(f"unknown aro_unrated setting {self.aro_unrated!r}")

    @classmethod
    def from_mapping(
        cls, values: Mapping[str, Any] | None, *, seed: int | None = None
    ) -> TiebreakPolicy:
        """From a ruleset's ``tiebreak_policy`` mapping (keys as the field names)."""
        values = dict(values or {})
        if seed is not None:
            values["seed"] = seed
        return cls(**values)

    @classmethod
    def from_ruleset(cls, ruleset: Any, *, seed: int | None = None) -> TiebreakPolicy:
        """The policy of a :class:`~swisspairing.ruleset.Ruleset` (empty when it sets none)."""
        return cls.from_mapping(getattr(ruleset, "tiebreak_policy", None), seed=seed)


DEFAULT_POLICY = TiebreakPolicy()


def _policy_name(unplayed: str) -> str:
    unplayed = _POLICY_ALIASES.get(unplayed, unplayed)
    if unplayed not in UNPLAYED_POLICIES:
        raise ValueError(
            f"unknown unplayed-game policy {unplayed!r} (known: {', '.join(UNPLAYED_POLICIES)})"
        )
    return unplayed
