"""What libraries and the operating system say, in our own catalogue messages.

PyYAML, the ``json`` module, ``jsonschema`` and ``OSError`` speak English only; an arbiter
reading German, Russian or Polish output must not meet ``mapping values are not allowed
here`` or ``No such file or directory``.  So their problems are recognised by kind (a YAML
problem by its wording, an ``OSError`` by its ``errno``, a JSON type by its name) and told
with a message of our catalogue; its arguments are the parts that are data (a character, a
token), never English words.  A problem this module does not know gets a general message of
the same kind, not the library's English.
"""

from __future__ import annotations

import errno as _errno
import re
from typing import Any

from .explain import Message, Term
from .i18n import N_

__all__ = [
    "JSON_SYNTAX_MESSAGES",
    "json_problem",
    "json_type",
    "os_problem",
    "type_message",
    "wrong_type",
    "yaml_problem",
]

# --- YAML ---------------------------------------------------------------------------------

#: PyYAML's token names (``but found '<block end>'``) as words.
_TOKENS = {
    "<stream end>": N_("the end of the file"),
    "<stream start>": N_("the start of the file"),
    "<block end>": N_("the end of a block"),
    "<block mapping start>": N_("the start of a mapping"),
    "<block sequence start>": N_("the start of a list"),
    "<block entry>": N_("a list item"),
    "<document start>": N_("a new document (---)"),
    "<document end>": N_("the end of the document (...)"),
    "<scalar>": N_("a value"),
    "<alias>": N_("an alias"),
    "<anchor>": N_("an anchor"),
    "<tag>": N_("a tag"),
    "<directive>": N_("a directive"),
    "<key>": N_("a key"),
    "<value>": N_("a value"),
}

#: (pattern of PyYAML's or libyaml's problem, our message); the first match wins.  Named
#: groups become the message's arguments (``found``: a token or a character).
_YAML: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), message)
    for pattern, message in (
        (
            r"mapping values are not allowed (here|in this context)",
            N_("invalid YAML: mapping values are not allowed here"),
        ),
        (
            r"(block )?sequence entries are not allowed (here|in this context)",
            N_("invalid YAML: sequence entries are not allowed here"),
        ),
        (
            r"mapping keys are not allowed (here|in this context)",
            N_("invalid YAML: mapping keys are not allowed here"),
        ),
        (r"could not find expected ':'", N_("invalid YAML: could not find expected ':'")),
        (
            r"expected ',' or '\]', but got (?P<found>.+)|did not find expected ',' or '\]'",
            N_("invalid YAML: expected ',' or ']', but got {found}"),
        ),
        (
            r"expected ',' or '\}', but got (?P<found>.+)|did not find expected ',' or '\}'",
            N_("invalid YAML: expected ',' or '}}', but got {found}"),
        ),
        (
            r"expected <block end>, but found (?P<found>.+)|did not find expected key",
            N_("invalid YAML: the indentation does not match, found {found}"),
        ),
        (
            r"expected the node content, but found (?P<found>.+)|did not find expected node "
            r"content",
            N_("invalid YAML: expected a value, but found {found}"),
        ),
        (
            r"expected a single document in the stream|but found another document",
            N_(
                "invalid YAML: expected a single document in the stream, but found another document"
            ),
        ),
        (
            r"found character (?P<char>.+) that cannot start any token|found character that "
            r"cannot start any token",
            N_("invalid YAML: the character {char} cannot start a value (put the value in quotes)"),
        ),
        (
            r"found unexpected end of stream",
            N_("invalid YAML: the file ends inside a quoted value"),
        ),
        (
            r"found unknown escape character (?P<char>.+)|found unknown escape character",
            N_("invalid YAML: unknown escape character {char} in a double-quoted value"),
        ),
        (r"found undefined alias (?P<name>.+)", N_("invalid YAML: undefined alias {name}")),
        (
            r"found duplicate anchor (?P<name>\S+)",
            N_("invalid YAML: the anchor {name} is defined twice"),
        ),
        (
            r"found undefined tag handle (?P<name>.+)|found undefined tag handle",
            N_("invalid YAML: undefined tag handle {name}"),
        ),
        (r"found unhashable key", N_("a mapping key must be a plain value")),
        (
            r"invalid indentation or unclosed '\[' or '\{'",
            N_("invalid YAML: invalid indentation or an unclosed '[' or '{{'"),
        ),
        (
            r"found a tab character",
            N_("invalid YAML: a tab character where the indentation needs spaces"),
        ),
        (
            r"could not determine a constructor for the tag (?P<tag>\S+)",
            N_("invalid YAML: could not determine a constructor for the tag {tag}"),
        ),
        (
            r"found incompatible YAML document|found duplicate YAML directive|"
            r"while scanning a directive|found unknown directive",
            N_("invalid YAML: a %YAML or %TAG directive that cannot be read"),
        ),
        (
            r"while scanning an? (alias|anchor)",
            N_("invalid YAML: an alias or anchor name that cannot be read"),
        ),
        (
            r"while scanning a block scalar",
            N_("invalid YAML: a block value (| or >) whose indicators cannot be read"),
        ),
        (r"while scanning a tag", N_("invalid YAML: a tag that cannot be read")),
    )
)

_UNKNOWN_YAML = N_("invalid YAML: the text cannot be read as YAML here")


def _found(raw: str) -> Any:
    """A token or character as the user sees it: a name in words, punctuation quoted."""
    text = raw.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    if text in _TOKENS:
        return Term(_TOKENS[text])
    return f"'{text}'"


def yaml_problem(problem: str, context: str | None = None) -> tuple[str, dict[str, Any]]:
    """Our message and its arguments for a PyYAML/libyaml ``problem`` (with its ``context``,
    e.g. ``while scanning a simple key``)."""
    for text in (problem, f"{context or ''} {problem}"):
        for pattern, message in _YAML:
            match = pattern.search(text)
            if match:
                args = {k: _found(v) for k, v in match.groupdict().items() if v is not None}
                if "{found}" in message:
                    args.setdefault("found", Term(_TOKENS["<scalar>"]))
                if "{char}" in message or "{name}" in message or "{tag}" in message:
                    for key in ("char", "name", "tag"):
                        if "{" + key + "}" in message:
                            args.setdefault(key, "?")
                if "tag" in args:
                    args["tag"] = str(args["tag"]).strip("'")
                return message, args
    return _UNKNOWN_YAML, {}


# --- JSON ---------------------------------------------------------------------------------

_JSON: tuple[tuple[str, str], ...] = (
    ("Expecting value", N_("invalid JSON: expecting a value")),
    (
        "Expecting property name enclosed in double quotes",
        N_("invalid JSON: expecting a key in double quotes"),
    ),
    ("Expecting ':' delimiter", N_("invalid JSON: expecting ':'")),
    ("Expecting ',' delimiter", N_("invalid JSON: expecting ','")),
    ("Extra data", N_("invalid JSON: more text after the value")),
    ("Unterminated string", N_("invalid JSON: a string without its closing quote")),
    ("Invalid control character", N_("invalid JSON: a control character inside a string")),
    ("Invalid \\uXXXX escape", N_("invalid JSON: an invalid \\uXXXX escape")),
    ("Invalid \\escape", N_("invalid JSON: an invalid escape sequence")),
    ("Illegal trailing comma", N_("invalid JSON: a comma before the closing bracket")),
)

_UNKNOWN_JSON = N_("invalid JSON: the text cannot be read as JSON here")

#: Every message a JSON syntax error can have (the service answers them with 400).
JSON_SYNTAX_MESSAGES = frozenset(m for _k, m in _JSON) | {_UNKNOWN_JSON}


def json_problem(msg: str) -> str:
    """Our message for a :class:`json.JSONDecodeError` ``msg``."""
    return next((m for prefix, m in _JSON if msg.startswith(prefix)), _UNKNOWN_JSON)


#: ``jsonschema``'s ``… is not of type 'integer'``, one sentence per type (the negation
#: takes its own form of the noun in German, Russian and Polish).
_NOT_OF_TYPE = {
    "integer": N_("{instance} is not a whole number"),
    "number": N_("{instance} is not a number"),
    "string": N_("{instance} is not text"),
    "boolean": N_("{instance} is not true or false"),
    "array": N_("{instance} is not a list"),
    "object": N_("{instance} is not a mapping"),
    "null": N_("{instance} is not null"),
}

#: JSON Schema type names in words, for a list of allowed types.
_JSON_TYPES = {
    "integer": N_("a whole number"),
    "number": N_("a number"),
    "string": N_("text"),
    "boolean": N_("true or false"),
    "array": N_("a list"),
    "object": N_("a mapping"),
    "null": N_("null"),
}


def json_type(name: str) -> Any:
    """The JSON Schema type ``name`` as a word of the catalogue (a :class:`Term`)."""
    return Term(_JSON_TYPES[name]) if name in _JSON_TYPES else name


def type_message(expected: Any) -> tuple[str, dict[str, Any]]:
    """The message (and arguments besides ``instance``) of a value of the wrong JSON type:
    ``expected`` is the schema's ``type`` (a name or a list of names)."""
    if isinstance(expected, str) and expected in _NOT_OF_TYPE:
        return _NOT_OF_TYPE[expected], {}
    names = [expected] if isinstance(expected, str) else list(expected)
    return N_("{instance} has the wrong type (expected: {types})"), {
        "types": [json_type(n) for n in names]
    }


# --- the operating system -----------------------------------------------------------------

_ERRNO = {  # the msgids are the C library's (glibc) texts: English output as before
    _errno.ENOENT: N_("No such file or directory"),
    _errno.EACCES: N_("Permission denied"),
    _errno.EPERM: N_("Operation not permitted"),
    _errno.EISDIR: N_("Is a directory"),
    _errno.ENOTDIR: N_("Not a directory"),
    _errno.EEXIST: N_("File exists"),
    _errno.ENOSPC: N_("No space left on device"),
    _errno.EROFS: N_("Read-only file system"),
    _errno.ENAMETOOLONG: N_("File name too long"),
    _errno.ELOOP: N_("Too many levels of symbolic links"),
    _errno.EMFILE: N_("Too many open files"),
    _errno.EIO: N_("Input/output error"),
    _errno.EBUSY: N_("Device or resource busy"),
    _errno.ETXTBSY: N_("Text file busy"),
    _errno.EINVAL: N_("Invalid argument"),
    _errno.ENXIO: N_("No such device or address"),
    _errno.ENODEV: N_("No such device"),
    _errno.EXDEV: N_("Invalid cross-device link"),
    _errno.EFBIG: N_("File too large"),
    _errno.EPIPE: N_("Broken pipe"),
}

_UNKNOWN_OS = N_("system error {code}")


def os_problem(exc: OSError) -> Any:
    """The reason of an ``OSError`` as a catalogue term, chosen by its ``errno`` (never the
    text of the C library, which is English); an unknown code is named by its number."""
    own = getattr(exc, "catalogue_reason", None)
    if own:
        return Term(own)
    code = exc.errno
    if code in _ERRNO:
        return Term(_ERRNO[code])
    return Message(_UNKNOWN_OS, {"code": code if code is not None else "?"})


def wrong_type(error: Any, expected: Any, /, **args: Any) -> Any:
    """``error`` (an error class) for a value that is not of the JSON type ``expected``, with
    the sentence of :func:`type_message` (``"x" is not a whole number``)."""
    message, more = type_message(expected)
    return error(message, **args, **more)
