"""Copying an SQLite database into PostgreSQL, and checking the copy.

`copy_to_postgres` moves every row of every table in one PostgreSQL transaction (COPY,
in the order the foreign keys need) and resets every id sequence; `verify_copy` compares the row
counts of every table and every table's game record (RULES.md "Game records") on
both sides, and replays each record with the function it is given, so that
storage itself stays free of the engine (`python -m storage` passes the engine's).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import StorageError
from .postgres import PgConn, PostgresDatabase
from .sqlite import SqliteDatabase
from .store import Storage

log = logging.getLogger(__name__)

# Tables of the file that are not data: SQLite's own, and the cookie a migration leaves.
_NOT_COPIED = ("sqlite_%", "migration_%_cookie")


async def copied_tables(src: SqliteDatabase) -> list[str]:
    """Every table of the file, parents before children (so every foreign key finds its
    row when the copy reaches it), otherwise by name."""
    rows = await src.fetch(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE ?"
        " AND name NOT LIKE ? ORDER BY name", _NOT_COPIED)
    names = [str(r[0]) for r in rows]
    parents = {name: {str(f[2]) for f in await src.fetch(f"PRAGMA foreign_key_list({name})")}
               - {name} for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:  # a cycle of foreign keys: the schema never has one
            raise StorageError(f"the tables' foreign keys form a cycle: {sorted(parents)}")
        ordered += ready
    return ordered


Replayer = Callable[[dict[str, Any]], object]


@dataclass
class CopyReport:
    """What was copied (rows per table) and what the check found."""

    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0  # tables whose record was compared and replayed
    replayed: int = 0  # of which replayed without error on both sides
    problems: list[str] = field(default_factory=list)


def _backends(source: Storage, target: Storage) -> tuple[SqliteDatabase, PostgresDatabase]:
    src, dst = source.backend, target.backend
    if not isinstance(src, SqliteDatabase) or not isinstance(dst, PostgresDatabase):
        raise StorageError("the copy goes from an SQLite file to a PostgreSQL database")
    return src, dst


async def copy_to_postgres(source: Storage, target: Storage) -> dict[str, int]:
    """Copy every row of `source` (SQLite) into `target` (PostgreSQL, empty), atomically.

    Both must be open (so at the same schema version). Returns the rows copied per
    table. Raises StorageError if the target already holds data; nothing is written then.
    """
    src, dst = _backends(source, target)
    copied: dict[str, int] = {}
    names = await copied_tables(src)
    async with dst.write() as conn:
        assert isinstance(conn, PgConn)
        for name in names:
            count = await conn.raw.fetchval(f"SELECT count(*) FROM {name}")
            if count:
                raise StorageError(f"{dst.describe()} is not empty: {name} has {count} rows")
        for name in names:
            columns = [str(r[1]) for r in await src.fetch(f"PRAGMA table_info({name})")]
            rows = await src.fetch(f"SELECT {', '.join(columns)} FROM {name}")
            if rows:
                await conn.raw.copy_records_to_table(name, records=rows, columns=columns)
            copied[name] = len(rows)
            log.info("copied %d rows of %s", len(rows), name)
        serial = await conn.raw.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
            " AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')")
        for name, column in ((str(r[0]), str(r[1])) for r in serial):
            # The next id PostgreSQL hands out follows the copied ones.
            await conn.raw.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'),"
                f" coalesce((SELECT max({column}) FROM {name}), 0) + 1, false)"
            )
    return copied


def _replay(replayer: Replayer, record: dict[str, Any]) -> tuple[bool, str]:
    """(replayed to the end, what happened) for one record."""
    try:
        return True, repr(replayer(record))
    except Exception as exc:  # any failure of the replayer is a finding, not a crash
        return False, f"{type(exc).__name__}: {exc}"


async def verify_copy(source: Storage, target: Storage, replayer: Replayer) -> CopyReport:
    """Compare row counts of every table and every game record, and replay each game.

    A problem is a count that differs, a record that differs, or a game whose replay
    ends differently on the two sides. A game that does not replay in the SQLite file
    either is counted (games - replayed) but is not a problem of the copy.
    """
    src, dst = _backends(source, target)
    report = CopyReport()
    for name in await copied_tables(src):
        (mine,) = (await src.fetch(f"SELECT count(*) FROM {name}"))[0]
        (theirs,) = (await dst.fetch(f"SELECT count(*) FROM {name}"))[0]
        report.rows[name] = int(theirs)
        if mine != theirs:
            report.problems.append(f"{name}: {mine} rows in the file, {theirs} copied")
    started = await src.fetch(
        "SELECT id FROM game_tables WHERE seed IS NOT NULL OR deal IS NOT NULL ORDER BY id"
    )
    for (table_id,) in started:
        report.games += 1
        mine = await source.record(table_id)
        try:
            theirs = await target.record(table_id)
        except StorageError as exc:
            report.problems.append(f"table {table_id}: {exc}")
            continue
        if mine != theirs:
            report.problems.append(f"table {table_id}: its record differs in the copy")
            continue
        _, end_mine = _replay(replayer, mine)
        ok_theirs, end_theirs = _replay(replayer, theirs)
        if end_mine != end_theirs:
            report.problems.append(f"table {table_id}: replays to {end_theirs}, not {end_mine}")
        elif ok_theirs:
            report.replayed += 1
    return report
