"""The numbered migrations: SQLite's are `migrations/NNN_name.sql`, PostgreSQL's the
files of the same numbers in `migrations/postgres/`; every change of schema adds one of
each (a test checks they stay in step). Each backend applies them when it opens.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .errors import StorageError

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
POSTGRES_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgres"
_MIGRATION_NAME = re.compile(r"^(\d{3})_[A-Za-z0-9_]+\.sql$")


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
    """The migration files of `directory` (SQLite's by default), in order; numbers must be
    1, 2, 3 ... without gaps.

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
