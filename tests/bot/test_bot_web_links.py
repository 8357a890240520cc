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
from tests.bot.test_bot_tournament import create, eight, find, play_through, settle  # noqa: F401
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
    app = make_app(bot.store, server_access(bot.store, SECRET, virtual_clock),
                   service=bot.service)
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
    # A game in play links to its live page, which opens (and is no replay).
    [watch] = link_urls(table_message(channel, table))
    assert f"/s/{world['guild'].id}/watch/{table.id}?" in watch
    status, html = await opens(env.bot, watch)
    assert status == 200 and 'id="watch"' in html and 'id="stepper"' not in html
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


@pytest.mark.simcord(settle_timeout=60)
async def test_the_tournament_standings_link_to_the_tournament_page(
        eight: dict[str, Any]) -> None:  # noqa: F811
    """The standings message (and `/tournament standings`) carry a link button to the
    tournament's page, which opens with both players' names and the table's replay."""
    env, channel, people = eight["env"], eight["channel"], eight["people"][:2]
    row = await create(eight, game="traditional", format="swiss", rounds=1, round_hours=24,
                       start="in 1h", seats=2, title="Link cup")
    for member in people:
        await member.click(find(channel, row.signup_message_id), label="Join")
    await settle(env)
    await env.advance_time(3600 + 60)
    await settle(env)
    view = await env.bot.features.tournaments.view(row.id)
    [played] = view.rounds[0].tables
    assert played.table_id is not None
    table = await env.bot.service.table(played.table_id)
    await play_through(env, channel, table, {m.id: m for m in people})
    await settle(env)
    row = await env.bot.features.tournaments.get(row.id)
    [url] = link_urls(find(channel, row.standings_message_id))
    assert f"{BASE}/s/{eight['guild'].id}/tournament/{row.id}?exp=" in url
    status, html = await opens(env.bot, url)
    assert status == 200 and "Link cup" in html and f"/game/{table.id}?exp=" in html
    assert all(m.user.name in html for m in people)
    answer = await people[0].slash(channel, "tournament standings", tournament=row.id)
    found = answer.followups[-1] if answer.followups else answer.response
    [again] = link_urls(found)
    assert urlsplit(again).path == urlsplit(url).path
