"""Loading a tournament from any supported file, its format decided by its content:

- a TRF (TRF16, TRF(x), TRF(bx), TRF-2026): the first record starts with a three-character
  code (``012``, ``001``, ``XXR`` …);
- a tournament document (:mod:`swisspairing.jsonio`), in JSON or YAML: a mapping with
  ``players`` at the top (``format``/``schema_version`` may be left out in a hand-written
  file), for individual events;
- an event file (:mod:`swisspairing.event`), in JSON or YAML: a mapping with ``teams`` and
  their players, for leagues that keep no TRF.

The suffix decides only when the content does not (an empty file)."""

from __future__ import annotations

import os
import re

from .encoding import Decoded
from .model import PointSystem, Tournament
from .trf import load_trf_source

__all__ = [
    "EVENT_SUFFIXES",
    "input_kind",
    "load_tournament",
    "load_tournament_source",
    "sniff_format",
]

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
    with open(name, "rb") as fh:
        head = fh.read(_SNIFF_BYTES)
    kind = sniff_format(head) or ("mapping" if name.lower().endswith(EVENT_SUFFIXES) else "trf")
    if kind == "mapping":
        return _load_mapping(name, point_system), None
    return load_trf_source(name, check=True, point_system=point_system, encoding=encoding)


#: Bytes read to tell the format.
_SNIFF_BYTES = 4096
#: A TRF record code at the start of a line: three digits, letters or ``#``, then a space.
_TRF_RECORD = re.compile(rb"[0-9A-Z#]{3}(?: |$)")


def sniff_format(head: bytes) -> str | None:
    """``trf`` or ``mapping`` (a JSON or YAML mapping: a tournament document or an event
    file) from the first bytes of a file; ``None`` when they do not tell (empty, binary)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "trf"  # UTF-16/32 with a byte-order mark: only TRF files are read so
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not text or b"\x00" in text:
        return None
    first = text.split(b"\n", 1)[0].split(b"\r", 1)[0]
    if _TRF_RECORD.match(first):
        return "trf"
    if text[:1] in (b"{", b"[") or first.startswith((b"#", b"---")) or b":" in first:
        return "mapping"
    return None


def input_kind(path: str | os.PathLike[str]) -> str:
    """``trf``, ``document`` (a tournament document) or ``event`` (an event file): how
    :func:`load_tournament_source` reads ``path`` (writing the next round back in kind)."""
    name = os.fspath(path)
    with open(name, "rb") as fh:
        head = fh.read(_SNIFF_BYTES)
    kind = sniff_format(head) or ("mapping" if name.lower().endswith(EVENT_SUFFIXES) else "trf")
    if kind == "trf":
        return kind
    from .event import InvalidEventError, parse_event
    from .safeyaml import read_text_capped

    data = parse_event(read_text_capped(name, error=InvalidEventError), filename=name)
    return "document" if "players" in data else "event"


def _load_mapping(name: str, point_system: PointSystem | None) -> Tournament:
    """A JSON or YAML file: a tournament document when it has ``players`` at the top
    (``format`` and ``schema_version`` default to this version's when a hand-written file
    leaves them out), else an event file."""
    from .event import InvalidEventError, event_from_mapping, parse_event
    from .jsonio import FORMAT, SCHEMA_VERSION, tournament_from_json
    from .safeyaml import read_text_capped

    data = parse_event(read_text_capped(name, error=InvalidEventError), filename=name)
    if "players" in data:
        data = {"format": FORMAT, "schema_version": SCHEMA_VERSION, **data}
        return tournament_from_json(data, source=name, point_system=point_system)
    return event_from_mapping(data, source=name, point_system=point_system)
