"""A quick, sound check of a document against a JSON Schema, before the full validator.

:mod:`jsonschema` walks a document node by node with an object per step and collects every
error with its path: the right tool for telling a user what is wrong, and slow on large valid
documents (a 300-team event file with thirteen rounds of results takes it about half a
second).  :func:`certainly_valid` interprets the few keywords the project's schemas use
directly on Python values and answers ``True`` only when the document certainly validates;
on anything else -- an error, a keyword or a value it does not judge (a float where an
integer is expected, a boolean in an enum) -- it answers ``False`` and the caller runs
:mod:`jsonschema`, which finds the error and words it.  So a valid document costs one quick
pass and an invalid one is reported exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["certainly_valid"]

#: The keywords judged here; a schema node with any other keyword is left to jsonschema.
_KNOWN = frozenset(
    {
        "$schema",
        "title",
        "description",
        "type",
        "required",
        "additionalProperties",
        "properties",
        "items",
        "minItems",
        "enum",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "oneOf",
        "anyOf",
    }
)


class _Unsure(Exception):
    """A node the quick check does not judge."""


def _is_type(value: Any, name: str) -> bool:
    if name == "string":
        return type(value) is str
    if name == "integer":
        if type(value) is float:
            raise _Unsure  # (1.0 is an integer to JSON Schema)
        return type(value) is int
    if name == "number":
        return type(value) in (int, float)
    if name == "boolean":
        return type(value) is bool
    if name == "null":
        return value is None
    if name == "object":
        return type(value) is dict
    if name == "array":
        return type(value) is list
    raise _Unsure


def _check(value: Any, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` meets ``schema`` (raises :class:`_Unsure` where it cannot tell)."""
    if not _KNOWN.issuperset(schema):
        raise _Unsure
    kind = schema.get("type")
    if kind is not None:
        names = kind if isinstance(kind, list) else [kind]
        if not any(_is_type(value, n) for n in names):
            return False
    if "enum" in schema:
        if type(value) is not str or not all(type(e) is str for e in schema["enum"]):
            raise _Unsure  # (True == 1 in Python, not in JSON Schema)
        if value not in schema["enum"]:
            return False
    if type(value) in (int, float):
        if "minimum" in schema and value < schema["minimum"]:
            return False
        if "maximum" in schema and value > schema["maximum"]:
            return False
    if type(value) is str:
        if "minLength" in schema and len(value) < schema["minLength"]:
            return False
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return False
    if type(value) is dict:
        if any(k not in value for k in schema.get("required", ())):
            return False
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            sub = props.get(k)
            if sub is not None:
                if not _check(v, sub):
                    return False
            elif extra is False:
                return False
            elif extra is not True:
                raise _Unsure
    if type(value) is list:
        if "minItems" in schema and len(value) < schema["minItems"]:
            return False
        items = schema.get("items")
        if items is not None:
            if not isinstance(items, Mapping):
                raise _Unsure
            for v in value:
                if not _check(v, items):
                    return False
    if "oneOf" in schema and sum(_check(value, s) for s in schema["oneOf"]) != 1:
        return False
    return not ("anyOf" in schema and not any(_check(value, s) for s in schema["anyOf"]))


def certainly_valid(document: Any, schema: Mapping[str, Any]) -> bool:
    """``True`` when ``document`` certainly meets ``schema``; ``False`` when it does not or
    when this check cannot tell (then run the full validator)."""
    try:
        return _check(document, schema)
    except (_Unsure, RecursionError, TypeError):
        return False
