"""Translations without a global install.

Catalogues live in ``swisspairing.locales`` as ``.po`` files (domain ``swisspairing``);
they are compiled in memory once per locale (no committed or built ``.mo`` files), so an
editable install, an sdist and a wheel behave the same.  Callers pass ``locale=``.

Plugins from other distributions may register their own catalogue directory and domain
with :func:`add_catalogue`; their messages are then found too.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import os
from typing import Any

__all__ = [
    "LANGUAGES",
    "NP_",
    "N_",
    "Plural",
    "add_catalogue",
    "default_locale",
    "gettext",
    "ngettext",
    "pgettext",
    "plural_count",
    "translations",
]

#: Languages with a complete catalogue; ``en`` is the source language.
LANGUAGES = ("en", "de", "ru", "pl")

_extra: list[tuple[Any, str]] = []


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is rendered."""
    return message


class Plural(str):
    """A countable catalogue message: it equals its singular msgid (so it can be compared and
    looked up like any msgid) and also knows its plural msgid and which placeholder counts.

    Rendered with ``ngettext`` (Russian and Polish have three forms, German two)."""

    singular: str
    """The singular msgid (the string value itself)."""
    plural: str
    """The plural msgid."""
    count: str  # type: ignore[assignment]  # shadows str.count on purpose: the placeholder's name
    """The placeholder whose value decides the form: a number, or a list (its length)."""

    def __new__(cls, singular: str, plural: str, count: str = "n") -> Plural:
        self = super().__new__(cls, singular)
        self.singular, self.plural, self.count = singular, plural, count
        return self

    def __repr__(self) -> str:
        return f"Plural({self.singular!r}, {self.plural!r}, count={self.count!r})"

    def __reduce__(self) -> Any:
        return (Plural, (self.singular, self.plural, self.count))


def NP_(singular: str, plural: str, count: str = "n") -> Plural:
    """Mark a countable message for extraction (Babel keyword ``NP_:1,2``); the placeholder
    ``count`` chooses the plural form when the message is rendered."""
    return Plural(singular, plural, count)


def plural_count(value: Any) -> int:
    """The integer that chooses a plural form for ``value``.

    A list is named, not counted ("player 7" / "players 7, 9"): one item takes the singular,
    more take the plural of 5 (the nominative plural in Russian and Polish, where 21 or 22
    items would otherwise pick a counted form).  A fraction such as 2.5 takes the form of 2
    (English and German plural, Russian "2,5 очка")."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return 1 if len(value) == 1 else 5
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 2
    return int(number) if number == int(number) else 2


def translate(message: str, args: Any, locale: str | None) -> str:
    """The catalogue text of ``message`` (a :class:`Plural` takes its form from ``args``),
    before the placeholders are filled."""
    if isinstance(message, Plural):
        return ngettext(
            message.singular, message.plural, plural_count(args.get(message.count)), locale
        )
    return gettext(message, locale)


def add_catalogue(directory: Any, domain: str) -> None:
    """Add a plugin's catalogue directory (``<dir>/<locale>/LC_MESSAGES/<domain>.po``)."""
    _extra.append((directory, domain))
    translations.cache_clear()


def _load_po(path: Any, locale: str) -> _gettext.GNUTranslations | None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        data = path.read_bytes()
    except (FileNotFoundError, OSError):
        return None
    catalog = read_po(io.BytesIO(data), locale=locale)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@functools.cache
def translations(locale: str | None) -> _gettext.NullTranslations:
    """The merged translations for ``locale`` (``en`` or unknown: identity)."""
    lang = normalise_locale(locale)
    if lang == "en":
        return _gettext.NullTranslations()
    from importlib import resources  # not at start-up: English needs no catalogue

    base = resources.files("swisspairing.locales")
    result: _gettext.NullTranslations = _gettext.NullTranslations()
    main = _load_po(base / lang / "LC_MESSAGES" / "swisspairing.po", lang)
    if main is not None:
        result = main
    for directory, domain in _extra:
        extra = _load_po(directory / lang / "LC_MESSAGES" / f"{domain}.po", lang)
        if extra is not None:
            extra.add_fallback(result)
            result = extra
    return result


def normalise_locale(locale: str | None) -> str:
    """``de_DE.UTF-8`` → ``de``; ``None`` or empty → the default locale."""
    if not locale:
        locale = default_locale()
    lang = locale.split(".")[0].split("_")[0].split("-")[0].lower()
    return lang if lang in LANGUAGES else "en"


def default_locale() -> str:
    """The language from the environment, negotiated with Babel against :data:`LANGUAGES`.

    ``SWISSPAIRING_LANG`` first; then, as GNU gettext does, the priority list ``LANGUAGE``
    (``pl:ru:en``) unless the locale is ``C``/``POSIX``; then ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``.  The first entry with a catalogue wins (``de_AT.UTF-8`` → ``de``)."""
    env = os.environ

    def usable(value: str | None) -> bool:
        return (
            bool(value)
            and value not in ("C", "POSIX")
            and not str(value).startswith(("C.", "POSIX."))
        )

    preferred: list[str] = []
    own = env.get("SWISSPAIRING_LANG")
    if usable(own):
        preferred.append(str(own))
    effective = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    if usable(env.get("LANGUAGE")) and (usable(effective) or not effective):
        preferred.extend(p for p in env["LANGUAGE"].split(":") if usable(p))
    preferred.extend(env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if usable(env.get(v)))
    if not preferred:
        return "en"
    from babel.core import negotiate_locale  # only when there is something to negotiate

    for value in preferred:  # one at a time: the first language with a catalogue wins
        tag = value.split(".")[0].split("@")[0].replace("-", "_")
        found = negotiate_locale([tag, tag.split("_")[0].lower()], list(LANGUAGES))
        if found:
            return found
    return "en"


def gettext(message: str, locale: str | None = None) -> str:
    """``message`` translated into ``locale``."""
    return translations(normalise_locale(locale)).gettext(message)  # cache by language, not by None


def ngettext(singular: str, plural: str, n: int, locale: str | None = None) -> str:
    """Plural-aware translation (Russian and Polish have three forms)."""
    return translations(normalise_locale(locale)).ngettext(
        singular, plural, n
    )  # cache by language, not by None


def pgettext(context: str, message: str, locale: str | None = None) -> str:
    """Translation of a term that needs a context to be unambiguous."""
    return translations(normalise_locale(locale)).pgettext(
        context, message
    )  # cache by language, not by None


def extract_ruleset_names(
    fileobj: Any,
    keywords: Any,  # noqa: ARG001 - Babel's extractor protocol: every extractor takes these
    comment_tags: Any,  # noqa: ARG001
    options: Any,  # noqa: ARG001 - passed by keyword
) -> Any:
    """Babel extractor for ruleset YAML files: their ``name`` and ``description`` are shown
    to users (``swisspairing rulesets``), so they are catalogue messages too."""
    import yaml

    text = fileobj.read().decode("utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        return
    for key in ("name", "description"):
        value = data.get(key)
        if isinstance(value, str) and value:
            lineno = next(
                (i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key}:")), 0
            )
            yield lineno, None, value, []
