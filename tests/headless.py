"""Headless Chromium for the tests that render pages (Debian's ``chromium``; the tests that need
it are skipped where it is not installed): one command line for all of them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"

needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)
"""Skip a test where Chromium is not installed."""


def chromium(profile: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with its own profile folder ``profile`` and ``args`` (the page,
    ``--dump-dom``, ``--window-size=…``); the output as text, the exit code not judged."""
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
