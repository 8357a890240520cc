"""The bot through damaged records, Discord faults and storage faults (issue 13).

Discord faults are injected at simcord's HTTP layer (`env.inject_error`) or by
`SlowDiscord` (tests/bot/faults.py), which makes chosen REST calls take virtual
time first, as discord.py's own retries on a 429 or a 5xx do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cogs.bot import create_bot
from tests.bot.conftest import table_message
from tests.bot.test_bot_guards import reply_text, two_player_table
from tests.tables.test_tables_faults import edit_move_by_hand


async def play_first_legal(env: Any, table: Any) -> None:
    """The player to move plays their first legal move (set-up, not what is tested)."""
    user = table.seats[table.game.to_move].user_id
    await env.bot.service.play(table.id, user, None, str(table.game.legal_moves()[0]))
    await env.settle()


async def test_a_table_that_no_longer_replays_is_quarantined_and_its_channel_told(
        world: dict[str, Any], db_path: Path) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    table = await two_player_table(world)
    other = await two_player_table(world)
    for at in (table, other):
        await play_first_legal(env, at)
    edit_move_by_hand(db_path, table.id, 1, "9-9 L")
    fresh = create_bot(database_path=db_path, ai_delay=0)
    await env.restart_bot(fresh)
    await env.settle()
    assert other.id in fresh.service.tables  # the rest loaded
    told = [m.content for m in channel.history() if f"#{table.id} cannot go on" in m.content]
    assert len(told) == 1
    cancel = await ann.slash(channel, "domino cancel", table=table.id)
    assert f"#{table.id} cancelled" in reply_text(cancel)
    stored = await fresh.store.get_table(table.id)
    assert stored is not None and stored.status == "cancelled"
    assert table_message(channel, table) is not None
