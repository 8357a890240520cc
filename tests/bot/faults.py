"""An HTTP-level fake for slow Discord: chosen REST calls take virtual time first.

discord.py retries a 429 (after `retry_after`) and a 5xx (1 + 2n seconds) inside
its HTTP client before a caller sees anything; simcord answers at once. `SlowDiscord`
wraps the bot's HTTP client so the chosen calls first wait `delay` virtual
seconds, then fail with `status` (a 500, a 429...) or go through.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord


class _Response:
    """Just enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Injected"
        self.headers: dict[str, str] = {}


class SlowDiscord:
    """Make `method` calls whose route template is `path` slow (and maybe failing)."""

    def __init__(self, bot: Any, method: str, path: str, *, delay: float,
                 status: int | None = None, code: int = 0) -> None:
        self.method, self.path = method, path
        self.delay, self.status, self.code = delay, status, code
        self.calls = 0
        self.http = bot.http
        self.original = bot.http.request
        self.http.request = self.request

    async def request(self, route: Any, **kwargs: Any) -> Any:
        if route.method == self.method and route.path == self.path:
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
