"""Imported once by the worker processes' forkserver: loads the plugins, the registered
rulesets and the schemas, and pairs a four-player round, so that every worker forked from it
starts warm (a cold worker spends a second on imports and caches at its first request)."""

from __future__ import annotations

from .tasks import run_task

_DOC = {
    "format": "swisspairing-tournament",
    "schema_version": 1,
    "players": [{"number": n, "rating": 2000 - n} for n in range(1, 5)],
}
for _task, _body in (
    ("rulesets", None),
    ("systems", None),
    ("pair", {"tournament": _DOC, "ruleset": "fide-dutch-1992"}),
    ("standings", {"tournament": _DOC, "ruleset": "fide-dutch-1992"}),
):
    run_task(_task, {"body": _body, "lang": None})
