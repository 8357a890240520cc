"""Persistence of the dominoes bot: every table, move, result, rating and setting in SQLite.

`storage` owns all SQL. It returns the frozen dataclasses of `storage.models`, never rows.
"""

from __future__ import annotations

from .db import (
    DatabaseUnreadable,
    InvalidState,
    MoveConflict,
    StorageError,
    TableNotFound,
    latest_version,
)
from .models import (
    GuildSettings,
    LeaderboardRow,
    LoadedTable,
    Player,
    PlayerStats,
    ResultRow,
    Seat,
    SeatResult,
    SolitaireResult,
    TableRow,
    format_hhmm,
    parse_hhmm,
)
from .store import Storage

__all__ = [
    "DatabaseUnreadable",
    "GuildSettings",
    "InvalidState",
    "LeaderboardRow",
    "LoadedTable",
    "MoveConflict",
    "Player",
    "PlayerStats",
    "ResultRow",
    "Seat",
    "SeatResult",
    "SolitaireResult",
    "Storage",
    "StorageError",
    "TableNotFound",
    "TableRow",
    "format_hhmm",
    "latest_version",
    "parse_hhmm",
]
