"""Plugin discovery and one plugin manager per ruleset.

Pairing systems are found through the entry-point group ``swisspairing.systems``; the
built-in ones are declared there by swisspairing's own distribution, so a federation's
plugin in its own pip package is found exactly like a built-in one.  A name declared twice
with different targets is an error.  ``SWISSPAIRING_BLOCKED_PLUGINS`` (comma-separated
names) hides plugins.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterable
from typing import Any

import pluggy

from . import defaults, hookspecs, tiebreaks
from .errors import PluginError, UnknownSystemError
from .i18n import N_

__all__ = [
    "GROUP",
    "make_manager",
    "ruleset_dirs",
    "system_entry_points",
    "system_names",
    "system_schema",
    "systems_info",
]

GROUP = "swisspairing.systems"


def _blocked() -> set[str]:
    return {
        n.strip()
        for n in os.environ.get("SWISSPAIRING_BLOCKED_PLUGINS", "").split(",")
        if n.strip()
    }


def _scan() -> tuple[Any, ...]:
    """The group's entry points on ``sys.path``: :func:`swisspairing.entrypoints.scan` (the
    standard library's walk, without importing :mod:`importlib.metadata`), else
    :func:`importlib.metadata.entry_points` where only it can say."""
    from .entrypoints import scan

    found = scan(GROUP)
    if found is None:
        from importlib import metadata

        return tuple(metadata.entry_points(group=GROUP))
    return found


@functools.lru_cache(maxsize=4)
def _declared(_path: tuple[str, ...], scanner: Any) -> tuple[Any, ...]:
    """``scanner()`` while ``sys.path`` is ``_path`` (the cache key, not read): every
    distribution's metadata is read once per process, not at each question (issue 20);
    another path or another scanner (a test's) is another answer."""
    return tuple(scanner())


def system_entry_points() -> dict[str, Any]:
    """Every installed system by name (blocked ones left out): its entry point, an
    :class:`importlib.metadata.EntryPoint` or :class:`swisspairing.entrypoints.LightEntryPoint`
    (the same ``name``, ``value``, ``load()`` and ``dist``)."""
    found: dict[str, Any] = {}
    blocked = _blocked()
    for ep in _declared(tuple(sys.path), _scan):
        if ep.name in blocked:
            continue
        if ep.name in found and found[ep.name].value != ep.value:
            other = found[ep.name]
            raise PluginError(
                N_("pairing system {name!r} is declared twice: {first} and {second}"),
                name=ep.name,
                first=f"{other.value} ({_dist_name(other)})",
                second=f"{ep.value} ({_dist_name(ep)})",
            )
        found[ep.name] = ep
    return dict(sorted(found.items()))


def _dist_name(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    return f"{dist.name} {dist.version}" if dist is not None else "?"


def system_names() -> list[str]:
    """Names of the installed systems."""
    return list(system_entry_points())


@functools.cache
def _load_module(name: str) -> Any:
    eps = system_entry_points()
    if name not in eps:
        raise UnknownSystemError(
            N_("unknown pairing system {system!r} (installed: {known})"),
            system=name,
            known=", ".join(eps) or "-",
        )
    try:
        return eps[name].load()
    except Exception as exc:  # a broken third-party plugin must not crash with a traceback
        raise PluginError(
            N_("pairing system {name!r} cannot be loaded: {reason}"),
            name=name,
            reason=f"{type(exc).__name__}: {exc}",
        ) from exc


def make_manager(system: str | None, extra: Iterable[Any] = ()) -> pluggy.PluginManager:
    """A plugin manager with the core defaults, the named system and ``extra`` plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="swisspairing.defaults")
    pm.register(tiebreaks, name="swisspairing.tiebreaks")
    if system is not None:
        pm.register(_load_module(system), name=system)
    for plugin in extra:
        pm.register(plugin)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(N_("plugin error: {reason}"), reason=str(exc)) from exc
    return pm


def system_schema(system: str) -> dict[str, Any] | None:
    """The ``parameters`` schema of ``system`` (``None`` when not installed)."""
    if system not in system_entry_points():
        return None
    pm = make_manager(system)
    schema: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": {}}
    for part in pm.hook.swiss_ruleset_schema():
        if part:
            for key, value in part.items():
                if key == "properties":
                    schema["properties"].update(value)
                elif key == "required":
                    schema.setdefault("required", []).extend(value)
                else:
                    schema[key] = value
    return schema


def _system_manager(name: str) -> pluggy.PluginManager:
    """A plugin manager holding only the named system (no core defaults), so that its
    collected hooks answer for it alone."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(_load_module(name), name=name)
    return pm


def ruleset_dirs() -> list[Any]:
    """Ruleset directories contributed by every installed system (``swiss_ruleset_dirs``)."""
    dirs: list[Any] = []
    for name in system_entry_points():
        try:
            pm = _system_manager(name)
        except PluginError:
            continue
        for part in pm.hook.swiss_ruleset_dirs():
            dirs.extend(part or ())
    return dirs


def systems_info() -> list[dict[str, Any]]:
    """Name, version, description and implemented hooks of each installed system."""
    out = []
    for name, ep in system_entry_points().items():
        pm = _system_manager(name)
        info: dict[str, Any] = {}
        for part in pm.hook.swiss_system_info():
            info.update(part or {})
        dist = getattr(ep, "dist", None)
        hooks = sorted(h.name for h in pm.get_hookcallers(pm.get_plugin(name)) or ())
        out.append(
            {
                "name": name,
                "version": dist.version if dist is not None else "",
                "distribution": dist.name if dist is not None else "",
                "description": info.get("description", ""),
                "rules": info.get("rules", ""),
                "hooks": hooks,
            }
        )
    return out
