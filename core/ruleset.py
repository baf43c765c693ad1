"""Rulesets: YAML files that pick a pairing system and set its parameters.

Pipeline: :func:`swisspairing.safeyaml.load_yaml` (bounded) → ``schema_version`` checked first →
``extends`` resolved
(mappings merge, lists replace) → core schema → the system's ``parameters`` schema →
a frozen :class:`Ruleset`.  Errors read ``rulesets/x.yaml: $.parameters.max_colour_difference:
5 is greater than the maximum of 3``.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import InvalidRulesetError
from .i18n import N_, NP_
from .model import PointSystem
from .safeyaml import MAX_BYTES, check_finite, load_yaml, read_text_capped

#: The packaged rulesets' parsed copy (in the rulesets folder): file name -> its text and the
#: JSON of its data.  A packaged file whose text is the copy's is not parsed again, so that
#: PyYAML is not imported at start-up (issue 20); any other text is parsed as usual.
PARSED_COPY = "parsed.json"

__all__ = [
    "SCHEMA_VERSION",
    "ByeRules",
    "ColourRules",
    "ForbiddenRules",
    "Ruleset",
    "builtin_rulesets",
    "core_schema",
    "load_ruleset",
    "ruleset_from_mapping",
]

SCHEMA_VERSION = 1
MAX_EXTENDS = 32
"""Longest ``extends`` chain (a federation's ruleset over a preset needs two or three)."""


@dataclass(frozen=True, slots=True)
class ColourRules:
    """Colour limits that no pairing may break (absolute criteria such as Dutch-1992 B2)."""

    max_difference: int | None = 2
    """Largest allowed colour difference; ``None`` = no limit."""
    max_run: int | None = 2
    """Most games in a row with one colour; ``None`` = no limit."""


@dataclass(frozen=True, slots=True)
class ByeRules:
    """Who may receive the pairing-allocated bye."""

    blocked_by: frozenset[str] = frozenset({"U", "F", "+"})
    """Earlier results that exclude a player from the bye (Dutch-1992 B1b, AMB-D11)."""


@dataclass(frozen=True, slots=True)
class ForbiddenRules:
    """Pairs that may never be made, beyond rematches."""

    pairs: tuple[frozenset[int], ...] = ()
    """Groups of start numbers that may not meet one another."""
    same_club: bool = False
    """Players (or teams) of one club never meet."""
    same_federation: bool = False
    """Players of one federation never meet."""


@dataclass(frozen=True)
class Ruleset:
    """A validated ruleset."""

    id: str
    """Identifier (``--ruleset ID``)."""
    system: str
    """Pairing system (entry-point name in ``swisspairing.systems``)."""
    name: str = ""
    """Title shown to users."""
    description: str = ""
    """Longer description."""
    regulation: str = ""
    """The regulation implemented."""
    language: str | None = None
    """Default language of output."""
    score_format: str = "decimal"
    """How reports print half points: ``decimal`` (in the language's format) or ``fraction``
    (``2½``)."""
    rounds: int | None = None
    """Number of rounds when the tournament file does not give it."""
    first_colour: str = "white"
    """Colour of the top player in round 1 (``white``, ``black`` or ``lot``)."""
    points: PointSystem = PointSystem()
    """Points per result."""
    byes: ByeRules = ByeRules()
    """Bye eligibility."""
    colours: ColourRules = ColourRules()
    """Colour limits."""
    max_meetings: int = 1
    """How often two players may meet."""
    forfeit_counts_as_met: bool = False
    """A pairing whose game was not played (``+``/``-``) counts as a meeting (C.04.1 b): for
    federations that rule so.  Default ``False``: a forfeit is not a game (C.04.2 / GHR 3.5,
    Dutch-1992 F2, AMB-X8), the two may be paired again."""
    forbidden: ForbiddenRules = ForbiddenRules()
    """Forbidden pairs."""
    tiebreaks: tuple[str, ...] = ()
    """Tiebreak ids in order."""
    tiebreak_policy: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """How unplayed games, direct encounter and lots enter the tiebreaks (``tiebreak_policy``;
    read by :meth:`swisspairing.tiebreaks.TiebreakPolicy.from_ruleset`)."""
    ranking: str | None = None
    """Order within a score group: ``pairing-number`` (the start numbers, i.e. the order the
    arbiter fixed before round 1 with his rating estimates, AMB-D20) or ``ratings`` (re-sorted
    every round from the file's ratings, titles and names: rating corrections take effect, F7);
    ``None`` = the system's default."""
    ranking_last: str = "name"
    """Last ranking criterion under ``ranking: ratings`` (Dutch-1992 A2 d: alphabetical "unless
    it was fixed beforehand that another criterion replaces it"): ``name`` or
    ``pairing-number``."""
    parameters: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """System parameters (validated by the system's schema)."""
    source: str = ""
    """Where the ruleset was read from."""

    def param(self, name: str, default: Any = None) -> Any:
        """A system parameter, or ``default``."""
        return self.parameters.get(name, default)

    def __repr__(self) -> str:
        return f"load_ruleset({self.source or self.id!r})"


# ---------------------------------------------------------------------- schema
def _files(package: str) -> Any:
    """``importlib.resources.files(package)``: the package's folder as the :class:`Path` that
    call returns for a package that is a folder, without importing :mod:`importlib.resources`
    (and its ``zipfile``, ``tempfile`` and ``threading``) for every ``pair`` (issue 20,
    start-up); a package in a zip archive is asked of :mod:`importlib.resources`."""
    import importlib

    folder = os.path.dirname(getattr(importlib.import_module(package), "__file__", None) or "")
    if folder and os.path.isdir(folder):
        return Path(folder)
    from importlib import resources  # pragma: no cover - a zipped installation

    return resources.files(package)  # pragma: no cover


def core_schema() -> dict[str, Any]:
    """The JSON Schema of a ruleset file."""
    text = _files("swisspairing").joinpath("schemas/ruleset.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_MESSAGES = {
    "maximum": N_("{instance} is greater than the maximum of {limit}"),
    "minimum": N_("{instance} is less than the minimum of {limit}"),
    "enum": N_("{instance} is not one of {limit}"),
    "const": N_("{instance} must be {limit}"),
    "required": N_("missing required key {missing}"),
    "additionalProperties": N_("unknown key {extra}"),
    "pattern": N_("{instance} does not match {limit}"),
    "minItems": NP_(
        "{instance} has fewer than {limit} item", "{instance} has fewer than {limit} items", "limit"
    ),
    "uniqueItems": N_("{instance} has repeated items"),
    "maxItems": NP_(
        "{instance} has more than {limit} item", "{instance} has more than {limit} items", "limit"
    ),
    "minLength": NP_(
        "{instance} is shorter than {limit} character",
        "{instance} is shorter than {limit} characters",
        "limit",
    ),
    "maxLength": NP_(
        "{instance} is longer than {limit} character",
        "{instance} is longer than {limit} characters",
        "limit",
    ),
    "exclusiveMaximum": N_("{instance} must be less than {limit}"),
    "exclusiveMinimum": N_("{instance} must be greater than {limit}"),
    "multipleOf": N_("{instance} is not a multiple of {limit}"),
    "minProperties": NP_(
        "{instance} has fewer than {limit} key", "{instance} has fewer than {limit} keys", "limit"
    ),
    "maxProperties": NP_(
        "{instance} has more than {limit} key", "{instance} has more than {limit} keys", "limit"
    ),
    "oneOf": N_("{instance} matches none of the allowed forms, or more than one"),
    "anyOf": N_("{instance} matches none of the allowed forms"),
    "not": N_("{instance} is not allowed here"),
    "propertyNames": N_("{instance} has a key that is not allowed"),
}

#: A schema rule without a message of its own: named by its keyword.
_OTHER_RULE = N_("{instance} does not satisfy the schema rule {rule}")


def _schema_error(source: str, error: Any, prefix: str = "$") -> InvalidRulesetError:
    path = prefix + error.json_path[1:]
    msg = _MESSAGES.get(error.validator)
    instance = (
        json.dumps(error.instance, ensure_ascii=False, default=str)
        if not isinstance(error.instance, (int, float)) or isinstance(error.instance, bool)
        else error.instance
    )
    limit = error.validator_value
    if isinstance(limit, (list, dict)):
        limit = json.dumps(limit, ensure_ascii=False, default=str)
    if error.validator == "required":
        missing = next(
            (
                k
                for k in error.validator_value
                if isinstance(error.instance, dict) and k not in error.instance
            ),
            "?",
        )
        return InvalidRulesetError(msg, where=f"{source}: {path}", missing=missing)  # type: ignore[arg-type]
    if error.validator == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        extra = ", ".join(sorted(k for k in error.instance if k not in allowed))
        return InvalidRulesetError(msg, where=f"{source}: {path}", extra=extra)  # type: ignore[arg-type]
    if error.validator == "type":
        from .libmessages import type_message  # not at start-up

        msg, more = type_message(error.validator_value)
        return InvalidRulesetError(msg, where=f"{source}: {path}", instance=instance, **more)
    if msg is None:
        return InvalidRulesetError(
            _OTHER_RULE, where=f"{source}: {path}", instance=instance, rule=error.validator
        )
    return InvalidRulesetError(msg, where=f"{source}: {path}", instance=instance, limit=limit)


_ANNOTATIONS = frozenset(
    {"$schema", "$id", "$comment", "title", "description", "default", "examples"}
)
"""Keywords that never make an instance invalid."""

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer())
    ),
}
"""JSON Schema's types (Draft 2020-12: ``1.0`` is an integer, ``true`` is not a number)."""


def _scalar_equal(a: Any, b: Any) -> bool:
    """JSON equality of two scalars (``true`` is not ``1``); ``False`` for anything else."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if (isinstance(a, str) and isinstance(b, str)) or (a is None and b is None):
        return a == b
    return False


def surely_valid(instance: Any, schema: Any) -> bool:
    """Whether ``instance`` is valid under ``schema``, decided without :mod:`jsonschema` for
    the keywords rulesets use (``type``, ``enum``, ``const``, ``minimum``, ``maximum``,
    ``pattern``, ``required``, ``properties``, ``additionalProperties``, ``items``,
    ``minItems``, ``uniqueItems``).  Sound, not complete: ``True`` only when the instance is
    valid; ``False`` when it is not *or* when the schema or the instance leaves this check
    unsure (another keyword, an ``enum`` of lists), and then :func:`_validate` asks
    :mod:`jsonschema`, which gives the error.  Saves its import (a third of the start-up
    of ``pair``) for every valid ruleset."""
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    for key, value in schema.items():
        if key in _ANNOTATIONS:
            continue
        if key == "type":
            names = value if isinstance(value, list) else [value]
            if not any(name in _TYPES and _TYPES[name](instance) for name in names):
                return False
        elif key == "enum":
            if not any(_scalar_equal(instance, v) for v in value):
                return False
        elif key == "const":
            if not _scalar_equal(instance, value):
                return False
        elif key in ("minimum", "maximum"):
            if _TYPES["number"](instance) and isinstance(value, (int, float)):
                if instance < value if key == "minimum" else instance > value:
                    return False
            elif _TYPES["number"](instance):
                return False
        elif key == "pattern":
            if isinstance(instance, str):
                import re

                if re.search(value, instance) is None:
                    return False
        elif key == "required":
            if isinstance(instance, dict) and any(k not in instance for k in value):
                return False
        elif key == "properties":
            if isinstance(instance, dict) and not all(
                surely_valid(instance[k], sub) for k, sub in value.items() if k in instance
            ):
                return False
        elif key == "additionalProperties":
            if isinstance(instance, dict):
                if "patternProperties" in schema:
                    return False
                known = schema.get("properties", {})
                extra = [v for k, v in instance.items() if k not in known]
                if not all(surely_valid(v, value) for v in extra):
                    return False
        elif key == "items":
            if isinstance(instance, list) and not all(surely_valid(v, value) for v in instance):
                return False
        elif key == "minItems":
            if isinstance(instance, list) and len(instance) < value:
                return False
        elif key == "uniqueItems":
            if isinstance(instance, list) and value:
                if not all(isinstance(v, str) for v in instance):
                    return False
                if len(set(instance)) != len(instance):
                    return False
        else:
            return False
    return True


def _validate(instance: Any, schema: Mapping[str, Any], source: str, prefix: str = "$") -> None:
    if surely_valid(instance, schema):  # the common case, without importing jsonschema
        return
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(
        validator.iter_errors(instance), key=lambda e: (list(e.absolute_path), e.validator)
    )
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        raise _schema_error(source, best or errors[0], prefix)


# ---------------------------------------------------------------------- loading
def _read_yaml(text: str, source: str) -> dict[str, Any]:
    """Parse a ruleset's text with the bounds of :mod:`swisspairing.safeyaml` (nesting, alias
    expansion, duplicate keys, finite numbers)."""
    data = load_yaml(text, source, error=InvalidRulesetError)
    if not isinstance(data, dict):
        raise InvalidRulesetError(N_("a ruleset must be a mapping"), where=f"{source}: $")
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise InvalidRulesetError(
            N_("unsupported schema_version {version} (this version reads {supported})"),
            where=f"{source}: $.schema_version",
            version=json.dumps(version),
            supported=SCHEMA_VERSION,
        )
    return data


@functools.cache
def _copy() -> dict[str, Any]:
    """The packaged parsed copy, read once (empty when missing or not readable)."""
    try:
        got = json.loads(_files("swisspairing.rulesets").joinpath(PARSED_COPY).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return got if isinstance(got, dict) else {}


def _parsed(entry: Any, text: str) -> dict[str, Any] | None:
    """The data of a packaged ruleset file from the parsed copy, when its text is the copy's
    (``None`` otherwise: another file, or a packaged file edited since the copy was made)."""
    folder = _files("swisspairing.rulesets")
    try:
        if os.path.realpath(str(entry.parent)) != os.path.realpath(str(folder)):
            return None
    except (AttributeError, TypeError):  # pragma: no cover - not a file of a folder
        return None
    got = _copy().get(entry.name)
    if not isinstance(got, dict) or got.get("text") != text:
        return None
    data = json.loads(got["data"])
    return data if isinstance(data, dict) else None


def parsed_copy(folder: Path) -> str:
    """The parsed copy of the ruleset files of ``folder`` (:data:`PARSED_COPY`), as text; the
    test suite checks that the packaged one is current (``python -m swisspairing.ruleset``
    writes it)."""
    out: dict[str, Any] = {}
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text("utf-8")
        data = _read_yaml(text, path.name)
        out[path.name] = {"text": text, "data": json.dumps(data, sort_keys=True)}
    return json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``extends`` semantics: mappings merge recursively, everything else (lists too) replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def builtin_rulesets(extra_dirs: Iterable[Any] = ()) -> dict[str, Any]:
    """Ruleset id → file (traversable), from the packaged rulesets and plugin directories."""
    found: dict[str, Any] = {}
    dirs = [_files("swisspairing.rulesets"), *extra_dirs]
    for d in dirs:
        try:
            entries = sorted(d.iterdir(), key=lambda e: e.name)
        except (FileNotFoundError, NotADirectoryError, OSError):
            continue
        for entry in entries:
            if entry.name.endswith((".yaml", ".yml")):
                try:
                    data = load_yaml(
                        entry.read_text("utf-8"), entry.name, error=InvalidRulesetError
                    )
                except (InvalidRulesetError, UnicodeDecodeError, OSError):
                    continue
                if isinstance(data, dict) and isinstance(data.get("id"), str):
                    found.setdefault(data["id"], entry)
    return found


class _InstalledRulesets(Mapping[str, Any]):
    """``builtin_rulesets(manager.ruleset_dirs())``, read no further than a lookup needs
    (issue 20, start-up).  Every packaged ruleset is the file named by its id (a test keeps it
    so: ``rulesets/<id>.yaml``), and the packaged rulesets come first and win; so a packaged
    id is answered by the folder's listing alone, without parsing the other files or asking
    the installed systems for their folders (which loads every system's plugin).  Any other
    id, and listing the ids, reads everything as :func:`builtin_rulesets` does."""

    def __init__(self) -> None:
        self._folder = _files("swisspairing.rulesets")
        self._names: frozenset[str] | None = None
        self._all: dict[str, Any] | None = None

    def _packaged(self, key: object) -> Any:
        """The packaged file of id ``key``, or ``None``."""
        if not isinstance(key, str):
            return None
        if self._names is None:
            try:
                self._names = frozenset(e.name for e in self._folder.iterdir())
            except OSError:
                self._names = frozenset()
        name = key + ".yaml"
        return self._folder.joinpath(name) if name in self._names else None

    def _everything(self) -> dict[str, Any]:
        if self._all is None:
            from . import manager

            self._all = builtin_rulesets(manager.ruleset_dirs())
        return self._all

    def __getitem__(self, key: str) -> Any:
        entry = self._packaged(key)
        return entry if entry is not None else self._everything()[key]

    def __contains__(self, key: object) -> bool:
        return self._packaged(key) is not None or key in self._everything()

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())


def _is_path(ref: str) -> bool:
    """A reference is a file when it has a path separator or a ``.yaml``/``.yml`` suffix;
    anything else is an installed ruleset id, whatever the working directory holds (a folder
    ``round-robin/`` or a stray file ``rdf-random`` does not shadow the built-in ruleset)."""
    return (
        ref.lower().endswith((".yaml", ".yml"))
        or os.sep in ref
        or "/" in ref
        or (os.altsep is not None and os.altsep in ref)
    )


def _resolve(
    ref: str, base_dir: Path | None, registry: Mapping[str, Any], where: str = ""
) -> tuple[str, Any]:
    """(display name, readable) for a ruleset reference; ``where`` names the ``extends`` that
    refers to it."""
    if _is_path(ref):
        path = Path(ref)
        if base_dir is not None and not path.is_absolute():
            candidate = base_dir / path
            if candidate.exists():
                path = candidate
        return str(path), path
    if ref in registry:
        entry = registry[ref]
        return f"rulesets/{entry.name}", entry
    known = ", ".join(sorted(registry)) or "-"
    if os.path.isfile(ref):
        raise InvalidRulesetError(
            N_(
                "unknown ruleset {id!r} (known: {known}); to use the file of that name, write "
                "{path}"
            ),
            where=where,
            id=ref,
            known=known,
            path=os.path.join(os.curdir, ref),
        )
    raise InvalidRulesetError(
        N_("unknown ruleset {id!r} (known: {known})"), where=where, id=ref, known=known
    )


def _load_chain(
    ref: str,
    base_dir: Path | None,
    registry: Mapping[str, Any],
    seen: tuple[tuple[str, str], ...],
    where: str = "",
    max_bytes: int = MAX_BYTES,
) -> tuple[str, dict[str, Any]]:
    source, entry = _resolve(ref, base_dir, registry, where)
    key = os.path.realpath(str(entry))  # the same file however the path is spelt
    if any(key == k for k, _ in seen):
        chain = " -> ".join((*(name for _, name in seen), source))
        raise InvalidRulesetError(N_("extends forms a cycle: {chain}"), where=where, chain=chain)
    if len(seen) >= MAX_EXTENDS:
        raise InvalidRulesetError(
            NP_(
                "extends goes deeper than the limit of {limit} ruleset",
                "extends goes deeper than the limit of {limit} rulesets",
                "limit",
            ),
            where=where,
            limit=MAX_EXTENDS,
        )
    try:
        if isinstance(entry, Path):  # the same cap for devices and pipes (--ruleset /dev/zero)
            text = read_text_capped(str(entry), max_bytes=max_bytes, error=InvalidRulesetError)
        else:
            text = entry.read_text("utf-8")
    except FileNotFoundError:
        raise InvalidRulesetError(
            N_("file not found"), where=f"{where}: {source}" if where else source
        ) from None
    except IsADirectoryError:
        raise InvalidRulesetError(
            N_("is a folder, not a ruleset file"), where=f"{where}: {source}" if where else source
        ) from None
    except OSError as exc:
        from .libmessages import os_problem  # not at start-up

        raise InvalidRulesetError(
            N_("cannot read file: {reason}"),
            where=f"{where}: {source}" if where else source,
            reason=os_problem(exc),
        ) from None
    data = _parsed(entry, text)
    if data is None:
        data = _read_yaml(text, source)
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise InvalidRulesetError(
                N_("extends must be a ruleset id or a path"), where=f"{source}: $.extends"
            )
        own_dir = entry.parent if isinstance(entry, Path) else None
        _, base = _load_chain(
            parent, own_dir, registry, (*seen, (key, source)), f"{source}: $.extends", max_bytes
        )
        base.pop("id", None)
        data = merge(base, data)
    return source, data


def load_ruleset(
    ref: str,
    *,
    registry: Mapping[str, Any] | None = None,
    system_schema: Any = None,
    max_bytes: int = MAX_BYTES,
) -> Ruleset:
    """Load, resolve and validate a ruleset given by id or by path.

    ``ref`` is a file when it has a path separator or a ``.yaml``/``.yml`` suffix, else an
    installed ruleset id.  ``system_schema(system_id) -> schema | None`` supplies the
    plugin's parameter schema; by default it comes from the installed plugins.  A file larger
    than ``max_bytes`` is refused (every file of an ``extends`` chain, devices and pipes too).
    """
    if registry is None:
        registry = _InstalledRulesets()
    source, data = _load_chain(ref, None, registry, (), max_bytes=max_bytes)
    return ruleset_from_mapping(data, source=source, system_schema=system_schema)


def ruleset_from_mapping(
    data: Mapping[str, Any], *, source: str = "<ruleset>", system_schema: Any = None
) -> Ruleset:
    """Validate an already merged mapping and build the :class:`Ruleset`."""
    from . import manager

    data = dict(data)
    data.pop("extends", None)
    check_finite(data, source, error=InvalidRulesetError)  # .nan passes "type: number"
    _validate(data, core_schema(), source)
    system = data["system"]
    if system_schema is None:
        system_schema = manager.system_schema
    schema = system_schema(system)
    if schema is None:
        raise InvalidRulesetError(
            N_("unknown pairing system {system!r} (installed: {known})"),
            where=f"{source}: $.system",
            system=system,
            known=", ".join(manager.system_names()) or "-",
        )
    params = data.get("parameters", {})
    _validate(params, schema, source, "$.parameters")
    params = _apply_defaults(params, schema)
    colours = data.get("colours", {})
    forbidden = data.get("forbidden", {})
    byes = data.get("byes", {})
    return Ruleset(
        id=data["id"],
        system=system,
        name=data.get("name", ""),
        description=data.get("description", ""),
        regulation=data.get("regulation", ""),
        language=data.get("language"),
        score_format=data.get("score_format", "decimal"),
        rounds=data.get("rounds"),
        first_colour=data.get("first_colour", "white"),
        points=PointSystem.from_mapping(data.get("points", {})),
        byes=ByeRules(frozenset(byes.get("blocked_by", ("U", "F", "+")))),
        colours=ColourRules(colours.get("max_difference", 2), colours.get("max_run", 2)),
        max_meetings=data.get("max_meetings", 1),
        forfeit_counts_as_met=bool(data.get("forfeit_counts_as_met", False)),
        forbidden=ForbiddenRules(
            tuple(frozenset(g) for g in forbidden.get("pairs", ())),
            forbidden.get("same_club", False),
            forbidden.get("same_federation", False),
        ),
        tiebreaks=tuple(data.get("tiebreaks", ())),
        tiebreak_policy=MappingProxyType(dict(data.get("tiebreak_policy", {}))),
        ranking=data.get("ranking"),
        ranking_last=data.get("ranking_last", "name"),
        parameters=MappingProxyType(params),
        source=source,
    )


def _apply_defaults(params: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(params)
    for key, sub in schema.get("properties", {}).items():
        if key not in out and isinstance(sub, Mapping) and "default" in sub:
            out[key] = sub["default"]
    return out


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    _folder = Path(__file__).resolve().parent.parent / "rulesets"
    (_folder / PARSED_COPY).write_text(parsed_copy(_folder), encoding="utf-8")
