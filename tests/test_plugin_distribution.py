"""A third-party pairing system installed as its own distribution is discovered and used.

``tests/plugin_example`` (distribution ``swisspairing-example-plugin``) declares the system
``example-fold`` in the ``swisspairing.systems`` entry-point group and ships the ruleset
``example-fold`` through ``swiss_ruleset_dirs``.  It is the package the plugin tutorial
(docs/tutorials/plugin.rst) shows file by file; it is installed with pip into a fresh
virtual environment, and swisspairing and the plugin's own tests run with that environment's
Python.

A second distribution that declares the built-in system name ``round-robin-berger`` with
another target must be reported as a plugin error, never with a traceback; it is laid out
by hand as pip would install it (a ``.dist-info`` with ``entry_points.txt``), to save a
second build.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import site
import subprocess
import sys
import venv
from importlib import metadata
from pathlib import Path

import pytest
from swisspairing import PluginError, manager

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("pip") is None, reason="pip is not available"
)

TESTS = Path(__file__).parent
DATA = TESTS / "data"
RR8 = TESTS.parent / "examples" / "round-robin-8.trf"


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``tests/plugin_example`` installed with pip into a fresh virtual environment, as the
    plugin tutorial (docs/tutorials/plugin.rst) installs it (built from a copy, so that no
    build files land in the source tree).  swisspairing and the test tools come from the
    running environment (one ``.pth`` line adds its site-packages), so nothing is downloaded
    and the environment costs a second."""
    work = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(TESTS / "plugin_example", work / "src")
    env = work / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = _python(env)
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    outer = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (Path(purelib) / "_outer_environment.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in outer) + "\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (Path(purelib) / "swisspairing_example_plugin-0.1.0.dist-info").is_dir()
    return env


@pytest.fixture(scope="module")
def clash_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A distribution ``swisspairing-clash-plugin`` declaring ``round-robin-berger``."""
    site = tmp_path_factory.mktemp("clash")
    (site / "swisspairing_clash_plugin.py").write_text('"""Pretends to be the Berger system."""\n')
    info = site / "swisspairing_clash_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: swisspairing-clash-plugin\nVersion: 1.0\n"
    )
    (info / "entry_points.txt").write_text(
        "[swisspairing.systems]\nround-robin-berger = swisspairing_clash_plugin\n"
    )
    (info / "top_level.txt").write_text("swisspairing_clash_plugin\n")
    return site


def run(site: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """swisspairing in a subprocess: with the virtual environment ``site`` (the plugin's), or
    with ``site`` on ``PYTHONPATH`` (the hand-made clash distribution)."""
    if (site / "pyvenv.cfg").is_file():
        python, environment = str(_python(site)), {**os.environ, "SWISSPAIRING_LANG": "en"}
        environment.pop("PYTHONPATH", None)
    else:
        python = sys.executable
        environment = {**os.environ, "PYTHONPATH": str(site), "SWISSPAIRING_LANG": "en"}
    environment.update(env)
    return subprocess.run(
        [python, "-m", "swisspairing", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


# ---------------------------------------------------------------------- discovered and used
def test_plugin_system_is_listed(plugin_site: Path) -> None:
    done = run(plugin_site, "systems")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    at = lines.index("example-fold  swisspairing-example-plugin 0.1.0")
    assert lines[at + 1].strip() == "Example: first against last within each score group"
    assert (
        lines[at + 2].strip()
        == "hooks: swiss_pair_bracket, swiss_ruleset_dirs, swiss_ruleset_schema, swiss_system_info"
    )
    assert any(
        line.startswith("round-robin-berger  swisspairing ") for line in lines
    )  # built-ins still there


def test_plugin_ruleset_is_listed_and_validates(plugin_site: Path) -> None:
    rulesets = run(plugin_site, "rulesets")
    assert rulesets.returncode == 0, rulesets.stderr
    assert (
        "example-fold             example-fold           Example fold pairing"
        in rulesets.stdout.splitlines()
    )
    valid = run(plugin_site, "validate", "example-fold")
    assert (valid.returncode, valid.stdout) == (
        0,
        "rulesets/example-fold.yaml: valid ruleset example-fold for system example-fold\n",
    )


def test_plugin_pairs_the_round(plugin_site: Path, tmp_path: Path) -> None:
    """Seven players, round 1, one score group: fold pairing 1-6, 2-5, 3-4 with 7 left over
    for the bye (the core default would pair 1-4, 2-5, 3-6).  Colours from the core default:
    the top player White, alternating down the boards."""
    pairs = tmp_path / "pairs.txt"
    done = run(
        plugin_site,
        "pair",
        str(DATA / "rr-7-start.trf"),
        "--ruleset",
        "example-fold",
        "-p",
        str(pairs),
        "--explain",
    )
    assert done.returncode == 0, done.stderr
    assert pairs.read_text() == "4\n1 6\n5 2\n3 4\n7 0\n"
    assert "  [example] fold pairing: first against last" in done.stdout.splitlines()


PLUGIN_TEXTS = {
    "de": ("Paarung erster gegen letzten", "Beispiel: erster gegen letzten in jeder Punktgruppe"),
    "ru": ("жеребьёвка «первый с последним»", "Пример: первый с последним в каждой очковой группе"),
    "pl": (
        "kojarzenie pierwszy z ostatnim",
        "Przykład: pierwszy z ostatnim w każdej grupie punktowej",
    ),
}


@pytest.mark.parametrize("lang", sorted(PLUGIN_TEXTS))
def test_plugin_speaks_through_its_own_catalogue_domain(plugin_site: Path, lang: str) -> None:
    """The plugin's domain ``swisspairing_example_plugin`` (its own .po files, registered with
    ``add_catalogue``) translates its explanation and its description; the core's words around
    them come from swisspairing's catalogue."""
    explanation, description = PLUGIN_TEXTS[lang]
    done = run(
        plugin_site,
        "--lang",
        lang,
        "pair",
        str(DATA / "rr-7-start.trf"),
        "--ruleset",
        "example-fold",
        "--explain",
    )
    assert done.returncode == 0, done.stderr
    assert f"  [example] {explanation}" in done.stdout.splitlines()
    assert "fold pairing" not in done.stdout and "Explanation" not in done.stdout
    systems = run(plugin_site, "--lang", lang, "systems")
    assert description in systems.stdout


def test_plugin_catalogues_are_complete() -> None:
    """Every message of the plugin is in its template and translated in de/ru/pl."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    package = TESTS / "plugin_example" / "swisspairing_example_plugin"
    found = {
        m if isinstance(m, str) else m[0]
        for _f, _l, m, _c, _x in extract_from_dir(
            package,
            method_map=[
                ("**.py", "python"),
                ("**.yaml", "swisspairing.i18n:extract_ruleset_names"),
            ],
            keywords={"N_": None, "NP_": (1, 2)},
        )
    }
    with (package / "locales" / "swisspairing_example_plugin.pot").open("rb") as fh:
        assert {m.id for m in read_po(fh) if m.id} == found
    for lang in PLUGIN_TEXTS:
        with (package / "locales" / lang / "LC_MESSAGES" / "swisspairing_example_plugin.po").open(
            "rb"
        ) as fh:
            po = read_po(fh, locale=lang)
        assert all(
            po.get(msgid) is not None and po.get(msgid).string and not po.get(msgid).fuzzy
            for msgid in found
        ), lang


def _impossible_swiss(path: Path) -> Path:
    """Round 2 of 10 players; player 10 met 5 and ``XXP`` forbids all others."""
    lines = ["012 Impossible", "XXR 5"] + [f"XXP 10 {n}" for n in range(1, 10)]
    for n in range(1, 11):
        opp, colour, res, pts = (n + 5, "w", "1", "1.0") if n <= 5 else (n - 5, "b", "0", "0.0")
        head = (
            f"001 {n:>4} m    {'Player ' + str(n):<33} {2000 - n:>4} GER {'':>11} {'':10} "
            f"{pts:>4} {'':4}"
        )
        lines.append(f"{head}  {opp:04d} {colour} {res}")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_plugin_no_valid_pairing_exits_1_with_the_proof(plugin_site: Path, tmp_path: Path) -> None:
    """A third-party system's round without a pairing fails with the matching's proof; a
    ruleset extending it with the retired ``search_budget`` is refused (issue 20)."""
    trf = _impossible_swiss(tmp_path / "impossible.trf")
    exhausted = run(plugin_site, "pair", str(trf), "--ruleset", "example-fold")
    assert exhausted.returncode == 1
    assert exhausted.stderr.startswith(
        "swisspairing: no valid pairing exists: player 10 cannot be paired with anybody: already "
        "met player 5;"
    )
    budget = tmp_path / "budget.yaml"
    budget.write_text(
        "schema_version: 1\nid: example-fold-small\nextends: example-fold\nsearch_budget: 100\n"
    )
    small = run(plugin_site, "pair", str(trf), "--ruleset", str(budget))
    assert small.returncode == 3
    assert small.stderr == f"swisspairing: {budget}: $: unknown key search_budget\n"


def test_plugin_tests_use_the_pytest_fixtures(plugin_site: Path) -> None:
    """The example plugin's own test suite (tests/plugin_example/tests) is written with
    ``swisspairing.pytest_plugin``: generated events under its ruleset keep the absolute
    criteria and ``check --repair`` reproduces them.  Run as a plugin author would run it."""
    tests = plugin_site.parent / "src" / "tests"
    environment = {**os.environ, "SWISSPAIRING_LANG": "en"}
    environment.pop("PYTHONPATH", None)
    done = subprocess.run(
        [
            str(_python(plugin_site)),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tests),
            str(tests),
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
        cwd=str(tests),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


def test_blocked_plugin_is_hidden(plugin_site: Path) -> None:
    unknown = run(
        plugin_site,
        "pair",
        str(DATA / "rr-7-start.trf"),
        "-r",
        "example-fold",
        SWISSPAIRING_BLOCKED_PLUGINS="example-fold",
    )
    assert unknown.returncode == 3 and unknown.stderr.startswith(
        "swisspairing: unknown ruleset 'example-fold'"
    )


# ---------------------------------------------------------------------- name clash
def test_clashing_system_name_is_a_plugin_error(clash_site: Path) -> None:
    assert metadata.distribution("swisspairing").version  # the real one is installed
    for args in (("systems",), ("pair", str(RR8), "--ruleset", "round-robin")):
        done = run(clash_site, *args)
        assert done.returncode == PluginError.exit_code != 0, done.stderr
        assert done.stderr.startswith(
            "swisspairing: pairing system 'round-robin-berger' is declared twice: "
        )
        assert "swisspairing.plugins.berger (swisspairing " in done.stderr
        assert "swisspairing_clash_plugin (swisspairing-clash-plugin 1.0)" in done.stderr
        assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_duplicate_declarations_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    berger = metadata.EntryPoint(
        name="round-robin-berger", value="swisspairing.plugins.berger", group=manager.GROUP
    )
    same = metadata.EntryPoint(
        name="round-robin-berger", value="swisspairing.plugins.berger", group=manager.GROUP
    )
    other = metadata.EntryPoint(
        name="round-robin-berger", value="elsewhere.berger", group=manager.GROUP
    )
    monkeypatch.setattr(manager, "_scan", lambda: (berger, same))
    assert list(manager.system_entry_points()) == [
        "round-robin-berger"
    ]  # the same target twice is fine
    monkeypatch.setattr(manager, "_scan", lambda: (berger, other))
    with pytest.raises(
        PluginError,
        match=(
            r"pairing system 'round-robin-berger' is declared twice: swisspairing.plugins.berger "
            r".* and elsewhere.berger"
        ),
    ):
        manager.system_entry_points()
