"""`/domino forget-me` (issue 55): confirmed twice, then nothing the bot stores holds the
person's id or name; the others' finished game keeps its record, which still replays,
with the placeholder; refused while they are seated at a game in progress."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from simcord.results import ResponseMessage

from catalog import t
from cogs.domino_bot import DominoBot
from engine.records import replay
from tests.bot.conftest import play_out
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_guards import reply_text, two_player_table
from tests.bot.test_bot_pickup import virtual_clock
from web.replays import Replays


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


def rows_holding(path: Path, *needles: object) -> list[tuple[str, tuple[Any, ...]]]:
    """Every stored row, of every table, with one of `needles` in a column."""
    conn = sqlite3.connect(path)
    try:
        found = []
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        for name in names:
            for row in conn.execute(f'SELECT * FROM "{name}"'):
                if any(str(n) in str(value) for value in row for n in needles):
                    found.append((name, row))
        return found
    finally:
        conn.close()


def shown_now(env: Any, message: Any) -> Any:
    """The private answer as it reads now (edited by the clicks)."""
    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


async def test_forget_me_twice_confirmed_leaves_nothing_of_the_person(
        world: dict[str, Any], db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv", language="uk")
    table = await two_player_table(world)  # ann hosts, bob joins
    await play_out(world, table)
    assert table.status == "finished"
    await ann.slash(channel, "domino queue join", game="carousel", seats="4")
    await cy.slash(channel, "domino queue join", game="carousel", seats="4")
    assert rows_holding(db_path, ann.id)
    pages = Replays(env.bot.store)  # the web pages' cache of finished games
    assert ann.name in (await pages.game(world["guild"].id, table.id)).players
    caplog.clear()
    with caplog.at_level(logging.INFO):  # the bot's own level (LOG_LEVEL=INFO)
        asked = await ann.slash(channel, "domino forget-me")
        first = asked.followups[-1] if asked.followups else asked.response
        assert t("forget.ask", "uk") in first.content
        await ann.click(first, label=t("forget.button_first", "uk"))
        assert t("forget.ask_again", "uk") in shown_now(env, first).content  # edited in place
        await ann.click(shown_now(env, first), label=t("forget.button_final", "uk"))
        assert t("forget.done", "uk") in shown_now(env, first).content
    # Nothing stored holds ann's id or name; bob and cy are still there.
    assert rows_holding(db_path, ann.id, ann.name) == []
    assert rows_holding(db_path, bob.id) and rows_holding(db_path, cy.id)
    # The log of the erasure names nobody.
    assert not [r for r in caplog.records
                if str(ann.id) in r.getMessage() or ann.name in r.getMessage()]
    # bob's game is still his, with the placeholder, and still replays to its end.
    record = await env.bot.store.record(table.id)
    names = record["players"]
    assert t("forget.placeholder", "en") in names and bob.name in names
    assert replay(record).outcome() is not None
    shown_players = (await pages.game(world["guild"].id, table.id)).players
    assert ann.name not in shown_players and t("forget.placeholder", "en") in shown_players
    history = answer_text(await bob.slash(channel, "domino history"))
    assert ann.name not in history
    # The queue forgot her: cy waits alone.
    waiting = await env.bot.pickup.waiting(world["guild"].id)
    assert [e.user_id for e in waiting] == [cy.id]


async def test_forget_me_is_refused_while_seated_and_keep_my_data_keeps_it(
        world: dict[str, Any], db_path: Path) -> None:
    channel = world["channel"]
    ann = world["members"][0]
    table = await two_player_table(world)
    refused = await ann.slash(channel, "domino forget-me")
    assert t("error.forget.seated", tables=f"#{table.id}") in reply_text(refused)
    await ann.slash(channel, "domino resign")
    assert table.status != "playing"
    asked = await ann.slash(channel, "domino forget-me")
    first = asked.followups[-1] if asked.followups else asked.response
    await ann.click(first, label=t("forget.button_keep"))
    assert t("forget.kept") in shown_now(world["env"], first).content
    assert rows_holding(db_path, ann.id)  # nothing erased
