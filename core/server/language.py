"""The language of a request: ``?lang=``, else ``Accept-Language`` (Babel's negotiation)."""

from __future__ import annotations

import math

from babel import negotiate_locale

from ..i18n import LANGUAGES, N_
from .limits import MalformedRequestError

__all__ = ["negotiate_language"]


def negotiate_language(query: str | None, accept_language: str | None) -> str | None:
    """``?lang=`` if given (must be a known language), else the best match of the
    ``Accept-Language`` header (Babel's negotiation), else ``None``."""
    if query:
        lang = query.strip().lower().replace("_", "-").split("-")[0]
        if lang not in LANGUAGES:
            raise MalformedRequestError(
                N_("unknown language {lang!r} (known: {known})"),
                where="lang",
                lang=query,
                known=", ".join(LANGUAGES),
            )
        return lang
    if not accept_language:
        return None
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and math.isfinite(q):
            weighted.append((-q, i, tag))
    preferred = [tag for _, _, tag in sorted(weighted)]
    found: str | None = negotiate_locale(preferred, list(LANGUAGES), sep="-")
    return found
