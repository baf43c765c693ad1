"""The quick schema check (swisspairing.quickschema) is sound: it says "certainly valid" only of
documents the full JSON Schema validator accepts, and it does say so of the valid event files it
is there for (a large team event is read without a jsonschema pass); everything else goes to
jsonschema, whose error the user sees as before."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swisspairing.event import EVENT_SCHEMA, InvalidEventError, event_from_mapping
from swisspairing.quickschema import certainly_valid

ROOT = Path(__file__).resolve().parent.parent
EVENT = yaml.safe_load((ROOT / "examples" / "pl-a-klasa-2005.yaml").read_text("utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(EVENT_SCHEMA)

#: JSON-like values: what a mutation may put anywhere in an event.
JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 10_000)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "white", "black", "1-0", "m", "w", "Team 1", "x" * 4]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["name", "rating", "sex", "white", "black", "boards", "round", "zzz"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a document (to a dict value or a list item)."""
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*here, i))
    return out


PATHS = [p for p in _paths(EVENT) if p]


def test_the_example_event_is_certainly_valid() -> None:
    assert not list(VALIDATOR.iter_errors(EVENT))
    assert certainly_valid(EVENT, EVENT_SCHEMA)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSONISH, st.sampled_from(["replace", "drop", "add"]))
def test_certainly_valid_only_when_jsonschema_agrees(
    path: tuple[Any, ...], value: Any, how: str
) -> None:
    # a valid event changed in one place: a value replaced, a key dropped or one added
    doc = copy.deepcopy(EVENT)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    if how == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent[path[-1]], dict):
        parent[path[-1]]["zzz"] = value
    else:
        parent[path[-1]] = value
    if certainly_valid(doc, EVENT_SCHEMA):
        assert not list(VALIDATOR.iter_errors(doc)), (path, value)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d.update(rounds=7.0), "1.0 is an integer to JSON Schema: left to jsonschema"),
        (lambda d: d.update(initial_colour=True), "True is not 1 in an enum: left to jsonschema"),
    ],
)
def test_what_it_does_not_judge_goes_to_jsonschema(change: Any, why: str) -> None:
    doc = copy.deepcopy(EVENT)
    change(doc)
    assert not certainly_valid(doc, EVENT_SCHEMA), why


def test_an_invalid_event_is_still_reported_with_its_path() -> None:
    doc = copy.deepcopy(EVENT)
    doc["teams"][1]["players"][0] = {"name": "X", "rating": -3}
    assert not certainly_valid(doc, EVENT_SCHEMA)
    with pytest.raises(InvalidEventError) as info:
        event_from_mapping(doc, source="event.yaml")
    assert "teams[1].players[0]" in str(info.value.where) + str(info.value)
