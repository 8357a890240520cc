"""A server's data erased on its admin's request (`/domino-admin erase-server`, issue 55).

Everything the bot keeps because of the server goes: its tables (with their seats, moves,
schedules, RSVPs, hand messages, notices sent and games' reviews), results and solitaire
results played there, the server's own leaderboards (ratings of scope = the server),
daily results and channel, tournaments (with entrants, rounds, tables and actions),
queue entries and parties, settings and language. What belongs to a person stays: their
profile, language and global rating (a person erases those with `/domino forget-me`).
"""

from __future__ import annotations

import logging

from .backend import Backend

log = logging.getLogger(__name__)

# In an order the foreign keys allow: results and solitaire results name a table without
# a cascade, so they go before the tables; the tables' own rows cascade with them, as do a
# tournament's and a party's. Each statement takes the server's id once.
_SERVER_DELETED = (
    "DELETE FROM results WHERE guild_id = ?",
    "DELETE FROM solitaire_results WHERE guild_id = ?",
    "DELETE FROM game_tables WHERE guild_id = ?",
    "DELETE FROM ratings WHERE scope = ?",
    "DELETE FROM daily_results WHERE guild_id = ?",
    "DELETE FROM daily_channels WHERE guild_id = ?",
    "DELETE FROM tournaments WHERE guild_id = ?",
    "DELETE FROM queue_entries WHERE guild_id = ?",
    "DELETE FROM queue_parties WHERE guild_id = ?",
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM server_languages WHERE guild_id = ?",
    "DELETE FROM forming_posts WHERE guild_id = ?",
    "DELETE FROM forming_off WHERE guild_id = ?",
)


class ServerErasureMixin:
    """The server erasure methods of `Storage`."""

    _db: Backend

    async def server_in_play(self, guild_id: int) -> tuple[list[int], list[int]]:
        """The server's lobbies and games in progress, and its tournaments not yet over
        (signing up, running or paused): their ids, each list in order."""
        tables = await self._db.fetch(
            "SELECT id FROM game_tables WHERE guild_id = ? AND status IN ('lobby', 'playing')"
            " ORDER BY id", (guild_id,))
        tournaments = await self._db.fetch(
            "SELECT id FROM tournaments WHERE guild_id = ? AND status IN"
            " ('signup', 'running', 'paused') ORDER BY id", (guild_id,))
        return [int(r[0]) for r in tables], [int(r[0]) for r in tournaments]

    async def erase_server(self, guild_id: int) -> int:
        """Erase the server's data (this module's docstring) in one transaction; returns
        how many rows were deleted directly (0: the bot held nothing of the server's;
        rows that went with a cascade are not counted). The caller checks first that
        nothing is in play there (`server_in_play`)."""
        deleted = 0
        async with self._db.write() as conn:
            for sql in _SERVER_DELETED:
                deleted += (await conn.execute(sql, (guild_id,))).rowcount
        for listener in self.__dict__.get("_forget_listeners", []):
            listener()  # the same caches hold the server's names and pages
        log.info("a server's data was erased: %d rows", deleted)
        return deleted


