"""Fixtures of the Russian draughts tests; makes ``rdf_support`` importable."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
