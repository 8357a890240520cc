"""A table's lobby in storage: its seats, settings, start, end without results, rematch.

Every change here is conditional, checked inside its own transaction, because the
process making it may have read the table a moment ago (another process's click, a
shard being handed over): seats change only if they are still the seats read, a
table starts only from the lobby and with those seats, and a table closes only from
the statuses it may close from. PostgreSQL: the table's row is locked (FOR UPDATE)
for the transaction, so two processes checking one table take turns (SQLite's writes
always do).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .backend import Backend, Conn
from .errors import InvalidState, SeatsChanged, SettingsChanged, TableNotFound
from .models import ACTIVE_STATUSES, STATUSES, Seat

_INSERT_SEAT = "INSERT INTO seats (table_id, seat, user_id, ai_level, name) VALUES (?, ?, ?, ?, ?)"


async def locked_column(conn: Conn, table_id: int, column: str) -> Any:
    """Lock the table's row (PostgreSQL; until the transaction ends) and return one of its
    columns: what a conditional change checks first. Raises TableNotFound."""
    rows = list(await conn.execute_fetchall(
        f"SELECT {column} FROM game_tables WHERE id = ?" + conn.for_update, (table_id,)
    ))
    if not rows:
        raise TableNotFound(table_id)
    return rows[0][0]


async def require_status(conn: Conn, table_id: int, allowed: Sequence[str]) -> str:
    """Lock the table's row (PostgreSQL) and return its status. Raises TableNotFound, or
    InvalidState unless the status is one of `allowed`."""
    status = str(await locked_column(conn, table_id, "status"))
    if status not in allowed:
        raise InvalidState(f"table {table_id} is {status}")
    return status


async def read_seats(conn: Conn, table_id: int) -> list[Seat]:
    """The table's stored seats, in order."""
    rows = await conn.execute_fetchall(
        "SELECT user_id, ai_level, name FROM seats WHERE table_id = ? ORDER BY seat",
        (table_id,),
    )
    return [Seat(*row) for row in rows]


async def _require_seats(conn: Conn, table_id: int, expected: Sequence[Seat] | None) -> None:
    """Raise SeatsChanged unless the table's stored seats are `expected` (None: any)."""
    if expected is not None and await read_seats(conn, table_id) != list(expected):
        raise SeatsChanged(table_id)


async def _require_settings(conn: Conn, table_id: int,
                            expected: dict[str, Any] | None) -> None:
    """Raise SettingsChanged unless the table's stored settings are `expected` (None: any)."""
    if expected is None:
        return
    stored = json.loads(await locked_column(conn, table_id, "settings"))
    if stored != json.loads(json.dumps(expected)):  # tuples = lists
        raise SettingsChanged(table_id)


async def _write_settings(conn: Conn, table_id: int, settings: dict[str, Any] | None) -> None:
    if settings is not None:
        await conn.execute("UPDATE game_tables SET settings = ? WHERE id = ?",
                           (json.dumps(settings), table_id))


async def write_seats(conn: Conn, table_id: int, seats: Sequence[Seat]) -> None:
    """Replace the table's seats by `seats`, in order."""
    await conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    await conn.executemany(_INSERT_SEAT, [(table_id, i, s.user_id, s.ai_level, s.name)
                                          for i, s in enumerate(seats)])


async def live_rematch(conn: Conn, old_id: int, guild_id: int | None) -> int | None:
    """The live table (lobby or game) replaying finished table `old_id`, if there is one.

    Locks the old table's row first, so that two processes opening its rematch at once
    take turns and the second finds the first's (READ COMMITTED: each statement sees
    what was committed before it began).
    """
    await conn.execute_fetchall("SELECT id FROM game_tables WHERE id = ?" + conn.for_update,
                                (old_id,))
    # A rematch opens in the old table's guild: its live tables are few, and their
    # settings JSON is read here rather than in each database's own JSON dialect.
    rows = await conn.execute_fetchall(
        "SELECT id, settings FROM game_tables"
        " WHERE status IN ('lobby', 'playing') AND coalesce(guild_id, 0) = ? ORDER BY id",
        (guild_id or 0,),
    )
    for table_id, settings in rows:
        if json.loads(settings).get("rematch_of") == old_id:
            return int(table_id)
    return None


class LobbiesMixin:
    """Lobby methods of `Storage`: seats, start, closing; each checked as it commits."""

    _db: Backend

    async def set_status(
        self, table_id: int, status: str, *, deadline: float | None = None,
        only_from: Sequence[str] | None = None,
    ) -> None:
        """Set the status and the deadline (None clears it).

        With `only_from`, only a table now in one of those statuses changes (a lobby
        is abandoned only while still a lobby, a live table cancelled only while live):
        InvalidState otherwise, changing nothing. Raises TableNotFound, ValueError.
        """
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        async with self._db.write() as conn:
            await require_status(conn, table_id, STATUSES if only_from is None else only_from)
            await conn.execute(
                "UPDATE game_tables SET status = ?, deadline = ?, updated_at = ? WHERE id = ?",
                (status, deadline, self._db.now(), table_id),
            )

    async def update_seats(
        self, table_id: int, seats: Sequence[Seat], *, expected: Sequence[Seat] | None = None,
        statuses: Sequence[str] = ACTIVE_STATUSES, settings: dict[str, Any] | None = None,
        expected_settings: dict[str, Any] | None = None,
    ) -> None:
        """Replace the table's seats, in order, in one transaction (and its `settings`
        JSON with them, if given: a person taking the seat held for them, tables.holds).

        With `expected`, only if the stored seats are still those (SeatsChanged
        otherwise: another process changed them since they were read); with
        `expected_settings`, only if the stored settings are still those (SettingsChanged
        otherwise). Raises TableNotFound, or InvalidState unless the table's status is one
        of `statuses`.
        """
        async with self._db.write() as conn:
            await require_status(conn, table_id, statuses)
            await _require_seats(conn, table_id, expected)
            await _require_settings(conn, table_id, expected_settings)
            await write_seats(conn, table_id, seats)
            await _write_settings(conn, table_id, settings)
            await conn.execute(
                "UPDATE game_tables SET updated_at = ? WHERE id = ?", (self._db.now(), table_id)
            )

    async def set_lobby_settings(self, table_id: int, settings: dict[str, Any], *,
                                 expected: dict[str, Any], deadline: float | None) -> None:
        """Change how a lobby will run (its `settings` JSON) and its deadline, in one
        transaction: only while it is a lobby (InvalidState otherwise) and its stored
        settings are still `expected` (SettingsChanged otherwise: another process changed
        them since they were read). Raises TableNotFound."""
        async with self._db.write() as conn:
            await require_status(conn, table_id, ("lobby",))
            await _require_settings(conn, table_id, expected)
            await conn.execute(
                "UPDATE game_tables SET settings = ?, deadline = ?, updated_at = ? WHERE id = ?",
                (json.dumps(settings), deadline, self._db.now(), table_id),
            )

    async def start_table(
        self,
        table_id: int,
        *,
        deadline: float | None,
        seats: Sequence[Seat] | None = None,
        seed: int | None = None,
        deal: dict[str, Any] | None = None,
        expected: Sequence[Seat] | None = None,
        settings: dict[str, Any] | None = None,
        expected_settings: dict[str, Any] | None = None,
    ) -> None:
        """Move a lobby table to 'playing' with its deal (and seats and settings JSON, if
        given: the seats held for invited people, tables.holds), in one transaction.

        With `expected`, only if the stored seats are still those the deal was made for
        (SeatsChanged otherwise); with `expected_settings`, only if the stored settings
        are still those (SettingsChanged otherwise). Raises TableNotFound, InvalidState if
        the table is not in the lobby, ValueError if neither a seed nor a deal is given
        here or at creation.
        """
        async with self._db.write() as conn:
            await require_status(conn, table_id, ("lobby",))
            await _require_seats(conn, table_id, expected)
            await _require_settings(conn, table_id, expected_settings)
            if seats is not None:
                await write_seats(conn, table_id, seats)
            await _write_settings(conn, table_id, settings)
            await conn.execute(
                """
                UPDATE game_tables
                SET status = 'playing', deadline = ?, updated_at = ?,
                    seed = coalesce(?, seed), deal = coalesce(?, deal)
                WHERE id = ?
                """,
                (deadline, self._db.now(), seed,
                 None if deal is None else json.dumps(deal), table_id),
            )
            rows = list(await conn.execute_fetchall(
                "SELECT seed IS NULL AND deal IS NULL FROM game_tables WHERE id = ?", (table_id,)
            ))
            if rows[0][0]:
                raise ValueError(f"table {table_id} has neither a seed nor a deal")
