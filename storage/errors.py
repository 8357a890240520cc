"""What storage could not do, as exceptions a caller can name to a person: busy, full,
a move out of turn, a table not found, a constraint broken."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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


class ConstraintError(StorageError):
    """A statement broke a UNIQUE, PRIMARY KEY, CHECK or FOREIGN KEY constraint."""


@contextmanager
def constraint_errors(integrity: type[Exception]) -> Iterator[None]:
    """Raise a database driver's integrity error (`integrity`) as ConstraintError: what
    every backend's `Conn` promises."""
    try:
        yield
    except integrity as exc:
        raise ConstraintError(str(exc)) from exc


class SettingsChanged(StorageError):
    """The table's settings are no longer those the change was made from (another
    process changed them since they were read)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"the settings of table {table_id} changed meanwhile")
        self.table_id = table_id


class SeatsChanged(StorageError):
    """The table's seats are no longer those the change was made for (another process
    changed them since they were read)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"the seats of table {table_id} changed meanwhile")
        self.table_id = table_id


class RematchOpen(StorageError):
    """The finished table's rematch is open already: `table_id` is that lobby (or game)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"the rematch is open already: table {table_id}")
        self.table_id = table_id
