"""PostgreSQL for the tests: a fresh schema per test on the server of TEST_POSTGRES_URL.

`.ci/run` (through .ci/with-postgres) starts a throwaway server and sets the variable;
without it the PostgreSQL cases skip, and only then.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

BACKENDS = ("sqlite", "postgres")


def server_url() -> str:
    """TEST_POSTGRES_URL, or skip the test when it is not set."""
    url = os.environ.get("TEST_POSTGRES_URL", "").strip()
    if not url:
        pytest.skip("TEST_POSTGRES_URL is not set (.ci/run sets it)")
    return url


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A URL whose connections use a new, empty schema; the schema is dropped afterwards."""
    import asyncpg

    url = server_url()
    name = "t_" + secrets.token_hex(6)
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        sep = "&" if "?" in url else "?"
        yield f"{url}{sep}search_path={name}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.close()


async def raw_execute(target: object, sql: str, *args: object) -> None:
    """Run one statement on the database behind `target` outside storage, as another
    process would: sqlite3 on a file, asyncpg on a URL (`?` placeholders either way).
    Database errors come back as they are (sqlite3 or asyncpg)."""
    if isinstance(target, str):
        import asyncpg

        from storage.postgres import numbered

        conn = await asyncpg.connect(target)
        try:
            await conn.execute(numbered(sql)[0], *args)
        finally:
            await conn.close()
        return
    import sqlite3

    raw = sqlite3.connect(str(target))
    try:
        raw.execute(sql, args)
        raw.commit()
    finally:
        raw.close()
