"""The ``serve`` command: registers its options and starts :mod:`swisspairing.server`.

Kept apart from the server so that the command line never imports FastAPI or uvicorn unless
``serve`` is run; without the extra ``swisspairing[server]`` the command says how to install it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TextIO

from .errors import SwissPairingError
from .i18n import N_

__all__ = ["add_parser", "command"]


class MissingExtraError(SwissPairingError):
    """An optional dependency is not installed."""


def add_parser(sub: Any, common: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``serve [--host H] [--port P] [--workers N]`` and the limits of :data:`_OPTIONS`."""
    s = sub.add_parser(
        "serve", parents=[common], help=_(N_("run the HTTP service (needs swisspairing[server])"))
    )
    s.add_argument(
        "--host", default="127.0.0.1", help=_(N_("address to listen on (default: 127.0.0.1)"))
    )
    s.add_argument(
        "--port", type=int, default=8080, help=_(N_("port to listen on (default: 8080)"))
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=_(N_("server processes, each with its own worker processes (default: 1)")),
    )
    for flag, kind, default, metavar, help_text in _OPTIONS:
        s.add_argument(
            flag,
            type=kind,
            default=None,  # not given: SWISSPAIRING_<OPTION>, else the default shown
            metavar=metavar,
            help=_(help_text).format(default=default),
        )


_OPTIONS: tuple[tuple[str, type, Any, str, str], ...] = (
    (
        "--max-body",
        int,
        2_000_000,
        "BYTES",
        N_("largest request accepted (default: {default} bytes)"),
    ),
    (
        "--time-limit",
        float,
        20.0,
        "SECONDS",
        N_("time limit of one computation; then its worker is killed (default: {default} s)"),
    ),
    (
        "--concurrency",
        int,
        4,
        "N",
        N_("worker processes computing at once per server process (default: {default})"),
    ),
    (
        "--max-queue",
        int,
        16,
        "N",
        N_("requests that may wait for a worker; more get 503 (default: {default})"),
    ),
    (
        "--queue-wait",
        float,
        10.0,
        "SECONDS",
        N_("longest wait for a worker, then 503 (default: {default} s)"),
    ),
    (
        "--header-timeout",
        float,
        10.0,
        "SECONDS",
        N_("time a client may take to send the headers (default: {default} s)"),
    ),
    (
        "--read-timeout",
        float,
        30.0,
        "SECONDS",
        N_("time a client may take to send the body (default: {default} s)"),
    ),
    (
        "--keep-alive",
        float,
        5.0,
        "SECONDS",
        N_("idle time of a keep-alive connection (default: {default} s)"),
    ),
    (
        "--max-connections",
        int,
        256,
        "N",
        N_("connections at once per server process; more get 503 (default: {default})"),
    ),
)
"""``serve`` options that set a :class:`~swisspairing.server.Limits` field of the same name; an
option not given takes the ``SWISSPAIRING_<OPTION>`` variable (the container's settings),
else the default."""


def command(args: argparse.Namespace, _locale: str, _out: TextIO, _err: TextIO) -> int:
    """Start the server; returns when it stops."""
    try:
        from .server import limits_from_env, run
    except ImportError as exc:
        raise MissingExtraError(
            N_(
                "the HTTP service needs the server extra: "
                'pip install "swisspairing[server]" ({reason})'
            ),
            reason=str(exc),
        ) from None
    from dataclasses import replace

    names = [flag[2:].replace("-", "_") for flag, *_ in _OPTIONS]
    given = {name: getattr(args, name) for name in names}
    limits = replace(limits_from_env(), **{k: v for k, v in given.items() if v is not None})
    run(args.host, args.port, workers=args.workers, limits=limits)
    return 0
