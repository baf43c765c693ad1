"""What one request may cost, and the cheap checks made before any expensive work.

Every check here is linear in the request's size with a small constant, and runs in the
server process before a worker is asked: the body's size (413), its UTF-8 and its JSON with
nesting bounded by an iterative scan (no ``RecursionError`` whatever the depth), and an
inline ruleset's size, nesting and aliases from libyaml's event stream.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..errors import InvalidInputError, InvalidRulesetError, Location, SwissPairingError
from ..i18n import N_, NP_
from ..libmessages import JSON_SYNTAX_MESSAGES, wrong_type
from ..safeyaml import MAX_DEPTH, load_json, prescan_yaml

__all__ = [
    "Limits",
    "MalformedRequestError",
    "ServiceBusyError",
    "TimeLimitExceededError",
    "check_ruleset_text",
    "limits_from_env",
    "parse_json_body",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one request may cost, and how the server protects itself (``serve`` options)."""

    max_body: int = 2_000_000
    """Largest request body (or query string) in bytes; larger requests get 413."""
    time_limit: float = 20.0
    """Seconds one computation may take; then its worker is killed and the answer is 503."""
    concurrency: int = 4
    """Worker processes per server process: computations running at once."""
    max_queue: int = 16
    """Requests that may wait for a worker; when full the answer is 503 with Retry-After."""
    queue_wait: float = 10.0
    """Seconds a request may wait for a worker before the answer is 503 with Retry-After."""
    heavy_body: int = 200_000
    """Requests with a larger body count as large: they may occupy all workers but
    ``light_reserve``, so that small requests keep their latency."""
    light_reserve: int = 1
    """Workers kept for small requests while large ones run (0: none)."""
    max_ruleset: int = 65_536
    """Largest inline ruleset (``ruleset_yaml``) in characters."""
    max_depth: int = MAX_DEPTH
    """Deepest nesting of a JSON body or inline ruleset."""
    header_timeout: float = 10.0
    """Seconds a client may take to send a request's headers (then the connection closes)."""
    read_timeout: float = 30.0
    """Seconds a client may take to send a request's body (then 408)."""
    keep_alive: float = 5.0
    """Seconds an idle keep-alive connection stays open."""
    max_connections: int = 256
    """Connections and requests at once per server process (more get 503 from uvicorn)."""


class MalformedRequestError(SwissPairingError):
    """A request is malformed (not JSON, wrong content type, unknown language or resource):
    HTTP ``status``, exit code 3 (invalid request)."""

    exit_code = 3

    def __init__(self, message: str, /, *, status: int = 400, where: str = "", **args: Any) -> None:
        self.status = status
        """The HTTP status of the answer."""
        super().__init__(message, where=where, **args)


class TimeLimitExceededError(SwissPairingError):
    """A computation took longer than the server allows (HTTP 503, exit code 4: a limit)."""

    exit_code = 4


class ServiceBusyError(SwissPairingError):
    """Every worker is busy and the queue is full (HTTP 503 with ``Retry-After``, exit code 4)."""

    exit_code = 4

    def __init__(self, message: str, /, *, retry_after: int = 1, **args: Any) -> None:
        self.retry_after = retry_after
        """Seconds after which the client may try again."""
        super().__init__(message, **args)


def time_limit_error(seconds: float) -> TimeLimitExceededError:
    """The 503 of a computation that ran past ``seconds``."""
    return TimeLimitExceededError(
        NP_(
            "the computation took longer than {seconds} second",
            "the computation took longer than {seconds} seconds",
            "seconds",
        ),
        seconds=seconds,
    )


def too_large(limit: int) -> MalformedRequestError:
    """The 413 of a body or query string over ``limit`` bytes."""
    error = MalformedRequestError(
        NP_(
            "the request is larger than {limit} byte",
            "the request is larger than {limit} bytes",
            "limit",
        ),
        status=413,
        limit=limit,
    )
    error.exit_code = 4  # a size limit
    return error


def _json_error(message: str, /, *, where: str = "", **args: Any) -> InvalidInputError:
    """Syntax errors of the body are 400 (not JSON at all); everything else the body's JSON
    says (nesting, duplicate keys, NaN) is invalid input, 422."""
    if isinstance(where, Location) and where.source == "$":  # the body: line and column alone
        where = Location("", where.line, where.column, where.path)
    else:
        where = where.removeprefix("$: ")
    if message in JSON_SYNTAX_MESSAGES:
        return MalformedRequestError(message, where=where, **args)  # type: ignore[return-value]
    return InvalidInputError(message, where=where or "$", **args)


def parse_json_body(raw: bytes, limits: Limits) -> Any:
    """The request body as JSON data: UTF-8, nesting at most ``limits.max_depth`` (checked by
    an iterative scan before the recursive decoder runs), no duplicate keys, no NaN."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedRequestError(N_("the request is not UTF-8 text")) from None
    return load_json(text, "$", error=_json_error, max_depth=limits.max_depth)


def check_ruleset_text(text: str, source: str, limits: Limits) -> None:
    """The cheap checks of an inline ruleset before it is parsed: its size, its nesting and
    no aliases (a few hundred bytes of aliases can expand enormously), in one pass of
    libyaml's event stream."""
    if len(text) > limits.max_ruleset:
        raise InvalidRulesetError(
            NP_(
                "the ruleset is longer than the limit of {limit} character",
                "the ruleset is longer than the limit of {limit} characters",
                "limit",
            ),
            where=source,
            limit=limits.max_ruleset,
        )
    prescan_yaml(text, source, error=InvalidRulesetError, max_depth=limits.max_depth, aliases=False)


_ENV = {f.name: "SWISSPAIRING_" + f.name.upper() for f in fields(Limits)}

#: Variables of earlier versions that mean nothing now: refused, so that a container's
#: settings never silently lose one (no pairing depends on a search budget any more).
RETIRED_ENV = ("SWISSPAIRING_MAX_SEARCH_BUDGET",)


def limits_from_env(environ: Mapping[str, str] | None = None) -> Limits:
    """:class:`Limits` with the values of the ``SWISSPAIRING_<FIELD>`` variables where set
    (``SWISSPAIRING_MAX_BODY``, ``SWISSPAIRING_TIME_LIMIT``, ``SWISSPAIRING_CONCURRENCY``, …)."""
    env = os.environ if environ is None else environ
    for name in RETIRED_ENV:
        if name in env:
            raise InvalidInputError(
                N_("no longer a setting: no pairing depends on a search budget; remove it"),
                where=name,
            )
    values: dict[str, Any] = {}
    for f in fields(Limits):
        raw = env.get(_ENV[f.name])
        if raw:
            kind = type(getattr(Limits(), f.name))
            try:
                values[f.name] = kind(raw)
            except ValueError:
                raise wrong_type(
                    InvalidInputError,
                    "number" if kind is float else "integer",
                    where=_ENV[f.name],
                    instance=raw[:80],
                ) from None
    return Limits(**values)


def limits_to_env(limits: Limits) -> dict[str, str]:
    """The variables that make :func:`limits_from_env` return ``limits``."""
    return {_ENV[f.name]: str(getattr(limits, f.name)) for f in fields(Limits)}
