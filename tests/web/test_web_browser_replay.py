"""Scrubbing a replay in a real browser (issue 52): 60 steps at 30 a second, back and
forth, show no broken picture even when the server refuses some with 429 (the page
retries); the board's box keeps its size; Home and End; the current move kept in view;
the caption announced; at 1280 px the board fits the window with the move list beside it.
Screenshots at 360x740 and 1280x800 go to tests/web's SHOTS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from engine.records import replay
from render import render_board
from storage import Storage
from tables.service import TableService
from tests.web import test_web_browser
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_games import GUILD, NOW, SECRET, Site, finish, open_game
from web.access import Access
from web.app import make_app
from web.guard import RateLimit

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")

browser = test_web_browser.browser  # a fixture

# In the browser, on its own clock: `steps` presses of `key` one every 33 ms, then the
# box's heights and the controls' tops seen after each press (they must not change).
SCRUB = """async ([key, steps]) => {
  const img = document.getElementById('board'), prev = document.getElementById('prev');
  const heights = new Set(), tops = new Set();
  for (let i = 0; i < steps; i++) {
    document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    await new Promise(r => setTimeout(r, 33));
    heights.add(Math.round(img.getBoundingClientRect().height));
    tops.add(Math.round(prev.getBoundingClientRect().top + scrollY));
  }
  return [heights.size, tops.size];
}"""
SETTLED = ("() => { const i = document.getElementById('board');"
           " return !i.closest('figure').hasAttribute('aria-busy') && i.complete; }")


async def shown_board(page: Any, site: Site) -> bytes:
    """The bytes of the picture the page shows once settled, read again from its address
    as another client (its own allowance: the browser's may be spent)."""
    await page.wait_for_function(SETTLED)
    src = await page.evaluate("new URL(document.getElementById('board').src).pathname"
                              " + new URL(document.getElementById('board').src).search")
    response = await site.client.get(src, headers={"X-Forwarded-For": "192.0.2.7"})
    assert response.status == 200
    return await response.read()


@pytest.fixture(params=["tight", "default"])
async def site(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Site]:
    """A site whose board pictures meet a tight limit (refusals happen, the page must
    retry) or the default allowance (scrubbing at 30 a second must never meet it)."""
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    pictures = RateLimit(per_second=6.0, burst=6.0) if request.param == "tight" else None
    try:
        app = make_app(store, access, pictures=pictures)
        async with TestClient(TestServer(app)) as client:
            yield Site(client, service, access)
    finally:
        await service.close()
        await store.close()


async def test_scrubbing_at_30_steps_a_second_shows_no_broken_picture(
        site: Site, browser: Any, request: pytest.FixtureRequest) -> None:
    table_id = await open_game(site)
    await finish(site, table_id)
    record = await site.service._store.record(table_id)
    last = len(record["moves"])

    def expected(moves: int) -> bytes:
        return render_board(replay({**record, "moves": record["moves"][:moves]}).view(None),
                            locale="en").data

    url = str(site.client.make_url(site.signed(f"/s/{GUILD}/game/{table_id}")))
    tight = "tight" in request.node.name
    for width, height in ((360, 740), (1280, 800)):
        page = await browser.new_page(viewport={"width": width, "height": height})
        refused: list[str] = []
        page.on("response", lambda r, seen=refused: seen.append(r.url)
                if r.status == 429 else None)
        errors: list[str] = []
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        await page.goto(url)
        assert await shown_board(page, site) == expected(last)
        back = min(30, last)
        sizes = await page.evaluate(SCRUB, ["ArrowLeft", back])
        sizes_on = await page.evaluate(SCRUB, ["ArrowRight", 60 - back])
        assert sizes == [1, 1] and sizes_on == [1, 1], "the board's box or controls moved"
        await page.wait_for_function(SETTLED)
        shown = min(last, last - back + 60 - back)
        assert await shown_board(page, site) == expected(shown)
        broken = await page.evaluate(
            "[...document.images].filter(i => i.complete && i.naturalWidth === 0).length")
        assert broken == 0
        if tight:
            assert refused, "the tight limit refused nothing: the test tests no retry"
        else:
            assert refused == [], "one person scrubbing met the rate limit"
        # Home and End; the caption is announced; the current move is in the list's view.
        await page.keyboard.press("Home")
        assert await shown_board(page, site) == expected(0)
        assert await page.inner_text("#caption") == f"After move 0 of {last}"
        assert await page.get_attribute("#caption", "aria-live") == "polite"
        await page.keyboard.press("End")
        assert await shown_board(page, site) == expected(last)
        await page.keyboard.press("ArrowLeft")
        await page.wait_for_function(SETTLED)
        in_view = await page.evaluate("""() => {
          const list = document.getElementById('movelist').getBoundingClientRect();
          const row = document.querySelector('tr.current').getBoundingClientRect();
          return row.top >= list.top - 1 && row.bottom <= list.bottom + 1; }""")
        assert in_view
        if width >= 1024:
            layout = await page.evaluate("""() => {
              document.getElementById('stepper').scrollIntoView();
              const b = document.getElementById('board').getBoundingClientRect();
              const c = document.getElementById('next').getBoundingClientRect();
              const m = document.getElementById('movelist').getBoundingClientRect();
              return [c.bottom <= innerHeight, m.left >= b.right, m.top < b.bottom]; }""")
            assert layout == [True, True, True], "board and controls fit, moves beside"
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        if not tight:
            await page.keyboard.press("Home")
            await page.wait_for_function(SETTLED)
            SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SHOTS / f"replay-{width}x{height}.png"))
        assert errors == []
        await page.close()
