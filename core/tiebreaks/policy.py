"""The settings that apply to every tiebreak of a ruleset (``tiebreak_policy``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ART16_POLICIES",
    "DEFAULT_POLICY",
    "DIRECT_ENCOUNTER_MODES",
    "UNPLAYED_POLICIES",
    "TeamScale",
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
    "burstein2025",
)
#: The policies of C.07 art. 16 (2023 and later): a dummy opponent for own unplayed rounds,
#: requested byes at the end counted as draws for the opponents, voluntary unplayed rounds
#: cut first (16.5).
ART16_POLICIES = ("fide2023", "fide2026")
#: The policies whose own unplayed rounds are games against a dummy with the player's own
#: score: C.07 16.4 and Burstein-2025 1.7.2 ("a game against oneself").
_DUMMY_POLICIES = (*ART16_POLICIES, "burstein2025")
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
class TeamScale:
    """The scores of a team event that the team tie-breaks need: the largest (the normalising
    factor of SSSC, C.07 13.4) and a draw's (the 2026 caps of the dummy, 16.4.2)."""

    match_win: float = 2.0
    """Match points of a won match."""
    boards: int = 4
    """Boards per match."""
    board_win: float = 1.0
    """Game points of a won game."""
    rounds: int | None = None
    """Rounds of the event (``None``: the rounds counted)."""
    match_draw: float = 1.0
    """Match points of a drawn match (the cap of the 2026 dummy, C.07 16.4.2)."""
    board_draw: float = 0.5
    """Game points of a drawn game."""


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
    forfeits_as_played: bool = False
    """The ``/P`` modifier of the FIDE tie-break codes (C.07 (2023) 16.6, TRF-2026 record 202):
    a forfeit counts as a game played against the scheduled opponent, with the points awarded,
    in every tiebreak of the ruleset (individuals: a forfeit win a game won, a forfeit loss a
    game lost; teams: a forfeited match a match played)."""
    sssc_factor: int | None = None
    """The normalising factor of SSSC (C.07 13.4, the ``/K`` modifier): ``None`` = the
    highest primary score achievable in the tournament divided by the highest secondary score
    achievable in one match, rounded towards zero."""
    team_primary: str = "match-points"
    """The primary score of a team event (``match-points`` or ``game-points``): the first id
    of the ranking; set by the standings, not by the ruleset."""
    team_scale: TeamScale = field(default_factory=TeamScale)
    """The maximum scores of a team event (SSSC, C.07 13.4); set by the standings from the
    ruleset's team parameters, not by the ruleset."""

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
        if self.team_primary not in ("match-points", "game-points"):
            raise ValueError(f"unknown primary team score {self.team_primary!r}")
        if self.sssc_factor is not None and self.sssc_factor < 1:
            raise ValueError(f"sssc_factor must be at least 1, not {self.sssc_factor}")

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
