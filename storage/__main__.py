"""`python -m storage check DB`, `backup DB OUT`, `migrate SQLITE_URL POSTGRES_URL`; see
storage.cli.

This entry point sits above the layers (like bot.py): it hands the engine's replay to
`migrate`, which checks every copied game with it, so storage itself never imports
the engine.
"""

from __future__ import annotations

import sys
from typing import Any

from engine.records import replay

from .cli import main


def _replay_to_outcome(record: dict[str, Any]) -> object:
    """The outcome a record's moves lead to (None while the game is unfinished)."""
    return replay(record).outcome()


sys.exit(main(replayer=_replay_to_outcome))
