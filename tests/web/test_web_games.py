"""A finished game's pages, on real storage with games played through TableService:
only finished games, only with the server's signature, every move's board drawn once."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from engine.records import replay
from render import render_board
from storage import Storage
from tables.live import Person, TableSettings
from tables.service import TableService
from web.access import Access
from web.app import make_app
from web.game_pages import REPLAYS

ANN, BOB = Person(1, "Ann"), Person(2, 'Bob <script>alert("x")</script>')
GUILD, NOW = 10, 1_800_000_000.0
SECRET = b"s" * 32


@dataclass
class Site:
    client: TestClient  # type: ignore[type-arg]
    service: TableService
    access: Access

    def signed(self, path: str, *, guild: int = GUILD, expires: int = int(NOW) + 60) -> str:
        return f"{path}?{self.access.query_for(guild, expires)}"


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    try:
        async with TestClient(TestServer(make_app(store, access))) as client:
            yield Site(client, service, access)
    finally:
        await service.close()
        await store.close()


async def open_game(site: Site) -> int:
    table = await site.service.open_lobby(
        guild_id=GUILD, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await site.service.join(table.id, BOB)
    await site.service.start(table.id, ANN.user_id)
    return table.id


async def finish(site: Site, table_id: int) -> None:
    by_seat = [s.user_id for s in site.service.held_tables[table_id].seats]
    while table_id in site.service.held_tables:
        live = site.service.held_tables[table_id]
        assert live.game is not None and live.game.to_move is not None
        user = by_seat[live.game.to_move]
        assert user is not None
        await site.service.play(table_id, user, live.seq, str(live.game.legal_moves()[0]))


async def test_a_finished_game_is_shown_with_every_move_and_its_board(site: Site) -> None:
    table_id = await open_game(site)
    await finish(site, table_id)
    record = await site.service._store.record(table_id)
    path = f"/s/{GUILD}/game/{table_id}"
    page = await site.client.get(site.signed(path))
    html = await page.text()
    assert page.status == 200
    assert len(re.findall(r'<tr id="m\d+"', html)) == len(record["moves"])
    # Hostile names are text, never markup.
    assert "<script>alert" not in html and "&lt;script&gt;alert" in html
    last = len(record["moves"])
    board = await site.client.get(site.signed(f"{path}/board/{last}.png"))
    assert board.status == 200 and board.content_type == "image/png"
    expected = render_board(replay(record).view(None), locale="en").data
    assert await board.read() == expected
    again = await site.client.get(site.signed(f"{path}/board/{last}.png"),
                                  headers={"If-None-Match": board.headers["ETag"]})
    assert again.status == 304
    first = await site.client.get(site.signed(f"{path}/board/1.png"))
    after_one = replay({**record, "moves": record["moves"][:1]}).view(None)
    assert await first.read() == render_board(after_one, locale="en").data
    assert site.client.app[REPLAYS].drawn == 2  # each position drawn once
    assert (await site.client.get(site.signed(f"{path}/board/{last + 1}.png"))).status == 404
    download = await site.client.get(site.signed(f"{path}.json"))
    assert download.status == 200
    assert json.loads(await download.text())["moves"] == record["moves"]
    assert "end" not in json.loads(await download.text())  # its moves say how it ended
    assert "attachment" in download.headers["Content-Disposition"]


async def test_nothing_of_a_game_in_play_is_served(site: Site) -> None:
    table_id = await open_game(site)
    path = f"/s/{GUILD}/game/{table_id}"
    for sub in ("", "/board/0.png", ".json"):
        response = await site.client.get(site.signed(path + sub))
        assert response.status == 404, sub
        assert "Ann" not in await response.text()


async def test_a_page_opens_only_with_its_servers_unexpired_signature(site: Site) -> None:
    table_id = await open_game(site)
    await finish(site, table_id)
    path = f"/s/{GUILD}/game/{table_id}"
    assert (await site.client.get(path)).status == 403
    assert (await site.client.get(site.signed(path, expires=int(NOW) - 1))).status == 403
    assert (await site.client.get(site.signed(path, guild=GUILD + 1))).status == 403
    # The game belongs to its own server only.
    other = f"/s/{GUILD + 1}/game/{table_id}"
    assert (await site.client.get(site.signed(other, guild=GUILD + 1))).status == 404
    for bad in (f"/s/{GUILD}/game/x1", f"/s/{GUILD}/game/{'9' * 30}", "/s/-1/game/1"):
        assert (await site.client.get(bad)).status == 404, bad


async def test_a_finished_partnership_hand_is_replayed_with_its_pairs(site: Site) -> None:
    # Every game the registry knows has a replay page; Partnership's boards name the pairs.
    people = [ANN, Person(2, "Bob"), Person(3, "Cy"), Person(4, "Dee")]
    table = await site.service.open_lobby(
        guild_id=GUILD, channel_id=20, host=ANN, game="partnership",
        settings=TableSettings(seats=4, auto_start=False), options={"target": 0})
    for person in people[1:]:
        await site.service.join(table.id, person)
    await site.service.start(table.id, ANN.user_id)
    await finish(site, table.id)
    record = await site.service._store.record(table.id)
    path = f"/s/{GUILD}/game/{table.id}"
    page = await site.client.get(site.signed(path))
    assert page.status == 200
    assert len(re.findall(r'<tr id="m\d+"', await page.text())) == len(record["moves"])
    last = len(record["moves"])
    board = await site.client.get(site.signed(f"{path}/board/{last}.png"))
    final = replay(record).view(None)
    assert await board.read() == render_board(final, locale="en").data
    assert "Pairs: Ann + Cy" in render_board(final, locale="en").alt
