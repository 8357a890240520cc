"""A server's leaderboard and a player's page in a real browser (Debian's Chromium):
open the board, follow a player, open a game from their list; no console error, nothing
wider than the window, every picture with alt text; screenshots at 360 and 1280 px."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from storage import Storage
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_boards import BOARD, PEOPLE, Site, _site, played
from tests.web.test_web_browser import browser  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    """The boards' site on one SQLite file (tests/web/test_web_boards.py's own set-up)."""
    async for made in _site(await Storage.open(tmp_path / "db.sqlite3")):
        yield made


async def check(page: Any, name: str, width: int) -> None:
    """The page fits the window, its pictures have alt text; a screenshot of it."""
    await page.wait_for_load_state("load")
    await page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"{name}: {overflow} px wider than {width}"
    missing = await page.evaluate("[...document.images].filter(i => !i.alt).map(i => i.src)")
    assert missing == [], name
    broken = await page.evaluate(
        "[...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
    assert broken == [], name


async def test_board_player_and_game_in_a_browser(site: Site, browser: Any) -> None:  # noqa: F811
    tables = await played(site)
    SHOTS.mkdir(parents=True, exist_ok=True)
    board_url = str(site.client.make_url(site.signed(BOARD)))
    for width in (360, 1280):
        page = await browser.new_page(viewport={"width": width, "height": 800})
        errors: list[str] = []
        page.on("console", lambda m, seen=errors: seen.append(m.text)
                if m.type == "error" else None)
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        await page.goto(board_url)
        assert await page.locator("table.board tbody tr").count() == len(PEOPLE)
        await check(page, "leaderboard", width)
        await page.click("table.board a >> text=Ann")
        await page.wait_for_url(f"**/player/{PEOPLE[0].user_id}?*")
        assert await page.locator("h1").inner_text() == "Ann"
        await page.wait_for_function(
            "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        await check(page, "player", width)
        await page.click(f"table.history a[href*='/game/{tables[0]}?']")
        await page.wait_for_url(f"**/game/{tables[0]}?*")
        assert await page.locator("#stepper").count() == 1
        await check(page, "player-game", width)
        assert errors == []
        await page.close()
