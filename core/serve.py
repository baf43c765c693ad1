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
    """``serve [--host H] [--port P] [--workers N] [--max-body BYTES] [--time-limit SECONDS]``."""
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
        "--workers", type=int, default=1, metavar="N", help=_(N_("worker processes (default: 1)"))
    )
    s.add_argument(
        "--max-body",
        type=int,
        default=2_000_000,
        metavar="BYTES",
        help=_(N_("largest request accepted (default: 2000000 bytes)")),
    )
    s.add_argument(
        "--time-limit",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help=_(N_("time limit of one computation (default: 20 seconds)")),
    )


def command(args: argparse.Namespace, locale: str, out: TextIO, err: TextIO) -> int:
    """Start the server; returns when it stops."""
    try:
        from .server import Limits, run
    except ImportError as exc:
        raise MissingExtraError(
            N_(
                "the HTTP service needs the server extra: "
                'pip install "swisspairing[server]" ({reason})'
            ),
            reason=str(exc),
        ) from None
    run(
        args.host,
        args.port,
        workers=args.workers,
        limits=Limits(max_body=args.max_body, time_limit=args.time_limit),
    )
    return 0
