"""The connection: pragmas, numbered migrations, transactions and the storage errors.

One `Database` wraps one aiosqlite connection. Every statement runs under one
`asyncio.Lock`, so the coroutines of the bot never interleave their statements
inside each other's transactions; other processes are kept out by SQLite's own
locks (`BEGIN IMMEDIATE` plus `busy_timeout`).
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{3})_[A-Za-z0-9_]+\.sql$")


class StorageError(Exception):
    """Anything storage could not do; the message says what and why."""


class DatabaseUnreadable(StorageError):
    """The database file cannot be opened or is corrupt; the message names the file."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"cannot use database file {str(path)!r}: {reason}")
        self.path = str(path)
        self.reason = reason


class StorageBusy(StorageError):
    """Another process held the database's lock for longer than the busy timeout."""


class StorageFull(StorageError):
    """The disk (or the file's size limit) is full: nothing more can be written."""


_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def storage_error(exc: sqlite3.Error, what: str) -> StorageError:
    """`exc` as the StorageError a caller can name to a user: busy, full, or other."""
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF  # the primary result code
    kind = (StorageBusy if code in _BUSY_CODES
            else StorageFull if code == sqlite3.SQLITE_FULL else StorageError)
    return kind(f"{what} ({exc})")


class MoveConflict(StorageError):
    """A move was appended with a sequence number other than the table's last + 1."""

    def __init__(self, table_id: int, seq: int, last_seq: int | None) -> None:
        if last_seq is None:
            detail = "another writer stored that move first"
        else:
            detail = f"the last stored move is {last_seq}, so the next must be {last_seq + 1}"
        super().__init__(f"move {seq} of table {table_id} conflicts: {detail}")
        self.table_id = table_id
        self.seq = seq
        self.last_seq = last_seq


class TableNotFound(StorageError):
    """No table has that id."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table with id {table_id}")
        self.table_id = table_id


class InvalidState(StorageError):
    """The table is not in a status that allows the operation."""


@dataclass(frozen=True)
class Migration:
    """One numbered migration file."""

    version: int
    path: Path

    def statements(self) -> list[str]:
        """The file's SQL split into complete statements (triggers kept whole)."""
        out: list[str] = []
        buf = ""
        for line in self.path.read_text(encoding="utf-8").splitlines(keepends=True):
            buf += line
            if sqlite3.complete_statement(buf):
                if buf.strip():
                    out.append(buf.strip())
                buf = ""
        if buf.strip() and not all(
            ln.strip().startswith("--") or not ln.strip() for ln in buf.splitlines()
        ):
            raise StorageError(f"migration {self.path.name} ends with an incomplete statement")
        return out


def migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files of `directory`, in order; numbers must be 1, 2, 3 ... without gaps.

    Raises StorageError if the numbering has a gap or a duplicate.
    """
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise StorageError(f"badly named migration file {path.name}")
        found.append(Migration(int(match.group(1)), path))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise StorageError(f"migration {migration.path.name} should be number {expected:03d}")
    return found


def latest_version() -> int:
    """The schema version this code writes (the number of the last migration)."""
    found = migrations()
    return found[-1].version if found else 0


class Database:
    """One connection to one SQLite file, with a lock and transaction helpers."""

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, clock: Callable[[], float]
    ) -> None:
        self.conn = conn
        self.path = path
        self.clock = clock
        self.lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        clock: Callable[[], float] = time.time,
        quick_check: bool = True,
    ) -> Database:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        Creates the parent folder, sets WAL mode, foreign keys and the busy timeout,
        optionally runs `PRAGMA quick_check`, then applies the pending migrations.
        Raises DatabaseUnreadable (naming the file) if the file is not a usable
        SQLite database or was written by a newer schema.
        """
        path = Path(path)
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
            rows = list(await conn.execute_fetchall("PRAGMA quick_check"))
            if [r[0] for r in rows] != ["ok"]:
                problems = "; ".join(str(r[0]) for r in rows[:3])
                raise DatabaseUnreadable(self.path, f"it is corrupt ({problems})")
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

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction (`BEGIN IMMEDIATE`): committed on success, rolled back on error.

        sqlite3 errors are re-raised as StorageError (StorageErrors pass unchanged).
        """
        async with self.lock:
            conn = self.conn
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise storage_error(exc, f"{self.path}: cannot start a write") from exc
            try:
                yield conn
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
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction: every query inside sees the same committed snapshot."""
        async with self.lock:
            conn = self.conn
            try:
                await conn.execute("BEGIN")
                try:
                    yield conn
                finally:
                    if conn.in_transaction:
                        await conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise storage_error(exc, f"{self.path}: a read failed") from exc

    def now(self) -> float:
        """The current UTC time in unix seconds, from the injectable clock."""
        return self.clock()

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        async with self.lock:
            await self.conn.close()
