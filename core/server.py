"""The HTTP service (``swisspairing serve``; needs the extra ``swisspairing[server]``).

A FastAPI application over :mod:`swisspairing.api`:

- ``POST /pair``: a tournament (TRF16 text in ``trf`` or a tournament document in
  ``tournament``) with a ruleset (a registered id in ``ruleset`` or YAML text in
  ``ruleset_yaml``) → the next round's boards, explanation, current standings, the pairs
  text of ``pair -p`` and the tournament with the round added (``pair -o``);
- ``POST /standings``: the standings as JSON (``standings --format json``);
- ``GET``/``POST /pages/{standings|crosstable|pairings}``: the HTML reports of
  :mod:`swisspairing.reports`;
- ``GET /rulesets``, ``GET /systems``, ``GET /health``; the OpenAPI schema at
  ``/openapi.json`` (interactive at ``/docs``).

Language: ``?lang=`` or else the ``Accept-Language`` header, negotiated with Babel among
en, de, ru, pl (reports then fall back to the ruleset's ``language``, everything else to
English).  Bad requests are answered with a 4xx JSON error whose message is the command
line's, in that language: ``{"error": {"type": "InvalidTrfError", "exit_code": 3,
"message": "$.trf: line 7, column 92: opponent 99 does not exist"}}``.

Safety: the body is limited in size (413), each computation in time (503; the pairing
itself stops within the ruleset's ``search_budget``, which a request's ruleset cannot raise
above the server's limit), and nothing in a request reaches the file system: a ruleset id is
looked up among the registered rulesets only, and inline YAML may extend registered ids only.
The app keeps no state between requests, so any number of workers can run behind a load
balancer.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import yaml
from babel import negotiate_locale
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import __version__, api
from .errors import InvalidInputError, InvalidRulesetError, NoValidPairingError, SwissPairingError
from .i18n import LANGUAGES, N_, NP_, gettext
from .jsonio import tournament_schema
from .manager import ruleset_dirs, systems_info
from .model import Tournament
from .ruleset import Ruleset, _read_yaml, builtin_rulesets, merge, ruleset_from_mapping

__all__ = [
    "Limits",
    "MalformedRequestError",
    "TimeLimitExceededError",
    "app_from_env",
    "create_app",
    "limits_from_env",
    "negotiate_language",
    "request_ruleset",
    "run",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Limits:
    """What one request may cost."""

    max_body: int = 2_000_000
    """Largest request body (or query string) in bytes; larger requests get 413."""
    time_limit: float = 20.0
    """Seconds one computation may take before the request is answered with 503."""
    max_search_budget: int = 200_000
    """Upper bound of a request ruleset's ``search_budget`` (AMB-D14)."""
    concurrency: int = 4
    """Computations running at once in one worker (more requests wait their turn, within
    their time limit)."""


class MalformedRequestError(SwissPairingError):
    """A request is malformed (not JSON, too large, unknown language): HTTP ``status``."""

    exit_code = 2

    def __init__(self, message: str, /, *, status: int = 400, where: str = "", **args: Any) -> None:
        self.status = status
        """The HTTP status of the answer."""
        super().__init__(message, where=where, **args)


class TimeLimitExceededError(SwissPairingError):
    """A computation took longer than the server allows (HTTP 503)."""


# ---------------------------------------------------------------------- language
def negotiate_language(query: str | None, accept_language: str | None) -> str | None:
    """``?lang=`` if given (must be a known language), else the best match of the
    ``Accept-Language`` header (Babel's negotiation), else ``None``."""
    if query:
        lang = query.strip().lower().replace("_", "-").split("-")[0]
        if lang not in LANGUAGES:
            raise MalformedRequestError(
                N_("unknown language {lang!r} (known: {known})"),
                where="lang",
                lang=query,
                known=", ".join(LANGUAGES),
            )
        return lang
    if not accept_language:
        return None
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and math.isfinite(q):
            weighted.append((-q, i, tag))
    preferred = [tag for _, _, tag in sorted(weighted)]
    found: str | None = negotiate_locale(preferred, list(LANGUAGES), sep="-")
    return found


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


def _reject_aliases(text: str, source: str) -> None:
    """YAML aliases can make a small document expand enormously: a request may not use them."""
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.AliasToken):
                mark = token.start_mark
                raise InvalidRulesetError(
                    N_("YAML aliases are not accepted here"),
                    where=f"{source}: line {mark.line + 1}, column {mark.column + 1}",
                )
    except yaml.YAMLError:
        return  # reported with its position when the text is parsed


def request_ruleset(
    ruleset_id: str | None, ruleset_yaml: str | None, limits: Limits = Limits()
) -> Ruleset:
    """The ruleset of a request: a registered id, or YAML text that may extend registered
    ids; never a file.  Its ``search_budget`` is capped at ``limits.max_search_budget``."""
    if (ruleset_id is None) == (ruleset_yaml is None):
        raise InvalidInputError(
            N_("give the ruleset as ruleset (a registered id) or ruleset_yaml"), where="$"
        )
    registry = builtin_rulesets(ruleset_dirs())
    if ruleset_yaml is not None:
        source = "$.ruleset_yaml"
        _reject_aliases(ruleset_yaml, source)
        data = _resolve_extends(_read_yaml(ruleset_yaml, source), registry, (), source)
    else:
        assert ruleset_id is not None
        data = _registered_chain(ruleset_id, registry, (), "$.ruleset")
        source = f"rulesets/{registry[ruleset_id].name}"
    rs = ruleset_from_mapping(data, source=source)
    if rs.search_budget > limits.max_search_budget:
        rs = replace(rs, search_budget=limits.max_search_budget)
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


def _check_body(body: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The top level of a request body: an object with known keys of the right types (the
    messages of ruleset validation)."""
    if not isinstance(body, dict):
        raise InvalidInputError(
            N_("{instance} is not of type {limit}"),
            where="$",
            instance=json.dumps(body)[:80],
            limit="object",
        )
    extra = sorted(k for k in body if k not in allowed)
    if extra:
        raise InvalidInputError(N_("unknown key {extra}"), where="$", extra=", ".join(extra))
    for key, value in body.items():
        if value is None:
            continue
        types = _TYPES[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise InvalidInputError(
                N_("{instance} is not of type {limit}"),
                where=f"$.{key}",
                instance=json.dumps(value, ensure_ascii=False)[:80],
                limit=_TYPE_NAMES[key],
            )
    tiebreaks = body.get("tiebreaks")
    if tiebreaks is not None:
        for i, t in enumerate(tiebreaks):
            if not isinstance(t, str):
                raise InvalidInputError(
                    N_("{instance} is not of type {limit}"),
                    where=f"$.tiebreaks[{i}]",
                    instance=json.dumps(t)[:80],
                    limit="string",
                )
    return body


# ---------------------------------------------------------------------- OpenAPI pieces
def _openapi_components() -> dict[str, Any]:
    """The tournament schema's definitions as OpenAPI components (OpenAPI 3.1 = JSON Schema
    2020-12), references rewritten."""
    schema = tournament_schema()
    defs = schema.pop("$defs", {})
    schema.pop("$schema", None)
    schema.pop("$id", None)
    names = {k: "Tournament" + "".join(part.title() for part in k.split("_")) for k in defs}

    def rewrite(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: rewrite(v) for k, v in node.items()}
            ref = out.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                out["$ref"] = "#/components/schemas/" + names[ref[len("#/$defs/") :]]
            return out
        if isinstance(node, list):
            return [rewrite(v) for v in node]
        return node

    components = {names[k]: rewrite(v) for k, v in defs.items()}
    components["Tournament"] = rewrite(schema)
    components["Error"] = {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["type", "message"],
                "properties": {
                    "type": {
                        "type": "string",
                        "description": "The kind of error (e.g. InvalidTrfError).",
                    },
                    "message": {
                        "type": "string",
                        "description": "The command line's message, in the request's language.",
                    },
                    "exit_code": {
                        "type": "integer",
                        "description": "The exit code the command line gives.",
                    },
                },
            }
        },
    }
    return components


_INPUT_PROPS: dict[str, Any] = {
    "trf": {
        "type": "string",
        "description": "The tournament as TRF16 text (alternative to tournament).",
    },
    "tournament": {"$ref": "#/components/schemas/Tournament"},
    "ruleset": {
        "type": "string",
        "description": "A registered ruleset id (GET /rulesets); never a path.",
        "examples": ["fide-dutch-1992"],
    },
    "ruleset_yaml": {
        "type": "string",
        "description": (
            "A ruleset as YAML text (alternative to ruleset); extends registered ids only."
        ),
    },
}
_EXAMPLE_TOURNAMENT: dict[str, Any] = {
    "format": "swisspairing-tournament",
    "schema_version": 1,
    "name": "Club open",
    "total_rounds": 3,
    "players": [
        {
            "number": 1,
            "name": "Albers, Jan",
            "rating": 2100,
            "rounds": [{"opponent": 3, "colour": "w", "result": "1"}],
        },
        {
            "number": 2,
            "name": "Brandt, Sophie",
            "rating": 2050,
            "rounds": [{"opponent": 4, "colour": "b", "result": "="}],
        },
        {
            "number": 3,
            "name": "Celik, Murat",
            "rating": 1980,
            "rounds": [{"opponent": 1, "colour": "b", "result": "0"}],
        },
        {
            "number": 4,
            "name": "Dahl, Ole",
            "rating": 1900,
            "rounds": [{"opponent": 2, "colour": "w", "result": "="}],
        },
    ],
}
_PAIR_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": "Exactly one of trf and tournament, and one of ruleset and ruleset_yaml.",
    "examples": [{"tournament": _EXAMPLE_TOURNAMENT, "ruleset": "fide-dutch-1992"}],
    "properties": {
        **_INPUT_PROPS,
        "seed": {
            "type": "integer",
            "description": "Seed for drawing lots (default: derived from the tournament).",
        },
        "explain": {"type": "boolean", "default": True, "description": "Include the explanation."},
    },
}
_STANDINGS_PROPS: dict[str, Any] = {
    "after_round": {
        "type": "integer",
        "minimum": 0,
        "description": "Count the rounds up to this one only.",
    },
    "tiebreaks": {
        "type": "array",
        "items": {"type": "string"},
        "description": "Tiebreak ids instead of the ruleset's.",
    },
    "seed": {"type": "integer", "description": "Seed for the drawing of lots."},
    "players": {"type": "boolean", "description": "Rank the players of a team event individually."},
}
_STANDINGS_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {**_INPUT_PROPS, **_STANDINGS_PROPS},
    "examples": [{"tournament": _EXAMPLE_TOURNAMENT, "ruleset": "fide-dutch-1992"}],
}
_PAGE_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **_INPUT_PROPS,
        **_STANDINGS_PROPS,
        "round": {
            "type": "integer",
            "description": "Round of the pairings page (default: the last paired).",
        },
    },
}
_LANG_PARAM: dict[str, Any] = {
    "name": "lang",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "enum": list(LANGUAGES)},
    "description": "Language of messages and reports (default: from Accept-Language).",
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    str(code): {
        "description": text,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    for code, text in (
        (400, "Malformed request (not JSON, unknown language)."),
        (409, "No pairing satisfies the rules (exit code 1)."),
        (413, "Request too large."),
        (422, "Invalid tournament or ruleset (exit code 3): the command line's message."),
        (503, "Time limit exceeded."),
    )
}
_PAIR_RESPONSE: dict[str, Any] = {
    "type": "object",
    "required": [
        "round",
        "boards",
        "byes",
        "explanation",
        "pairs",
        "trf",
        "tournament",
        "standings",
        "language",
    ],
    "properties": {
        "round": {"type": "integer"},
        "language": {"type": "string"},
        "boards": {"type": "array", "items": {"type": "object"}},
        "byes": {"type": "array", "items": {"type": "object"}},
        "matches": {"type": "array", "items": {"type": "object"}},
        "team_byes": {"type": "array", "items": {"type": "object"}},
        "explanation": {"type": "array", "items": {"type": "string"}},
        "pairs": {
            "type": "string",
            "description": "The JaVaFo/bbpPairings pairs format (pair -p).",
        },
        "trf": {
            "type": "string",
            "description": "The tournament with the new round added (pair -o).",
        },
        "tournament": {"$ref": "#/components/schemas/Tournament"},
        "standings": {
            "type": "object",
            "description": "The standings before the round (standings --format json).",
        },
    },
}


def _json_body(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": dict(schema)}},
        },
        "parameters": [_LANG_PARAM],
    }


def _json_ok(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": dict(schema)}}}


# ---------------------------------------------------------------------- the application
def create_app(limits: Limits = Limits()) -> FastAPI:
    """A new application (stateless: every request is answered from its own data)."""
    app = FastAPI(
        title="swisspairing",
        version=__version__,
        description=(
            "Pairs Swiss-system and round-robin tournaments by the federation's written rules, "
            "explains every decision and publishes standings, in English, German, Russian and "
            "Polish."
        ),
    )
    limiter = anyio.CapacityLimiter(limits.concurrency)

    def language(request: Request) -> str | None:
        return negotiate_language(
            request.query_params.get("lang"), request.headers.get("accept-language")
        )

    def error_response(exc: SwissPairingError, lang: str | None) -> JSONResponse:
        if isinstance(exc, MalformedRequestError):
            status = exc.status
        elif isinstance(exc, TimeLimitExceededError):
            status = 503
        elif isinstance(exc, NoValidPairingError):
            status = 409
        elif isinstance(exc, InvalidInputError):
            status = 422
        else:
            status = 500
        return JSONResponse(
            {
                "error": {
                    "type": type(exc).__name__,
                    "exit_code": exc.exit_code,
                    "message": exc.render(lang or "en"),
                }
            },
            status_code=status,
        )

    def safe_language(request: Request) -> str | None:
        try:
            return language(request)
        except MalformedRequestError:
            return None

    @app.exception_handler(SwissPairingError)
    async def _on_error(request: Request, exc: SwissPairingError) -> Response:
        return error_response(exc, safe_language(request))

    @app.exception_handler(RequestValidationError)
    async def _on_validation(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        first = errors[0] if errors else {}
        loc = ".".join(str(p) for p in first.get("loc", ()))
        expected = {
            "int_parsing": "integer",
            "bool_parsing": "boolean",
            "float_parsing": "number",
        }.get(str(first.get("type")))
        if expected:
            err = InvalidInputError(
                N_("{instance} is not of type {limit}"),
                where=loc,
                instance=json.dumps(first.get("input"), ensure_ascii=False)[:80],
                limit=expected,
            )
        else:
            err = InvalidInputError(
                "{detail}", where=loc, detail=str(first.get("msg", "invalid request"))
            )
        return error_response(err, safe_language(request))

    @app.exception_handler(StarletteHTTPException)
    async def _on_http(request: Request, exc: StarletteHTTPException) -> Response:
        lang = safe_language(request) or "en"
        if exc.status_code == 404:
            message = gettext(N_("no such resource: {path}"), lang).format(path=request.url.path)
        elif exc.status_code == 405:
            message = gettext(N_("method {method} is not allowed here"), lang).format(
                method=request.method
            )
        else:
            message = str(exc.detail)
        return JSONResponse(
            {"error": {"type": "HTTPError", "exit_code": 2, "message": message}},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(Exception)
    async def _on_bug(
        request: Request, exc: Exception
    ) -> Response:  # a bug: no traceback to the client
        message = gettext(N_("internal error: {reason}"), safe_language(request) or "en").format(
            reason=type(exc).__name__
        )
        return JSONResponse(
            {"error": {"type": "InternalError", "exit_code": 2, "message": message}},
            status_code=500,
        )

    async def body_of(request: Request) -> Any:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limits.max_body:
            raise MalformedRequestError(
                N_("the request is larger than {limit} bytes"), status=413, limit=limits.max_body
            )
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limits.max_body:
                raise MalformedRequestError(
                    N_("the request is larger than {limit} bytes"),
                    status=413,
                    limit=limits.max_body,
                )
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedRequestError(N_("the request is not UTF-8 text")) from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedRequestError(
                N_("invalid JSON: {problem}"),
                where=f"line {exc.lineno}, column {exc.colno}",
                problem=exc.msg,
            ) from None

    async def compute(fn: Callable[[], T]) -> T:
        """Run ``fn`` in a worker thread within the time limit."""
        try:
            with anyio.fail_after(limits.time_limit):
                return await anyio.to_thread.run_sync(fn, abandon_on_cancel=True, limiter=limiter)
        except TimeoutError:
            raise TimeLimitExceededError(
                NP_(
                    "the computation took longer than {seconds} second",
                    "the computation took longer than {seconds} seconds",
                    "seconds",
                ),
                seconds=limits.time_limit,
            ) from None

    # ------------------------------------------------------------------ catalogue
    @app.get("/health", summary="Liveness check for load balancers")
    async def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    @app.get(
        "/rulesets",
        summary="The registered rulesets",
        openapi_extra={"parameters": [_LANG_PARAM]},
        responses={
            "200": _json_ok(
                {"type": "array", "items": {"type": "object"}},
                "Id, system, name, description and regulation of each ruleset",
            )
        },
    )
    async def rulesets(request: Request) -> Response:
        lang = language(request) or "en"

        def run() -> list[dict[str, Any]]:
            out = []
            registry = builtin_rulesets(ruleset_dirs())
            for rid in registry:
                rs = request_ruleset(rid, None, limits)
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
            return out

        return JSONResponse(await compute(run))

    @app.get(
        "/systems",
        summary="The installed pairing systems",
        openapi_extra={"parameters": [_LANG_PARAM]},
        responses={
            "200": _json_ok(
                {"type": "array", "items": {"type": "object"}},
                "Name, distribution, version, description and hooks of each system",
            )
        },
    )
    async def systems(request: Request) -> Response:
        lang = language(request) or "en"

        def run() -> list[dict[str, Any]]:
            out = []
            for info in systems_info():
                item = dict(info)
                item["description"] = (
                    gettext(info["description"], lang) if info["description"] else ""
                )
                out.append(item)
            return out

        return JSONResponse(await compute(run))

    # ------------------------------------------------------------------ pairing and standings
    @app.post(
        "/pair",
        summary="Pair the next round",
        openapi_extra=_json_body(_PAIR_BODY),
        responses={"200": _json_ok(_PAIR_RESPONSE, "The next round's pairing"), **_ERRORS},
    )
    async def pair(request: Request) -> Response:
        lang = language(request)
        body = _check_body(await body_of(request), tuple(_PAIR_BODY["properties"]))

        def run() -> dict[str, Any]:
            rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"), limits)
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
            return data

        return JSONResponse(await compute(run))

    @app.post(
        "/standings",
        summary="The standings with the ruleset's tiebreaks",
        openapi_extra=_json_body(_STANDINGS_BODY),
        responses={
            "200": _json_ok({"type": "object"}, "The standings (standings --format json)"),
            **_ERRORS,
        },
    )
    async def standings(request: Request) -> Response:
        lang = language(request)
        body = _check_body(await body_of(request), tuple(_STANDINGS_BODY["properties"]))

        def run() -> dict[str, Any]:
            rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"), limits)
            tournament = _request_tournament(body, rs)
            table = api.standings(
                tournament,
                rs,
                after_round=body.get("after_round"),
                tiebreaks=body.get("tiebreaks"),
                seed=body.get("seed"),
                players=bool(body.get("players")),
            )
            return api.standings_json(table, lang or rs.language or "en")

        return JSONResponse(await compute(run))

    # ------------------------------------------------------------------ HTML pages
    def page(body: Mapping[str, Any], kind: str, lang: str | None) -> str:
        if kind not in api.REPORT_KINDS:
            raise InvalidInputError(
                N_("unknown report {kind!r} (known: {known})"),
                where="kind",
                kind=kind,
                known=", ".join(api.REPORT_KINDS),
            )
        rs = request_ruleset(body.get("ruleset"), body.get("ruleset_yaml"), limits)
        tournament = _request_tournament(body, rs)
        return api.report(
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

    _html: dict[str, Any] = {
        "description": "The page",
        "content": {"text/html": {"schema": {"type": "string"}}},
    }
    _kind = {
        "name": "kind",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "enum": list(api.REPORT_KINDS)},
    }

    @app.post(
        "/pages/{kind}",
        summary="An HTML page: standings, crosstable or pairings",
        openapi_extra={**_json_body(_PAGE_BODY), "parameters": [_kind, _LANG_PARAM]},
        responses={"200": _html, **_ERRORS},
        response_class=HTMLResponse,
    )
    async def page_post(request: Request, kind: str) -> Response:
        lang = language(request)
        body = _check_body(await body_of(request), tuple(_PAGE_BODY["properties"]))
        return HTMLResponse(await compute(lambda: page(body, kind, lang)))

    @app.get(
        "/pages/{kind}",
        summary="An HTML page from query parameters (small tournaments; TRF text in trf)",
        openapi_extra={
            "parameters": [
                _kind,
                _LANG_PARAM,
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
                {
                    "name": "after_round",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "integer"},
                },
            ]
        },
        responses={"200": _html, **_ERRORS},
        response_class=HTMLResponse,
    )
    async def page_get(request: Request, kind: str) -> Response:
        lang = language(request)
        if len(request.url.query) > limits.max_body:
            raise MalformedRequestError(
                N_("the request is larger than {limit} bytes"), status=413, limit=limits.max_body
            )
        q = request.query_params
        body: dict[str, Any] = {"ruleset": q.get("ruleset"), "trf": q.get("trf")}
        if body["ruleset"] is None:
            raise InvalidInputError(
                N_("give the ruleset as ruleset (a registered id) or ruleset_yaml"), where="$"
            )
        for key in ("round", "after_round"):
            value = q.get(key)
            if value is not None:
                if not (value.isascii() and value.isdigit()):
                    raise InvalidInputError(
                        N_("{instance} is not of type {limit}"),
                        where=f"$.{key}",
                        instance=json.dumps(value)[:80],
                        limit="integer",
                    )
                body[key] = int(value)
        return HTMLResponse(await compute(lambda: page(body, kind, lang)))

    original_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = original_openapi()
            schema.setdefault("components", {}).setdefault("schemas", {}).update(
                _openapi_components()
            )
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app


_ENV = {
    "max_body": "SWISSPAIRING_MAX_BODY",
    "time_limit": "SWISSPAIRING_TIME_LIMIT",
    "max_search_budget": "SWISSPAIRING_MAX_SEARCH_BUDGET",
    "concurrency": "SWISSPAIRING_CONCURRENCY",
}


def limits_from_env(environ: Mapping[str, str] | None = None) -> Limits:
    """:class:`Limits` with the values of ``SWISSPAIRING_MAX_BODY``, ``SWISSPAIRING_TIME_LIMIT``,
    ``SWISSPAIRING_MAX_SEARCH_BUDGET`` and ``SWISSPAIRING_CONCURRENCY`` where set."""
    import os

    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    for name, var in _ENV.items():
        raw = env.get(var)
        if raw:
            values[name] = float(raw) if name == "time_limit" else int(raw)
    return Limits(**values)


def app_from_env() -> FastAPI:
    """The application with :func:`limits_from_env` (the factory for ``uvicorn --factory``
    and for several worker processes)."""
    return create_app(limits_from_env())


def run(
    host: str = "127.0.0.1", port: int = 8080, *, workers: int = 1, limits: Limits = Limits()
) -> None:
    """Serve the application with uvicorn (``swisspairing serve``); with several ``workers``
    each worker process builds its own application (the limits travel in the environment)."""
    import os

    import uvicorn

    if workers > 1:
        for name, var in _ENV.items():
            os.environ[var] = str(getattr(limits, name))
        uvicorn.run(
            "swisspairing.server:app_from_env", factory=True, host=host, port=port, workers=workers
        )
    else:
        uvicorn.run(create_app(limits), host=host, port=port)
