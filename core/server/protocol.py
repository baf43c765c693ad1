"""uvicorn's HTTP/1.1 protocol (h11) with a header timeout.

uvicorn closes idle keep-alive connections, but a client that sends its request a byte at a
time resets that timer with every byte and can hold a connection for ever.  Here a request's
headers must be complete within ``header_timeout`` seconds of the connection's start (or of
the previous answer); otherwise the server answers ``408`` and closes the connection.  The
body has its own limit, ``read_timeout``, which the application enforces while reading it.

``swisspairing serve`` uses this protocol; with plain uvicorn pass
``--http swisspairing.server.protocol:TimedH11Protocol`` (the timeout comes from
``SWISSPAIRING_HEADER_TIMEOUT``, default 10 seconds).
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import limits_from_env

__all__ = ["TimedH11Protocol"]

_TIMEOUT_ANSWER = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 33\r\nconnection: close\r\n\r\nthe request headers came too slow"
)


class TimedH11Protocol(H11Protocol):
    """:class:`H11Protocol` that closes a connection whose request headers are not complete
    within ``header_timeout`` seconds."""

    header_timeout: float | None = None
    """Seconds; ``None``: from ``SWISSPAIRING_HEADER_TIMEOUT`` (``serve`` sets it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        timeout = type(self).header_timeout
        self._header_timeout = limits_from_env().header_timeout if timeout is None else timeout
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        if self._header_timeout > 0:
            self._header_timer = self.loop.call_later(self._header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # pragma: no cover - a request in progress has its headers
        self.transport.write(_TIMEOUT_ANSWER)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm()
        super().on_response_complete()
        if self.conn.their_state is not h11.IDLE or self.transport.is_closing():
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
