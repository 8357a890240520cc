"""An HTTP-level fake for slow Discord: chosen REST calls take virtual time first.

discord.py retries a 429 (after `retry_after`) and a 5xx (1 + 2n seconds) inside
its HTTP client before a caller sees anything; simcord answers at once. `SlowDiscord`
wraps the bot's HTTP client so the chosen calls first wait `delay` virtual
seconds, then fail with `status` (a 500, a 429...) or go through.

Storage faults: `stalled_storage` (every statement waits, in virtual time) and
`write_locked` (another connection holds the write lock, for real).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord


class _Response:
    """Just enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Injected"
        self.headers: dict[str, str] = {}


class SlowDiscord:
    """Make `method` calls whose route template is `path` slow (and maybe failing); with
    `channel_id`, only those in that channel (the table's, not a player's DMs)."""

    def __init__(self, bot: Any, method: str, path: str, *, delay: float,
                 status: int | None = None, code: int = 0,
                 channel_id: int | None = None) -> None:
        self.method, self.path, self.channel_id = method, path, channel_id
        self.delay, self.status, self.code = delay, status, code
        self.calls = 0
        self.http = bot.http
        self.original = bot.http.request
        self.http.request = self.request

    async def request(self, route: Any, **kwargs: Any) -> Any:
        if (route.method == self.method and route.path == self.path
                and self.channel_id in (None, route.channel_id)):
            self.calls += 1
            await asyncio.sleep(self.delay)
            if self.status is not None:
                raise discord.HTTPException(_Response(self.status),  # type: ignore[arg-type]
                                            {"code": self.code, "message": "injected"})
        return await self.original(route, **kwargs)

    def heal(self) -> None:
        """Discord works again: no more delay or failure."""
        self.http.request = self.original


EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


class _SlowLock:
    """The storage's statement lock, taken only after `seconds` of virtual time."""

    def __init__(self, lock: asyncio.Lock, seconds: float) -> None:
        self.lock, self.seconds = lock, seconds

    async def __aenter__(self) -> None:
        await asyncio.sleep(self.seconds)
        await self.lock.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()


@contextmanager
def stalled_storage(store: Any, seconds: float) -> Iterator[None]:
    """Every storage statement first waits `seconds` of virtual time (a busy database)."""
    db = store._db
    lock = db.lock
    db.lock = _SlowLock(lock, seconds)
    try:
        yield
    finally:
        db.lock = lock


@contextmanager
def write_locked(path: Any) -> Iterator[sqlite3.Connection]:
    """Another process's connection holding the database's write lock."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        conn.rollback()
        conn.close()
