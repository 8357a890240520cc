"""Tables and their append-only move logs."""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any

from engine.records import upgraded_options, write_record

from .backend import Backend, Conn
from .errors import (
    ConstraintError,
    InvalidState,
    MoveConflict,
    RematchOpen,
    SettingsChanged,
    TableNotFound,
)
from .lobbies import live_rematch, locked_column, write_seats
from .models import GAMES, SHARD_BITS, LoadedTable, Seat, TableRow

log = logging.getLogger(__name__)

_COLUMNS = (
    "id, guild_id, channel_id, message_id, game, options, host_id, status, seed, deal,"
    " created_at, updated_at, deadline, last_seq, settings"
)


def _table(row: Sequence[Any], seats: Sequence[Seat]) -> TableRow:
    return TableRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        message_id=row[3],
        game=row[4],
        # read as RULES reads it: a table stored before issue 54 may say `rounds: 0`
        options=upgraded_options(row[4], json.loads(row[5])),
        host_id=row[6],
        status=row[7],
        seed=row[8],
        deal=json.loads(row[9]) if row[9] is not None else None,
        created_at=row[10],
        updated_at=row[11],
        deadline=row[12],
        last_seq=row[13],
        settings=json.loads(row[14]),
        seats=tuple(seats),
    )


async def _seats_by_table(
    conn: Conn, where: str, params: Sequence[Any]
) -> dict[int, list[Seat]]:
    """Seats of the tables selected by `where` (a condition on game_tables t), in seat order."""
    sql = f"""
        SELECT s.table_id, s.user_id, s.ai_level, s.name
        FROM seats s JOIN game_tables t ON t.id = s.table_id
        WHERE {where}
        ORDER BY s.table_id, s.seat
    """
    out: dict[int, list[Seat]] = defaultdict(list)
    for table_id, user_id, ai_level, name in await conn.execute_fetchall(sql, params):
        out[table_id].append(Seat(user_id, ai_level, name))
    return out


async def _select_tables(conn: Conn, where: str, params: Sequence[Any]) -> list[TableRow]:
    """Tables matching `where` (a condition on game_tables t), seats included: two queries."""
    cols = ", ".join(f"t.{c.strip()}" for c in _COLUMNS.split(","))
    rows = await conn.execute_fetchall(
        f"SELECT {cols} FROM game_tables t WHERE {where} ORDER BY t.id", params
    )
    rows = list(rows)
    if not rows:
        return []
    seats = await _seats_by_table(conn, where, params)
    return [_table(row, seats.get(row[0], [])) for row in rows]


def _active_clause(active_only: bool) -> str:
    return "t.status IN ('lobby', 'playing')" if active_only else "1 = 1"


async def insert_table(
    conn: Conn, now: float, *, guild_id: int | None, channel_id: int, message_id: int | None,
    game: str, options: dict[str, Any] | None, host_id: int, seed: int | None,
    deal: dict[str, Any] | None, deadline: float | None, settings: dict[str, Any] | None,
    seats: Sequence[Seat],
) -> int:
    """Insert a lobby table and its seats inside the caller's transaction; its id."""
    created = await conn.execute_fetchall(
        """
        INSERT INTO game_tables (guild_id, channel_id, message_id, game, options,
                                 host_id, status, seed, deal, created_at, updated_at,
                                 deadline, settings)
        VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)
        RETURNING id
        """,
        (guild_id, channel_id, message_id, game,
         json.dumps(upgraded_options(game, options or {})), host_id,
         seed, None if deal is None else json.dumps(deal), now, now, deadline,
         json.dumps(settings or {})),
    )
    table_id = int(created[0][0])
    await write_seats(conn, table_id, seats)
    return table_id


class TablesMixin:
    """Table and move-log methods of `Storage`."""

    _db: Backend

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        seats: Sequence[Seat] = (),
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deal: dict[str, Any] | None = None,
        message_id: int | None = None,
        deadline: float | None = None,
        settings: dict[str, Any] | None = None,
        rematch_of: int | None = None,
    ) -> TableRow:
        """Create a table in the lobby and return it. Raises ValueError for an unknown game.

        `settings` is how the table runs (seats wanted, turn time...), kept apart from
        the game `options` that its record holds. With `rematch_of` (a finished table
        this one replays), raises RematchOpen instead when that table's rematch is
        live already, whichever process opened it.
        """
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        now = self._db.now()
        async with self._db.write() as conn:
            if rematch_of is not None:
                found = await live_rematch(conn, rematch_of, guild_id)
                if found is not None:
                    raise RematchOpen(found)
            table_id = await insert_table(
                conn, now, guild_id=guild_id, channel_id=channel_id, message_id=message_id,
                game=game, options=options, host_id=host_id, seed=seed, deal=deal,
                deadline=deadline, settings=settings, seats=seats)
            tables = await _select_tables(conn, "t.id = ?", (table_id,))
        return tables[0]

    async def get_table(self, table_id: int) -> TableRow | None:
        """The table with that id, or None."""
        async with self._db.read() as conn:
            tables = await _select_tables(conn, "t.id = ?", (table_id,))
        return tables[0] if tables else None

    async def load_table(self, table_id: int) -> LoadedTable | None:
        """The table with its move log, read in one snapshot, or None."""
        async with self._db.read() as conn:
            tables = await _select_tables(conn, "t.id = ?", (table_id,))
            if not tables:
                return None
            rows = await conn.execute_fetchall(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
            )
        return LoadedTable(tables[0], tuple(r[0] for r in rows))

    async def _update(self, table_id: int, assignments: str, params: Sequence[Any]) -> None:
        """UPDATE one table's columns (plus updated_at); raises TableNotFound."""
        async with self._db.write() as conn:
            cur = await conn.execute(
                f"UPDATE game_tables SET {assignments}, updated_at = ? WHERE id = ?",
                (*params, self._db.now(), table_id),
            )
            if cur.rowcount == 0:
                raise TableNotFound(table_id)

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the id of the table's public message. Raises TableNotFound."""
        await self._update(table_id, "message_id = ?", (message_id,))

    async def set_table_place(self, table_id: int, channel_id: int,
                              settings: dict[str, Any]) -> None:
        """Move the table to another channel (a thread opened for it), with its settings
        saying where it was asked for; its message there is not posted yet. Raises
        TableNotFound."""
        await self._update(table_id, "channel_id = ?, message_id = NULL, settings = ?",
                           (channel_id, json.dumps(settings)))

    async def set_table_settings(self, table_id: int, settings: dict[str, Any], *,
                                 expected: dict[str, Any] | None = None) -> None:
        """Replace how the table runs (its `settings` JSON) — with `expected`, only if the
        stored settings are still those (the row locked meanwhile on PostgreSQL). Raises
        TableNotFound, SettingsChanged."""
        if expected is None:
            await self._update(table_id, "settings = ?", (json.dumps(settings),))
            return
        async with self._db.write() as conn:
            stored = json.loads(await locked_column(conn, table_id, "settings"))
            if stored != json.loads(json.dumps(expected)):  # tuples = lists
                raise SettingsChanged(table_id)
            await conn.execute("UPDATE game_tables SET settings = ?, updated_at = ? WHERE id = ?",
                               (json.dumps(settings), self._db.now(), table_id))

    async def append_move(
        self,
        table_id: int,
        seq: int,
        move: str,
        *,
        deadline: float | None,
    ) -> None:
        """Append move number `seq` (1 for the first) and commit it with the table's new fields.

        In one transaction: the move row, last_seq, updated_at and the new deadline (None
        clears it). Raises MoveConflict unless seq is the table's
        last seq + 1 (also when another connection or process stored it first),
        InvalidState unless the table is playing, TableNotFound.
        """
        now = self._db.now()
        async with self._db.write() as conn:
            cur = await conn.execute(
                """
                UPDATE game_tables
                SET last_seq = ?, updated_at = ?, deadline = ?
                WHERE id = ? AND last_seq = ? AND status = 'playing'
                """,
                (seq, now, deadline, table_id, seq - 1),
            )
            if cur.rowcount != 1:
                rows = list(await conn.execute_fetchall(
                    "SELECT last_seq, status FROM game_tables WHERE id = ?", (table_id,)
                ))
                if not rows:
                    raise TableNotFound(table_id)
                last_seq, current = rows[0]
                if last_seq != seq - 1:
                    raise MoveConflict(table_id, seq, last_seq)
                raise InvalidState(f"table {table_id} is {current}, not playing")
            try:
                await conn.execute(
                    "INSERT INTO moves (table_id, seq, move, created_at) VALUES (?, ?, ?, ?)",
                    (table_id, seq, move, now),
                )
            except ConstraintError as exc:
                # The UNIQUE (table_id, seq) key: only reachable if last_seq was tampered with.
                raise MoveConflict(table_id, seq, None) from exc

    async def moves(self, table_id: int) -> list[str]:
        """The table's moves in order (empty for an unknown table)."""
        rows = await self._db.fetch(
            "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [r[0] for r in rows]

    async def record(self, table_id: int) -> dict[str, Any]:
        """The table as a game record (RULES.md "Game records", written by the engine's one
        writer): game, options, players, deal and seed (each when stored), moves. Raises
        TableNotFound."""
        loaded = await self.load_table(table_id)
        if loaded is None:
            raise TableNotFound(table_id)
        table = loaded.table
        return write_record(table.game, table.options, [s.name for s in table.seats],
                            deal=table.deal, seed=table.seed, moves=loaded.moves)

    async def active_tables(
        self, *, shards: Collection[int] | None = None, shard_count: int = 1
    ) -> list[LoadedTable]:
        """Every table in the lobby or playing, with its moves: three queries in one snapshot.

        With `shards`, only the tables of those shards out of `shard_count` (a table is
        in the shard of its guild, storage.models.shard_of; outside a guild, shard 0).
        """
        where = "t.status IN ('lobby', 'playing')"
        params: list[int] = []
        if shards is not None:
            wanted = sorted(set(shards)) or [-1]
            where += (f" AND ((coalesce(t.guild_id, 0) >> {SHARD_BITS}) % ?)"
                      f" IN ({', '.join('?' * len(wanted))})")
            params = [shard_count, *wanted]
        async with self._db.read() as conn:
            tables = await _select_tables(conn, where, params)
            rows = await conn.execute_fetchall(
                f"""
                SELECT m.table_id, m.move
                FROM game_tables t JOIN moves m ON m.table_id = t.id
                WHERE {where}
                ORDER BY m.table_id, m.seq
                """,
                params,
            )
        moves: dict[int, list[str]] = defaultdict(list)
        for table_id, move in rows:
            moves[table_id].append(move)
        return [LoadedTable(t, tuple(moves.get(t.id, ()))) for t in tables]

    async def tables_in_channel(
        self, channel_id: int, *, active_only: bool = True
    ) -> list[TableRow]:
        """The channel's tables (only lobby/playing ones unless active_only is False)."""
        async with self._db.read() as conn:
            return await _select_tables(
                conn, f"t.channel_id = ? AND {_active_clause(active_only)}", (channel_id,)
            )

    async def mark_sent(self, table_id: int, seq: int, kind: str, user_id: int) -> bool:
        """Record that notification `kind` for move `seq` went to `user_id`.

        Returns False (and changes nothing) if it was already recorded, so nothing is sent
        twice. Raises StorageError for an unknown table.
        """
        async with self._db.write() as conn:
            cur = await conn.execute(
                """
                INSERT INTO sent_notifications (table_id, seq, kind, user_id, sent_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """,
                (table_id, seq, kind, user_id, self._db.now()),
            )
            return cur.rowcount == 1
