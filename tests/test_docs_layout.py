"""The documentation site fits the window on a desktop (1280 px) and on a phone (390 px)
(issue 25: the Dutch system page's "meaning" column was cut at 1280 px, the CLI page's help
ran past the edge).

Every page of the built Sphinx site is opened in headless Chromium, in a frame of each width,
served from this machine's loopback address (so the frames are of the same origin as the page
that measures them).  On every page:

- the page never scrolls sideways (``scrollWidth`` within the window);
- no element of the text reaches past the right edge of the text column (nor of the window),
  unless it sits inside a box that scrolls sideways on its own (a command's help on a phone)
  and that box itself fits;
- no table cell cuts its content (a cell's content wider than the cell).

The site is the one ``.ci/run`` builds (``SWISSPAIRING_DOCS_HTML`` names it); without it the
test builds its own copy.  Skipped without Chromium (``apt-get install -y chromium``), as the
other HTML tests are.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from headless import CHROMIUM, chromium

ROOT = Path(__file__).parent.parent

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)

_MEASURE = """<!DOCTYPE html>
<html><body style="margin:0">
%s
<script>
function measure(frame) {
  const win = frame.contentWindow, doc = frame.contentDocument;
  const width = win.innerWidth;
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.className ? "." + el.className : "") +
    ": " + (el.textContent || "").trim().slice(0, 60);
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== doc.body; p = p.parentElement) {
      const o = win.getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return p;
    }
    return null;
  };
  const body = doc.querySelector("div.body") || doc.body;
  const column = Math.min(width, body.getBoundingClientRect().right);
  for (const el of body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || win.getComputedStyle(el).display === "none") continue;
    const box = scroller(el);
    if (box) {
      const b = box.getBoundingClientRect();
      if (b.right > column + 1) problems.push("scroll box past the edge: " + name(box));
      continue;
    }
    if (r.right > column + 1) problems.push("past the edge (" + Math.round(r.right) + " > " +
      Math.round(column) + "): " + name(el));
  }
  for (const cell of body.querySelectorAll("td, th")) {
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push("cut cell: " + name(cell));
  }
  const page = doc.documentElement.scrollWidth;
  if (page > width + 1) problems.push("page scrolls sideways: " + page);
  document.body.setAttribute("data-" + frame.id,
    JSON.stringify({width: width, problems: [...new Set(problems)].slice(0, 20)}));
}
window.addEventListener("load", () => {
  document.querySelectorAll("iframe").forEach(measure);
  document.body.setAttribute("data-done", "1");
});
</script>
</body></html>
"""
_FRAME = '<iframe id="%s" style="width:%dpx;height:900px;border:0;display:block" src="%s"></iframe>'


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built HTML site: ``SWISSPAIRING_DOCS_HTML`` when set (CI builds it once), else a
    fresh build."""
    given = os.environ.get("SWISSPAIRING_DOCS_HTML")
    if given:
        path = Path(given)
        assert (path / "index.html").exists(), f"{given}: no built site"
        return path
    pytest.importorskip("sphinx")
    out = tmp_path_factory.mktemp("docs-html")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def server(site: Path):
    """The site served on the loopback address (a port of the system's choosing)."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """No request log on stderr."""


def _pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if "_modules" not in p.parts and "_static" not in p.parts and not p.name.startswith("__")
    )


def _chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return chromium(profile, "--hide-scrollbars", "--virtual-time-budget=20000", *args, timeout=300)


def test_every_page_is_measured(site: Path) -> None:
    """The pages the issue names are among those measured."""
    pages = _pages(site)
    for name in ("systems/dutch-1992.html", "reference/cli.html", "reference/tiebreaks.html"):
        assert name in pages


@pytest.mark.parametrize("width", [390, 1280])
def test_docs_pages_fit_the_window(tmp_path: Path, site: Path, server, width: int) -> None:
    pages = _pages(site)
    ids = {page: "p" + re.sub(r"[^a-z0-9]", "-", page.lower()) for page in pages}
    frames = "\n".join(_FRAME % (ids[p], width, html.escape(p, quote=True)) for p in pages)
    # the measuring page lives in the served site's own folder (same origin as the pages)
    measure = site / f"__measure-{width}.html"
    measure.write_text(_MEASURE % frames, encoding="utf-8")
    try:
        port = server.server_address[1]
        done = _chromium(
            tmp_path / "profile",
            f"--window-size={max(width, 800)},1000",
            "--dump-dom",
            f"http://127.0.0.1:{port}/{measure.name}",
        )
    finally:
        measure.unlink()
    assert done.returncode == 0, done.stderr[-2000:]
    assert 'data-done="1"' in done.stdout, done.stdout[-2000:]
    failures = {}
    for page in pages:
        found = re.search(rf'data-{ids[page]}="([^"]*)"', done.stdout)
        assert found, page
        data = json.loads(html.unescape(found.group(1)))
        assert data["width"] == width, (page, data["width"])
        if data["problems"]:
            failures[page] = data["problems"]
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)
