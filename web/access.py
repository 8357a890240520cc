"""Who may open a server's pages: anyone when the server made them public, else only a
request carrying the bot's signature of the server's scope (web/links.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from web.links import scope, sign, verify


async def _never_public(_guild_id: int) -> bool:
    return False


@dataclass(frozen=True)
class Access:
    """The signing key, the clock, and whether a server chose public pages."""

    secret: bytes
    clock: Callable[[], float]
    public: Callable[[int], Awaitable[bool]] = _never_public

    async def check(self, request: web.Request, guild_id: int | None,
                    table_id: int | None = None) -> str:
        """The query to carry on the page's own links ("" for a public server). Raises
        HTTPForbidden for an unsigned, altered or expired request, or one signed for
        another scope (in DMs a signature opens the one game `table_id` it names)."""
        if guild_id and await self.public(guild_id):
            return ""
        if not verify(self.secret, scope(guild_id, table_id), request.query,
                      now=self.clock()):
            raise web.HTTPForbidden()
        return f"exp={request.query['exp']}&sig={request.query['sig']}"

    def query_for(self, guild_id: int | None, expires: int,
                  table_id: int | None = None) -> str:
        """The signature query of a server's pages (in DMs: of game `table_id`) until
        `expires` (for the bot's links)."""
        return sign(self.secret, scope(guild_id, table_id), expires)
