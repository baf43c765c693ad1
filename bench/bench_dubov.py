"""Benchmark: every round of generated tournaments under the FIDE Dubov system.

Usage: python bench/bench_dubov.py [SIZES...] [--rounds R] [--ruleset ID] [--seed N]
(default sizes 500 1000 2000 5000, 9 rounds, ruleset fide-dubov-1997).  See bench/_bench_rounds.py.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from _bench_rounds import run

if __name__ == "__main__":
    raise SystemExit(run("fide-dubov-1997"))
