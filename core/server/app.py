"""The application: routes, error answers, request ids and access logs, security headers;
and :func:`run`, which serves it with uvicorn and the limits of :class:`Limits`."""

from __future__ import annotations

import json
import logging
import os
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..errors import SwissPairingError
from ..i18n import N_, gettext
from .limits import Limits, limits_from_env, limits_to_env
from .openapi import openapi_components
from .pages import CSP_DOCS, CSP_PAGE
from .routes import add_catalogue, add_operations, add_pages, add_pairing
from .service import AnsweredError, Service

__all__ = ["app_from_env", "create_app", "run"]

ACCESS_LOG = logging.getLogger("swisspairing.access")
"""One JSON line per request: time, request id, method, route, path, status, duration."""

_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_Scope = MutableMapping[str, Any]
_Message = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[_Message]]
_Send = Callable[[_Message], Awaitable[None]]
_DEFAULT_LIMITS = Limits()


class _Observe:
    """ASGI middleware: a request id (the client's ``X-Request-ID`` if well-formed, else a
    new one) on the answer and in the access log; latency and count metrics; security
    headers (``nosniff`` on everything, a Content-Security-Policy on HTML)."""

    def __init__(self, app: Callable[..., Awaitable[None]], svc: Service) -> None:
        self.app = app
        self.svc = svc

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        path = scope.get("path", "")
        state = {"status": 500, "bytes": 0}

        async def send_wrapped(message: _Message) -> None:
            if message["type"] == "http.response.start":
                state["status"] = message["status"]
                headers = list(message.get("headers") or [])
                kind = b""
                for k, v in headers:
                    if k.lower() == b"content-type":
                        kind = v
                headers.append((b"x-request-id", rid.encode("ascii")))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"referrer-policy", b"no-referrer"))
                if kind.startswith(b"text/html"):
                    csp = CSP_DOCS if path == "/docs" else CSP_PAGE
                    headers.append((b"content-security-policy", csp.encode("ascii")))
                    headers.append((b"x-frame-options", b"DENY"))
                message["headers"] = headers
            elif message["type"] == "http.response.body":
                state["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_wrapped)
        finally:
            elapsed = time.perf_counter() - start
            route_obj = scope.get("route")
            route = getattr(route_obj, "path", None) or "other"
            m = self.svc.metrics
            m.requests.labels(scope.get("method", ""), route, str(state["status"])).inc()
            m.latency.labels(route).observe(elapsed)
            if ACCESS_LOG.isEnabledFor(logging.INFO):
                client = scope.get("client")
                ACCESS_LOG.info(
                    json.dumps(
                        {
                            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                            "request_id": rid,
                            "method": scope.get("method", ""),
                            "route": route,
                            "path": path[:200],
                            "query_bytes": len(scope.get("query_string", b"")),
                            "status": state["status"],
                            "duration_ms": round(elapsed * 1000, 1),
                            "bytes": state["bytes"],
                            "client": client[0] if client else None,
                            "pid": os.getpid(),
                        },
                        ensure_ascii=False,
                    )
                )


def _add_error_handlers(app: FastAPI, svc: Service) -> None:
    @app.exception_handler(AnsweredError)
    async def _answered(request: Request, exc: AnsweredError) -> Response:
        return svc.answer_error(request, exc.error, exc.headers or None)

    @app.exception_handler(SwissPairingError)
    async def _on_error(request: Request, exc: SwissPairingError) -> Response:
        return svc.answer_exception(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def _on_http(request: Request, exc: StarletteHTTPException) -> Response:
        lang = svc.safe_language(request) or "en"
        if exc.status_code == 404:
            kind = "NotFoundError"
            message = gettext(N_("no such resource: {path}"), lang).format(
                path=request.url.path[:200]
            )
        elif exc.status_code == 405:
            kind = "MethodNotAllowedError"
            message = gettext(N_("method {method} is not allowed here"), lang).format(
                method=request.method[:20]
            )
        else:
            kind = "HTTPError"
            message = str(exc.detail)[:200]
        error = {"status": exc.status_code, "type": kind, "exit_code": 3, "message": message}
        return svc.answer_error(request, error, dict(exc.headers or {}) or None)

    @app.exception_handler(Exception)
    async def _on_bug(request: Request, exc: Exception) -> Response:  # no traceback out
        return svc.internal(request, type(exc).__name__)


def create_app(limits: Limits = _DEFAULT_LIMITS) -> FastAPI:
    """A new application (stateless: every request is answered from its own data).  Its
    worker processes start with the application (or at the first request) and stop with it."""
    svc = Service(limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await svc.pool.start()
        try:
            yield
        finally:
            svc.pool.close()

    app = FastAPI(
        title="swisspairing",
        version=__version__,
        description=(
            "Pairs Swiss-system and round-robin tournaments by the federation's written rules, "
            "explains every decision and publishes standings, in English, German, Russian and "
            "Polish."
        ),
        lifespan=lifespan,
        docs_url=None,  # served from the packaged Swagger UI (routes.add_pages): works offline
        redoc_url=None,
    )
    app.state.service = svc
    _add_error_handlers(app, svc)
    add_operations(app, svc)
    add_catalogue(app, svc)
    add_pairing(app, svc)
    add_pages(app, svc)
    app.add_middleware(_Observe, svc=svc)

    original_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = original_openapi()
            schema.setdefault("components", {}).setdefault("schemas", {}).update(
                openapi_components()
            )
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app


def app_from_env() -> FastAPI:
    """The application with :func:`limits_from_env` (the factory for ``uvicorn --factory``
    and for several worker processes)."""
    if os.environ.get("SWISSPAIRING_ACCESS_LOG") == "1":
        _configure_access_log()
    return create_app(limits_from_env())


def _configure_access_log() -> None:
    if not ACCESS_LOG.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        ACCESS_LOG.addHandler(handler)
        ACCESS_LOG.setLevel(logging.INFO)
        ACCESS_LOG.propagate = False


def run(
    host: str = "127.0.0.1",
    port: int = 8080,
    *,
    workers: int = 1,
    limits: Limits = _DEFAULT_LIMITS,
    access_log: bool = True,
) -> None:
    """Serve the application with uvicorn (``swisspairing serve``): the header timeout of
    :class:`~swisspairing.server.protocol.TimedH11Protocol`, uvicorn's keep-alive and
    connection limits, one JSON access-log line per request.  With several ``workers`` each
    process builds its own application (the limits travel in the environment) and the
    metrics are summed over the processes (``PROMETHEUS_MULTIPROC_DIR``)."""
    import tempfile

    import uvicorn

    os.environ.update(limits_to_env(limits))
    if access_log:
        os.environ["SWISSPAIRING_ACCESS_LOG"] = "1"
        _configure_access_log()
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": "swisspairing.server.protocol:TimedH11Protocol",
        "timeout_keep_alive": max(1, round(limits.keep_alive)),
        "limit_concurrency": limits.max_connections,
        "access_log": False,  # ours has the request id and the duration
        "timeout_graceful_shutdown": max(1, round(limits.time_limit)),
    }
    if workers > 1:
        metrics_dir = tempfile.mkdtemp(prefix="swisspairing-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
        try:
            uvicorn.run(
                "swisspairing.server:app_from_env", factory=True, workers=workers, **options
            )
        finally:
            import shutil

            shutil.rmtree(metrics_dir, ignore_errors=True)
    else:
        uvicorn.run(create_app(limits), **options)
