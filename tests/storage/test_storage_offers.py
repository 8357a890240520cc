"""storage/offers.py on both backends: an entry is marked asked once; a Yes widens it
only while it is as it was; the mark goes with the entry."""

from __future__ import annotations

from pathlib import Path

from storage import Storage


async def test_asked_once_and_widened_while_unchanged(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        entry, _ = await store.queue_join(guild_id=1, user_id=7, name="Ann", game="traditional",
                                          seats=[4], longest_turn=3600, rated=True,
                                          expires_at=9e9)
        assert await store.offered_entries([entry.id]) == set()
        assert await store.mark_offered(entry.id)
        assert not await store.mark_offered(entry.id)  # once
        assert not await store.mark_offered(entry.id + 99)  # no such entry
        assert await store.offered_entries([entry.id, entry.id + 99]) == {entry.id}
        assert await store.widen_entry(entry, 3)
        assert (await store.queue_entry(entry.id)).seats == (3, 4)  # type: ignore[union-attr]
        assert not await store.widen_entry(entry, 2)  # changed meanwhile: as it was no more
        await store.queue_leave(1, 7)
        assert await store.offered_entries([entry.id]) == set()
    finally:
        await store.close()
