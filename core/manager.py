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


def _one_line(exc: Exception) -> str:
    """The exception's text on one line (an error is one line of standard error)."""
    return "; ".join(part.strip() for part in str(exc).splitlines() if part.strip()) or "-"


def _entry_point(ep: Any) -> str:
    """``module:object (distribution version)``, or the target alone when no distribution
    declares it (an entry point made in a test)."""
    dist = getattr(ep, "dist", None)
    return f"{ep.value} ({dist.name} {dist.version})" if dist is not None else ep.value


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
    ep = eps[name]
    try:
        return ep.load()
    except Exception as exc:  # a broken third-party plugin must not crash with a traceback
        # one sentence of ours naming the system and its entry point; Python's own text (in
        # English) only as the detail at the end (issue 24)
        where = {"name": name, "entry_point": _entry_point(ep)}
        missing = getattr(exc, "name", None)
        if isinstance(exc, ModuleNotFoundError) and missing:
            raise PluginError(
                N_(
                    "pairing system {name!r} cannot be loaded: its entry point {entry_point} "
                    "needs the module {module}, which is not installed"
                ),
                **where,
                module=missing,
            ) from exc
        raise PluginError(
            N_(
                "pairing system {name!r} cannot be loaded: importing its entry point "
                "{entry_point} fails with {exception} (the detail, as Python gives it: {detail})"
            ),
            **where,
            exception=type(exc).__name__,
            detail=_one_line(exc),
        ) from exc


def make_manager(system: str | None, extra: Iterable[Any] = ()) -> pluggy.PluginManager:
    """A plugin manager with the core defaults, the named system and ``extra`` plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="swisspairing.defaults")
    pm.register(tiebreaks, name="swisspairing.tiebreaks")
    try:
        if system is not None:
            pm.register(_load_module(system), name=system)
        for plugin in extra:
            pm.register(plugin)
        pm.check_pending()
    except (pluggy.PluginValidationError, ValueError) as exc:
        raise _hook_error(exc, system) from exc
    return pm


def _hook_error(exc: Exception, system: str | None) -> PluginError:
    """A plugin whose hooks do not fit the specifications (or registered twice), said in one
    sentence of ours that names the plugin — with its entry point when it is the system —
    and pluggy's English text as the detail (issue 24)."""
    plugin = getattr(exc, "plugin", None)
    label = getattr(plugin, "__name__", None) or (repr(plugin) if plugin is not None else "?")
    eps = system_entry_points() if system is not None else {}
    ep = eps.get(system) if system is not None else None
    if ep is not None and (plugin is None or label == ep.value.partition(":")[0]):
        return PluginError(
            N_(
                "the hooks of pairing system {name!r} (entry point {entry_point}) do not fit "
                "those of swisspairing (the detail, as pluggy gives it: {detail})"
            ),
            name=system,
            entry_point=_entry_point(ep),
            detail=_one_line(exc),
        )
    return PluginError(
        N_(
            "the hooks of plugin {plugin} do not fit those of swisspairing (the detail, as "
            "pluggy gives it: {detail})"
        ),
        plugin=label,
        detail=_one_line(exc),
    )


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
