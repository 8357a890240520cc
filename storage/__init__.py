"""Persistence of the dominoes bot: every table, move, result, rating and setting, in SQLite
or PostgreSQL (`Storage.open` takes a file, `sqlite:///path` or a `postgresql://` URL).

`storage` owns all SQL. It returns the frozen dataclasses of `storage.models`, never rows.
"""

from __future__ import annotations

from .errors import (
    DatabaseUnreadable,
    InvalidState,
    MoveConflict,
    RematchOpen,
    SeatsChanged,
    SettingsChanged,
    StorageBusy,
    StorageError,
    StorageFull,
    TableNotFound,
)
from .models import (
    PROVISIONAL_GAMES,
    FigureTotals,
    GameTotals,
    GuildSettings,
    LeaderboardRow,
    LoadedTable,
    Player,
    RatingPoint,
    ResultRow,
    Seat,
    SeatResult,
    SolitaireResult,
    SolitaireTotals,
    TableRow,
    display_rating,
    format_hhmm,
    parse_hhmm,
)
from .schema import latest_version
from .store import Storage

__all__ = [
    "PROVISIONAL_GAMES",
    "DatabaseUnreadable",
    "FigureTotals",
    "GameTotals",
    "GuildSettings",
    "InvalidState",
    "LeaderboardRow",
    "LoadedTable",
    "MoveConflict",
    "Player",
    "RatingPoint",
    "RematchOpen",
    "ResultRow",
    "Seat",
    "SeatResult",
    "SeatsChanged",
    "SettingsChanged",
    "SolitaireResult",
    "SolitaireTotals",
    "Storage",
    "StorageBusy",
    "StorageError",
    "StorageFull",
    "TableNotFound",
    "TableRow",
    "display_rating",
    "format_hhmm",
    "latest_version",
    "parse_hhmm",
]
