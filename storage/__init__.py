"""Persistence of the dominoes bot: every table, move, result, rating and setting, in SQLite
or PostgreSQL (`Storage.open` takes a file, `sqlite:///path` or a `postgresql://` URL).

`storage` owns all SQL. It returns the frozen dataclasses of `storage.models`, never rows.

Where things are: `store.py` the `Storage` facade and how a target is opened;
`backend.py` what every backend offers (`Backend`, `Conn`); `sqlite.py` and
`postgres.py` the two backends; `schema.py` the numbered migrations of `migrations/`;
one module per kind of data beside the SQL that reads and writes it (`tables.py` and
`lobbies.py` the tables and their seats, `results.py` the results, whose figures
(Traditional's goat, Big Clock's hours home...) are one JSON column since migration
009, `stats.py` and `ratings.py` what is added up from them, `players.py`,
`settings.py`, `languages.py`, `daily.py`, `hand_messages.py`, `tournaments.py` with
its rows in `tournament_rows.py`, `reviews.py` the computer's reviews of finished
games); `cluster.py` the processes' shard leases on PostgreSQL; `copy.py` and `cli.py`
the tools (`python -m storage`).
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
