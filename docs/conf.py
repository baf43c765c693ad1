"""Sphinx configuration: ``python -m sphinx -W --keep-going -b html docs docs/_build/html``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

import swisspairing

project = "swisspairing"
author = "The swisspairing authors"
copyright = "2026, The swisspairing authors"
release = swisspairing.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "swisspairing_docs",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
autodoc_class_signature = "separated"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_theme_options = {"page_width": "1200px", "sidebar_width": "230px"}
nitpicky = False
suppress_warnings = ["ref.python"]
