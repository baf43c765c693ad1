"""``python -m swisspairing``."""

from .cli import main

raise SystemExit(main())
