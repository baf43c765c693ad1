"""Reading YAML and JSON from files nobody vouched for: bounded size, nesting and alias
expansion, no duplicate keys, no NaN or infinite numbers.

Rulesets and event files come from arbiters, portals and mail attachments.  A few hundred
bytes of YAML can otherwise expand to gigabytes (an "alias bomb": ``&a [*b, *b, …]`` nested
ten deep), a recursive alias (``&a [*a]``) or a deeply nested document can end in a
``RecursionError``, and ``--ruleset /dev/zero`` can read until memory runs out.  So:

- :func:`read_text_capped` reads at most ``max_bytes`` (regular files, devices and pipes
  alike) and decodes UTF-8 (a BOM is skipped);
- :func:`load_yaml` walks the parser's event stream (no recursion) and stops at
  ``max_depth`` levels of nesting, then composes the node graph and counts the nodes the
  aliases would expand to (memoised per node, cycles detected) before anything is built;
- duplicate mapping keys are an error (YAML 1.2 forbids them; PyYAML keeps the last one);
- numbers that are not finite (``.nan``, ``.inf``; JSON ``NaN``, ``Infinity``) are an error
  wherever they appear;
- the data is JSON data: dates stay text, ``!!binary`` is refused.

Every error is a :class:`~swisspairing.errors.InvalidInputError` of the caller's class, with
the file name and the line/column or JSON path.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Callable
from typing import Any

from .errors import InvalidInputError, Location, join_where
from .i18n import N_, NP_
from .safetext import check_data, nesting_error

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "check_finite",
    "load_json",
    "load_yaml",
    "prescan_yaml",
    "read_text_capped",
]

MAX_BYTES = 4 * 1024 * 1024
"""Default size limit of a ruleset or event file (4 MiB: a league of hundreds of teams)."""
MAX_DEPTH = 64
"""Default limit of nesting (mappings and sequences); real files need fewer than 10."""
MAX_ALIAS_NODES = 100_000
"""Default limit of the nodes that aliases may add to a document when expanded."""

_Error = Callable[..., InvalidInputError]


def read_text_capped(
    path: str, *, max_bytes: int = MAX_BYTES, error: _Error = InvalidInputError
) -> str:
    """The UTF-8 text of ``path``, refusing more than ``max_bytes`` bytes whatever the file is
    (regular file, device, pipe).  ``OSError`` propagates (file access, exit 5)."""
    with open(path, "rb") as fh:
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise error(
            NP_(
                "the file is larger than the limit of {limit} byte",
                "the file is larger than the limit of {limit} bytes",
                "limit",
            ),
            where=path,
            limit=max_bytes,
        )
    try:
        return codecs.decode(data, "utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(
            N_("not UTF-8 text (byte {offset})"), where=path, offset=exc.start + 1
        ) from None


def prescan_yaml(
    text: str,
    source: str,
    *,
    error: _Error = InvalidInputError,
    max_depth: int = MAX_DEPTH,
    aliases: bool = True,
) -> None:
    """Check ``text`` against the nesting limit (and, with ``aliases=False``, refuse aliases)
    before anything is built: see :func:`swisspairing.yamlparse.prescan_yaml`.  PyYAML is
    imported on the first call, not at start-up (the packaged rulesets are read from their
    parsed copy)."""
    from . import yamlparse

    yamlparse.prescan_yaml(text, source, error=error, max_depth=max_depth, aliases=aliases)


def load_yaml(
    text: str,
    source: str,
    *,
    error: _Error = InvalidInputError,
    max_depth: int = MAX_DEPTH,
    max_alias_nodes: int = MAX_ALIAS_NODES,
) -> Any:
    """Parse YAML safely (see the module docstring and
    :func:`swisspairing.yamlparse.load_yaml`); PyYAML is imported on the first call."""
    from . import yamlparse

    return yamlparse.load_yaml(
        text, source, error=error, max_depth=max_depth, max_alias_nodes=max_alias_nodes
    )


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.|\\\Z)*(?:"|\Z)', re.DOTALL)
"""A JSON string, or an unterminated one up to the end: the pattern always matches once it
starts, so the scan is linear (a pattern that can fail would be tried again from every later
quote: quadratic on ``"\\"\\"\\"…``)."""
_JSON_BRACKETS = re.compile(r"[\[\]{}]")


def load_json(
    text: str, source: str, *, error: _Error = InvalidInputError, max_depth: int = MAX_DEPTH
) -> Any:
    """Parse JSON safely: duplicate keys, ``NaN``/``Infinity`` and nesting beyond
    ``max_depth`` are errors."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise error(N_("duplicate key {key!r}"), where=source, key=k)
            out[k] = v
        return out

    def constant(name: str) -> Any:
        raise error(N_("{value} is not a finite number"), where=source, value=name)

    depth = 0  # a cheap depth scan outside strings: json's decoder recurses
    for match in _JSON_BRACKETS.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > max_depth:
                raise nesting_error(error, source, max_depth)
        else:
            depth -= 1
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except InvalidInputError:
        raise
    except json.JSONDecodeError as exc:
        from .libmessages import json_problem  # error paths only: not at start-up

        raise error(json_problem(exc.msg), where=Location(source, exc.lineno, exc.colno)) from None
    except ValueError:  # an integer of 5,000 digits
        raise error(N_("invalid JSON: a number with too many digits"), where=source) from None
    except RecursionError:  # pragma: no cover - the depth scan comes first
        raise nesting_error(error, source, max_depth) from None
    check_data(data, source, error)
    return data


def check_finite(
    data: Any, source: str, *, error: _Error = InvalidInputError, path: str = "$"
) -> None:
    """Refuse NaN and infinite numbers anywhere in ``data`` (for mappings built in code)."""
    stack: list[tuple[Any, str]] = [(data, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            raise error(
                N_("{value} is not a finite number"),
                where=join_where(source, where),
                value=repr(value),
            )
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}") for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(value))
