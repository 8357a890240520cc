"""The command line: `python -m storage check DB` (a file or a PostgreSQL URL),
`python -m storage backup [DB] OUT` and `python -m storage migrate sqlite:///DB postgresql://...`.

`backup OUT` alone backs up the bot's own database: DATABASE_URL, else DATABASE_PATH,
else data/dominoes.sqlite3 (as bot.py reads them from the environment).

Each exits 0 on success and 1 with a one-line message on stderr otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sqlite3
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .errors import StorageError
from .schema import latest_version
from .store import Storage, is_postgres, sqlite_path

log = logging.getLogger(__name__)

_COUNTED = ("players", "game_tables", "moves", "results", "solitaire_results", "ratings")


class CliError(Exception):
    """A failure the command reports in one line."""


def _connect_ro(path: Path) -> sqlite3.Connection:
    """A read-only connection to an existing file; raises CliError naming the file."""
    if not path.is_file():
        raise CliError(f"no such database file: {path}")
    try:
        conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()
    except sqlite3.Error as exc:
        raise CliError(f"cannot read database file {path}: {exc}") from exc
    return conn


async def check(target: Path | str) -> bool:
    """Print a check and a summary of the database (a file or a PostgreSQL URL), opened
    read-only (`Storage.open(read_only=True)`: nothing is migrated or written); True if
    all is well: SQLite's integrity and foreign keys hold, the schema is not newer.

    PostgreSQL checks its own pages; for it this reports the schema version, the row
    counts, the tables by status and who holds each shard's lease.
    """
    postgres = is_postgres(target)
    path = None if postgres else sqlite_path(target)
    if path is not None and not path.is_file():
        raise CliError(f"no such database file: {path}")
    try:
        store = await Storage.open(path or target, read_only=True, quick_check=False)
    except StorageError as exc:
        raise CliError(str(exc)) from exc
    try:
        return await _check(store, path)
    except StorageError as exc:
        what = f"database file {path} is corrupt" if path else f"cannot read {store.describe()}"
        raise CliError(f"{what}: {exc}") from exc
    finally:
        await store.close()


async def _rows(store: Storage, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await store.backend.fetch(sql)]


async def _check(store: Storage, path: Path | None) -> bool:
    ok = True
    if path is not None:
        problems = [r[0] for r in await _rows(store, "PRAGMA integrity_check")]
        fk_problems = await _rows(store, "PRAGMA foreign_key_check")
        (mode,), = await _rows(store, "PRAGMA journal_mode")
        names = {r[0] for r in await _rows(
            store, "SELECT name FROM sqlite_schema WHERE type='table'")}
        print(f"file: {path} ({path.stat().st_size} bytes, journal {mode})")
    else:
        names = {r[0] for r in await _rows(
            store, "SELECT table_name FROM information_schema.tables"
                   " WHERE table_schema = current_schema()")}
        print(f"database: {store.describe()}")
    version = await store.schema_version()
    print(f"schema version: {version} (this code: {latest_version()})")
    for name in _COUNTED:
        if name in names:
            (count,), = await _rows(store, f"SELECT count(*) FROM {name}")
            print(f"{name}: {count}")
    if "game_tables" in names:
        by_status = await _rows(
            store, "SELECT status, count(*) FROM game_tables GROUP BY status ORDER BY status")
        print("tables by status: " + (", ".join(f"{s} {n}" for s, n in by_status) or "none"))
    if "shard_leases" in names:
        for shard, owner, expires in await _rows(
                store, "SELECT shard_id, owner, expires_at FROM shard_leases ORDER BY shard_id"):
            print(f"shard {shard}: {owner}, lease until {expires:.0f}")
    if path is not None:
        if problems == ["ok"]:
            print("integrity: ok")
        else:
            print("integrity: FAILED")
            for problem in problems[:20]:
                print(f"  {problem}")
        if fk_problems:
            print(f"foreign keys: {len(fk_problems)} broken references")
        ok = problems == ["ok"] and not fk_problems
    if version > latest_version():
        print("schema is newer than this code")
    return ok and version <= latest_version()


def bot_database(env: Mapping[str, str]) -> str:
    """The database the bot uses by the environment's settings (see settings.py)."""
    return (env.get("DATABASE_URL") or env.get("DATABASE_PATH")
            or "data/dominoes.sqlite3").strip()


def backup(target: Path | str, out: Path) -> None:
    """Copy the database to `out` with SQLite's online backup API (safe while the bot
    runs: the copy is one consistent state, whatever the bot or another process is
    writing meanwhile). Raises CliError; for PostgreSQL, naming pg_dump.

    Writes a temporary file beside `out` and renames it, so `out` is never half-written.
    """
    if is_postgres(target):
        raise CliError("PostgreSQL is backed up with its own tools: "
                       "pg_dump -Fc -f OUT.dump 'postgresql://...' (restore: pg_restore "
                       "into an empty database; README: Backups, restore and upgrades)")
    try:
        path = sqlite_path(target)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    if out.resolve() == path.resolve():
        raise CliError("the backup must go to another file")
    src = _connect_ro(path)
    tmp = out.with_name(out.name + ".tmp")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            result = dst.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            dst.close()
        if result != "ok":
            raise CliError(f"the copy of {path} fails its integrity check: {result}")
        os.replace(tmp, out)
    except (OSError, sqlite3.Error) as exc:
        raise CliError(f"cannot back up {path} to {out}: {exc}") from exc
    finally:
        src.close()
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
    print(f"backed up {path} to {out} ({out.stat().st_size} bytes)")


async def _migrate(source: str, target: str, replayer: Callable[[dict[str, Any]], object]) -> bool:
    """Copy the SQLite database `source` into the empty PostgreSQL `target`, then verify it."""
    from .copy import copy_to_postgres, verify_copy

    if is_postgres(source) or not is_postgres(target):
        raise CliError("usage: migrate sqlite:///FILE postgresql://...")
    path = sqlite_path(source)
    if not path.is_file():
        raise CliError(f"no such database file: {path}")
    try:
        src = await Storage.open(path)  # brings the file to this code's schema first
        try:
            dst = await Storage.open(target)
            try:
                copied = await copy_to_postgres(src, dst)
                report = await verify_copy(src, dst, replayer)
            finally:
                await dst.close()
        finally:
            await src.close()
    except StorageError as exc:
        raise CliError(str(exc)) from exc
    for name, count in copied.items():
        print(f"{name}: {count} rows copied, {report.rows[name]} in the copy")
    print(f"games: {report.games} records identical, {report.replayed} replayed without error"
          " (any other fails the same way in the file)")
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    print("verified: ok" if not report.problems else "verified: FAILED")
    return not report.problems


def main(argv: Sequence[str] | None = None,
         replayer: Callable[[dict[str, Any]], object] | None = None) -> int:
    """Run the command line; returns the exit status. `replayer` replays a game record
    for `migrate`'s check (the engine's, from `python -m storage`)."""
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="integrity check and summary")
    p_check.add_argument("db", help="a file, sqlite:///FILE or postgresql://...")
    p_backup = sub.add_parser("backup", help="online backup to another file")
    p_backup.add_argument("paths", nargs="+", metavar="[DB] OUT",
                          help="DB: a file or sqlite:///FILE (default: the bot's database "
                               "by DATABASE_URL / DATABASE_PATH); OUT: the copy")
    p_migrate = sub.add_parser("migrate", help="copy an SQLite database into PostgreSQL")
    p_migrate.add_argument("source", help="sqlite:///FILE (or a file)")
    p_migrate.add_argument("target", help="postgresql://user:password@host:port/database")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            return 0 if asyncio.run(check(args.db)) else 1
        if args.command == "migrate":
            if replayer is None:
                raise CliError("migrate needs a game replayer (run it as python -m storage)")
            return 0 if asyncio.run(_migrate(args.source, args.target, replayer)) else 1
        if len(args.paths) > 2:
            raise CliError("usage: backup [DB] OUT")
        *db, out = args.paths
        backup(db[0] if db else bot_database(os.environ), Path(out))
        return 0
    except CliError as exc:
        print(f"storage {args.command}: {exc}", file=sys.stderr)
        return 1
