"""A tournament's page (issue 49), over tournaments run by the real tournament service on
a SQLite file in virtual time (tests/tables/test_tournament_service.py's people): the
facts, the standings in the tiebreaks' order, every round's tables with replay links, a
running table shown only as its channel sees it, the refusals, and the player's page
listing the tournaments they entered."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from aiohttp.test_utils import TestClient, TestServer

from storage import GuildSettings, Storage
from tables.errors import TableError
from tables.live import Person, TableSettings
from tables.service import TableService
from tables.tournament.reading import entries, tournament_view
from tables.tournament.service import Tournaments
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import START, VirtualTime, open_service
from tests.tables.test_tournament_service import People
from tests.web.conftest import SHOTS, chromium
from tests.web.test_web_browser import browser  # noqa: F401 - the fixture
from web.access import Access
from web.app import make_app, server_access
from web.links import SignedLinks

HOUR, DAY = 3600.0, 86400.0
GUILD, OTHER, CHANNEL, HOST = 10, 11, 20, 1
SECRET = b"t" * 32
ENTRANTS = [Person(100 + i, name) for i, name in
            enumerate(["Ann", "Bob", "Cy", '<b>Dee</b> "the" \u202eevil'], 1)]


@dataclass
class Site:
    client: TestClient  # type: ignore[type-arg]
    vt: VirtualTime
    service: TableService
    tournaments: Tournaments
    store: Storage
    access: Access

    def signed(self, path: str, *, guild: int = GUILD, query: str = "") -> str:
        expires = int(self.vt.now) + 600
        return f"{path}?{query}{'&' if query else ''}{self.access.query_for(guild, expires)}"

    async def get(self, path: str, **signing: object) -> tuple[int, str]:
        response = await self.client.get(self.signed(path, **signing))  # type: ignore[arg-type]
        return response.status, await response.text()

    async def tournament(self, *, rounds: int = 2, guild: int = GUILD,
                         title: str = "Winter <cup>") -> int:
        """A Swiss of ENTRANTS at tables of 2, starting an hour from now, a day a round."""
        row = await self.tournaments.create(
            guild_id=guild, channel_id=CHANNEL, host=Person(HOST, "Host"), game="traditional",
            options={}, settings=TableSettings(seats=2), format="swiss", rounds=rounds,
            round_seconds=int(DAY), seats=2, starts_at=self.vt.now + HOUR, title=title)
        for person in ENTRANTS:
            await self.tournaments.join(row.id, person)
        return row.id


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    services, vt = Services(), VirtualTime()
    try:
        service, _ = await open_service(services, tmp_path / "bot.db", vt)
        store = service._store
        tournaments = Tournaments(service, store, ai_level="easy")
        People(service, vt)
        access = server_access(store, SECRET, vt.clock)
        async with TestClient(TestServer(make_app(store, access))) as client:
            yield Site(client, vt, service, tournaments, store, access)
    finally:
        await services.close_all()


def page_path(tid: int, guild: int = GUILD) -> str:
    return f"/s/{guild}/tournament/{tid}"


def standings_rows(html: str) -> list[tuple[int, str]]:
    """(place, name) of each line of the standings table."""
    body = html.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    return [(int(place), name) for place, name in re.findall(
        r'<td class="num">(\d+)</td>\s*<td class="name"><a [^>]*><bdi>([^<]*)</bdi>', body)]


async def test_a_finished_tournament_shows_its_standings_rounds_and_replays(site: Site) -> None:
    tid = await site.tournament()
    await site.vt.advance(HOUR + 2 * DAY)
    view = await tournament_view(site.store, tid)
    assert view.tournament.status == "finished"
    status, html = await site.get(page_path(tid))
    assert status == 200
    # The facts: its name (escaped), game, format, status, start and round length.
    assert "Winter &lt;cup&gt;" in html and "<cup>" not in html
    assert '<a href="/rules/traditional">Traditional</a>' in html
    assert ">Swiss<" in html and ">Finished<" in html
    assert f"{START + HOUR:.0f}" not in html  # a time is written, never a raw number
    assert '<time datetime="2027-01-15T09:00Z">2027-01-15 09:00 UTC</time>' in html
    assert "1 d" in html and "2 of 2 played" in html
    # The standings: every entrant in the service's order, hostile names escaped, the
    # tiebreak columns in the documented order.
    assert standings_rows(html) == [
        (line.standing.place, _escaped(line.name)) for line in view.standings]
    heads = re.findall(r'<span class="long">([^<]+)</span>', html)
    assert heads == ["Place", "Points", "Buchholz", "Game points", "Head to head", "Seed"]
    assert "<b>Dee</b>" not in html and "&lt;b&gt;Dee&lt;/b&gt;" in html
    # Every round, every table: its seats in order, each finished table's replay link
    # (carrying the page's signature) opening the game's page.
    assert [int(n) for n in re.findall(r'<section class="round" id="round-(\d+)">', html)] \
        == [2, 1]
    tables = [x for r in view.rounds for x in r.tables]
    assert len(tables) == 4 and all(x.state == "done" for x in tables)
    for x in tables:
        link = f'href="/s/{GUILD}/game/{x.table_id}?exp='
        assert link in html
        href = re.search(f'href="(/s/{GUILD}/game/{x.table_id}[^"]*)"', html)
        assert href is not None
        answer = await site.client.get(href.group(1).replace("&amp;", "&"))
        assert answer.status == 200
        cells = re.findall(r'<td class="num">([^<]*)</td>\s*<td class="num">([^<]*)</td>',
                           _table_block(html, x.table_id))
        assert [(int(p), float(score)) for p, score in cells] == list(
            zip(x.places, x.scores, strict=True))


def _escaped(name: str) -> str:
    return (name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;"))


def _table_block(html: str, table_id: int | None) -> str:
    """The <tbody> of the round table whose replay is `table_id`."""
    for block in html.split("<tbody")[1:]:
        if f"/game/{table_id}?" in block:
            return block.split("</tbody>", 1)[0]
    raise AssertionError(f"no table {table_id}")


async def test_a_running_table_shows_who_sits_where_and_no_hand(site: Site) -> None:
    tid = await site.tournament()
    await site.vt.advance(HOUR + 5 * 60)  # round 1 open, a few moves made
    view = await tournament_view(site.store, tid)
    assert view.tournament.status == "running"
    playing = [x for x in view.rounds[0].tables if x.state == "playing"]
    assert playing, "the round is under way"
    status, html = await site.get(page_path(tid))
    assert status == 200 and ">Being played<" in html and "0 of 2 played" in html
    for x in playing:
        assert x.table_id is not None
        assert f"/game/{x.table_id}" not in html  # no replay of a game in play
        live = site.service.held_tables[x.table_id]
        assert live.game is not None
        block = html.split(f"Table {x.index + 1}<", 1)[1].split("</tbody>", 1)[0]
        assert "In play" in block
        seated = re.findall(r'<span class="seat">(\d)</span> <bdi>([^<]*)</bdi>', block)
        assert seated == [(str(i + 1), _escaped(name)) for i, name in enumerate(x.names)]
        # Not one tile of any hand (the page shows no tile at all), nor a score.
        for seat in range(len(x.seats)):
            for tile in live.game.view(seat).hand:
                assert str(tile) not in block
        assert re.findall(r'<td class="num">([^<]*)</td>', block) == ["–"] * 2 * len(x.seats)
    # The standings so far: everyone at 0 until a table is done.
    assert len(standings_rows(html)) == len(ENTRANTS)


async def test_a_tournament_not_started_lists_its_entrants(site: Site) -> None:
    tid = await site.tournament()
    status, html = await site.get(page_path(tid))
    assert status == 200 and ">Open for entry<" in html and "not started yet" in html
    assert all(f"<li><bdi>{_escaped(p.name)}</bdi></li>" in html for p in ENTRANTS)
    # An entrant who never finished a game here has a page: the tournament, no place yet.
    status, html = await site.get(f"/s/{GUILD}/player/{ENTRANTS[0].user_id}")
    assert status == 200 and f"/tournament/{tid}?exp=" in html
    assert re.search(r'<td class="num">–</td>\s*<td>Open for entry</td>', html)
    assert (await site.get(f"/s/{OTHER}/player/{ENTRANTS[0].user_id}", guild=OTHER))[0] == 404


async def test_refusals_are_the_other_pages_own(site: Site) -> None:
    tid = await site.tournament()
    unsigned = await site.client.get(page_path(tid))
    assert unsigned.status == 403 and "link the bot gave" in await unsigned.text()
    assert unsigned.headers["Content-Security-Policy"].startswith("default-src 'none'")
    altered = await site.client.get(site.signed(page_path(tid)).replace("sig=", "sig=0"))
    assert altered.status == 403
    other_sig = await site.client.get(site.signed(page_path(tid), guild=OTHER))
    assert other_sig.status == 403  # another server's signature opens nothing here
    assert (await site.get(page_path(tid + 1000)))[0] == 404  # unknown
    assert (await site.get(page_path(tid, OTHER), guild=OTHER))[0] == 404  # not that server's
    # The DMs' scope: unsigned refused as every page there; signed for it (which no link
    # is), there is no tournament in DMs.
    assert (await site.client.get(page_path(tid, 0))).status == 403
    assert (await site.get(page_path(tid, 0), guild=0))[0] == 404
    status, html = await site.get(page_path(99999999999999999999))
    assert status == 404 and "no such page" in html
    # A public server's page opens unsigned.
    await site.store.set_guild_settings(GuildSettings(GUILD, web_public=True))
    assert (await site.client.get(page_path(tid))).status == 200


async def test_the_page_speaks_the_readers_language(site: Site) -> None:
    tid = await site.tournament()
    await site.vt.advance(HOUR + 2 * DAY)
    expected = {"ru": ("Турнирная таблица", "Бухгольц", "Завершён"),
                "uk": ("Турнірна таблиця", "Бухгольц", "Завершено"),
                "es": ("Clasificación", "Puntos de partida", "Terminado"),
                "pt": ("Classificação", "Confronto direto", "Encerrado")}
    for lang, words in expected.items():
        status, html = await site.get(page_path(tid), query=f"lang={lang}")
        assert status == 200 and f'<html lang="{lang}">' in html
        assert all(word in html for word in words), lang
        assert "web.tournament" not in html and "web.col" not in html


async def test_the_player_page_lists_their_tournaments_with_their_place(site: Site) -> None:
    tid = await site.tournament()
    other = await site.tournament(guild=OTHER, title="Elsewhere")
    await site.vt.advance(HOUR + 2 * DAY)
    view = await tournament_view(site.store, tid)
    for line in view.standings:
        status, html = await site.get(f"/s/{GUILD}/player/{line.standing.entrant}")
        assert status == 200
        row = re.search(rf'href="/s/{GUILD}/tournament/{tid}\?exp=[^"]*">(.*?)</tr>', html,
                        re.S)
        assert row is not None and "Winter &lt;cup&gt;" in row.group(1)
        assert f"{line.standing.place}/{len(ENTRANTS)}" in row.group(1)
        assert f"/tournament/{other}" not in html  # another server's
    [entry] = await entries(site.store, ENTRANTS[0].user_id, GUILD)
    assert entry.tournament.id == tid and entry.field == len(ENTRANTS)


async def test_the_bots_link_opens_the_page(site: Site) -> None:
    tid = await site.tournament()
    links = SignedLinks("https://dom.example", SECRET, site.vt.clock)
    url = links.tournament(GUILD, tid)
    parts = urlsplit(url)
    assert parts.path == page_path(tid)
    answer = await site.client.get(f"{parts.path}?{parts.query}")
    assert answer.status == 200


@pytest.mark.skipif(chromium() is None, reason="no Chromium (see .ci/run)")
async def test_the_page_fits_a_phone_in_a_browser(site: Site, browser: Any) -> None:  # noqa: F811
    """At 360 px: nothing wider than the window (a wide table scrolls in its own box), the
    standings in view with their short heads and legend; screenshots at 360 and 1280 px."""
    tid = await site.tournament(title="Winter cup of the " + "very " * 12 + "long name")
    await site.vt.advance(HOUR + DAY + 5 * 60)  # round 1 done, round 2 under way
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = str(site.client.make_url(site.signed(page_path(tid))))
    for width in (360, 1280):
        page = await browser.new_page(viewport={"width": width, "height": 800})
        errors: list[str] = []
        page.on("console", lambda m, seen=errors: seen.append(m.text)
                if m.type == "error" else None)
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        await page.goto(url)
        await page.wait_for_load_state("load")
        await page.screenshot(path=str(SHOTS / f"tournament-{width}.png"), full_page=True)
        overflow = await page.evaluate("document.body.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px wider than {width}"
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px wider than {width}"
        standings = page.locator("table.standings")
        assert await standings.is_visible()
        assert await page.locator("table.standings tbody tr").count() == len(ENTRANTS)
        # Every column of the standings inside the window, or inside its scrolling box.
        box = await standings.bounding_box()
        scroller = await page.locator(".scroll:has(table.standings)").bounding_box()
        assert box is not None and scroller is not None
        assert scroller["x"] >= 0 and scroller["x"] + scroller["width"] <= width
        short = await page.locator("table.standings abbr.short").first.is_visible()
        assert short == (width == 360)  # short heads, explained by the legend, on a phone
        assert await page.locator("p.legend.short").first.is_visible() == (width == 360)
        assert await page.locator("table.pairings").count() == 2
        # A player's page from the standings lists the tournament, and fits too.
        await page.click("table.standings tbody tr:first-child a")
        await page.wait_for_url("**/player/*")
        await page.wait_for_load_state("load")
        await page.screenshot(path=str(SHOTS / f"tournament-player-{width}.png"),
                              full_page=True)
        assert await page.locator(f"table.entered a[href*='/tournament/{tid}?']").count() == 1
        overflow = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"player page: {overflow} px wider than {width}"
        assert errors == []
        await page.close()


async def test_reading_a_tournament_refused_at_its_creation_is_shown_cancelled(
        site: Site) -> None:
    """The service stores a tournament before asking the formats about it, and cancels one
    they refuse (a knockout of pairs): its page says so rather than failing."""
    with pytest.raises(TableError):
        await site.tournaments.create(
            guild_id=GUILD, channel_id=CHANNEL, host=Person(HOST, "Host"),
            game="partnership", options={}, settings=TableSettings(seats=4),
            format="knockout", rounds=1, round_seconds=int(DAY), seats=4,
            starts_at=site.vt.now + HOUR, teams=True, advance=0, title="Refused")
    [refused] = await site.store.tournaments(statuses=("cancelled",))
    status, html = await site.get(page_path(refused.id))
    assert status == 200 and ">Cancelled<" in html and "Refused" in html

