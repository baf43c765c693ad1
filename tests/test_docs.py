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


def test_every_system_page_says_a_forfeit_is_not_a_game():
    """C.04.1 b with C.04.2 / GHR 3.5 (AMB-X8), issue 23: each system's page says that players
    whose earlier pairing was forfeited may meet again, and names the ruleset switch."""
    for page in sorted((DOCS / "systems").glob("*.rst")):
        if page.name == "cross-system.rst":
            continue
        text = page.read_text(encoding="utf-8")
        if "System ``" not in text:
            continue
        assert "A forfeit is not a game" in text, page.name
        assert "forfeit_counts_as_met" in text, page.name


# ---------------------------------------------------------------------- generated references
def test_readme_exit_codes_are_the_programs() -> None:
    """README's exit-code table is the one of ``swisspairing.exitcodes`` (which ``--help`` and
    the documentation print), row for row."""
    from swisspairing.exitcodes import readme_table

    assert readme_table() in (ROOT / "README.md").read_text(encoding="utf-8")


def test_help_lists_every_exit_code() -> None:
    import io

    from swisspairing.cli import main
    from swisspairing.exitcodes import EXIT_CODES

    out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        assert main(["--lang", "en", "--help"]) == 0
    text = out.getvalue()
    for e in EXIT_CODES:
        assert f"  {e.code}  {e.summary}" in text


def test_no_page_writes_exit_codes_by_hand() -> None:
    """Pages print the exit codes through ``.. swisspairing-exit-codes::`` only, so that they
    cannot contradict the program (issue 25: "2 usage" on two pages)."""
    for page in DOCS.rglob("*.rst"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\b[0-5] (usage|ok|invalid input|file access)\b", text), page
    for name in ("reference/cli.rst", "tutorials/arbiter.rst"):
        assert ".. swisspairing-exit-codes::" in (DOCS / name).read_text(encoding="utf-8")


def _docs_extension():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "swisspairing_docs", DOCS / "_ext" / "swisspairing_docs.py"
    )
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_tiebreak_reference_lists_every_id_in_every_language() -> None:
    """The tie-break page is generated from the catalogue: every id, its definition and
    regulation, and its name and abbreviation in de/ru/pl."""
    from swisspairing.i18n import gettext
    from swisspairing.tiebreaks import CORE_TIEBREAKS

    ext = _docs_extension()
    text = "\n".join(ext.tiebreak_lines(team=False) + ext.tiebreak_lines(team=True))
    for tb in CORE_TIEBREAKS.values():
        assert f"``{tb.id}``" in text, tb.id
        assert tb.definition in text and tb.rule in text
        for lang in ("de", "ru", "pl"):
            assert f"{gettext(tb.name, lang)} ({gettext(tb.heading, lang)})" in text
    page = (DOCS / "reference" / "tiebreaks.rst").read_text(encoding="utf-8")
    assert ".. swisspairing-tiebreaks::" in page
    assert ".. swisspairing-all-parameters::" in (DOCS / "reference" / "parameters.rst").read_text(
        encoding="utf-8"
    )


def test_readme_starts_with_the_two_commands() -> None:
    """README's first screen: what the project is, then the command that installs and pairs
    the bundled example without the test tools, then the test command (issue 25)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", text, re.S)
    first, second = blocks[0], blocks[1]
    assert "pip install -e ." in first and "[test]" not in first
    assert "swisspairing pair examples/" in first
    assert '".[test]"' in second and "python -m pytest -q" in second
    intro = text[: text.index("```sh")]
    assert "pairs Swiss-system and round-robin tournaments" in intro
