"""With WEB_BASE_URL the bot's messages link to its pages: the leaderboard, stats and
history answers, the game-over DM and the finished table message. Each link, followed
into the web app on the bot's own storage, opens its page; without links nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer

from cogs.domino_bot import DominoBot
from tests.bot.conftest import play_out, table_message, walk
from tests.bot.scripted import payload
from tests.bot.test_bot_stats import finish_game, servers, shown  # noqa: F401 - fixture
from web.app import make_app, server_access
from web.links import SignedLinks

SECRET = b"l" * 32
BASE = "https://dom.example"


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(page_links=SignedLinks(BASE, SECRET, virtual_clock), clock=virtual_clock)


def link_urls(message: Any) -> list[str]:
    return [c["url"] for c in walk(payload(message)) if c.get("style") == 5]


async def opens(bot: DominoBot, url: str) -> tuple[int, str]:
    assert url.startswith(BASE + "/s/")
    parts = urlsplit(url)
    assert bot.store is not None
    app = make_app(bot.store, server_access(bot.store, SECRET, virtual_clock))
    async with TestClient(TestServer(app)) as client:
        answer = await client.get(f"{parts.path}?{parts.query}")
        return answer.status, await answer.text()


async def test_every_answer_links_to_its_page(servers: dict[str, Any]) -> None:  # noqa: F811
    w = servers
    bot: DominoBot = w["bot"]
    table_id = await finish_game(w, w["a"], w["chan_a"], ["ann", "bob"])
    ann = w["in_a"]["ann"]
    board = shown(await ann.slash(w["chan_a"], "domino leaderboard", game="traditional"))
    [url] = link_urls(board)
    assert f"/s/{w['a'].id}/leaderboard/traditional?" in url
    status, html = await opens(bot, url)
    assert status == 200 and "Ann" in html and "Bob" in html
    for command in ("domino stats", "domino history"):
        answer = shown(await ann.slash(w["chan_a"], command))
        [url] = link_urls(answer)
        assert f"/s/{w['a'].id}/player/{w['users']['ann'].id}?" in url
        status, html = await opens(bot, url)
        assert status == 200 and f"/game/{table_id}?" in html
    # The finished table message and the game-over DM point at the game's page.
    dms = [m.content for m in w["users"]["bob"].dm_channel.history()]
    assert any(f"{BASE}/s/{w['a'].id}/game/{table_id}?exp=" in text for text in dms)


async def test_the_finished_table_message_links_to_its_game(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    await ann.slash(channel, "domino new traditional", seats=2, pace="casual")
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table  # the playing table
    assert link_urls(table_message(channel, table)) == []  # a game in play: no page
    await play_out(world, table)
    assert table.status == "finished"
    [url] = link_urls(table_message(channel, table))
    assert f"/s/{world['guild'].id}/game/{table.id}?" in url
    status, html = await opens(env.bot, url)
    assert status == 200 and 'id="stepper"' in html


async def test_the_global_board_has_no_page_and_no_link(servers: dict[str, Any]) -> None:  # noqa: F811
    w = servers
    await finish_game(w, w["a"], w["chan_a"], ["ann", "bob"])
    board = shown(await w["in_a"]["ann"].slash(w["chan_a"], "domino leaderboard",
                                                game="traditional", scope="global"))
    assert link_urls(board) == []
