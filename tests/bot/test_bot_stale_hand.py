"""A hand message opened while another process holds the database's write lock is still
the player's latest: updated after their move, and stored once the lock is gone
(issue 55: "a hand that stays stale")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.conftest import custom_ids, table_message
from tests.bot.faults import write_locked
from tests.bot.test_bot_guards import member_to_move, two_player_table
from tests.bot.test_bot_holes import components


async def test_a_hand_opened_while_the_database_is_locked_is_updated_after_the_move(
        world: dict[str, Any], db_path: Path) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    await env.bot.store._db.conn.execute("PRAGMA busy_timeout = 100")  # not 5 s
    mover = member_to_move(world, table)
    with write_locked(db_path):  # another process holds the write lock
        hand = (await mover.click(table_message(channel, table),
                                  custom_id=f"dom:hand:{table.id}")).response
    assert custom_ids(hand.components, "dom:play:") or custom_ids(hand.components, "dom:tile:")
    seq = table.seq
    assert table.game is not None
    move = str(table.game.legal_moves()[0])
    await mover.slash(channel, "domino play", move=move)  # not a click on that hand
    await env.settle()
    assert table.seq > seq
    # The hand opened under the lock was brought up to date: no buttons of the old turn.
    now = env.backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids(components(now), f"dom:play:{table.id}:{seq}:")
    assert not custom_ids(components(now), f"dom:tile:{table.id}:{seq}:")
    # And it was stored, so a restart keeps editing it.
    await env.advance_time(30)
    await env.settle()
    stored = await env.bot.store.hand_messages(table.id)
    assert any(h.message_id == hand.id for h in stored)
