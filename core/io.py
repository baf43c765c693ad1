"""Loading a tournament from any supported file: TRF16 (``.trf``, ``.txt``) or an event file
(``.yaml``, ``.yml``, ``.json``) for leagues that keep no TRF."""

from __future__ import annotations

import os

from .errors import InvalidInputError
from .i18n import N_
from .model import PointSystem, Tournament
from .trf import load_trf

__all__ = ["load_tournament", "EVENT_SUFFIXES"]

EVENT_SUFFIXES = (".yaml", ".yml", ".json")


def load_tournament(path: str | os.PathLike[str], *, point_system: PointSystem | None = None) -> Tournament:
    """Read ``path`` by its suffix; a TRF's points fields are checked against its ``XXS`` or
    else ``point_system``."""
    name = os.fspath(path)
    if name.lower().endswith(EVENT_SUFFIXES):
        try:
            from .event import load_event
        except ImportError:  # pragma: no cover - event files arrive with the team issue
            raise InvalidInputError(N_("event files are not supported by this version"), where=name) from None
        return load_event(name, point_system=point_system)
    return load_trf(name, check=True, point_system=point_system)
