"""What the processes of one sharded bot share through PostgreSQL: shard leases and the
notices of table changes.

A table belongs to the shard of its guild (`storage.models.shard_of`). The process
holding a shard's lease runs the timers and AI seats of that shard's tables; it renews
the lease every few seconds, and when it stops (a crash, a shut-down) another process
adopts the shard once the lease has expired. A shard's home process (the one configured with
it) asks an adopter to hand it back by setting `wanted_by`.

Every committed change of a table is told on the channel `table_changes` by a trigger
(migrations/postgres/001), so the owner of a table learns of the moves that another
process committed (a click that arrived there) and updates its table message. A bot in
another schema than `public` is told on `table_changes.<schema>` (postgres/013): channels
are the database's, and bots in two schemas must not hear each other.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import asyncpg

from .errors import StorageError
from .postgres import PostgresDatabase, redact
from .store import Storage

log = logging.getLogger(__name__)

CHANNEL = "table_changes"


def channel_of(schema: str) -> str:
    """The channel a schema's table changes are told on (as postgres/013's trigger names it)."""
    return CHANNEL if schema == "public" else f"{CHANNEL}.{schema}"[:63]


def node_name() -> str:
    """A name for this process, unique among the bot's processes (at most 63 characters)."""
    return f"{socket.gethostname()[:30]}-{os.getpid()}-{secrets.token_hex(3)}"


@dataclass(frozen=True)
class TableChange:
    """One committed change of a table, as the trigger tells it."""

    table_id: int
    seq: int
    status: str
    guild_id: int | None
    writer: str  # the node name of the process that committed it

    @staticmethod
    def parse(payload: str) -> TableChange:
        """Read "id seq status guild writer"; raises ValueError for anything else."""
        table_id, seq, status, guild, *writer = payload.split(" ")
        return TableChange(int(table_id), int(seq), status, int(guild) or None, " ".join(writer))


_CLAIM = """
    INSERT INTO shard_leases (shard_id, owner, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (shard_id) DO UPDATE
        SET owner = excluded.owner, expires_at = excluded.expires_at, wanted_by = NULL
        WHERE shard_leases.owner = excluded.owner OR shard_leases.expires_at < ?
           OR (shard_leases.wanted_by = excluded.owner AND shard_leases.expires_at <= ?)
    RETURNING shard_id
"""


class Cluster:
    """One process's leases and its listener, over the PostgreSQL database of `store`."""

    def __init__(self, store: Storage, node: str, *, lease_seconds: float = 30.0) -> None:
        db = store.backend
        if not isinstance(db, PostgresDatabase):
            raise StorageError("several processes share tables only on PostgreSQL")
        self.db = db
        self.node = node
        self.lease_seconds = lease_seconds
        self._listener: asyncpg.Connection | None = None

    async def claim(self, shards: Iterable[int]) -> set[int]:
        """Take the leases of `shards` that are free, expired, ours, or handed back to us.

        Returns the shards now held.
        """
        now = self.db.now()
        held: set[int] = set()
        async with self.db.write() as conn:
            for shard in sorted(set(shards)):
                rows = await conn.execute_fetchall(
                    _CLAIM, (shard, self.node, now + self.lease_seconds, now, now)
                )
                held.update(int(r[0]) for r in rows)
        return held

    async def want(self, shards: Iterable[int]) -> None:
        """Ask whoever holds these (home) shards to hand them back."""
        async with self.db.write() as conn:
            await conn.executemany(
                "UPDATE shard_leases SET wanted_by = ? WHERE shard_id = ? AND owner <> ?",
                [(self.node, shard, self.node) for shard in sorted(set(shards))],
            )

    async def renew(self) -> tuple[set[int], set[int]]:
        """Renew every lease held; hand back those another (home) process wants.

        Returns (renewed, handed back). A shard held before and in neither was lost
        (its lease expired and another process adopted it).
        """
        now = self.db.now()
        async with self.db.write() as conn:
            # Handed back at `now`: its home process may claim it at once, others only
            # after a whole lease (see adopt_expired).
            back = await conn.execute_fetchall(
                """
                UPDATE shard_leases SET expires_at = ?
                WHERE owner = ? AND wanted_by IS NOT NULL AND wanted_by <> ?
                RETURNING shard_id
                """,
                (now, self.node, self.node),
            )
            kept = await conn.execute_fetchall(
                """
                UPDATE shard_leases SET expires_at = ?
                WHERE owner = ? AND (wanted_by IS NULL OR wanted_by = ?)
                RETURNING shard_id
                """,
                (now + self.lease_seconds, self.node, self.node),
            )
        return {int(r[0]) for r in kept}, {int(r[0]) for r in back}

    async def adopt_expired(self, shard_count: int) -> set[int]:
        """Take over the shards whose holder stopped renewing; returns those adopted.

        A shard handed back to a home process that has not claimed it within a lease
        is adopted too (its home process died meanwhile).
        """
        now = self.db.now()
        async with self.db.write() as conn:
            rows = await conn.execute_fetchall(
                """
                UPDATE shard_leases SET owner = ?, expires_at = ?, wanted_by = NULL
                WHERE shard_id < ? AND owner <> ? AND expires_at < ?
                  AND (wanted_by IS NULL OR expires_at < ?)
                RETURNING shard_id
                """,
                (self.node, now + self.lease_seconds, shard_count, self.node, now,
                 now - self.lease_seconds),
            )
        return {int(r[0]) for r in rows}

    async def release(self) -> None:
        """Let every lease held expire now, so another process adopts the shards at once."""
        async with self.db.write() as conn:
            await conn.execute(
                "UPDATE shard_leases SET expires_at = ? WHERE owner = ?",
                (self.db.now() - 1, self.node),
            )

    async def holders(self) -> dict[int, str]:
        """Each leased shard's holder (expired leases included)."""
        rows = await self.db.fetch("SELECT shard_id, owner FROM shard_leases ORDER BY shard_id")
        return {int(shard): str(owner) for shard, owner in rows}

    # -- change notices ------------------------------------------------------------------
    async def listen(self, callback: Callable[[TableChange], None]) -> None:
        """Call `callback` for every table change committed by any process, this one included.

        Uses a connection of its own (LISTEN holds it). Raises StorageError if it cannot
        connect.
        """
        def on_notify(_conn: object, _pid: int, _channel: str, payload: str) -> None:
            try:
                change = TableChange.parse(payload)
            except ValueError:
                log.warning("unreadable table change %r", payload)
                return
            callback(change)

        try:
            self._listener = await asyncpg.connect(
                self.db.url, server_settings={"application_name": self.node}
            )
            schema = str(await self._listener.fetchval("SELECT current_schema()"))
            await self._listener.add_listener(channel_of(schema), on_notify)
        except (asyncpg.PostgresError, OSError) as exc:
            raise StorageError(f"{redact(self.db.url)}: cannot listen ({exc})") from exc

    def listening(self) -> bool:
        """Whether the listening connection is open (False once it was lost)."""
        return self._listener is not None and not self._listener.is_closed()

    async def close(self) -> None:
        """Stop listening (the leases stay until they expire or are released)."""
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
