"""The pieces of the OpenAPI schema: request bodies, responses, the tournament components."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import LANGUAGES
from ..jsonio import tournament_schema

__all__ = [
    "ERRORS",
    "HTML",
    "LANG_PARAM",
    "PAGE_BODY",
    "PAIR_BODY",
    "PAIR_RESPONSE",
    "STANDINGS_BODY",
    "json_body",
    "json_ok",
    "openapi_components",
]


def openapi_components() -> dict[str, Any]:
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


INPUT_PROPS: dict[str, Any] = {
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
EXAMPLE_TOURNAMENT: dict[str, Any] = {
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
PAIR_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": "Exactly one of trf and tournament, and one of ruleset and ruleset_yaml.",
    "examples": [{"tournament": EXAMPLE_TOURNAMENT, "ruleset": "fide-dutch-1992"}],
    "properties": {
        **INPUT_PROPS,
        "seed": {
            "type": "integer",
            "description": "Seed for drawing lots (default: derived from the tournament).",
        },
        "explain": {"type": "boolean", "default": True, "description": "Include the explanation."},
    },
}
STANDINGS_PROPS: dict[str, Any] = {
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
STANDINGS_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {**INPUT_PROPS, **STANDINGS_PROPS},
    "examples": [{"tournament": EXAMPLE_TOURNAMENT, "ruleset": "fide-dutch-1992"}],
}
PAGE_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **INPUT_PROPS,
        **STANDINGS_PROPS,
        "round": {
            "type": "integer",
            "description": "Round of the pairings page (default: the last paired).",
        },
    },
}
LANG_PARAM: dict[str, Any] = {
    "name": "lang",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "enum": list(LANGUAGES)},
    "description": "Language of messages and reports (default: from Accept-Language).",
}
ERRORS: dict[int | str, dict[str, Any]] = {
    str(code): {
        "description": text,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    for code, text in (
        (400, "Malformed request (not JSON, unknown language; exit code 3)."),
        (408, "The body did not arrive within the read timeout (exit code 3)."),
        (409, "No pairing satisfies the rules (exit code 1)."),
        (413, "Request too large (exit code 4)."),
        (415, "The body is not application/json (exit code 3)."),
        (422, "Invalid tournament or ruleset (exit code 3): the command line's message."),
        (503, "Time limit exceeded, or every worker busy (Retry-After; exit code 4)."),
    )
}
PAIR_RESPONSE: dict[str, Any] = {
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


def json_body(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": dict(schema)}},
        },
        "parameters": [LANG_PARAM],
    }


def json_ok(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": dict(schema)}}}


HTML: dict[str, Any] = {
    "description": "The page",
    "content": {"text/html": {"schema": {"type": "string"}}},
}
