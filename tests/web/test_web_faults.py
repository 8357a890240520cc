"""Faults a page must survive (issue 52): a game ended by resignation, odd digits and
ids out of range, a storage error, hostile text direction, the Server header. Each
answer is a page in the reader's language with the security headers, never a bare 500.
And the footer's language links keep the page's signature and query."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from catalog import t
from engine.records import replay
from storage import Storage
from tables.live import Person, TableSettings
from tables.service import TableService
from web.access import Access
from web.app import make_app
from web.language import SPOKEN

ANN, BOB = Person(1, "Ann"), Person(2, "Bob")
GUILD, NOW = 10, 1_800_000_000.0
SECRET = b"f" * 32


@dataclass
class Site:
    client: TestClient  # type: ignore[type-arg]
    service: TableService
    access: Access
    store: Storage

    def signed(self, path: str, extra: str = "") -> str:
        return f"{path}?{self.access.query_for(GUILD, int(NOW) + 60)}{extra}"


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    try:
        async with TestClient(TestServer(make_app(store, access))) as client:
            yield Site(client, service, access, store)
    finally:
        await service.close()
        await store.close()


async def started(site: Site, bob: Person = BOB) -> int:
    table = await site.service.open_lobby(
        guild_id=GUILD, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await site.service.join(table.id, bob)
    await site.service.start(table.id, ANN.user_id)
    return table.id


async def test_a_game_ended_by_resignation_has_its_page(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    page = await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}"))
    html = await page.text()
    assert page.status == 200
    assert t("end.resigned", "en", name="\u2068Bob\u2069") in html  # isolated
    # Ann, who stayed, ranks first.
    ranked = re.findall(r'<td class="name">(?:<a [^>]*>)?<bdi>(\w+)', html.split("</table>")[0])
    assert ranked == ["Ann", "Bob"]
    download = await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}.json"))
    assert download.status == 200
    # The record says how it ended too: its moves do not (Bob, seat 1, resigned).
    record = json.loads(await download.text())
    assert record["end"] == {"reason": "resigned", "resigned": [1], "places": [1, 2],
                             "points": record["end"]["points"]}
    assert replay(record).outcome() is None  # and it still replays as it was played


def assert_page(response_status: int, headers: object, html: str, status: int,
                lang: str) -> None:
    assert response_status == status
    assert "script-src 'self'" in headers["Content-Security-Policy"]  # type: ignore[index]
    assert f'<html lang="{lang}">' in html


async def test_odd_digits_and_ids_out_of_range_are_plain_refusals(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    ru = {"Accept-Language": "ru"}
    game = f"/s/{GUILD}/game/{table_id}"
    for path, status in (
            (f"{game}?exp=²&sig=00", 403),
            (f"{game}?exp=1²&sig=00", 403),
            (site.signed(f"/s/{GUILD}/leaderboard/traditional", "&page=²"), 404),
            (site.signed(f"/s/{GUILD}/leaderboard/traditional", "&page=٣"), 404),
            (site.signed(f"/s/{GUILD}/game/{'9' * 20}"), 404),
            (site.signed(f"/s/{GUILD}/game/{2 ** 63}"), 404),
            (site.signed(f"/s/{GUILD}/game/{table_id}/board/².png"), 404),
            (site.signed(f"/s/{GUILD}/player/{'9' * 20}"), 404),
            (site.signed(f"/s/{GUILD}/player/{'9' * 20}/chart/traditional.png"), 404),
            (f"/s/{'9' * 20}/game/1", 404),
            ("/s/²/game/1", 404)):
        response = await site.client.get(path, headers=ru)
        html = await response.text()
        assert_page(response.status, response.headers, html, status, "ru")
        assert t(f"web.error.{status}", "ru") in html, path


async def test_a_storage_error_is_a_page_in_the_readers_language(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)

    async def broken(_table_id: int) -> None:
        raise OSError("disk I/O error")

    monkeypatch.setattr(site.store, "get_table", broken)
    response = await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}", "&lang=uk"))
    html = await response.text()
    assert_page(response.status, response.headers, html, 500, "uk")
    assert t("web.error.other", "uk") in html
    assert "disk I/O" not in html


async def test_the_server_header_names_no_version(site: Site) -> None:
    for path in ("/", "/no/such/page", "/static/style.css", f"/s/{GUILD}/game/1"):
        response = await site.client.get(path)
        server = response.headers.get("Server", "")
        assert "Python" not in server and "aiohttp" not in server, path


def unisolated(html: str) -> str:
    """`html` without what is isolated for direction: <bdi> elements, FSI…PDI runs."""
    return re.sub("\u2068[^\u2069]*\u2069", "", re.sub(r"<bdi>[^<]*</bdi>", "", html))


async def test_a_name_reversing_text_reaches_nothing_after_it(site: Site) -> None:
    eve = Person(2, "Eve\u202e!olleh")
    table_id = await started(site, eve)
    await site.service.resign(table_id, eve.user_id)
    for path in (f"/s/{GUILD}/game/{table_id}", f"/s/{GUILD}/player/{eve.user_id}",
                 f"/s/{GUILD}/player/{ANN.user_id}", f"/s/{GUILD}/leaderboard/traditional"):
        response = await site.client.get(site.signed(path))
        html = await response.text()
        assert response.status == 200, path
        assert "\u202e" in html, path  # the name is shown...
        assert "\u202e" not in unisolated(html), path  # ...and only isolated


async def test_switching_language_on_a_signed_page_keeps_it_open(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    for path in (site.signed(f"/s/{GUILD}/leaderboard/traditional", "&sort=games&page=1"),
                 site.signed(f"/s/{GUILD}/game/{table_id}", "&lang=uk")):
        html = await (await site.client.get(path)).text()
        footer = html[html.index("<footer>"):]
        links = dict(re.findall(r'href="([^"]*lang=(\w+)[^"]*)"', footer))
        assert sorted(links.values()) == sorted(SPOKEN), path
        for link, code in links.items():
            url = link.replace("&amp;", "&")
            assert "exp=" in url and "sig=" in url, url
            if "leaderboard" in path:
                assert "sort=games" in url and "page=1" in url, url
            switched = await site.client.get(url)
            assert switched.status == 200, url
            assert f'<html lang="{code}">' in await switched.text(), url
