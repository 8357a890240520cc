"""Each player's latest hand message at a table (issue 14): stored, so a restart keeps
editing the same messages and strips the buttons of the ones they replaced."""

from __future__ import annotations

import logging
from typing import Any

from .backend import Backend
from .models import HandMessage

log = logging.getLogger(__name__)

_COLUMNS = "table_id, user_id, channel_id, message_id, seq, token, expires_at, live"


class HandMessagesMixin:
    """Hand message methods of `Storage`."""

    _db: Backend

    async def set_hand_message(self, hand: HandMessage) -> HandMessage | None:
        """Make `hand` the player's latest hand message at its table; returns the one it
        replaces (None if none, or if it is the same message). One transaction."""
        async with self._db.write() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM hand_messages WHERE table_id = ? AND user_id = ?",
                (hand.table_id, hand.user_id),
            )
            await conn.execute(
                f"""
                INSERT INTO hand_messages ({_COLUMNS}, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (table_id, user_id) DO UPDATE SET
                    channel_id = excluded.channel_id, message_id = excluded.message_id,
                    seq = excluded.seq, token = excluded.token,
                    expires_at = excluded.expires_at, live = excluded.live,
                    updated_at = excluded.updated_at
                """,
                (hand.table_id, hand.user_id, hand.channel_id, hand.message_id, hand.seq,
                 hand.token, hand.expires_at, int(hand.live), self._db.now()),
            )
        old = _hand(rows[0]) if rows else None
        return None if old is None or old.message_id == hand.message_id else old

    async def note_hand_message(self, hand: HandMessage) -> bool:
        """Store the move number and liveness `hand` shows, if it is still the player's
        latest hand message (a newer one may have replaced it meanwhile: that one stays the
        latest). Returns whether it was. One statement."""
        async with self._db.write() as conn:
            done = await conn.execute(
                "UPDATE hand_messages SET seq = ?, live = ?, updated_at = ?"
                " WHERE table_id = ? AND user_id = ? AND message_id = ?",
                (hand.seq, int(hand.live), self._db.now(), hand.table_id, hand.user_id,
                 hand.message_id),
            )
            return done.rowcount == 1

    async def hand_messages(self, table_id: int) -> list[HandMessage]:
        """Every player's latest hand message at the table, by user id."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM hand_messages WHERE table_id = ? ORDER BY user_id",
            (table_id,),
        )
        return [_hand(row) for row in rows]


def _hand(row: Any) -> HandMessage:
    table_id, user_id, channel_id, message_id, seq, token, expires_at, live = row
    return HandMessage(table_id, user_id, channel_id, message_id, seq, token, expires_at,
                       bool(live))
