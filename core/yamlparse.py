"""The YAML half of :mod:`swisspairing.safeyaml`: PyYAML's event stream and node graph with
the bounds that module describes (nesting, alias expansion, duplicate keys, finite numbers,
JSON data only).  Imported when a YAML text is first read, not at start-up."""

from __future__ import annotations

import math
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from .errors import InvalidInputError, Location
from .i18n import N_, NP_
from .safetext import check_data, nesting_error
from .safeyaml import MAX_ALIAS_NODES, MAX_DEPTH, _Error

try:  # the C parser (shipped in PyYAML's wheels) is much faster; same events
    from yaml import CSafeLoader as _Loader  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


def _where(source: str, mark: Any) -> str:
    return Location(source, mark.line + 1, mark.column + 1) if mark is not None else source


def prescan_yaml(
    text: str,
    source: str,
    *,
    error: _Error = InvalidInputError,
    max_depth: int = MAX_DEPTH,
    aliases: bool = True,
) -> None:
    """Depth check over libyaml's event stream, and with ``aliases=False`` no alias at all:
    linear, iterative (a deep document cannot overflow the stack of the recursive composer
    that runs after it).  A syntax error is left to the parser, which names it."""
    try:
        _pre_scan(text, source, max_depth, error, aliases)
    except yaml.YAMLError as exc:
        if _too_deep(exc):
            raise _depth_error(exc, source, max_depth, error) from None
        if not aliases:
            raise _syntax_error(exc, text, source, error) from None


def _pre_scan(text: str, source: str, max_depth: int, error: _Error, aliases: bool = True) -> None:
    depth = 0
    loader = _Loader(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if not aliases and isinstance(event, yaml.AliasEvent):
                raise error(
                    N_("YAML aliases are not accepted here"), where=_where(source, event.start_mark)
                )
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > max_depth:
                    raise nesting_error(error, _where(source, event.start_mark), max_depth)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    finally:
        loader.dispose()


def _expanded_size(
    root: Node, source: str, max_depth: int, own: int, max_alias_nodes: int, error: _Error
) -> None:
    """Count the nodes of ``root`` with aliases expanded, and the expanded depth; a node that
    contains itself (recursive alias) is an error.  Iterative, memoised per node."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_stack.discard(key)
            children = _children(node)
            total = 1 + sum(size[id(c)] for c in children)
            deep = 1 + max((depth[id(c)] for c in children), default=0)
            size[key] = total
            depth[key] = deep
            if total > own + max_alias_nodes:
                raise error(
                    NP_(
                        "aliases expand to more than {limit} further node",
                        "aliases expand to more than {limit} further nodes",
                        "limit",
                    ),
                    where=_where(source, node.start_mark),
                    limit=max_alias_nodes,
                )
            if deep > max_depth:
                raise nesting_error(error, _where(source, node.start_mark), max_depth)
            continue
        if key in size:
            continue
        if key in on_stack:
            raise error(
                N_("a recursive alias (a node that contains itself)"),
                where=_where(source, node.start_mark),
            )
        on_stack.add(key)
        stack.append((node, True))
        for child in _children(node):
            ck = id(child)
            if ck in on_stack:
                raise error(
                    N_("a recursive alias (a node that contains itself)"),
                    where=_where(source, child.start_mark),
                )
            if ck not in size:
                stack.append((child, False))


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    return []


class _StrictConstructor(yaml.constructor.SafeConstructor):
    """Safe construction, refusing duplicate keys and non-finite numbers."""

    source = ""
    error: _Error = InvalidInputError

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, MappingNode):
            seen: dict[Any, Any] = {}
            for (
                key_node,
                _value,
            ) in node.value:  # the keys written here; merged ones (<<) may be overridden
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    hash(key)
                except TypeError:
                    raise type(self).error(
                        N_("a mapping key must be a plain value"),
                        where=_where(self.source, key_node.start_mark),
                    ) from None
                if key in seen:
                    raise type(self).error(
                        N_("duplicate key {key!r}"),
                        where=_where(self.source, key_node.start_mark),
                        key=str(key),
                    )
                seen[key] = True
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_float(self, node: Any) -> float:
        value = super().construct_yaml_float(node)
        if not math.isfinite(value):
            raise type(self).error(
                N_("{value} is not a finite number"),
                where=_where(self.source, node.start_mark),
                value=node.value,
            )
        return value

    def construct_yaml_timestamp_as_text(self, node: Any) -> str:
        """Dates stay text (``birth_date: 1990-05-01``): the files are JSON data, and JSON has
        no dates (YAML 1.2 dropped the timestamp type too)."""
        return str(node.value)

    def construct_yaml_binary(self, node: Any) -> Any:
        raise type(self).error(
            N_("unsupported YAML tag {tag}"),
            where=_where(self.source, node.start_mark),
            tag=node.tag,
        )


_StrictConstructor.add_constructor(  # type: ignore[type-var]  # the stubs want a loader, a constructor is one
    "tag:yaml.org,2002:float", _StrictConstructor.construct_yaml_float
)
_StrictConstructor.add_constructor(  # type: ignore[type-var]  # the stubs want a loader, a constructor is one
    "tag:yaml.org,2002:timestamp", _StrictConstructor.construct_yaml_timestamp_as_text
)
_StrictConstructor.add_constructor(  # type: ignore[type-var]  # the stubs want a loader, a constructor is one
    "tag:yaml.org,2002:binary", _StrictConstructor.construct_yaml_binary
)


def load_yaml(
    text: str,
    source: str,
    *,
    error: _Error = InvalidInputError,
    max_depth: int = MAX_DEPTH,
    max_alias_nodes: int = MAX_ALIAS_NODES,
) -> Any:
    """Parse one YAML document safely (see the module docs).  Syntax errors become ``error``
    with the line and column."""
    try:
        _pre_scan(text, source, max_depth, error)
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        if _too_deep(exc):
            raise _depth_error(exc, source, max_depth, error) from None
        raise _syntax_error(_python_parser_error(text) or exc, text, source, error) from None
    if root is None:
        return None
    _expanded_size(root, source, max_depth, _count_plain(root), max_alias_nodes, error)
    constructor_cls = type(
        "_Constructor", (_StrictConstructor,), {"source": source, "error": staticmethod(error)}
    )
    constructor = constructor_cls()
    try:
        data = constructor.construct_document(root)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text, source, error) from None
    except InvalidInputError:
        raise
    except (ValueError, OverflowError) as exc:  # e.g. an integer of 5,000 digits, a 13th month
        raise error(_value_problem(exc), where=source) from None
    check_data(data, source, error)
    return data


def _too_deep(exc: yaml.YAMLError) -> bool:
    """libyaml's own stop at 1000 levels (its problem names the depth)."""
    return "depth" in str(getattr(exc, "problem", "") or "")


def _depth_error(
    exc: yaml.YAMLError, source: str, max_depth: int, error: _Error
) -> InvalidInputError:
    """The document nests deeper than ``max_depth``, at the place libyaml stopped."""
    return nesting_error(error, _where(source, getattr(exc, "problem_mark", None)), max_depth)


def _syntax_error(exc: yaml.YAMLError, text: str, source: str, error: _Error) -> InvalidInputError:
    """``invalid YAML: …`` at the line and column of the problem (a control character: where
    the reader found it)."""
    if isinstance(exc, yaml.reader.ReaderError):
        before = text[: exc.position]
        where = Location(
            source, before.count(chr(10)) + 1, exc.position - (before.rfind(chr(10)) + 1) + 1
        )
        return error(
            N_("invalid YAML: the character U+{code} is not allowed"),
            where=where,
            code=f"{exc.character:04X}" if isinstance(exc.character, int) else "?",
        )
    from .libmessages import yaml_problem  # error paths only: not at start-up

    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    message, args = yaml_problem(problem, getattr(exc, "context", None))
    return error(message, where=_where(source, mark), **args)


def _value_problem(exc: Exception) -> str:
    """Our message for a value PyYAML's constructor cannot build (Python's words stay out)."""
    if "digits" in str(exc):
        return N_("invalid YAML: a number with too many digits")
    return N_("invalid YAML: a value that cannot be read (e.g. an impossible date)")


_REPARSE_LIMIT = 256 * 1024
"""Texts up to this length are parsed again by the (slower) pure-Python parser for its wording."""


def _python_parser_error(text: str) -> yaml.YAMLError | None:
    """The pure-Python parser's error for ``text``, whose wording (``expected ',' or '}', but
    got ':'``) says more than libyaml's; events only, so no recursion."""
    if _Loader is yaml.SafeLoader or len(text) > _REPARSE_LIMIT:
        return None
    try:
        loader = yaml.SafeLoader(text)  # the reader checks the characters here already
        try:
            while loader.check_event():
                loader.get_event()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        return exc
    return None


def _count_plain(root: Node) -> int:
    """Distinct nodes of the document (each alias target counted once)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.extend(_children(node))
    return len(seen)
