"""The PostgreSQL backend (asyncpg): a pool, transactions, migrations, LISTEN/NOTIFY.

The same `Backend` as SQLite's `storage.sqlite.SqliteDatabase`, so every mixin runs unchanged:
SQL written with `?` (or `:name`) placeholders is numbered here ($1, $2 ...).
Transactions are READ COMMITTED; what must not interleave says so where it runs
(`Conn.for_update` on the table row, `Conn.serialize` around ratings). Reads that
take several queries run in one REPEATABLE READ snapshot.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .backend import Conn, Params, Row
from .errors import (
    DatabaseUnreadable,
    StorageBusy,
    StorageError,
    StorageFull,
    constraint_errors,
)
from .schema import POSTGRES_MIGRATIONS_DIR, latest_version, migrations

log = logging.getLogger(__name__)

POOL_SIZE = 10
# As SQLite's busy_timeout: a statement waiting longer for another process's lock fails
# (StorageBusy) instead of hanging the click behind it.
LOCK_TIMEOUT_MS = 5000
# Every pooled connection busy for this long: StorageBusy rather than an endless wait.
ACQUIRE_TIMEOUT_S = 10.0
# SQLSTATEs a user can be told about: the database is busy, or its disk is full.
_BUSY_STATES = frozenset({"55P03", "57014", "53300", "57P03", "40001", "40P01"})
_FULL_STATES = frozenset({"53100"})
MIGRATION_LOCK = 0x646F6D696E6F  # "domino": the advisory lock held while migrating
_RAW_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError)
_NAMED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    netloc = f"{parts.username}:***@{host}" if parts.username else host
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """`sql` with `?` and `:name` placeholders as $1, $2 ... (string literals untouched).

    Returns the new text and, for named placeholders, the names in number order
    (a name used twice keeps its number). Raises StorageError when both kinds are mixed.
    """
    out: list[str] = []
    names: list[str] = []
    count = 0
    i = 0
    quoted = False
    while i < len(sql):
        ch = sql[i]
        if ch == "'":
            quoted = not quoted
        elif not quoted and sql.startswith("--", i):
            end = sql.find("\n", i)
            end = len(sql) if end < 0 else end
            out.append(sql[i:end])
            i = end
            continue
        elif not quoted and ch == "?":
            count += 1
            out.append(f"${count}")
            i += 1
            continue
        elif not quoted and ch == ":" and sql[i - 1 : i] != ":" and sql[i + 1 : i + 2] != ":":
            match = _NAMED.match(sql, i + 1)
            if match is not None:
                if match.group() not in names:
                    names.append(match.group())
                out.append(f"${names.index(match.group()) + 1}")
                i = match.end()
                continue
        out.append(ch)
        i += 1
    if count and names:
        raise StorageError("a statement mixes ? and :name placeholders")
    return "".join(out), tuple(names)


def storage_error(exc: BaseException, what: str) -> StorageError:
    """`exc` as the StorageError a caller can name to a user: busy, full, or other."""
    state = getattr(exc, "sqlstate", None)
    kind = (StorageFull if state in _FULL_STATES
            else StorageBusy if state in _BUSY_STATES or isinstance(exc, asyncio.TimeoutError)
            else StorageError)
    return kind(f"{what} ({exc or type(exc).__name__})")


def _args(sql: str, params: Params) -> tuple[str, Sequence[Any]]:
    text, names = numbered(sql)
    if isinstance(params, Mapping):
        return text, [params[name] for name in names]
    return text, params


@dataclass(frozen=True)
class _Status:
    rowcount: int


def _rowcount(status: str) -> int:
    """The row count of a command tag ("UPDATE 1", "INSERT 0 1"); 0 when it has none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isascii() and last.isdigit() else 0


class PgConn:
    """`Conn` over one asyncpg connection."""

    dialect = "postgres"
    for_update = " FOR UPDATE"

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Params = ()) -> _Status:
        text, args = _args(sql, params)
        with constraint_errors(asyncpg.IntegrityConstraintViolationError):
            return _Status(_rowcount(await self.raw.execute(text, *args)))

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        batch = [list(p) for p in params]
        if not batch:
            return
        with constraint_errors(asyncpg.IntegrityConstraintViolationError):
            await self.raw.executemany(numbered(sql)[0], batch)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        text, args = _args(sql, params)
        with constraint_errors(asyncpg.IntegrityConstraintViolationError):
            return [tuple(r) for r in await self.raw.fetch(text, *args)]

    async def serialize(self, key: int) -> None:
        """Hold advisory lock `key` until this transaction ends."""
        await self.raw.execute("SELECT pg_advisory_xact_lock($1)", key)


class PostgresDatabase:
    """The PostgreSQL backend: a connection pool to one database."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str, clock: Callable[[], float], *,
                 read_only: bool = False) -> None:
        self.pool = pool
        self.url = url
        self.clock = clock
        self.read_only = read_only

    @classmethod
    async def open(
        cls, url: str, *, clock: Callable[[], float] = time.time, pool_size: int = POOL_SIZE,
        node: str | None = None, read_only: bool = False,
    ) -> PostgresDatabase:
        """Connect to the database at `url` and bring its schema up to date.

        `node` names this process to the server (application_name): the change notices
        of storage.cluster tell which process committed each change.

        Raises DatabaseUnreadable (naming the URL, without its password) if the server
        cannot be reached or the schema is newer than this code.

        `read_only`: for tools. The schema is used as it is (any version, no migration),
        every transaction is read-only on the server, and `write` refuses.
        """
        try:
            settings = {"lock_timeout": str(LOCK_TIMEOUT_MS)}
            if read_only:
                settings["default_transaction_read_only"] = "on"
            if node:
                settings["application_name"] = node
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size,
                                             server_settings=settings)
        except (*_RAW_ERRORS, ValueError) as exc:
            raise DatabaseUnreadable(redact(url), str(exc) or type(exc).__name__) from exc
        db = cls(pool, url, clock, read_only=read_only)
        if read_only:
            return db
        try:
            await db._migrate()
        except DatabaseUnreadable:
            await pool.close()
            raise
        except (*_RAW_ERRORS, StorageError) as exc:
            await pool.close()
            raise DatabaseUnreadable(redact(url), str(exc)) from exc
        except BaseException:
            pool.terminate()
            raise
        return db

    async def _migrate(self) -> None:
        """Apply every pending migration of migrations/postgres, each in its own transaction.

        The advisory lock makes two processes starting at once apply each migration once.
        """
        async with self.pool.acquire() as raw:
            for migration in migrations(POSTGRES_MIGRATIONS_DIR):
                async with raw.transaction():
                    await raw.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await raw.execute(
                        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
                    )
                    current = await self._version(raw)
                    if current > latest_version():
                        raise DatabaseUnreadable(
                            redact(self.url),
                            f"its schema version {current} is newer than this code "
                            f"({latest_version()})",
                        )
                    if current >= migration.version:
                        continue
                    log.info("%s: applying migration %s", redact(self.url), migration.path.name)
                    await raw.execute(migration.path.read_text(encoding="utf-8"))
                    await raw.execute("DELETE FROM schema_version")
                    await raw.execute(
                        "INSERT INTO schema_version (version) VALUES ($1)", migration.version
                    )

    @staticmethod
    async def _version(raw: asyncpg.Connection) -> int:
        if await raw.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0  # a database no migration has touched (seen read-only)
        value = await raw.fetchval("SELECT max(version) FROM schema_version")
        return int(value or 0)

    async def schema_version(self) -> int:
        """The schema version recorded in the database."""
        async with self.pool.acquire() as raw:
            return await self._version(raw)

    def describe(self) -> str:
        """The URL without its password, for messages."""
        return redact(self.url)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        """A write transaction: committed on success (before this returns), rolled back on error.

        asyncpg errors are re-raised as StorageError (StorageErrors pass unchanged);
        a database opened read-only refuses with StorageError.
        """
        if self.read_only:
            raise StorageError(f"{redact(self.url)} is open read-only: nothing can be written")
        try:
            async with self.pool.acquire(timeout=ACQUIRE_TIMEOUT_S) as raw, raw.transaction():
                yield PgConn(raw)
        except StorageError:
            raise
        except _RAW_ERRORS as exc:
            raise storage_error(exc, f"{redact(self.url)}: a write failed") from exc

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """A read-only transaction: every query inside sees the same committed snapshot."""
        try:
            async with self.pool.acquire(timeout=ACQUIRE_TIMEOUT_S) as raw, raw.transaction(
                isolation="repeatable_read", readonly=True
            ):
                yield PgConn(raw)
        except StorageError:
            raise
        except _RAW_ERRORS as exc:
            raise storage_error(exc, f"{redact(self.url)}: a read failed") from exc

    async def fetch(self, sql: str, params: Params = ()) -> Sequence[Row]:
        """The rows of one query (autocommit)."""
        text, args = _args(sql, params)
        try:
            return [tuple(r) for r in await self.pool.fetch(text, *args)]
        except _RAW_ERRORS as exc:
            raise storage_error(exc, f"{redact(self.url)}: a read failed") from exc

    def now(self) -> float:
        """The current UTC time in unix seconds, from the injectable clock."""
        return self.clock()

    async def close(self) -> None:
        """Close every connection of the pool (idempotent)."""
        await self.pool.close()
