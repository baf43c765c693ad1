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
from importlib import resources
from typing import Any

__all__ = [
    "N_",
    "gettext",
    "ngettext",
    "pgettext",
    "translations",
    "default_locale",
    "LANGUAGES",
    "add_catalogue",
]

#: Languages with a complete catalogue; ``en`` is the source language.
LANGUAGES = ("en", "de", "ru", "pl")

_extra: list[tuple[Any, str]] = []


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is rendered."""
    return message


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


@functools.lru_cache(maxsize=None)
def translations(locale: str | None) -> _gettext.NullTranslations:
    """The merged translations for ``locale`` (``en`` or unknown: identity)."""
    lang = normalise_locale(locale)
    if lang == "en":
        return _gettext.NullTranslations()
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
    """The language from ``SWISSPAIRING_LANG``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``."""
    for var in ("SWISSPAIRING_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            lang = value.split(".")[0].split("_")[0].lower()
            if lang in LANGUAGES:
                return lang
    return "en"


def gettext(message: str, locale: str | None = None) -> str:
    """``message`` translated into ``locale``."""
    return translations(normalise_locale(locale)).gettext(message)  # cache by language, not by None


def ngettext(singular: str, plural: str, n: int, locale: str | None = None) -> str:
    """Plural-aware translation (Russian and Polish have three forms)."""
    return translations(normalise_locale(locale)).ngettext(singular, plural, n)  # cache by language, not by None


def pgettext(context: str, message: str, locale: str | None = None) -> str:
    """Translation of a term that needs a context to be unambiguous."""
    return translations(normalise_locale(locale)).pgettext(context, message)  # cache by language, not by None


def extract_ruleset_names(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
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
            lineno = next((i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key}:")), 0)
            yield lineno, None, value, []
