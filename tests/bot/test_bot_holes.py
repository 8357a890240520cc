"""Four holes that faults and a removed member found (issue 29): a click while another
connection holds the database's write lock, a read-only data folder, a click from
outside the table's server, and memory kept for every ended game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from catalog import t
from catalog.reader import reading
from cogs.words import move_words
from tests.bot.conftest import custom_ids, table_message, text_of
from tests.bot.faults import stalled_storage, write_locked
from tests.bot.test_bot_guards import member_to_move, reply_text, two_player_table
from tests.bot.test_bot_languages import client_locales  # noqa: F401


def components(message: Any) -> list[dict[str, Any]]:
    return [c if isinstance(c, dict) else c.to_dict() for c in message.components]


async def test_a_move_clicked_while_another_connection_holds_the_lock_is_queued_and_shown(
        world: dict[str, Any], db_path: Path,
        client_locales: dict[int, str]) -> None:  # noqa: F811
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    # Storage waits this long for the lock before it calls itself busy (5 s in production;
    # the wait is SQLite's own, in real time).
    await env.bot.store._db.conn.execute("PRAGMA busy_timeout = 300")
    mover = member_to_move(world, table)
    client_locales[mover.id] = "uk"
    seq = table.seq
    hand = (await mover.click(table_message(channel, table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = custom_ids(hand.components, "dom:play:")[0]
    move = button.split(":", 4)[4]
    with write_locked(db_path):  # another process holds the write lock, longer than 300 ms
        clicked = await mover.click(hand, custom_id=button)
        # Answered at once, privately, in the player's language: the move waits.
        assert clicked.acknowledged
        assert t("error.move_queued", "uk") in reply_text(clicked)
        assert table.seq == seq
    # The lock is gone: the queued move is stored (the retry waits in virtual time) ...
    await env.advance_time(10)
    await env.bot.service.settle()
    await env.settle()
    assert table.seq > seq
    assert table.game is not None and move in table.game.moves
    # ... and shown as a move stored at once is: the hand message clicked has lost the
    # buttons of the position before the move and says what was played; the table
    # message shows the move.
    now = env.backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids(components(now), "dom:play:")
    with reading("uk"):
        assert t("hand.played", move=move_words(move)) in text_of(components(now))
    name = table.seats[table.seat_of(mover.id)].name
    assert t("table.last", name=name, move=move_words(move)) in text_of(
        components(table_message(channel, table)))


async def test_a_move_storage_keeps_waiting_is_answered_within_discords_window(
        world: dict[str, Any]) -> None:
    """Storage busy for longer than the answer may wait (its own busy timeout is 5 s):
    the player reads at once that the move is queued, and sees it once stored."""
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    mover = member_to_move(world, table)
    seq = table.seq
    hand = (await mover.click(table_message(channel, table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = custom_ids(hand.components, "dom:play:")[0]
    with stalled_storage(env.bot.store, 5):  # each statement waits 5 s (virtual)
        clicked = await mover.click(hand, custom_id=button)
        assert t("error.move_queued") in reply_text(clicked)
        assert table.seq == seq
        for _ in range(12):
            await env.advance_time(5)
    await env.settle()
    assert table.seq > seq
    now = env.backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids(components(now), "dom:play:")
    assert "You played" in text_of(components(now))
