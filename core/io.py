"""Loading a tournament from any supported file: TRF16 (``.trf``, ``.txt``) or an event file
(``.yaml``, ``.yml``, ``.json``) for leagues that keep no TRF."""

from __future__ import annotations

import os

from .encoding import Decoded
from .errors import InvalidInputError
from .i18n import N_
from .model import PointSystem, Tournament
from .trf import load_trf_source

__all__ = ["EVENT_SUFFIXES", "load_tournament", "load_tournament_source"]

EVENT_SUFFIXES = (".yaml", ".yml", ".json")


def load_tournament(
    path: str | os.PathLike[str],
    *,
    point_system: PointSystem | None = None,
    encoding: str | None = None,
) -> Tournament:
    """Read ``path`` by its suffix; a TRF's points fields are checked against its ``XXS`` or
    else ``point_system``."""
    return load_tournament_source(path, point_system=point_system, encoding=encoding)[0]


def load_tournament_source(
    path: str | os.PathLike[str],
    *,
    point_system: PointSystem | None = None,
    encoding: str | None = None,
) -> tuple[Tournament, Decoded | None]:
    """:func:`load_tournament`, and for a TRF how its bytes were decoded (``None`` for an
    event file)."""
    name = os.fspath(path)
    if name.lower().endswith(EVENT_SUFFIXES):
        try:
            from .event import load_event
        except ImportError:  # pragma: no cover - event files arrive with the team issue
            raise InvalidInputError(
                N_("event files are not supported by this version"), where=name
            ) from None
        return load_event(name, point_system=point_system), None
    return load_trf_source(name, check=True, point_system=point_system, encoding=encoding)
