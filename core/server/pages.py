"""Pages for people: the landing page, HTML error pages, the offline API docs, and the
security headers every answer carries.

The landing page (``GET /``) says, in the request's language, what the service is and links
the API docs and the pages.  An error is answered as an HTML page when the client prefers
HTML (a browser's ``Accept: text/html``), else as the JSON error of the API.  ``/docs`` serves
Swagger UI from the ``swagger-ui-bundle-v2`` package: no CDN, so it works offline.
"""

from __future__ import annotations

import html
import mimetypes
from pathlib import Path
from typing import Any

from .. import __version__
from ..i18n import N_, gettext

__all__ = [
    "CSP_DOCS",
    "CSP_PAGE",
    "DOCS_ASSETS",
    "docs_asset",
    "docs_page",
    "error_page",
    "landing_page",
    "wants_html",
]

CSP_PAGE = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
"""Content-Security-Policy of the service's own pages (inline CSS, no scripts at all)."""
CSP_DOCS = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
"""Content-Security-Policy of ``/docs`` (Swagger UI's scripts from this server only)."""

DOCS_ASSETS = (
    "swagger-ui.css",
    "swagger-ui-bundle.js",
    "swagger-ui-standalone-preset.js",
    "favicon-32x32.png",
)
"""The Swagger UI files served under ``/docs/``."""

_CSS = """\
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;\
margin:0;padding:1rem;color:#111;background:#fff;line-height:1.45;max-width:48rem}
h1{font-size:1.4rem;margin:0 0 .5rem}
code{background:#f2f4f6;padding:0 .2rem;overflow-wrap:anywhere}
p,h1{overflow-wrap:anywhere}
li{margin:.3rem 0}
.status{color:#8a1c1c}
footer{margin-top:1.5rem;font-size:.85rem;color:#555}
@media (max-width:40em){body{padding:.6rem}h1{font-size:1.2rem}}
"""


def wants_html(accept: str | None) -> bool:
    """Whether a client prefers an HTML page to JSON (``text/html`` listed before, or with a
    higher weight than, ``application/json``)."""
    if not accept:
        return False
    best: dict[str, tuple[float, int]] = {}
    for i, part in enumerate(accept.split(",")):
        media, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        best[media.strip().lower()] = (q, -i)
    page = best.get("text/html")
    data = max(best.get("application/json", (0.0, -999)), best.get("*/*", (0.0, -999)))
    return page is not None and page[0] > 0 and page > data


def _page(lang: str, title: str, body: str) -> str:
    e = html.escape
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(title)}</title>\n<style>\n{_CSS}</style>\n</head>\n<body>\n<main>\n"
        f"{body}</main>\n<footer>swisspairing {e(__version__)}</footer>\n</body>\n</html>\n"
    )


_ABOUT = N_(
    "Pairs Swiss-system and round-robin tournaments by the federation’s written rules, "
    "explains every decision and publishes standings."
)
_PAGES_HEADING = N_("Pages")
_PAGES = N_("Standings, crosstable and pairings as pages:")
_ERROR = N_("Error")
_HOME = N_("Start page")
_HOW = N_(
    "Send a tournament (TRF16 text or a tournament document) and a ruleset to POST /pair "
    "for the next round, or to POST /standings for the standings."
)


def landing_page(lang: str) -> str:
    """``GET /``: what the service is, with links to the API docs and the pages."""
    e = html.escape

    def t(msgid: str) -> str:
        return e(gettext(msgid, lang))

    links = [
        ("/docs", N_("Interactive API documentation")),
        ("/openapi.json", N_("OpenAPI schema")),
        ("/rulesets", N_("Registered rulesets")),
        ("/systems", N_("Installed pairing systems")),
        ("/healthz", N_("Health check")),
    ]
    items = "".join(f'<li><a href="{href}">{t(text)}</a></li>\n' for href, text in links)
    pages = "".join(
        f"<li><code>POST /pages/{kind}</code> · "
        f"<code>GET /pages/{kind}?ruleset=…&amp;trf=…</code></li>\n"
        for kind in ("standings", "crosstable", "pairings")
    )
    body = (
        f"<h1>swisspairing</h1>\n<p>{t(_ABOUT)}</p>\n<p>{t(_HOW)}</p>\n"
        f"<ul>\n{items}</ul>\n"
        f"<h2>{t(_PAGES_HEADING)}</h2>\n<p>{t(_PAGES)}</p>\n"
        f"<ul>\n{pages}</ul>\n"
    )
    return _page(lang, "swisspairing", body)


def error_page(lang: str, status: int, error: dict[str, Any]) -> str:
    """An error as a page for people: the status, the message, a link home."""
    e = html.escape
    title = f"{status} – {gettext(_ERROR, lang)}"
    body = (
        f'<h1 class="status">{e(title)}</h1>\n<p>{e(str(error.get("message", "")))}</p>\n'
        f'<p><a href="/">{e(gettext(_HOME, lang))}</a></p>\n'
    )
    return _page(lang, title, body)


def docs_page() -> str:
    """``/docs``: Swagger UI from this server's own files."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>swisspairing – API</title>\n"
        '<link rel="stylesheet" href="/docs/swagger-ui.css">\n'
        '<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">\n'
        '</head>\n<body>\n<div id="swagger-ui"></div>\n'
        '<script src="/docs/swagger-ui-bundle.js"></script>\n'
        '<script src="/docs/swagger-ui-standalone-preset.js"></script>\n'
        '<script src="/docs/init.js"></script>\n</body>\n</html>\n'
    )


DOCS_INIT = """\
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "BaseLayout",
  });
};
"""
"""The start script of ``/docs`` (a file, not inline: the CSP allows scripts from 'self')."""


def docs_asset(name: str) -> tuple[bytes, str] | None:
    """A Swagger UI file's bytes and media type, or ``None`` (not one of :data:`DOCS_ASSETS`,
    or the package is not installed)."""
    if name == "init.js":
        return DOCS_INIT.encode("utf-8"), "text/javascript; charset=utf-8"
    if name not in DOCS_ASSETS:
        return None
    try:
        import swagger_ui_bundle  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - part of the server extra
        return None
    path = Path(swagger_ui_bundle.swagger_ui_path) / name
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind.endswith("javascript"):
        kind += "; charset=utf-8"
    return path.read_bytes(), kind
