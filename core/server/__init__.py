"""The HTTP service (``swisspairing serve``; needs the extra ``swisspairing[server]``).

A FastAPI application over :mod:`swisspairing.api`:

- ``POST /pair``: a tournament (TRF16 text in ``trf`` or a tournament document in
  ``tournament``) with a ruleset (a registered id in ``ruleset`` or YAML text in
  ``ruleset_yaml``) → the next round's boards, explanation, current standings, the pairs
  text of ``pair -p`` and the tournament with the round added (``pair -o``);
- ``POST /standings``: the standings as JSON (``standings --format json``);
- ``GET``/``POST /pages/{standings|crosstable|pairings}``: the HTML reports of
  :mod:`swisspairing.reports`; ``GET /``: a start page;
- ``GET /rulesets``, ``GET /systems``; ``GET /healthz``, ``GET /readyz``, ``GET /metrics``
  (Prometheus); the OpenAPI schema at ``/openapi.json`` (interactive at ``/docs``, served
  from the installed Swagger UI package: no internet needed).

Language: ``?lang=`` or else the ``Accept-Language`` header, negotiated with Babel among
en, de, ru, pl (reports then fall back to the ruleset's ``language``, everything else to
English).  Bad requests are answered with a 4xx error whose message is the command line's,
in that language, as JSON (``{"error": {"type": "InvalidTrfError", "exit_code": 3,
"message": "$.trf: line 7, column 92: opponent 99 does not exist"}}``) or, for a browser
(``Accept: text/html``), as a page.

Safety: cheap checks first (body size 413, ``application/json`` 415, JSON nesting and inline
ruleset size, nesting and aliases 422, body read time 408), each linear in the request's
size; then the computation runs in a worker process that is killed at the time limit (503),
its slot freed only once it has stopped; a bounded queue answers 503 with ``Retry-After``
when full.  Nothing in a request reaches the file system: a ruleset id is looked up among
the registered rulesets only, and inline YAML may extend registered ids only.  The app keeps
no state between requests, so any number of processes and machines can run behind a load
balancer.

The package: :mod:`~swisspairing.server.app` (the application and :func:`run`),
:mod:`~swisspairing.server.routes` (the routes by group), :mod:`~swisspairing.server.limits`
(limits and cheap checks), :mod:`~swisspairing.server.workers` (the process pool),
:mod:`~swisspairing.server.tasks` (what a worker computes), :mod:`~swisspairing.server.metrics`,
:mod:`~swisspairing.server.pages` and :mod:`~swisspairing.server.protocol` (header timeout).
"""

from __future__ import annotations

from .. import api
from .app import app_from_env, create_app, run
from .language import negotiate_language
from .limits import (
    Limits,
    MalformedRequestError,
    ServiceBusyError,
    TimeLimitExceededError,
    limits_from_env,
)
from .tasks import request_ruleset

__all__ = [
    "Limits",
    "MalformedRequestError",
    "ServiceBusyError",
    "TimeLimitExceededError",
    "api",
    "app_from_env",
    "create_app",
    "limits_from_env",
    "negotiate_language",
    "request_ruleset",
    "run",
]
