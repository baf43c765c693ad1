"""Text from outside that reaches a terminal, a file or a page: control characters and
lengths.

Decided once for every input: a control character other than tab, line feed and carriage
return (C0 ``U+0000``–``U+001F`` and ``DEL``) is refused where it is read, with the line and
column (a TRF record) or the JSON path (JSON and YAML data).  An escape sequence in a
player's name could otherwise retitle or clear an arbiter's terminal, and a NUL or BEL would
go on into the TRF written back and into HTML pages.  The C1 range ``U+0080``–``U+009F`` is
not refused (a file read with the wrong single-byte code page, as the user asked, has them)
but is never written raw to a terminal either.

Values echoed in messages and the cells of text reports are shown with :func:`visible`
(C0, ``DEL`` and C1 characters as ``\\x1b`` escapes, cut after :data:`MAX_ECHO` characters),
so even text that never passed a reader (built through the Python API) is never written raw.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

_E = TypeVar("_E", bound=Exception)

__all__ = ["CONTROL", "MAX_ECHO", "check_data", "cut", "first_control", "visible"]

CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""The refused control characters (tab, line feed and carriage return are allowed)."""
_SHOWN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""The characters :func:`visible` escapes (line breaks separately)."""
MAX_ECHO = 500
"""Longest value echoed whole in a message; longer ones are cut with ``…``."""


def first_control(text: str) -> int | None:
    """The index of the first refused control character of ``text``, or ``None``."""
    match = CONTROL.search(text)
    return match.start() if match else None


def _escape(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def visible(text: str, limit: int | None = MAX_ECHO) -> str:
    """``text`` with control characters shown as ``\\xNN`` (line breaks too: a message is
    one line) and cut after ``limit`` characters."""
    text = _SHOWN.sub(_escape, text).replace("\n", "\\n").replace("\r", "\\r")
    return cut(text, limit)


def cut(text: str, limit: int | None = MAX_ECHO) -> str:
    """``text`` cut after ``limit`` characters, with ``…`` and the full length."""
    if limit is None or len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)})"


def check_data(
    data: Any,
    source: str,
    error: Callable[..., Exception],
    *,
    path: str = "$",
    max_depth: int | None = None,
) -> None:
    """Refuse a control character in any string (key or value) of JSON data, naming its JSON
    path, and with ``max_depth`` nesting deeper than that (data built in code, which no
    reader bounded).  Iterative: the depth of the data does not matter."""
    from .errors import join_where
    from .i18n import N_

    stack: list[tuple[Any, str, int]] = [(data, path, 0)]
    while stack:
        value, where, depth = stack.pop()
        if max_depth is not None and depth > max_depth:
            raise nesting_error(error, join_where(source, cut(where, 80)), max_depth)
        if isinstance(value, str):
            i = first_control(value)
            if i is not None:
                raise error(
                    N_("control character U+{code} at character {index}"),
                    where=join_where(source, where),
                    code=f"{ord(value[i]):04X}",
                    index=i + 1,
                )
        elif isinstance(value, dict):
            for k, v in value.items():
                key = str(k)
                shown = f"{where}.{visible(key, 40)}"
                if first_control(key) is not None:
                    stack.append((key, shown, depth))
                stack.append((v, shown, depth + 1))
        elif isinstance(value, (list, tuple)):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))


def nesting_error(error: Callable[..., _E], where: str, limit: int) -> _E:
    """The error (of the caller's class) for data nested deeper than ``limit`` levels, at
    ``where``: one sentence for every reader (JSON, YAML, data built in code)."""
    from .i18n import NP_

    return error(
        NP_(
            "nested deeper than the limit of {limit} level",
            "nested deeper than the limit of {limit} levels",
            "limit",
        ),
        where=where,
        limit=limit,
    )
