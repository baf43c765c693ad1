"""The entry points of one group, found as :func:`importlib.metadata.entry_points` finds them,
without importing :mod:`importlib.metadata` (a fifth of the start-up of ``pair``: it loads
``email``, ``zipfile``, ``csv`` and ``pathlib``; issue 20).

:func:`scan` walks ``sys.path`` as the standard library's ``MetadataPathFinder`` does: each
folder's ``*.dist-info`` and ``*.egg-info`` children in listing order, grouped by normalised
distribution name, the first distribution of a name winning (``_unique``), and reads the
group's section of each ``entry_points.txt`` with the same line rules.  Whenever the
environment holds anything that walk does not model — another finder that lists
distributions, a zip file or an ``.egg`` on the path, a metadata folder whose name the
standard library would have to read the metadata to normalise — it answers ``None`` and the
caller asks :mod:`importlib.metadata` itself.  ``tests/test_entrypoints.py`` compares the two.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from typing import Any

__all__ = ["LightEntryPoint", "scan"]

_ENTRY = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
"""``EntryPoint.pattern`` of the standard library (module, attribute, extras)."""


class LightEntryPoint:
    """One entry point: what :class:`importlib.metadata.EntryPoint` offers the plugin manager
    (``name``, ``value``, ``group``, ``load()``, ``dist``)."""

    __slots__ = ("_info", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, info: str) -> None:
        self.name = name
        """The entry point's name (the system's name)."""
        self.value = value
        """``module:attribute``."""
        self.group = group
        """The entry-point group."""
        self._info = info

    @property
    def dist(self) -> Any:
        """The distribution that declares it (read with :mod:`importlib.metadata`, only when
        asked: its name and version are for messages and ``swisspairing systems``)."""
        from importlib import metadata
        from pathlib import Path

        return metadata.PathDistribution(Path(self._info))

    def load(self) -> Any:
        """The object the entry point names, as ``EntryPoint.load`` imports it."""
        import functools
        import importlib

        match = _ENTRY.match(self.value)
        if match is None:
            raise ValueError(f"invalid entry point value {self.value!r}")
        module = importlib.import_module(match.group("module"))
        attrs = filter(None, (match.group("attr") or "").split("."))
        return functools.reduce(getattr, attrs, module)

    def __repr__(self) -> str:
        return f"LightEntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def _normalize(name: str) -> str:
    """``importlib.metadata.Prepared.normalize``."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _infos(root: str) -> Iterator[str] | None:
    """The metadata folders under one ``sys.path`` entry in the standard library's order
    (``FastPath.lookup(...).search(Prepared(None))``); ``None`` when the entry is one this
    walk does not model."""
    if root.lower().endswith(".egg"):
        return None
    try:
        children = os.listdir(root or ".")
    except Exception:
        if os.path.isfile(root):  # a zip file: the standard library reads it as one
            return None
        return iter(())
    grouped: dict[str, list[str]] = {}
    for child in children:
        low = child.lower()
        if low.endswith((".dist-info", ".egg-info")):
            if not child.endswith((".dist-info", ".egg-info")):
                return None  # its name is normalised from the metadata file itself
            name = low.rpartition(".")[0].partition("-")[0]
            grouped.setdefault(_normalize(name), []).append(os.path.join(root, child))
    return (path for paths in grouped.values() for path in paths)


def _section(text: str, group: str) -> Iterator[tuple[str, str]]:
    """``(name, value)`` of ``group``'s lines in an ``entry_points.txt`` (``Sectioned``:
    blank lines and ``#`` comments skipped, lines before the first section ignored)."""
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is not None:  # every section's lines are parsed, a bad one fails alike
            parts = line.split("=", 1)
            if len(parts) < 2:
                raise TypeError("Pair.__new__() missing 1 required positional argument: 'value'")
            if section == group:
                yield parts[0].strip(), parts[1].strip()


def scan(group: str) -> tuple[LightEntryPoint, ...] | None:
    """The entry points of ``group`` on ``sys.path`` in the order
    ``importlib.metadata.entry_points(group=group)`` gives them, or ``None`` when only
    :mod:`importlib.metadata` can say."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if finder is not PathFinder and getattr(finder, "find_distributions", None):
            return None
    seen: set[str] = set()
    found: list[LightEntryPoint] = []
    for root in sys.path:
        infos = _infos(root)
        if infos is None:
            return None
        for info in infos:
            stem = os.path.basename(info)
            key = _normalize(os.path.splitext(stem)[0].partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(info, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
                continue
            found.extend(LightEntryPoint(n, v, group, info) for n, v in _section(text, group))
    return tuple(found)
