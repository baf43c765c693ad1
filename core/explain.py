"""Explanations: every pairing decision can record why it was taken, citing the rule.

An :class:`Event` keeps a rule id (``Dutch-1992 C7``, ``RDF 5.4.10.5.4``), a catalogue
msgid and its arguments; it is translated only when rendered, so ``pair --explain --lang ru``
tells the arbiter the same story in Russian.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import gettext, normalise_locale, translate
from .safetext import visible

__all__ = [
    "Event",
    "Explanation",
    "Message",
    "Term",
    "format_fixed",
    "format_number",
    "render_args",
    "render_message",
]


@dataclass(frozen=True, slots=True)
class Term:
    """A word that is translated when the sentence around it is rendered (e.g. a colour)."""

    msgid: str
    """The catalogue msgid of the term."""

    def render(self, locale: str | None) -> str:
        """The term in ``locale``."""
        return gettext(self.msgid, locale)


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue message with its arguments, rendered inside another message (e.g. the
    reason of an error)."""

    msgid: str
    """The catalogue msgid (or :class:`~swisspairing.i18n.Plural`), with ``{name}``
    placeholders."""
    args: Mapping[str, Any] = field(default_factory=dict)
    """Values for the placeholders."""

    def render(self, locale: str | None) -> str:
        """The message in ``locale``."""
        return render_message(self.msgid, self.args, locale)


def _render_arg(value: Any, locale: str | None) -> Any:
    if hasattr(value, "render"):  # Term, or a nested message
        return value.render(locale)
    if isinstance(value, (list, tuple)) and not isinstance(value, str):
        return ", ".join(str(_render_arg(v, locale)) for v in value)
    if isinstance(value, float):
        return format_number(value, locale)
    if isinstance(value, str):  # never raw: control characters escaped, long values cut
        if _DECIMAL.fullmatch(value):  # a score formatted by the caller ("2.5"): the locale's sign
            sign = _decimal_sign(normalise_locale(locale))
            return value if sign == "." else value.replace(".", sign)
        return visible(value)
    return value


_DECIMAL = re.compile(r"[-+−]?[0-9]+\.[0-9]+")
"""A number with a decimal point, given as text (a score the caller formatted itself)."""


def format_number(value: float, locale: str | None) -> str:
    """A score in the locale's format: the decimal sign from Babel's locale data (``2.5`` in
    English, ``2,5`` in German, Russian and Polish), no grouping, at most four decimals."""
    text = f"{round(float(value), 4):.4f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    sign = _decimal_sign(normalise_locale(locale))
    return text if sign == "." else text.replace(".", sign)


def format_fixed(value: float, decimals: int, locale: str | None) -> str:
    """``value`` with exactly ``decimals`` decimals and the locale's decimal sign (``12,5``
    ms in German)."""
    text = f"{float(value):.{decimals}f}"
    sign = _decimal_sign(normalise_locale(locale))
    return text if sign == "." else text.replace(".", sign)


DECIMAL_SIGNS = {"en": ".", "de": ",", "ru": ",", "pl": ","}
"""Babel's decimal symbol of each language of :data:`swisspairing.i18n.LANGUAGES`, written
out so that printing a score does not import Babel's locale data (issue 20, start-up; a test
compares it with ``babel.numbers.get_decimal_symbol``)."""


@functools.cache
def _decimal_sign(lang: str) -> str:
    if lang in DECIMAL_SIGNS:
        return DECIMAL_SIGNS[lang]
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(lang)


def render_args(args: Mapping[str, Any], locale: str | None) -> dict[str, Any]:
    """Placeholder values ready for ``str.format``: terms translated, lists joined."""
    return {k: _render_arg(v, locale) for k, v in args.items()}


def render_message(message: str, args: Mapping[str, Any], locale: str | None) -> str:
    """``message`` (a msgid or a :class:`~swisspairing.i18n.Plural`) translated and filled."""
    return translate(message, args, locale).format(**render_args(args, locale))


@dataclass(frozen=True, slots=True)
class Event:
    """One explained decision."""

    rule: str
    """The rule applied, as the digest numbers it (e.g. ``Dutch-1992 C7``)."""
    message: str
    """Catalogue msgid with ``{name}`` placeholders."""
    args: Mapping[str, Any] = field(default_factory=dict)
    """Placeholder values; :class:`Term` values are translated too."""
    bracket: int | None = None
    """Index of the score bracket (group) the decision belongs to, if any."""

    def render(self, locale: str | None = None) -> str:
        """``[rule] sentence`` in ``locale``."""
        text = render_message(self.message, self.args, locale)
        return f"[{self.rule}] {text}" if self.rule else text


class Explanation:
    """An append-only log of :class:`Event`; cheap to pass around, easy to turn off."""

    __slots__ = ("enabled", "events")

    def __init__(self, enabled: bool = True, events: Iterable[Event] = ()) -> None:
        self.events: list[Event] = list(events)
        self.enabled = enabled

    def add(self, rule: str, message: str, /, *, bracket: int | None = None, **args: Any) -> None:
        """Record that ``rule`` decided something, described by ``message``."""
        if self.enabled:
            self.events.append(Event(rule, message, args, bracket))

    def extend(self, events: Iterable[Event]) -> None:
        """Append events recorded elsewhere (e.g. by a bracket outcome)."""
        if self.enabled:
            self.events.extend(events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def render(self, locale: str | None = None) -> list[str]:
        """Every event as a line of text."""
        return [e.render(locale) for e in self.events]
