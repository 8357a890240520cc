"""Players' preferences: name, locale, time zone, quiet hours, turn DMs."""

from __future__ import annotations

import logging

from .backend import Backend
from .models import Player

log = logging.getLogger(__name__)


class PlayersMixin:
    """Player methods of `Storage`."""

    _db: Backend

    async def get_player(self, user_id: int) -> Player | None:
        """The player's stored preferences, or None if never stored."""
        rows = list(await self._db.fetch(
            """
            SELECT user_id, name, locale, tz, quiet_start, quiet_end, wants_dms, dms_failed,
                   dm_mode
            FROM players WHERE user_id = ?
            """,
            (user_id,),
        ))
        if not rows:
            return None
        uid, name, locale, tz, q_start, q_end, wants, failed, mode = rows[0]
        return Player(uid, name, locale, tz, q_start, q_end, bool(wants), bool(failed), mode)

    async def upsert_player(self, player: Player) -> None:
        """Store every field of `player`, creating or replacing its row."""
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO players (user_id, name, locale, tz, quiet_start, quiet_end,
                                     wants_dms, dms_failed, dm_mode, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET
                    name = excluded.name, locale = excluded.locale, tz = excluded.tz,
                    quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
                    wants_dms = excluded.wants_dms, dms_failed = excluded.dms_failed,
                    dm_mode = excluded.dm_mode, updated_at = excluded.updated_at
                """,
                (player.user_id, player.name, player.locale, player.tz, player.quiet_start,
                 player.quiet_end, int(player.wants_dms), int(player.dms_failed),
                 player.dm_mode, self._db.now()),
            )

    async def set_dms_failed(self, user_id: int, failed: bool) -> bool:
        """Note whether DMs to the user fail. Returns False if the player is not stored."""
        async with self._db.write() as conn:
            cur = await conn.execute(
                "UPDATE players SET dms_failed = ?, updated_at = ? WHERE user_id = ?",
                (int(failed), self._db.now(), user_id),
            )
            return cur.rowcount == 1
