"""The entry-point walk without importlib.metadata (swisspairing.entrypoints, issue 20
start-up) finds exactly what ``importlib.metadata.entry_points`` finds, in the same order, or
declines; the plugin manager's answers do not depend on which of the two answered."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest
from swisspairing import entrypoints, manager


def _standard(group: str) -> list[tuple[str, str, str]]:
    return [(ep.name, ep.value, ep.group) for ep in metadata.entry_points(group=group)]


def _light(group: str) -> list[tuple[str, str, str]] | None:
    found = entrypoints.scan(group)
    return None if found is None else [(ep.name, ep.value, ep.group) for ep in found]


@pytest.mark.parametrize("group", [manager.GROUP, "console_scripts", "pytest11", "no.such.group"])
def test_the_walk_equals_importlib_metadata_here(group: str) -> None:
    assert _light(group) == _standard(group)


def _dist(site: Path, folder: str, text: str | None) -> Path:
    info = site / folder
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {folder.split('-', maxsplit=1)[0]}\n"
    )
    if text is not None:
        (info / "entry_points.txt").write_text(text, encoding="utf-8")
    return info


def test_order_shadowing_and_line_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two folders on the path: the first distribution of a (normalised) name wins, sections,
    comments and blank lines are read as the standard library reads them."""
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(
        first,
        "Fold_Plugin-1.0.dist-info",
        "# comment\n\n[swisspairing.systems]\n  fold = fold.plugin:hooks  \n[other]\nx = y\n",
    )
    _dist(second, "fold.plugin-2.0.dist-info", "[swisspairing.systems]\nfold = shadowed\n")
    _dist(second, "zeta-1.0.egg-info", "[swisspairing.systems]\nzeta = zeta\nalpha = alpha:obj\n")
    _dist(second, "nothing-1.0.dist-info", None)
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    assert _light(manager.GROUP) == _standard(manager.GROUP)
    assert [n for n, _, _ in _light(manager.GROUP) or []] == ["fold", "zeta", "alpha"]
    light = entrypoints.scan(manager.GROUP)
    assert light is not None and light[0].dist.name == "Fold_Plugin"


def test_a_malformed_file_fails_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dist(tmp_path, "bad-1.0.dist-info", "[console_scripts]\nno equals sign\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    with pytest.raises(TypeError) as standard:
        _standard(manager.GROUP)
    with pytest.raises(TypeError) as light:
        entrypoints.scan(manager.GROUP)
    assert str(light.value) == str(standard.value)


def test_what_the_walk_does_not_model_is_left_to_importlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    zipped = tmp_path / "plugins.zip"
    zipped.write_bytes(b"PK\x05\x06" + b"\x00" * 18)  # an empty zip archive
    monkeypatch.setattr(sys, "path", [str(zipped)])
    assert entrypoints.scan(manager.GROUP) is None
    _dist(tmp_path / "upper", "Odd-1.0.DIST-INFO", "[swisspairing.systems]\nodd = odd\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "upper")])
    assert entrypoints.scan(manager.GROUP) is None

    class Listing:
        def find_distributions(self, context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Listing()])
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert entrypoints.scan(manager.GROUP) is None


def test_a_light_entry_point_loads_what_it_names() -> None:
    ep = entrypoints.LightEntryPoint("x", "swisspairing.plugins.berger", manager.GROUP, ".")
    from swisspairing.plugins import berger

    assert ep.load() is berger
    ep = entrypoints.LightEntryPoint("x", "swisspairing.errors:PluginError", manager.GROUP, ".")
    assert ep.load() is manager.PluginError
