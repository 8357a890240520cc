"""`Storage`: the one object the bot holds, with every storage method."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from .db import Database
from .players import PlayersMixin
from .results import ResultsMixin
from .settings import SettingsMixin
from .stats import StatsMixin
from .tables import TablesMixin

log = logging.getLogger(__name__)


class Storage(TablesMixin, ResultsMixin, StatsMixin, PlayersMixin, SettingsMixin):
    """All persistence of the bot, over one SQLite connection.

    Open with `await Storage.open(path)`, close with `await store.close()`.
    """

    def __init__(self, db: Database) -> None:
        self._db = db

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        clock: Callable[[], float] = time.time,
        quick_check: bool = True,
    ) -> Storage:
        """Open the database file (creating it and its folder if needed) and migrate it.

        Raises DatabaseUnreadable, naming the file, if it is not a usable SQLite database
        (corrupt, not SQLite, unreadable, or from a newer schema).
        """
        db = await Database.open(path, clock=clock, quick_check=quick_check)
        log.info("opened %s (schema %d)", db.path, await db.user_version())
        return cls(db)

    @property
    def path(self) -> Path:
        """The database file."""
        return self._db.path

    async def schema_version(self) -> int:
        """The schema version of the open file."""
        async with self._db.lock:
            return await self._db.user_version()

    async def close(self) -> None:
        """Close the connection. The object must not be used afterwards."""
        await self._db.close()
