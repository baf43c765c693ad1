"""The documentation (docs/, built by .ci/run with Sphinx, warnings as errors) defines every
rule reading the code cites, and README.md cites only readings the documentation defines."""

from __future__ import annotations

import re
from pathlib import Path

from swisspairing.manager import system_names

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
AMB = re.compile(r"AMB-[A-Z]+\d+")
READING = re.compile(r"^\.\. reading:: (AMB-[A-Z]+\d+)\s*$", re.M)


def _cited_in_code() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for folder in ("core", "plugins", "rulesets"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".yaml", ".json"):
                for amb in AMB.findall(path.read_text(encoding="utf-8")):
                    found.setdefault(amb, set()).add(str(path.relative_to(ROOT)))
    return found


def _documented() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for page in sorted((DOCS / "systems").glob("*.rst")):
        for amb in READING.findall(page.read_text(encoding="utf-8")):
            out.setdefault(amb, []).append(page.name)
    return out


def test_every_reading_the_code_cites_is_documented():
    documented = _documented()
    missing = {
        amb: sorted(files) for amb, files in _cited_in_code().items() if amb not in documented
    }
    assert not missing, f"readings cited in the code but not in docs/systems/: {missing}"


def test_each_reading_is_documented_once():
    assert {amb: pages for amb, pages in _documented().items() if len(pages) > 1} == {}


def test_readme_cites_only_documented_readings():
    cited = set(AMB.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    assert cited <= set(_documented())


def test_every_built_in_system_has_a_page():
    pages = "\n".join(p.read_text(encoding="utf-8") for p in (DOCS / "systems").glob("*.rst"))
    for name in system_names():
        if name.startswith("example-"):
            continue  # tests/plugin_example, when installed by another test
        assert f"System ``{name}``" in pages, name
        assert f".. swisspairing-parameters:: {name}" in pages, name
