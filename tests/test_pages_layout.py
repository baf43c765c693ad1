"""Pages readable on a phone (390 px) and on a desktop (1280 px), in German, Russian and
Polish (issue 22): headless Chromium opens each page, takes a screenshot, and a measuring
script (added to a copy of the page) reports where the important cells are.  At both widths
the important columns are inside the window: standings place, name and points; pairings
board, White, result and Black; crosstable name, every round (after scrolling the table
sideways the name column stays in view) and points.  Secondary columns (number, title,
federation, rating) are stacked under the name on a phone, never lost.  Skipped without
Chromium (``apt-get install -y chromium``), as the other HTML tests are.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import swisspairing
from headless import CHROMIUM, chromium
from swisspairing.engine import Engine
from swisspairing.reports import (
    crosstable_report,
    pairings_report,
    render,
    standings_report,
)

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "swiss-open-21.trf"
DUTCH = "fide-dutch-1992"

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)

_FRAME = '<iframe id="%s" style="width:%dpx;height:900px;border:0;display:block" srcdoc="%s">'
_MEASURE = """
<!DOCTYPE html>
<html><body style="margin:0">
%s
<script>
function measure(frame) {
  const win = frame.contentWindow, doc = frame.contentDocument;
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, width: r.width,
            shown: win.getComputedStyle(el).display !== "none" && r.width > 0}; };
  const cells = (row) => { const out = {};
    for (const td of row ? row.children : []) {
      const key = [...td.classList].find((c) => c.startsWith("c-"));
      if (key) out[key] = box(td);
    }
    return out; };
  const row = doc.querySelector("tbody tr");
  const out = {width: win.innerWidth, cells: cells(row), scrolled: {}, meta: 0, overflow: 0};
  out.meta = [...doc.querySelectorAll(".meta")].filter((m) => box(m).shown).length;
  const wrap = doc.querySelector(".table-wrap");
  if (wrap) {
    out.overflow = wrap.scrollWidth - wrap.clientWidth;
    wrap.scrollLeft = wrap.scrollWidth;
    out.scrolled = cells(row);
  }
  out.page = doc.documentElement.scrollWidth;
  document.body.setAttribute("data-" + frame.id, JSON.stringify(out));
}
window.addEventListener("load", () => document.querySelectorAll("iframe").forEach(measure));
</script>
</body></html>
"""
"""Pages in frames of a given width (Chromium's window is at least 500 px wide); where their
cells are is written into this page's DOM, for ``--dump-dom``."""


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return chromium(tmp_path / "profile", "--hide-scrollbars", *args)


def _measure(tmp_path: Path, pages: dict[str, str], width: int) -> dict[str, dict]:
    """Screenshot each page at ``width`` px, and measure them all in one Chromium run."""
    for name, page in pages.items():
        plain = tmp_path / f"{name}-{width}.html"
        plain.write_text(page, encoding="utf-8")
        shot = tmp_path / f"{name}-{width}.png"
        done = _chromium(
            tmp_path, f"--window-size={width},900", f"--screenshot={shot}", plain.as_uri()
        )
        assert done.returncode == 0 and shot.stat().st_size > 1000, done.stderr[-2000:]
    frames = "\n".join(
        _FRAME % (name, width, html.escape(page, quote=True)) + "</iframe>"
        for name, page in pages.items()
    )
    measured = tmp_path / f"measure-{width}.html"
    measured.write_text(_MEASURE % frames, encoding="utf-8")
    done = _chromium(
        tmp_path, f"--window-size={max(width, 800)},1000", "--dump-dom", measured.as_uri()
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = {}
    for name in pages:
        found = re.search(rf'data-{name}="([^"]*)"', done.stdout)
        assert found, (name, done.stdout[-2000:])
        out[name] = json.loads(html.unescape(found.group(1)))
        assert out[name]["width"] == width
    return out


def _inside(cell: dict, width: int) -> bool:
    return cell["shown"] and cell["left"] >= -0.5 and cell["right"] <= width + 0.5


@pytest.fixture(scope="module")
def tournament():
    return swisspairing.load_trf(EXAMPLE)


@pytest.mark.parametrize("lang", ["de", "ru", "pl"])
@pytest.mark.parametrize("width", [390, 1280])
def test_reports_keep_their_important_columns_in_view(tmp_path, tournament, lang, width):
    ruleset = swisspairing.load_ruleset(DUTCH)
    table = swisspairing.standings(tournament, ruleset)
    pages = {
        "standings": render(standings_report(table, lang), "html"),
        "crosstable": render(crosstable_report(tournament, table, lang), "html"),
        "pairings": render(
            pairings_report(tournament, 4, engine=Engine(ruleset), locale=lang), "html"
        ),
    }
    phone = width < 600
    measured = _measure(tmp_path, pages, width)
    for kind, data in measured.items():
        cells = data["cells"]
        assert data["page"] <= width + 1, (kind, data["page"])  # the page never scrolls sideways
        important = {
            "standings": ["c-place", "c-name", "c-points"],
            "pairings": ["c-board", "c-white", "c-result", "c-black"],
            "crosstable": ["c-place", "c-name", "c-r1"],
        }[kind]
        for key in important:
            assert _inside(cells[key], width), (kind, key, cells[key], width)
        secondary = [k for k in ("c-number", "c-rating", "c-white_number") if k in cells]
        for key in secondary:
            assert cells[key]["shown"] != phone, (kind, key)  # stacked under the name on a phone
        assert (data["meta"] > 0) == phone, kind
        if kind == "crosstable":  # scrolled to the end: the last round and the name in view
            scrolled = data["scrolled"]
            assert _inside(scrolled["c-name"], width), scrolled["c-name"]
            assert _inside(scrolled["c-r4"], width) and _inside(scrolled["c-points"], width)
            assert _inside(cells["c-points"], width)  # kept at the right edge meanwhile
        if kind == "pairings" and phone:
            assert data["overflow"] <= 1, data["overflow"]  # the whole board fits


@pytest.mark.parametrize("lang", ["de", "ru", "pl"])
@pytest.mark.parametrize("width", [390, 1280])
def test_service_pages_fit_the_window(tmp_path, lang, width):
    pytest.importorskip("fastapi")
    from swisspairing.server.pages import error_page, landing_page

    pages = {
        "landing": landing_page(lang),
        "error": error_page(lang, 422, {"message": "$.trf: line 7, column 92: " + "x" * 300}),
    }
    for name, data in _measure(tmp_path, pages, width).items():
        assert data["page"] <= width + 1, (name, data["page"])
