"""Each player's latest hand message is stored (issue 14): a restart keeps editing it."""

from __future__ import annotations

from pathlib import Path

from storage import Storage
from storage.models import HandMessage, Player, Seat


async def test_the_latest_hand_message_replaces_the_one_before(target: Path | str) -> None:
    store = await Storage.open(target)
    table = await store.create_table(guild_id=1, channel_id=2, game="traditional", host_id=7,
                                     seats=[Seat(7, None, "Ann"), Seat(8, None, "Bob")])
    dm = HandMessage(table.id, 7, channel_id=70, message_id=100, seq=1)
    assert await store.set_hand_message(dm) is None
    assert await store.set_hand_message(HandMessage(table.id, 7, 70, 100, seq=2)) is None
    ephemeral = HandMessage(table.id, 7, 2, 101, seq=3, token="tok", expires_at=900.0,
                            live=True)
    replaced = await store.set_hand_message(ephemeral)
    assert replaced == HandMessage(table.id, 7, 70, 100, seq=2)
    await store.set_hand_message(HandMessage(table.id, 8, 80, 200, seq=3))
    await store.close()
    again = await Storage.open(target)
    try:
        assert await again.hand_messages(table.id) == [
            ephemeral, HandMessage(table.id, 8, 80, 200, seq=3)]
        assert await again.hand_messages(table.id + 1) == []
    finally:
        await again.close()
    assert ephemeral.editable(899.0) and not ephemeral.editable(900.0) and dm.editable(1e12)



async def test_noting_a_hand_message_replaced_meanwhile_leaves_the_newer_one_latest(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        table = await store.create_table(guild_id=1, channel_id=2, game="traditional",
                                         host_id=7, seats=[Seat(7, None, "Ann"),
                                                           Seat(8, None, "Bob")])
        old = HandMessage(table.id, 7, channel_id=70, message_id=100, seq=1, live=True)
        await store.set_hand_message(old)
        assert await store.note_hand_message(HandMessage(table.id, 7, 70, 100, 2, live=False))
        newer = HandMessage(table.id, 7, channel_id=2, message_id=101, seq=2, token="tok",
                            expires_at=900.0, live=True)
        await store.set_hand_message(newer)
        # An update that had begun on the old one notes what it drew: nothing changes.
        assert not await store.note_hand_message(HandMessage(table.id, 7, 70, 100, 3, live=True))
        assert await store.hand_messages(table.id) == [newer]
    finally:
        await store.close()

async def test_a_players_dm_choice_is_stored(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        await store.upsert_player(Player(5, "Cy", dm_mode="reminders"))
        found = await store.get_player(5)
        assert found is not None and found.dm_mode == "reminders"
        await store.upsert_player(Player(6, "Dee"))
        fresh = await store.get_player(6)
        assert fresh is not None and fresh.dm_mode == "turns"
    finally:
        await store.close()
