"""Fuzz suite for the commands that read rulesets and event files (issue 9, "How it is
verified"): random YAML, aliases and alias bombs, cycles in ``extends``, NaN and infinities,
deep nesting.  For every command: exit code in {0, 1, 3, 4, 5} (never 2, the code of an
unexpected error), no traceback, bounded time and memory.

Each Hypothesis example runs in its own subprocess under ``resource.setrlimit`` (address
space :data:`MEMORY_LIMIT`) and a wall-clock timeout; the subprocess calls
``swisspairing.cli.main`` once per command.  The example budget is fixed and small so that
CI stays fast; ``SWISSPAIRING_FUZZ_EXAMPLES=200`` runs a longer campaign.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

resource = pytest.importorskip("resource")  # POSIX only: the memory limit needs setrlimit

HERE = Path(__file__).parent
TRF = str(HERE / "data" / "hostile" / "rr-5-zero-point-byes.trf")
EVENT_RULES = "kpzszach-a-klasa-2005"
MEMORY_LIMIT = 1536 * 1024 * 1024
"""Address-space limit of a case (the unprotected alias bomb took 6 GB)."""
TIMEOUT = 60
"""Seconds a case may take on a loaded CI machine (a hostile file takes well under one)."""
ALLOWED = {0, 1, 3, 4, 5}
EXAMPLES = int(os.environ.get("SWISSPAIRING_FUZZ_EXAMPLES", "5"))

_WORKER = r"""
import io, json, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from swisspairing.cli import main
results = []
for argv in json.loads(sys.argv[2]):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdout=out, stderr=err)
    results.append([argv, code, err.getvalue()[-2000:]])
sys.stdout.write(json.dumps(results))
"""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


def run_case(commands: list[list[str]]) -> None:
    """Run ``commands`` in one subprocess with the limits; assert the exit-code contract."""
    proc = subprocess.run(
        [sys.executable, "-c", _WORKER, str(MEMORY_LIMIT), json.dumps(commands)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env={**os.environ, "SWISSPAIRING_LANG": "en"},
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-3000:]
    for argv, code, err in json.loads(proc.stdout):
        assert code in ALLOWED, (argv, code, err)
        assert "Traceback" not in err, (argv, err)


def ruleset_commands(path: str) -> list[list[str]]:
    return [
        ["validate", path],
        ["pair", TRF, "--ruleset", path],
        ["check", TRF, "--ruleset", path],
        ["standings", TRF, "--ruleset", path, "--format", "csv"],
        ["crosstable", TRF, "--ruleset", path],
        ["pairings", TRF, "--ruleset", path, "--format", "json"],
    ]


def event_commands(path: str) -> list[list[str]]:
    return [
        ["pair", path, "--ruleset", EVENT_RULES],
        ["check", path, "--ruleset", EVENT_RULES],
        ["standings", path, "--ruleset", EVENT_RULES],
        ["crosstable", path, "--ruleset", EVENT_RULES, "--players"],
        ["pairings", path, "--ruleset", EVENT_RULES],
        ["validate", path, "--ruleset", EVENT_RULES],
    ]


# ---------------------------------------------------------------------- strategies
_floats = st.sampled_from(
    [float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, 1.0, 3.0, -1.0]
)
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), _floats, st.text(max_size=12)
)
_RULESET_KEYS = [
    "schema_version",
    "id",
    "system",
    "extends",
    "name",
    "rounds",
    "first_colour",
    "points",
    "byes",
    "colours",
    "max_meetings",
    "forbidden",
    "tiebreaks",
    "tiebreak_policy",
    "parameters",
    "language",
    "win",
    "draw",
    "loss",
    "pairing_allocated_bye",
    "max_difference",
    "max_run",
    "pairs",
    "same_club",
    "cycles",
    "boards",
]
_EVENT_KEYS = [
    "name",
    "rounds",
    "boards",
    "initial_colour",
    "teams",
    "results",
    "absent_next",
    "players",
    "rating",
    "club",
    "number",
    "registered",
    "withdrawn_from",
    "round",
    "matches",
    "white",
    "black",
    "pause",
    "white_lineup",
    "black_lineup",
]


def _values(keys: list[str]) -> st.SearchStrategy:
    return st.recursive(
        _scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.sampled_from(keys) | st.text(max_size=6), inner, max_size=5),
        ),
        max_leaves=25,
    )


@st.composite
def ruleset_documents(draw: st.DrawFn) -> str:
    """Mostly well-formed rulesets with random values (to get past the first checks)."""
    doc: dict = {
        "schema_version": draw(st.sampled_from([1, 1, 1, 2, "1"])),
        "id": draw(st.text(min_size=1, max_size=8)),
    }
    doc["system"] = draw(
        st.sampled_from(
            ["round-robin-berger", "fide-dutch-1992", "ru-draughts", "pl-team-lim", "nope"]
        )
    )
    if draw(st.booleans()):
        doc["extends"] = draw(
            st.sampled_from(
                [
                    "round-robin",
                    "fide-dutch-1992",
                    "rdf-random",
                    "kpzszach-a-klasa-2005",
                    "missing",
                    "./x.yaml",
                ]
            )
        )
    extra = draw(
        st.dictionaries(st.sampled_from(_RULESET_KEYS), _values(_RULESET_KEYS), max_size=5)
    )
    doc.update(extra)
    return yaml.safe_dump(doc, allow_unicode=True)


@st.composite
def event_documents(draw: st.DrawFn) -> str:
    teams = draw(st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=5, unique=True))
    doc: dict = {
        "teams": [
            {"name": t, "players": draw(st.lists(st.text(min_size=1, max_size=5), max_size=4))}
            for t in teams
        ]
    }
    if draw(st.booleans()):
        doc["boards"] = draw(st.sampled_from([1, 2, 6, 0, 100, float("nan")]))
    if draw(st.booleans()):
        doc["results"] = [
            {
                "matches": [
                    {
                        "white": draw(st.sampled_from([*teams, 1, 99])),
                        "black": draw(st.sampled_from([*teams, 2])),
                        "boards": draw(
                            st.lists(
                                st.sampled_from(["1-0", "0-1", "½-½", "+-", "--", "2-0", None]),
                                max_size=7,
                            )
                        ),
                    }
                ]
            }
            for _ in range(draw(st.integers(0, 3)))
        ]
    doc.update(
        draw(st.dictionaries(st.sampled_from(_EVENT_KEYS), _values(_EVENT_KEYS), max_size=3))
    )
    return yaml.safe_dump(doc, allow_unicode=True)


def _mutate(draw: st.DrawFn, text: str) -> str:
    """Cut, insert YAML punctuation or random characters at random places."""
    for _ in range(draw(st.integers(0, 3))):
        pos = draw(st.integers(0, len(text)))
        piece = draw(
            st.sampled_from(
                [
                    "&a ",
                    "*a",
                    "[",
                    "{",
                    "]",
                    "}",
                    ": ",
                    "- ",
                    "\n  ",
                    "!!python/object ",
                    "<<: *a\n",
                    ".nan",
                    "\t",
                    "'",
                    '"',
                    "\x00",
                    "\ufeff",
                    " " + "9" * 5000,
                    " 2001-13-45",
                    " !!binary AAAA",
                    "---\n",
                ]
            )
            | st.text(max_size=4)
        )
        text = text[:pos] + piece + text[pos:]
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@st.composite
def alias_texts(draw: st.DrawFn, prefix: str) -> str:
    """Alias bombs of random width and depth, recursive aliases, undefined aliases."""
    kind = draw(st.sampled_from(["bomb", "recursive", "undefined", "merge"]))
    if kind == "bomb":
        width, depth = draw(st.integers(2, 12)), draw(st.integers(2, 12))
        lines = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
        lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, depth)]
        return prefix + "\n".join(lines) + "\n"
    if kind == "recursive":
        return prefix + draw(
            st.sampled_from(
                ["parameters: &p {a: *p}\n", "x: &x [*x]\n", "x: &x [[[*x]]]\n", "teams: &t [*t]\n"]
            )
        )
    if kind == "undefined":
        return prefix + "x: *nothing\n"
    return prefix + "base: &b {cycles: 1}\nparameters:\n  <<: *b\n  <<: *b\n"


@st.composite
def deep_texts(draw: st.DrawFn, prefix: str) -> str:
    depth = draw(st.integers(10, 5000))
    opener = draw(st.sampled_from(["[", "{a: ", "- "]))
    closed = draw(st.booleans())
    if opener == "- ":
        body = "".join("  " * i + "- \n" for i in range(min(depth, 400)))
    else:
        body = opener * depth + ("" if not closed else ("]" if opener == "[" else "}") * depth)
    return prefix + "parameters: " + body + "\n" if prefix else "teams: " + body + "\n"


_RULESET_PREFIX = "schema_version: 1\nid: fuzz\nsystem: round-robin-berger\n"


# ---------------------------------------------------------------------- rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_rulesets(data):
    text = data.draw(
        st.one_of(
            ruleset_documents(),
            _values(_RULESET_KEYS).map(lambda v: yaml.safe_dump(v, allow_unicode=True)),
            alias_texts(_RULESET_PREFIX),
            deep_texts(_RULESET_PREFIX),
        )
    )
    if data.draw(st.booleans()):
        text = _mutate(data.draw, text)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "fuzz.yaml")
        Path(path).write_text(text, encoding="utf-8", errors="replace")
        run_case(ruleset_commands(path))


@FUZZ
@given(
    length=st.integers(1, 40),
    back=st.integers(0, 39),
    tail=st.sampled_from(["cycle", "self", "missing", "builtin", "folder"]),
)
def test_fuzz_extends_chains(length, back, tail):
    """Chains of ``extends`` between files ending in a cycle, a self-reference, a missing
    file, a built-in ruleset or a folder."""
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "dir.yaml"))
        for i in range(length):
            if i + 1 < length:
                parent = f"r{i + 1}.yaml"
            elif tail == "cycle":
                parent = f"r{min(back, i)}.yaml"
            elif tail == "self":
                parent = f"./r{i}.yaml"
            elif tail == "missing":
                parent = "nowhere.yaml"
            elif tail == "builtin":
                parent = "round-robin"
            else:
                parent = "dir.yaml"
            body = f"schema_version: 1\nid: r{i}\nextends: {parent}\n" + (
                "system: round-robin-berger\n" if tail != "builtin" else ""
            )
            Path(tmp, f"r{i}.yaml").write_text(body, encoding="utf-8")
        run_case(ruleset_commands(os.path.join(tmp, "r0.yaml")))


# ---------------------------------------------------------------------- event files
@FUZZ
@given(data=st.data(), as_json=st.booleans())
def test_fuzz_event_files(data, as_json):
    text = data.draw(st.one_of(event_documents(), alias_texts(""), deep_texts("")))
    suffix = ".yaml"
    if as_json:
        try:
            text = json.dumps(
                yaml.safe_load(text), ensure_ascii=False
            )  # NaN and Infinity survive as JSON constants
            suffix = ".json"
        except Exception:  # not representable as JSON (an alias bomb, a cycle): keep the YAML
            pass
    if data.draw(st.booleans()):
        text = _mutate(data.draw, text)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "league" + suffix)
        Path(path).write_text(text, encoding="utf-8", errors="replace")
        run_case(event_commands(path))


def test_known_hostile_files_within_the_limits():
    """The issue's cases, each in its own limited subprocess: the 300-byte alias bomb, the
    recursive alias, deep nesting, and ``/dev/zero`` as a ruleset."""
    hostile = HERE / "data" / "hostile"
    commands = []
    for name in ("alias-bomb.yaml", "recursive-alias.yaml", "deep-nesting.yaml", "nan-points.yaml"):
        commands += ruleset_commands(str(hostile / name))
    for name in (
        "alias-bomb-event.yaml",
        "recursive-alias-event.yaml",
        "deep-nesting-event.json",
        "nan-event.json",
    ):
        commands += event_commands(str(hostile / name))
    if os.path.exists("/dev/zero"):
        commands += [["validate", "/dev/zero"], ["pair", TRF, "--ruleset", "/dev/zero"]]
    proc = subprocess.run(
        [sys.executable, "-c", _WORKER, str(MEMORY_LIMIT), json.dumps(commands)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    for argv, code, err in json.loads(proc.stdout):
        assert code == 3, (argv, code, err)
        assert err.startswith("swisspairing: ") and "Traceback" not in err, (argv, err)
