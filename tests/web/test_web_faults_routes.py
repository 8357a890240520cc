"""Faults on every route (issue 52): odd digits (`?exp=²`, `?page=²`), ids past what
storage holds (20 digits) and numbers past a route's range are plain refusals, a page in
the reader's language with the security headers, never a 500; and no answer, not even
aiohttp's own to a request it cannot parse, names the Python or aiohttp version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from catalog import t
from storage import Storage
from tables.service import TableService
from tests.web.test_web_faults import BOB, GUILD, NOW, SECRET, Site, assert_page, started
from web.access import Access
from web.app import make_app
from web.guard import RateLimit

HUGE = "9" * 20  # past the largest id storage holds (2**63 - 1)
PATIENCE = 10.0  # a guard against a hang, not a pause


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    endless = RateLimit(per_second=1e9, burst=1e9)
    try:
        app = make_app(store, access, service=service, limit=endless, pictures=endless)
        async with TestClient(TestServer(app)) as client:
            yield Site(client, service, access, store)
    finally:
        await service.close()
        await store.close()


def routes(table_id: int) -> list[str]:
    """Every page of a server that takes a number, for table `table_id`."""
    base = f"/s/{GUILD}"
    return [f"{base}/game/{table_id}", f"{base}/game/{table_id}.json",
            f"{base}/game/{table_id}/board/0.png", f"{base}/game/{table_id}/part/1.html",
            f"{base}/watch/{table_id}", f"{base}/watch/{table_id}/events",
            f"{base}/watch/{table_id}/board/0.png", f"{base}/leaderboard/traditional",
            f"{base}/player/{BOB.user_id}", f"{base}/player/{BOB.user_id}/chart/traditional.png",
            f"{base}/tournament/1"]


async def assert_refused(site: Site, path: str, status: int, lang: str = "ru") -> None:
    response = await site.client.get(path, headers={"Accept-Language": lang})
    html = await response.text()
    assert_page(response.status, response.headers, html, status, lang)
    assert t(f"web.error.{status}", lang) in html, path
    server = response.headers.get("Server", "")
    assert "Python" not in server and "aiohttp" not in server, path


async def test_odd_digits_in_the_signature_are_a_403_page_on_every_route(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    for path in routes(table_id):
        for query in ("exp=²&sig=00", "exp=1²&sig=00", f"exp={HUGE}&sig=00",
                      "exp=&sig=", "exp=-1&sig=00", "exp=1e9&sig=00"):
            await assert_refused(site, f"{path}?{query}", 403)


async def test_ids_and_numbers_out_of_range_are_a_404_page_on_every_route(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    base = f"/s/{GUILD}"
    paths = [path.replace(f"/{table_id}", f"/{HUGE}") for path in routes(table_id)[:7]]
    paths += [f"{base}/player/{HUGE}", f"{base}/player/{HUGE}/chart/traditional.png",
              f"{base}/tournament/{HUGE}", f"{base}/tournament/{2 ** 63}",
              f"{base}/game/{table_id}/part/{HUGE}.html",
              f"{base}/game/{table_id}/part/0.html",
              f"{base}/game/{table_id}/board/999999.png",
              f"{base}/watch/{table_id}/board/999999999.png"]
    for path in paths:
        await assert_refused(site, site.signed(path), 404)
    for page in ("²", "٣", HUGE, "0", "-1", "1.5", ""):
        board = site.signed(f"{base}/leaderboard/traditional", f"&page={page}")
        await assert_refused(site, board, 404, "uk")


async def test_a_request_aiohttp_cannot_parse_names_no_version(site: Site) -> None:
    server = site.client.server
    for request in (b"GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n", b"BLAH\r\n\r\n",
                    b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 9000 + b"\r\n\r\n"):
        reader, writer = await asyncio.open_connection(server.host, server.port)
        try:
            writer.write(request)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), PATIENCE)
        finally:
            writer.close()
            await writer.wait_closed()
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        assert head.startswith("HTTP/1.") and " 400 " in head.split("\r\n")[0], head
        assert "Python" not in head and "aiohttp" not in head, head
