"""The computations of the HTTP service, as they run in a worker process.

Each task takes the request's checked JSON body (plus the language and the limits) and
returns JSON data or HTML text; :func:`run_task` turns every outcome into a picklable
answer: ``("ok", value, meta)``, ``("error", error)`` for the project's errors (with the HTTP
status, type, exit code and message in the request's language) or ``("bug", name)``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from .. import api
from ..errors import (
    InvalidInputError,
    InvalidRulesetError,
    NoValidPairingError,
    SwissPairingError,
)
from ..i18n import N_, NP_, gettext
from ..libmessages import wrong_type
from ..manager import ruleset_dirs, systems_info
from ..model import Tournament
from ..ruleset import Ruleset, _read_yaml, builtin_rulesets, merge, ruleset_from_mapping
from .limits import (
    Limits,
    MalformedRequestError,
    ServiceBusyError,
    TimeLimitExceededError,
    check_ruleset_text,
)

__all__ = ["TASKS", "check_body", "error_answer", "request_ruleset", "run_task", "status_of"]


_DEFAULT_LIMITS = Limits()


# ---------------------------------------------------------------------- rulesets
def _registered_chain(
    ref: str, registry: Mapping[str, Any], seen: tuple[str, ...], where: str
) -> dict[str, Any]:
    """The merged mapping of a registered ruleset, its ``extends`` resolved among the
    registered rulesets only (never as a path)."""
    if ref not in registry:
        raise InvalidRulesetError(
            N_("unknown ruleset {id!r} (known: {known})"),
            where=where,
            id=ref,
            known=", ".join(sorted(registry)) or "-",
        )
    if ref in seen:
        raise InvalidRulesetError(
            N_("extends forms a cycle: {chain}"), where=where, chain=" -> ".join((*seen, ref))
        )
    entry = registry[ref]
    source = f"rulesets/{entry.name}"
    data = _read_yaml(entry.read_text("utf-8"), source)
    return _resolve_extends(data, registry, (*seen, ref), source)


def _resolve_extends(
    data: dict[str, Any], registry: Mapping[str, Any], seen: tuple[str, ...], source: str
) -> dict[str, Any]:
    parent = data.get("extends")
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise InvalidRulesetError(
            N_("extends must be a ruleset id or a path"), where=f"{source}: $.extends"
        )
    base = _registered_chain(parent, registry, seen, f"{source}: $.extends")
    base.pop("id", None)
    return merge(base, data)


@functools.cache
def _registry() -> Mapping[str, Any]:
    """The registered rulesets (id → resource), found once per process: the installed
    plugins do not change while it runs."""
    return builtin_rulesets(ruleset_dirs())


@functools.lru_cache(maxsize=256)
def _registered_ruleset(ruleset_id: str) -> Ruleset:
    """A registered ruleset, read and validated once per process (rulesets are immutable;
    the registry is fixed when the process starts)."""
    registry = _registry()
    data = _registered_chain(ruleset_id, registry, (), "$.ruleset")
    return ruleset_from_mapping(data, source=f"rulesets/{registry[ruleset_id].name}")


def request_ruleset(
    ruleset_id: str | None, ruleset_yaml: str | None, limits: Limits = _DEFAULT_LIMITS
) -> Ruleset:
    """The ruleset of a request: a registered id, or YAML text that may extend registered
    ids; never a file."""
    if (ruleset_id is None) == (ruleset_yaml is None):
        raise InvalidInputError(
            N_("give the ruleset as ruleset (a registered id) or ruleset_yaml"), where="$"
        )
    registry = _registry()
    if ruleset_yaml is not None:
        source = "$.ruleset_yaml"
        check_ruleset_text(ruleset_yaml, source, limits)
        data = _resolve_extends(_read_yaml(ruleset_yaml, source), registry, (), source)
        rs = ruleset_from_mapping(data, source=source)
    else:
        assert ruleset_id is not None
        if ruleset_id not in registry:
            _registered_chain(ruleset_id, registry, (), "$.ruleset")  # raises: unknown id
        rs = _registered_ruleset(ruleset_id)
    return rs


# ---------------------------------------------------------------------- request bodies
def _request_tournament(body: Mapping[str, Any], ruleset: Ruleset) -> Tournament:
    trf = body.get("trf")
    doc = body.get("tournament")
    if (trf is None) == (doc is None):
        raise InvalidInputError(
            N_("give the tournament as trf (TRF16 text) or tournament (a JSON document)"), where="$"
        )
    if trf is not None:
        return api.loads_trf(trf, filename="$.trf", point_system=ruleset.points)
    return api.tournament_from_json(
        doc, source="", prefix="$.tournament", point_system=ruleset.points
    )


_TYPES: dict[str, tuple[type, ...]] = {
    "trf": (str,),
    "tournament": (dict,),
    "ruleset": (str,),
    "ruleset_yaml": (str,),
    "seed": (int,),
    "explain": (bool,),
    "after_round": (int,),
    "round": (int,),
    "players": (bool,),
    "tiebreaks": (list,),
}
_TYPE_NAMES = {
    "trf": "string",
    "tournament": "object",
    "ruleset": "string",
    "ruleset_yaml": "string",
    "seed": "integer",
    "explain": "boolean",
    "after_round": "integer",
    "round": "integer",
    "players": "boolean",
    "tiebreaks": "array",
}


def check_body(body: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The top level of a request body: an object with known keys of the right types (the
    messages of ruleset validation)."""
    if not isinstance(body, dict):
        raise wrong_type(
            InvalidInputError,
            "object",
            where="$",
            instance=json.dumps(body, ensure_ascii=False)[:80],
        )
    extra = sorted(k for k in body if k not in allowed)
    if extra:
        raise InvalidInputError(N_("unknown key {extra}"), where="$", extra=", ".join(extra))
    for key, value in body.items():
        if value is None:
            continue
        types = _TYPES[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise wrong_type(
                InvalidInputError,
                _TYPE_NAMES[key],
                where=f"$.{key}",
                instance=json.dumps(value, ensure_ascii=False)[:80],
            )
    tiebreaks = body.get("tiebreaks")
    if tiebreaks is not None:
        for i, t in enumerate(tiebreaks):
            if not isinstance(t, str):
                raise wrong_type(
                    InvalidInputError,
                    "string",
                    where=f"$.tiebreaks[{i}]",
                    instance=json.dumps(t, ensure_ascii=False)[:80],
                )
    return body


# ---------------------------------------------------------------------- the tasks
def _pair(payload: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    body, lang = payload["body"], payload["lang"]
    rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"))
    tournament = _request_tournament(body, rs)
    result = api.pair_next_round(
        tournament,
        rs,
        lang or "en",
        seed=body.get("seed"),
        explain=body.get("explain", True) is not False,
    )
    data = result.to_json()
    data["pairs"] = result.pairs_text()
    data["trf"] = api.dump_trf(result.tournament)
    data["tournament"] = api.tournament_to_json(result.tournament)
    data["standings"] = api.standings_json(
        api.standings(tournament, rs), lang or rs.language or "en"
    )
    return data, {"system": rs.system}


def _standings(payload: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    body, lang = payload["body"], payload["lang"]
    rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"))
    tournament = _request_tournament(body, rs)
    table = api.standings(
        tournament,
        rs,
        after_round=body.get("after_round"),
        tiebreaks=body.get("tiebreaks"),
        seed=body.get("seed"),
        players=bool(body.get("players")),
    )
    return api.standings_json(table, lang or rs.language or "en"), {"system": rs.system}


def _page(payload: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    body, lang, kind = payload["body"], payload["lang"], payload["kind"]
    if kind not in api.REPORT_KINDS:
        raise InvalidInputError(
            N_("unknown report {kind!r} (known: {known})"),
            where="kind",
            kind=kind,
            known=", ".join(api.REPORT_KINDS),
        )
    rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"))
    tournament = _request_tournament(body, rs)
    html = api.report(
        tournament,
        rs,
        kind,
        lang,
        fmt="html",
        round_number=body.get("round"),
        after_round=body.get("after_round"),
        seed=body.get("seed"),
        players=bool(body.get("players")),
    )
    return html, {"system": rs.system}


def _rulesets(payload: Mapping[str, Any]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    lang = payload["lang"] or "en"
    out = []
    for rid in _registry():
        rs = request_ruleset(rid, None)
        out.append(
            {
                "id": rid,
                "system": rs.system,
                "name": gettext(rs.name, lang) if rs.name else "",
                "description": gettext(rs.description, lang) if rs.description else "",
                "regulation": rs.regulation,
                "language": rs.language,
            }
        )
    return out, {}


def _systems(payload: Mapping[str, Any]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    lang = payload["lang"] or "en"
    out = []
    for info in systems_info():
        item = dict(info)
        item["description"] = gettext(info["description"], lang) if info["description"] else ""
        out.append(item)
    return out, {}


TASKS: dict[str, Callable[[Mapping[str, Any]], tuple[Any, dict[str, str]]]] = {
    "pair": _pair,
    "standings": _standings,
    "page": _page,
    "rulesets": _rulesets,
    "systems": _systems,
}
"""The computations a worker runs, by name."""


def status_of(exc: SwissPairingError) -> int:
    """The HTTP status of an error: the request's fault 4xx, a limit 503, a bug 500."""
    if isinstance(exc, MalformedRequestError):
        return exc.status
    if isinstance(exc, (TimeLimitExceededError, ServiceBusyError)):
        return 503
    if isinstance(exc, NoValidPairingError):
        return 409
    if isinstance(exc, InvalidInputError):
        return 422
    return 500


def error_answer(exc: SwissPairingError, lang: str | None) -> dict[str, Any]:
    """An error as the service answers it: HTTP status, type, exit code, message."""
    return {
        "status": status_of(exc),
        "type": type(exc).__name__,
        "exit_code": exc.exit_code,
        "message": exc.render(lang or "en"),
    }


def run_task(task: str, payload: Mapping[str, Any]) -> tuple[Any, ...]:
    """Run ``task`` and return a picklable answer (see the module docs)."""
    try:
        value, meta = TASKS[task](payload)
    except SwissPairingError as exc:
        return ("error", error_answer(exc, payload.get("lang")))
    except RecursionError:
        return ("error", error_answer(_too_deep(), payload.get("lang")))
    except Exception as exc:  # a bug: the name only, no traceback to the client
        return ("bug", type(exc).__name__)
    return ("ok", value, meta)


def _too_deep() -> InvalidInputError:
    return InvalidInputError(
        NP_(
            "nested deeper than the limit of {limit} level",
            "nested deeper than the limit of {limit} levels",
            "limit",
        ),
        limit=64,
    )
