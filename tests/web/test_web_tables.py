"""Tables that read at 360 px and a chart that reads at all (issue 52): the leaderboard
(with Goat) and the daily board show every column at 360x740 in en, ru and uk, any
table wider than its box shows a scroll cue, and the rating chart's line stands 3:1 or
more against its panel in every theme. Screenshots go to tests/web's SHOTS."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render.chart
from catalog import t
from catalog.reader import reading
from engine.registry import GAMES
from render.canvas import fit_text
from render.chart import MIN_CONTRAST, contrast, line_colour
from render.theme import DEFAULT_THEME, THEMES
from storage import Storage
from tables.standings import is_rated, title
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_boards import BOARD, GUILD, PEOPLE, Site, _site, played
from tests.web.test_web_browser import browser  # noqa: F401 - the fixture
from web.language import SPOKEN

# Each table's hidden width past its box, and whether its box shows the scroll cue.
TABLES = """() => [...document.querySelectorAll('.scroll')].map(box => [
  box.querySelector('table').className,
  box.scrollWidth - box.clientWidth,
  getComputedStyle(box).backgroundImage.includes('gradient')])"""


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async for made in _site(await Storage.open(tmp_path / "db.sqlite3")):
        yield made


@pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")
async def test_the_boards_show_every_column_at_360_px(site: Site,
                                                      browser: Any) -> None:  # noqa: F811
    await played(site)
    page = await browser.new_page(viewport={"width": 360, "height": 740})
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ru", "uk"):
        await page.goto(str(site.client.make_url(site.signed(BOARD, query=f"lang={lang}"))))
        assert await page.locator("table.board th").count() == 6  # Goat included
        tables = await page.evaluate(TABLES)
        assert tables, lang
        for name, hidden, cue in tables:
            assert cue, f"{lang} {name}: no scroll cue"
            if name in ("board", "daily"):
                assert hidden <= 0, f"{lang} {name}: {hidden} px past the edge"
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, lang
        # The short heads are explained under the table.
        assert await page.locator("p.legend.short").first.is_visible(), lang
        await page.screenshot(path=str(SHOTS / f"leaderboard-{lang}-360x740.png"),
                              full_page=True)
    await page.close()
    # The player page with its chart, at both sizes: nothing past the edge.
    for width, height in ((360, 740), (1280, 800)):
        page = await browser.new_page(viewport={"width": width, "height": height})
        await page.goto(str(site.client.make_url(
            site.signed(f"/s/{GUILD}/player/{PEOPLE[0].user_id}", query="lang=ru"))))
        await page.wait_for_function(
            "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        assert await page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
        await page.screenshot(path=str(SHOTS / f"player-ru-{width}x{height}.png"),
                              full_page=True)
        await page.goto(str(site.client.make_url(site.signed(BOARD))))
        await page.screenshot(path=str(SHOTS / f"leaderboard-en-{width}x{height}.png"))
        await page.close()


def test_the_chart_line_stands_3_to_1_in_every_theme() -> None:
    for theme in THEMES.values():
        line = line_colour(theme)
        assert contrast(line, theme.panel) >= MIN_CONTRAST, theme.name
        assert contrast(line, theme.background) >= MIN_CONTRAST, theme.name


async def test_the_served_chart_draws_its_line_in_that_colour(site: Site) -> None:
    await played(site)
    response = await site.client.get(
        site.signed(f"/s/{GUILD}/player/{PEOPLE[0].user_id}/chart/traditional.png"))
    assert response.status == 200
    picture = Image.open(io.BytesIO(await response.read())).convert("RGB")
    line = line_colour(THEMES[DEFAULT_THEME])
    data = picture.tobytes()  # RGB, three bytes a pixel
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    near = sum(1 for pixel in pixels
               if sum(abs(a - b) for a, b in zip(pixel, line, strict=True)) < 30)
    assert near > 100  # a line of several games, 3 px wide


@pytest.mark.parametrize("lang", SPOKEN)
def test_every_chart_title_is_whole_in_every_language(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The title the player page's chart carries (tables/standings.py), for every rated
    # game and both scopes: drawn whole, never cut with an ellipsis.
    cut: list[str] = []

    def spy(text: str, size: int, width: int, bold: bool = False) -> str:
        fitted = fit_text(text, size, width, bold)
        if fitted != text:
            cut.append(text)
        return fitted

    monkeypatch.setattr(render.chart, "fit_text", spy)
    with reading(lang):
        for game in (name for name in GAMES if is_rated(name)):
            for scope in ("stats.scope_global", "stats.scope_server"):
                heading = t("stats.chart_title", game=title(game), scope=t(scope))
                render.chart.render_rating_chart([1000.0, 1010.0], title=heading,
                                                 locale=lang)
    assert cut == [], f"{lang}: cut titles {cut}"
