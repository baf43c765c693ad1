"""What every route needs: the limits, the worker pool, the metrics, the request's language,
its body (checked cheaply before any work) and the answers for errors."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import anyio
from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..errors import SwissPairingError
from ..i18n import N_
from .language import negotiate_language
from .limits import (
    Limits,
    MalformedRequestError,
    ServiceBusyError,
    parse_json_body,
    time_limit_error,
    too_large,
)
from .metrics import Metrics
from .pages import error_page, wants_html
from .tasks import error_answer
from .workers import (
    PoolClosedError,
    QueueFullError,
    WorkerCrashError,
    WorkerPool,
    WorkTimeoutError,
)

__all__ = ["AnsweredError", "Service"]


class AnsweredError(Exception):
    """An error already rendered (by a worker, or from a :class:`SwissPairingError`)."""

    def __init__(self, error: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        super().__init__(error.get("message", ""))
        self.error = error
        """``status``, ``type``, ``exit_code``, ``message``."""
        self.headers = headers or {}
        """Extra headers of the answer (``Retry-After``)."""


def _internal(reason: str, lang: str | None) -> dict[str, Any]:
    from ..i18n import gettext

    message = gettext(N_("internal error: {reason}"), lang or "en").format(reason=reason)
    return {"status": 500, "type": "InternalError", "exit_code": 2, "message": message}


@dataclass
class Service:
    """The state an application shares between its routes (nothing of any request)."""

    limits: Limits
    """What one request may cost."""
    pool: WorkerPool = field(init=False)
    """The worker processes that compute."""
    metrics: Metrics = field(default_factory=Metrics)
    """Counters, histogram, gauges."""

    def __post_init__(self) -> None:
        lim = self.limits
        self.pool = WorkerPool(
            lim.concurrency,
            max_queue=lim.max_queue,
            queue_wait=lim.queue_wait,
            light_reserve=lim.light_reserve,
        )
        self.pool.on_restart = lambda reason: self.metrics.restarts.labels(reason).inc()

    # ---------------------------------------------------------------- language
    @staticmethod
    def language(request: Request) -> str | None:
        """The request's language (``?lang=`` or ``Accept-Language``); 400 if unknown."""
        return negotiate_language(
            request.query_params.get("lang"), request.headers.get("accept-language")
        )

    def safe_language(self, request: Request) -> str | None:
        """:meth:`language`, or ``None`` where it is unknown (for error answers)."""
        try:
            return self.language(request)
        except MalformedRequestError:
            return None

    # ---------------------------------------------------------------- bodies
    async def body(self, request: Request) -> tuple[Any, int]:
        """The JSON body and its size: ``application/json`` (415 otherwise), at most
        ``max_body`` bytes (413), arrived within ``read_timeout`` (408), valid JSON (400) of
        bounded nesting (422)."""
        lim = self.limits
        kind, _, params = (request.headers.get("content-type") or "").partition(";")
        charset = params.strip().lower().removeprefix("charset=").strip('"')
        if kind.strip().lower() != "application/json" or charset not in ("", "utf-8", "utf8"):
            raise MalformedRequestError(
                N_("the request body must be application/json (not {given})"),
                status=415,
                given=(request.headers.get("content-type") or "-")[:80],
            )
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > lim.max_body:
            raise too_large(lim.max_body)
        chunks: list[bytes] = []
        size = 0
        try:
            with anyio.fail_after(lim.read_timeout):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > lim.max_body:
                        raise too_large(lim.max_body)
                    chunks.append(chunk)
        except TimeoutError:
            raise MalformedRequestError(
                N_("the request body did not arrive within the read timeout of {seconds} s"),
                status=408,
                seconds=lim.read_timeout,
            ) from None
        return parse_json_body(b"".join(chunks), lim), size

    # ---------------------------------------------------------------- work
    async def compute(
        self, task: str, payload: dict[str, Any], *, route: str, heavy: bool = False
    ) -> tuple[Any, dict[str, str]]:
        """Run ``task`` in a worker; its value and meta data, or :class:`AnsweredError`."""
        lim = self.limits
        lang = payload.get("lang")
        try:
            answer = await self.pool.run(task, payload, time_limit=lim.time_limit, heavy=heavy)
        except WorkTimeoutError:
            self.metrics.timeouts.labels(route).inc()
            raise AnsweredError(error_answer(time_limit_error(lim.time_limit), lang)) from None
        except (QueueFullError, PoolClosedError):
            self.metrics.rejected.labels(route).inc()
            retry = max(1, math.ceil(min(lim.time_limit, lim.queue_wait) / 2))
            busy = ServiceBusyError(
                N_("every worker is busy; try again after {seconds} s"),
                retry_after=retry,
                seconds=retry,
            )
            raise AnsweredError(error_answer(busy, lang), {"Retry-After": str(retry)}) from None
        except WorkerCrashError:
            raise AnsweredError(_internal("WorkerCrashError", lang)) from None
        if answer[0] == "ok":
            return answer[1], answer[2]
        if answer[0] == "error":
            raise AnsweredError(answer[1])
        raise AnsweredError(_internal(str(answer[1]), lang))

    # ---------------------------------------------------------------- answers
    def answer_error(
        self, request: Request, error: dict[str, Any], headers: dict[str, str] | None = None
    ) -> Response:
        """An error as JSON for API clients, as a page for browsers (by ``Accept``)."""
        status = int(error["status"])
        if wants_html(request.headers.get("accept")):
            lang = self.safe_language(request) or "en"
            return HTMLResponse(error_page(lang, status, error), status, headers=headers)
        body = {k: error[k] for k in ("type", "exit_code", "message")}
        return JSONResponse({"error": body}, status, headers=headers)

    def answer_exception(self, request: Request, exc: SwissPairingError) -> Response:
        """A :class:`SwissPairingError` raised in the server process."""
        headers = None
        if isinstance(exc, ServiceBusyError):
            headers = {"Retry-After": str(exc.retry_after)}
        return self.answer_error(request, error_answer(exc, self.safe_language(request)), headers)

    def internal(self, request: Request, reason: str) -> Response:
        """A bug: 500, the exception's name only."""
        return self.answer_error(request, _internal(reason, self.safe_language(request)))

    def query_size(self, request: Request) -> int:
        """The query string's size; 413 beyond ``max_body``."""
        size = len(request.url.query)
        if size > self.limits.max_body:
            raise too_large(self.limits.max_body)
        return size
