"""The queue's near-match offers (issue 51): which entries were asked whether another
seat count would do (once an entry), and a Yes widening an entry's seat counts."""

from __future__ import annotations

import json
from collections.abc import Collection

from .backend import Backend
from .models import QueueEntry


class OffersMixin:
    """The near-match offers' methods of `Storage`."""

    _db: Backend

    async def offered_entries(self, entry_ids: Collection[int]) -> set[int]:
        """Which of `entry_ids` were asked already."""
        if not entry_ids:
            return set()
        marks = ", ".join("?" for _ in entry_ids)
        rows = await self._db.fetch(
            f"SELECT entry_id FROM queue_offers WHERE entry_id IN ({marks})", tuple(entry_ids))
        return {int(r[0]) for r in rows}

    async def mark_offered(self, entry_id: int) -> bool:
        """Note that the entry's person is asked; False when they were already (by this
        process or another: ask once)."""
        async with self._db.write() as conn:
            done = await conn.execute(
                "INSERT INTO queue_offers (entry_id) SELECT id FROM queue_entries WHERE id = ?"
                " ON CONFLICT (entry_id) DO NOTHING", (entry_id,))
            return done.rowcount == 1

    async def widen_entry(self, entry: QueueEntry, seats: int) -> bool:
        """Add `seats` to the entry's seat counts (its person said it would do); False when
        the entry is gone or changed meanwhile."""
        counts = sorted({*entry.seats, seats})
        async with self._db.write() as conn:
            done = await conn.execute(
                "UPDATE queue_entries SET seats = ? WHERE id = ? AND user_id = ? AND seats = ?",
                (json.dumps(counts), entry.id, entry.user_id, json.dumps(list(entry.seats))))
            return done.rowcount == 1
