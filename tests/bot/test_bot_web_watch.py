"""Following a table in play in a real browser (issue 52): the Watch link of the table
message, opened in Chromium at 360 px, shows each move played through the bot (simcord)
within 2 s without a reload, never a hidden tile, and the game's end with its replay's
link. Screenshots at 360x740 and 1280x800 go to tests/web's SHOTS."""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer

from cogs.domino_bot import DominoBot
from tests.bot.conftest import hidden_tiles, table_message, take_turn, tile_pattern, walk
from tests.bot.scripted import payload
from tests.web import test_web_browser
from tests.web.conftest import SHOTS, chromium
from web.app import make_app, server_access
from web.links import SignedLinks

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")

browser = test_web_browser.browser  # a fixture
log = logging.getLogger(__name__)

SECRET = b"w" * 32
BASE = "https://dom.example"
LIMIT_MS = 2000  # a move must show on the page within this
CONNECTED = "() => document.getElementById('watch').dataset.connected === 'true'"


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(page_links=SignedLinks(BASE, SECRET, virtual_clock), clock=virtual_clock)


def watch_link(message: Any) -> str:
    [url] = [c["url"] for c in walk(payload(message)) if c.get("style") == 5]
    return url


def stock_and_hands(table: Any) -> set[Any]:
    return hidden_tiles(table.game) | set(table.game.stock)


async def test_a_move_played_in_discord_shows_on_the_watch_page_within_2_s(
        world: dict[str, Any], browser: Any) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    by_id = {m.id: m for m in world["members"]}
    bot: DominoBot = env.bot
    await ann.slash(channel, "domino new traditional", seats=2, pace="casual")
    table = max(bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    table = bot.service.held_tables[table.id]
    url = watch_link(table_message(channel, table))
    parts = urlsplit(url)
    assert parts.path == f"/s/{world['guild'].id}/watch/{table.id}"
    assert bot.store is not None
    app = make_app(bot.store, server_access(bot.store, SECRET, virtual_clock),
                   service=bot.service)
    async with TestClient(TestServer(app)) as client:
        page = await browser.new_page(viewport={"width": 360, "height": 740})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        await page.goto(str(client.make_url(f"{parts.path}?{parts.query}")))
        await page.wait_for_function(CONNECTED, timeout=5000)
        waits: list[float] = []
        for _ in range(6):
            seat = table.game.to_move
            member = by_id[table.seats[seat].user_id]
            started = time.perf_counter()
            await take_turn(member, channel, table)
            # The page's own signal: the move it shows, set once its board has loaded.
            await page.wait_for_function(
                f"() => document.getElementById('watch').dataset.seq === '{table.seq}'",
                timeout=LIMIT_MS)
            waits.append(time.perf_counter() - started)
            await env.settle()
            shown = await page.inner_text("main")
            for tile in stock_and_hands(table):
                assert tile_pattern(tile).search(shown) is None, tile
        log.warning("watch page: a move shown after %.0f ms (median), %.0f ms (max)",
                    1000 * statistics.median(waits), 1000 * max(waits))
        assert max(waits) < LIMIT_MS / 1000
        turn = table.seats[table.game.to_move].name
        assert turn in await page.inner_text("#turn")
        counts = [int(x) for x in await page.locator("#seats td:nth-child(2)").all_inner_texts()]
        assert counts == list(table.game.view(None).hand_sizes)
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / "watch-en-360x740.png"), full_page=True)
        wide = await browser.new_page(viewport={"width": 1280, "height": 800})
        await wide.goto(str(client.make_url(f"{parts.path}?{parts.query}&lang=ru")))
        await wide.wait_for_function(CONNECTED, timeout=5000)
        await wide.screenshot(path=str(SHOTS / "watch-ru-1280x800.png"), full_page=True)
        # Played to its end: the page says so and links to the replay, without a reload.
        while table.status == "playing":
            seat = table.game.to_move
            await take_turn(by_id[table.seats[seat].user_id], channel, table)
            await env.settle()
        await page.wait_for_selector("#replay", timeout=LIMIT_MS)
        href = await page.get_attribute("#replay", "href")
        assert href is not None and href.startswith(
            f"/s/{world['guild'].id}/game/{table.id}?exp=")
        await page.screenshot(path=str(SHOTS / "watch-ended-en-360x740.png"), full_page=True)
        assert errors == []
        await page.close()
        await wide.close()
