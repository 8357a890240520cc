"""What every backend offers the mixins of `Storage`: `Backend` (transactions,
one-statement reads, the clock, the schema version) and `Conn` (one connection inside
a transaction), implemented by `storage.sqlite` and `storage.postgres`.

`Conn`'s methods keep aiosqlite's names. SQL is written once, with `?` placeholders (or
`:name`); the PostgreSQL connection numbers them ($1, $2 ...). Where the dialects differ
the SQL says so beside the query, through `Conn.dialect` or `Conn.for_update`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Params = Sequence[Any] | Mapping[str, Any]
Row = Sequence[Any]


class Executed(Protocol):
    """What `Conn.execute` returns: how many rows the statement changed."""

    @property
    def rowcount(self) -> int: ...


class Conn(Protocol):
    """One connection inside a transaction, the same on every backend.

    Integrity failures raise ConstraintError, whichever the database.
    """

    dialect: str  # "sqlite" or "postgres"
    for_update: str  # appended to a SELECT that locks the rows it reads ("" in SQLite)

    async def execute(self, sql: str, params: Params = ()) -> Executed: ...

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None: ...

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]: ...

    async def serialize(self, key: int) -> None:
        """Hold lock `key` until the transaction ends (SQLite: every write already does)."""


class Backend(Protocol):
    """A database: transactions, one-statement reads, the clock, the schema version."""

    dialect: str
    clock: Callable[[], float]
    read_only: bool  # opened for a tool: no migration, every write refused

    def write(self) -> AbstractAsyncContextManager[Conn]: ...

    def read(self) -> AbstractAsyncContextManager[Conn]: ...

    async def fetch(self, sql: str, params: Params = ()) -> Sequence[Row]: ...

    async def schema_version(self) -> int: ...

    def describe(self) -> str: ...

    def now(self) -> float: ...

    async def close(self) -> None: ...
