"""The game page in a real browser (Playwright driving Debian's Chromium): step through a
finished game with the arrow keys, the buttons and the slider, and check that the board
shown is render/'s for that move; no console error, nothing wider than a phone, every
picture with its alt text. Screenshots at 360 px and 1280 px go to tests/web's SHOTS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from engine.records import replay
from render import render_board
from tests.web import test_web_games
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_games import GUILD, Site, finish, open_game

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")

site = test_web_games.site  # the same finished-game site, a fixture

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


async def shown_board(page: Any, site: Site) -> bytes:
    """The bytes of the picture the page shows now, once the browser has loaded it (read
    again from its address: the page's policy lets no script fetch anything)."""
    await page.wait_for_function("() => { const i = document.getElementById('board');"
                                 " return i.complete && i.naturalWidth > 0"
                                 " && !i.closest('figure').hasAttribute('aria-busy'); }")
    src = await page.evaluate("new URL(document.getElementById('board').src).pathname"
                              " + new URL(document.getElementById('board').src).search")
    response = await site.client.get(src)
    assert response.status == 200
    return await response.read()


async def test_the_game_page_steps_through_every_move_in_a_browser(site: Site,
                                                                   browser: Any) -> None:
    table_id = await open_game(site)
    await finish(site, table_id)
    record = await site.service._store.record(table_id)
    last = len(record["moves"])

    def expected(moves: int) -> bytes:
        game = replay({**record, "moves": record["moves"][:moves]})
        return render_board(game.view(None), locale="en").data

    url = str(site.client.make_url(site.signed(f"/s/{GUILD}/game/{table_id}")))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280):
        page = await browser.new_page(viewport={"width": width, "height": 800})
        errors: list[str] = []
        page.on("console", lambda m, seen=errors: seen.append(m.text)
                if m.type == "error" else None)
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        await page.goto(url)
        assert await shown_board(page, site) == expected(last)
        await page.screenshot(path=str(SHOTS / f"game-{width}.png"), full_page=True)
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px wider than {width}"
        missing = await page.evaluate(
            "[...document.images].filter(i => !i.alt).map(i => i.src)")
        assert missing == []
        if width == 360:
            await page.keyboard.press("ArrowLeft")
            assert await shown_board(page, site) == expected(last - 1)
            await page.click("#prev")
            assert await shown_board(page, site) == expected(last - 2)
            await page.click("#next")
            assert await shown_board(page, site) == expected(last - 1)
            await page.locator("#slider").fill("0")
            assert await shown_board(page, site) == expected(0)
            assert await page.get_attribute("#board", "alt") == f"The board after move 0 of {last}"
            await page.keyboard.press("ArrowRight")
            assert await shown_board(page, site) == expected(1)
        assert errors == []
        await page.close()
