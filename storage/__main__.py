"""`python -m storage check DB` and `python -m storage backup DB OUT`; see storage.cli."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
