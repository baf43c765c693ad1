"""The routes, by group: operations (health, readiness, metrics), the catalogue (rulesets,
systems), pairing and standings, and pages (landing page, HTML reports, API docs).

Every route that computes checks the request cheaply first (:mod:`.limits`, and the body's
keys and types), then hands the work to a worker process (:meth:`Service.compute`)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from .. import __version__, api
from ..errors import InvalidInputError
from ..i18n import N_
from ..libmessages import wrong_type
from .limits import check_ruleset_text
from .metrics import CONTENT_TYPE
from .openapi import (
    ERRORS,
    HTML,
    LANG_PARAM,
    PAGE_BODY,
    PAIR_BODY,
    STANDINGS_BODY,
    json_body,
    json_ok,
)
from .pages import docs_asset, docs_page, landing_page
from .service import Service
from .tasks import check_body
from .workers import PoolClosedError

__all__ = ["add_catalogue", "add_operations", "add_pages", "add_pairing"]


async def _checked_body(svc: Service, request: Request, schema: dict[str, Any]) -> tuple[Any, int]:
    body, size = await svc.body(request)
    body = check_body(body, tuple(schema["properties"]))
    text = body.get("ruleset_yaml")
    if isinstance(text, str):
        check_ruleset_text(text, "$.ruleset_yaml", svc.limits)
    return body, size


# ---------------------------------------------------------------------- operations
def add_operations(app: FastAPI, svc: Service) -> None:
    """``/healthz`` (and ``/health``), ``/readyz``, ``/metrics``."""

    @app.get("/healthz", summary="Liveness: the process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    @app.get("/health", summary="Liveness (the older name of /healthz)", include_in_schema=False)
    async def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    @app.get(
        "/readyz",
        summary="Readiness: workers started and able to take a request",
        responses={"503": {"description": "Not ready (starting, stopping, or saturated)."}},
    )
    async def readyz() -> Response:
        pool = svc.pool
        with contextlib.suppress(PoolClosedError):  # stopping: not ready
            await pool.start()
            await pool.reap()
        state = {
            "status": "ready" if pool.ready else "busy",
            "workers": pool.size,
            "busy": pool.busy,
            "waiting": pool.waiting,
        }
        return JSONResponse(state, 200 if pool.ready else 503)

    @app.get(
        "/metrics",
        summary="Metrics in the Prometheus text format",
        responses={"200": {"description": "Metrics", "content": {"text/plain": {}}}},
    )
    async def metrics() -> Response:
        svc.metrics.busy.set(svc.pool.busy)
        svc.metrics.waiting.set(svc.pool.waiting)
        return Response(svc.metrics.render(), media_type=CONTENT_TYPE)


# ---------------------------------------------------------------------- catalogue
def add_catalogue(app: FastAPI, svc: Service) -> None:
    """``/rulesets`` and ``/systems``."""
    listing = {"type": "array", "items": {"type": "object"}}

    @app.get(
        "/rulesets",
        summary="The registered rulesets",
        openapi_extra={"parameters": [LANG_PARAM]},
        responses={
            "200": json_ok(listing, "Id, system, name, description and regulation of each ruleset")
        },
    )
    async def rulesets(request: Request) -> Response:
        value, _ = await svc.compute("rulesets", {"lang": svc.language(request)}, route="/rulesets")
        return JSONResponse(value)

    @app.get(
        "/systems",
        summary="The installed pairing systems",
        openapi_extra={"parameters": [LANG_PARAM]},
        responses={
            "200": json_ok(listing, "Name, distribution, version, description and hooks of each")
        },
    )
    async def systems(request: Request) -> Response:
        value, _ = await svc.compute("systems", {"lang": svc.language(request)}, route="/systems")
        return JSONResponse(value)


# ---------------------------------------------------------------------- pairing
def add_pairing(app: FastAPI, svc: Service) -> None:
    """``POST /pair`` and ``POST /standings``."""
    from .openapi import PAIR_RESPONSE

    @app.post(
        "/pair",
        summary="Pair the next round",
        openapi_extra=json_body(PAIR_BODY),
        responses={"200": json_ok(PAIR_RESPONSE, "The next round's pairing"), **ERRORS},
    )
    async def pair(request: Request) -> Response:
        lang = svc.language(request)
        body, size = await _checked_body(svc, request, PAIR_BODY)
        value, meta = await svc.compute(
            "pair",
            {"body": body, "lang": lang},
            route="/pair",
            heavy=size > svc.limits.heavy_body,
        )
        svc.metrics.pairings.labels(meta.get("system", "")).inc()
        return JSONResponse(value)

    @app.post(
        "/standings",
        summary="The standings with the ruleset's tiebreaks",
        openapi_extra=json_body(STANDINGS_BODY),
        responses={
            "200": json_ok({"type": "object"}, "The standings (standings --format json)"),
            **ERRORS,
        },
    )
    async def standings(request: Request) -> Response:
        lang = svc.language(request)
        body, size = await _checked_body(svc, request, STANDINGS_BODY)
        value, _ = await svc.compute(
            "standings",
            {"body": body, "lang": lang},
            route="/standings",
            heavy=size > svc.limits.heavy_body,
        )
        return JSONResponse(value)


# ---------------------------------------------------------------------- pages
_KIND = {
    "name": "kind",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "enum": list(api.REPORT_KINDS)},
}
_PAGE_QUERY = [
    _KIND,
    LANG_PARAM,
    {
        "name": "ruleset",
        "in": "query",
        "required": True,
        "schema": {"type": "string"},
        "description": "A registered ruleset id.",
    },
    {
        "name": "trf",
        "in": "query",
        "required": True,
        "schema": {"type": "string"},
        "description": "The tournament as TRF16 text.",
    },
    {"name": "round", "in": "query", "required": False, "schema": {"type": "integer"}},
    {"name": "after_round", "in": "query", "required": False, "schema": {"type": "integer"}},
]


def add_pages(app: FastAPI, svc: Service) -> None:
    """``/`` (landing page), ``/pages/{kind}`` (HTML reports), ``/docs`` (offline API docs)."""

    @app.get("/", summary="The start page", response_class=HTMLResponse)
    async def landing(request: Request) -> Response:
        return HTMLResponse(landing_page(svc.safe_language(request) or "en"))

    @app.post(
        "/pages/{kind}",
        summary="An HTML page: standings, crosstable or pairings",
        openapi_extra={**json_body(PAGE_BODY), "parameters": [_KIND, LANG_PARAM]},
        responses={"200": HTML, **ERRORS},
        response_class=HTMLResponse,
    )
    async def page_post(request: Request, kind: str) -> Response:
        lang = svc.language(request)
        body, size = await _checked_body(svc, request, PAGE_BODY)
        html, _ = await svc.compute(
            "page",
            {"body": body, "lang": lang, "kind": kind},
            route="/pages/{kind}",
            heavy=size > svc.limits.heavy_body,
        )
        return HTMLResponse(html)

    @app.get(
        "/pages/{kind}",
        summary="An HTML page from query parameters (small tournaments; TRF text in trf)",
        openapi_extra={"parameters": _PAGE_QUERY},
        responses={"200": HTML, **ERRORS},
        response_class=HTMLResponse,
    )
    async def page_get(request: Request, kind: str) -> Response:
        lang = svc.language(request)
        size = svc.query_size(request)
        q = request.query_params
        body: dict[str, Any] = {"ruleset": q.get("ruleset"), "trf": q.get("trf")}
        if body["ruleset"] is None:
            raise InvalidInputError(
                N_("give the ruleset as ruleset (a registered id) or ruleset_yaml"), where="$"
            )
        for key in ("round", "after_round"):
            value = q.get(key)
            if value is not None:
                if not (value.isascii() and value.isdigit()) or len(value) > 9:
                    raise wrong_type(
                        InvalidInputError,
                        "integer",
                        where=f"$.{key}",
                        instance=json.dumps(value, ensure_ascii=False)[:80],
                    )
                body[key] = int(value)
        html, _ = await svc.compute(
            "page",
            {"body": body, "lang": lang, "kind": kind},
            route="/pages/{kind}",
            heavy=size > svc.limits.heavy_body,
        )
        return HTMLResponse(html)

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    async def docs() -> Response:
        return HTMLResponse(docs_page())

    @app.get("/docs/{name}", include_in_schema=False)
    async def docs_file(name: str) -> Response:
        found = docs_asset(name)
        if found is None:
            from starlette.exceptions import HTTPException

            raise HTTPException(404)
        data, kind = found
        return Response(data, media_type=kind, headers={"Cache-Control": "max-age=86400"})
