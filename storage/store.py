"""`Storage`: the one object the bot holds, with every storage method."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from .backend import Backend
from .boards import BoardsMixin
from .daily import DailyMixin
from .forming import FormingMixin
from .hand_messages import HandMessagesMixin
from .languages import LanguagesMixin
from .lobbies import LobbiesMixin
from .offers import OffersMixin
from .players import PlayersMixin
from .privacy import PrivacyMixin
from .queue import QueueMixin
from .results import ResultsMixin
from .reviews import ReviewsMixin
from .schedules import SchedulesMixin
from .server_erasure import ServerErasureMixin
from .server_settings import SettingsMixin
from .sqlite import SqliteDatabase
from .stats import StatsMixin
from .tables import TablesMixin
from .tournaments import TournamentsMixin

log = logging.getLogger(__name__)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres(target: Path | str) -> bool:
    """Whether `target` names a PostgreSQL database (a postgresql:// URL)."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: Path | str) -> Path:
    """The file of an SQLite target: a path, or `sqlite:///path` (`sqlite:////abs` for an
    absolute one, as SQLAlchemy writes them). Raises ValueError for another URL."""
    if isinstance(target, Path):
        return target
    if target.startswith(SQLITE_SCHEME):
        return Path(target[len(SQLITE_SCHEME):])
    if "://" in target:
        raise ValueError(f"unknown database URL {target!r}: use sqlite:///path or postgresql://")
    return Path(target)


class Storage(TablesMixin, LobbiesMixin, ResultsMixin, StatsMixin, PlayersMixin,
              SettingsMixin, DailyMixin, LanguagesMixin, HandMessagesMixin, BoardsMixin,
              QueueMixin, SchedulesMixin, TournamentsMixin, PrivacyMixin,
              ServerErasureMixin, FormingMixin, OffersMixin, ReviewsMixin):
    """All persistence of the bot, over SQLite (one file) or PostgreSQL (a pool).

    Open with `await Storage.open(path_or_url)`, close with `await store.close()`.
    """

    def __init__(self, db: Backend) -> None:
        self._db = db

    @classmethod
    async def open(
        cls,
        target: Path | str,
        *,
        clock: Callable[[], float] = time.time,
        quick_check: bool = True,
        node: str | None = None,
        read_only: bool = False,
    ) -> Storage:
        """Open the database and migrate it: a file path, `sqlite:///path` or `postgresql://...`.

        `node` names this process on PostgreSQL (see storage.cluster); SQLite ignores it.
        `read_only` (for tools, e.g. `python -m storage check`): the database is opened as
        it is, with no migration and nothing created; every write raises StorageError.
        Its schema may be older or newer than this code's: compare `schema_version()`
        with `latest_version()` before trusting the other methods.

        An SQLite file (and its folder) is created if needed. Raises DatabaseUnreadable,
        naming the file or the URL (without its password), if it is not usable (corrupt,
        not SQLite, unreachable, or from a newer schema); ValueError for an unknown URL.
        """
        db: Backend
        if is_postgres(target):
            from .postgres import PostgresDatabase  # asyncpg is only needed for PostgreSQL

            db = await PostgresDatabase.open(str(target), clock=clock, node=node,
                                             read_only=read_only)
        else:
            db = await SqliteDatabase.open(sqlite_path(target), clock=clock,
                                           quick_check=quick_check, read_only=read_only)
        log.info("opened %s (schema %d)", db.describe(), await db.schema_version())
        return cls(db)

    @property
    def backend(self) -> Backend:
        """The database under this object (`storage.sqlite` or `storage.postgres`), for the
        modules beside storage that speak to it directly (`storage.cluster`, `storage.copy`)."""
        return self._db

    @property
    def read_only(self) -> bool:
        """Whether it was opened read-only (see `open`)."""
        return self._db.read_only

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgres"."""
        return self._db.dialect

    @property
    def path(self) -> Path | None:
        """The SQLite file (None on PostgreSQL)."""
        return self._db.path if isinstance(self._db, SqliteDatabase) else None

    def describe(self) -> str:
        """The file or the URL (without its password), for messages."""
        return self._db.describe()

    async def schema_version(self) -> int:
        """The schema version of the open database."""
        return await self._db.schema_version()

    async def close(self) -> None:
        """Close the connection. The object must not be used afterwards."""
        await self._db.close()
