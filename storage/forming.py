"""The queue's public "forming" posts (issue 51): which message shows a server's wait for
a game, so it is edited, not posted again, across restarts; and the servers that turned
the posts off (`/domino-admin settings forming_posts:False`)."""

from __future__ import annotations

from .backend import Backend


class FormingMixin:
    """The forming posts' methods of `Storage`."""

    _db: Backend

    async def forming_posts(self, guild_id: int) -> dict[str, tuple[int, int]]:
        """The server's posts: game -> (channel id, message id)."""
        rows = await self._db.fetch(
            "SELECT game, channel_id, message_id FROM forming_posts WHERE guild_id = ?",
            (guild_id,))
        return {str(r[0]): (int(r[1]), int(r[2])) for r in rows}

    async def set_forming_post(self, guild_id: int, game: str, channel_id: int,
                               message_id: int) -> None:
        """Remember the message that shows the server's wait for `game`."""
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO forming_posts (guild_id, game, channel_id, message_id)
                VALUES (?, ?, ?, ?)
                ON CONFLICT (guild_id, game) DO UPDATE SET
                    channel_id = excluded.channel_id, message_id = excluded.message_id
                """, (guild_id, game, channel_id, message_id))

    async def drop_forming_post(self, guild_id: int, game: str) -> None:
        """Forget the post of `game` (its wait ended: a table opened, or nobody waits)."""
        async with self._db.write() as conn:
            await conn.execute("DELETE FROM forming_posts WHERE guild_id = ? AND game = ?",
                               (guild_id, game))

    async def forming_on(self, guild_id: int) -> bool:
        """Whether the server shows forming posts (on unless its admins turned them off)."""
        rows = await self._db.fetch("SELECT 1 FROM forming_off WHERE guild_id = ?",
                                    (guild_id,))
        return not rows

    async def set_forming_on(self, guild_id: int, on: bool) -> None:
        """Turn the server's forming posts on or off."""
        async with self._db.write() as conn:
            if on:
                await conn.execute("DELETE FROM forming_off WHERE guild_id = ?", (guild_id,))
            else:
                await conn.execute("INSERT INTO forming_off (guild_id) VALUES (?)"
                                   " ON CONFLICT (guild_id) DO NOTHING", (guild_id,))
