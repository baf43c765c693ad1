"""The distribution: MIT licence in the PEP 639 form, built without deprecation warnings, with
the JSON Schemas, ``py.typed`` and the licence file inside the wheel."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("pip") is None, reason="pip is not available"
)


def test_wheel_builds_without_deprecation_warnings(tmp_path):
    if importlib.util.find_spec("setuptools") is None:
        pytest.skip("setuptools is not installed")
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    for folder in ("core", "plugins", "rulesets", "locales"):
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-v",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    output = done.stdout + done.stderr
    assert "Deprecat" not in output, [line for line in output.splitlines() if "eprecat" in line]
    assert "is absent from the `packages` configuration" not in output
    wheel = next((tmp_path / "dist").glob("swisspairing-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode(
            "utf-8"
        )
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for shipped in (
        "swisspairing/py.typed",
        "swisspairing/schemas/tournament.schema.json",
        "swisspairing/schemas/ruleset.schema.json",
        "swisspairing/server/__init__.py",
        "swisspairing/server/workers.py",
    ):
        assert shipped in names, shipped
    assert "Provides-Extra: server" in metadata


def test_licence_file_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
