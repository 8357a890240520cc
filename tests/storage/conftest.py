"""`target`: every storage test that takes it runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.pg import BACKENDS, fresh_schema


@pytest.fixture(params=BACKENDS)
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """What `Storage.open` takes: an SQLite file, or a PostgreSQL URL with its own schema."""
    if request.param == "sqlite":
        yield tmp_path / "bot.db"
        return
    async with fresh_schema() as url:
        yield url
