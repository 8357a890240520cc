"""A long game's folded pages in a real browser (issue 52): on the game's page the stepper
still walks every move and marks the part holding the shown one; a part's page steps
through its own moves only (Home: the board before its first), with no broken picture and
nothing wider than the window at 360 and 1280 px. Screenshots go to tests/web's SHOTS."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_web_browser, test_web_games
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_browser import shown_board
from tests.web.test_web_games import GUILD, Site
from tests.web.test_web_long_games import LONGEST, long_game, part_links

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")

site = test_web_games.site  # fixtures
browser = test_web_browser.browser


async def test_a_folded_game_and_its_parts_step_in_a_browser(
        site: Site, browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await long_game(site, monkeypatch, 4)
    total = LONGEST[4][1]
    url = site.signed(f"/s/{GUILD}/game/{table_id}")
    html = await (await site.client.get(url)).text()
    links = part_links(html, table_id)
    for width, height in ((360, 740), (1280, 800)):
        page = await browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        await page.goto(str(site.client.make_url(url)))
        await shown_board(page, site)
        # The last part's row is the current one; after Home (the deal, no move yet) and a
        # step, the first part's.
        rows = await page.eval_on_selector_all("tr[data-to]", "rs => rs.length")
        assert rows == len(links)
        current = "document.querySelector('tr.current').dataset.to"
        assert await page.evaluate(current) == str(total)
        await page.keyboard.press("Home")
        await shown_board(page, site)
        assert await page.inner_text("#caption") == f"After move 0 of {total}"
        assert await page.evaluate("document.querySelector('tr.current')") is None
        await page.keyboard.press("ArrowRight")
        await shown_board(page, site)
        first_to = await page.evaluate("document.querySelector('tr[data-to]').dataset.to")
        assert await page.evaluate(current) == first_to
        assert await page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
        # A middle part: its stepper goes from the board before its first move to its last.
        middle = links[len(links) // 2]
        await page.goto(str(site.client.make_url(middle)))
        await shown_board(page, site)
        low = int(await page.get_attribute("#slider", "min") or "-1")
        high = int(await page.get_attribute("#slider", "max") or "-1")
        assert 0 < low < high < total
        await page.keyboard.press("Home")
        await shown_board(page, site)
        assert await page.inner_text("#caption") == f"After move {low} of {total}"
        await page.keyboard.press("ArrowLeft")  # nothing before the part's start
        await shown_board(page, site)
        assert await page.inner_text("#caption") == f"After move {low} of {total}"
        await page.keyboard.press("ArrowRight")
        await shown_board(page, site)
        assert await page.inner_text("#caption") == f"After move {low + 1} of {total}"
        assert await page.evaluate(
            "document.querySelector('tr.current').dataset.move") == str(low + 1)
        broken = await page.evaluate(
            "[...document.images].filter(i => i.complete && i.naturalWidth === 0).length")
        assert broken == 0
        assert await page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
        # Its link back to the whole game opens it (signed).
        await page.click("#whole")
        await shown_board(page, site)
        assert await page.evaluate("location.pathname") == f"/s/{GUILD}/game/{table_id}"
        await page.goto(str(site.client.make_url(middle)))
        await shown_board(page, site)
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / f"part-{width}x{height}.png"))
        assert errors == []
        await page.close()
