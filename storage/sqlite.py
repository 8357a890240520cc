"""The SQLite backend: one aiosqlite connection to one file, with a lock, transactions
and the migrations of `storage.schema`.

One `SqliteDatabase` wraps one aiosqlite connection. Every statement runs under one
`asyncio.Lock`, so the coroutines of the bot never interleave their statements
inside each other's transactions; other processes are kept out by SQLite's own
locks (`BEGIN IMMEDIATE` plus `busy_timeout`).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

from .backend import Conn, Executed, Params, Row
from .errors import DatabaseUnreadable, StorageError, constraint_errors, storage_error
from .schema import latest_version, migrations

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000


class SqliteConn:
    """`Conn` over aiosqlite: its own methods, with integrity errors translated."""

    dialect = "sqlite"
    for_update = ""

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Params = ()) -> Executed:
        with constraint_errors(sqlite3.IntegrityError):
            return await self.raw.execute(sql, params)

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        with constraint_errors(sqlite3.IntegrityError):
            await self.raw.executemany(sql, params)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        with constraint_errors(sqlite3.IntegrityError):
            return list(await self.raw.execute_fetchall(sql, params))

    async def serialize(self, key: int) -> None:
        """Nothing to do: `BEGIN IMMEDIATE` already makes every write transaction the only one."""


class SqliteDatabase:
    """The SQLite backend: one connection to one file, with a lock and transaction helpers."""

    dialect = "sqlite"

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, clock: Callable[[], float], *,
        read_only: bool = False,
    ) -> None:
        self.conn = conn
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self.lock = asyncio.Lock()
        self.wrapped = SqliteConn(conn)

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        clock: Callable[[], float] = time.time,
        quick_check: bool = True,
        read_only: bool = False,
    ) -> SqliteDatabase:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        Creates the parent folder, sets WAL mode, foreign keys and the busy timeout,
        optionally runs `PRAGMA quick_check`, then applies the pending migrations.
        Raises DatabaseUnreadable (naming the file) if the file is not a usable
        SQLite database or was written by a newer schema.

        `read_only`: for tools. The file must exist; it is opened as it is (any schema
        version, no migration, no change of journal mode) and every write is refused.
        """
        path = Path(path)
        if read_only:
            return await cls._open_read_only(path, clock, quick_check=quick_check)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseUnreadable(path, f"cannot create its folder ({exc})") from exc
        if path.exists() and not path.is_file():
            raise DatabaseUnreadable(path, "it is not a regular file")
        try:
            conn = await aiosqlite.connect(
                path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000
            )
        except sqlite3.Error as exc:
            raise DatabaseUnreadable(path, str(exc)) from exc
        db = cls(conn, path, clock)
        try:
            await db._configure(quick_check=quick_check)
            await db._migrate()
        except DatabaseUnreadable:
            await conn.close()
            raise
        except (sqlite3.Error, StorageError) as exc:
            await conn.close()
            raise DatabaseUnreadable(path, str(exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return db

    @classmethod
    async def _open_read_only(cls, path: Path, clock: Callable[[], float], *,
                              quick_check: bool) -> SqliteDatabase:
        if not path.is_file():
            raise DatabaseUnreadable(path, "no such file")
        try:
            conn = await aiosqlite.connect(f"file:{quote(str(path.resolve()))}?mode=ro",
                                           uri=True, isolation_level=None,
                                           timeout=BUSY_TIMEOUT_MS / 1000)
        except sqlite3.Error as exc:
            raise DatabaseUnreadable(path, str(exc)) from exc
        db = cls(conn, path, clock, read_only=True)
        try:
            await conn.execute_fetchall("SELECT count(*) FROM sqlite_schema")
            if quick_check:
                await db._quick_check()
            await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise DatabaseUnreadable(path, str(exc)) from exc
            raise
        return db

    async def _quick_check(self) -> None:
        rows = list(await self.conn.execute_fetchall("PRAGMA quick_check"))
        if [r[0] for r in rows] != ["ok"]:
            problems = "; ".join(str(r[0]) for r in rows[:3])
            raise DatabaseUnreadable(self.path, f"it is corrupt ({problems})")

    async def _configure(self, *, quick_check: bool) -> None:
        """Set the connection's pragmas and check the file is a sane database."""
        conn = self.conn
        # Reading the schema fails at once with "file is not a database" for a non-SQLite file.
        await conn.execute_fetchall("SELECT count(*) FROM sqlite_schema")
        version = await self.user_version()
        if version > latest_version():
            raise DatabaseUnreadable(
                self.path,
                f"its schema version {version} is newer than this code ({latest_version()})",
            )
        if quick_check:
            await self._quick_check()
        mode = list(await conn.execute_fetchall("PRAGMA journal_mode=WAL"))
        if mode[0][0] != "wal":
            log.warning("%s: journal mode is %s, not wal", self.path, mode[0][0])
        # synchronous=NORMAL under WAL: a commit is in the WAL file (in the OS's cache)
        # before COMMIT returns, so every committed move survives the process being
        # killed (SIGKILL, a crash). Only a power loss or OS crash may lose the last
        # few commits; it can never corrupt the file.
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")

    async def user_version(self) -> int:
        """The schema version recorded in the file (`PRAGMA user_version`)."""
        rows = list(await self.conn.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0])

    async def _migrate(self) -> None:
        """Apply every migration above the file's user_version, each in its own transaction.

        The version is re-read inside `BEGIN IMMEDIATE`, so two processes starting at
        once apply each migration once; running this twice changes nothing.
        """
        for migration in migrations():
            async with self.write() as conn:
                current = await self.user_version()
                if current >= migration.version:
                    continue
                log.info("%s: applying migration %s", self.path, migration.path.name)
                for statement in migration.statements():
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={migration.version}")

    async def schema_version(self) -> int:
        """The schema version recorded in the file."""
        async with self.lock:
            return await self.user_version()

    def describe(self) -> str:
        """The file, for messages."""
        return str(self.path)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        """A write transaction (`BEGIN IMMEDIATE`): committed on success, rolled back on error.

        sqlite3 errors are re-raised as StorageError (StorageErrors pass unchanged);
        a database opened read-only refuses with StorageError.
        """
        if self.read_only:
            raise StorageError(f"{self.path} is open read-only: nothing can be written")
        async with self.lock:
            conn = self.conn
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise storage_error(exc, f"{self.path}: cannot start a write") from exc
            try:
                yield self.wrapped
                await conn.execute("COMMIT")
            except BaseException as exc:
                await self._rollback()
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(exc, f"{self.path}: a write failed") from exc
                raise

    async def _rollback(self) -> None:
        """Roll back the open transaction, if any; a failure here is logged, not raised."""
        if not self.conn.in_transaction:
            return
        try:
            await self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            log.exception("%s: rollback failed", self.path)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """A read transaction: every query inside sees the same committed snapshot."""
        async with self.lock:
            conn = self.conn
            try:
                await conn.execute("BEGIN")
                try:
                    yield self.wrapped
                finally:
                    if conn.in_transaction:
                        await conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise storage_error(exc, f"{self.path}: a read failed") from exc

    async def fetch(self, sql: str, params: Params = ()) -> Sequence[Row]:
        """The rows of one query, outside any explicit transaction."""
        async with self.lock:
            try:
                return list(await self.conn.execute_fetchall(sql, params))
            except sqlite3.Error as exc:
                raise storage_error(exc, f"{self.path}: a read failed") from exc

    def now(self) -> float:
        """The current UTC time in unix seconds, from the injectable clock."""
        return self.clock()

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        async with self.lock:
            await self.conn.close()
