"""Watching a table in play (issue 52): its page shows what the channel shows (board,
counts, scores, whose turn) and nothing hidden (no hand, no stock tile); it opens only
signed on a private server; an unknown table is a 404; an ended table points to its
replay; its event stream carries each move played through the service; the number of
streams is capped, and closing the app ends every stream at once."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from engine.registry import GAMES
from render import render_board
from storage import Storage
from storage.models import GuildSettings
from tables.live import LiveTable, Person, TableSettings
from tables.service import TableService
from tests.bot.conftest import tile_pattern
from tests.web.test_web_games import ANN, GUILD, NOW, SECRET, Site, finish, open_game
from web.access import Access
from web.app import make_app
from web.watch_pages import WATCH

# Longer than any answer takes here: a guard against a hang, not a pause.
PATIENCE = 10.0


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    try:
        app = make_app(store, access, service=service, streams=2)
        async with TestClient(TestServer(app)) as client:
            yield Site(client, service, access)
    finally:
        await service.close()
        await store.close()


def hidden(table: LiveTable) -> set[Any]:
    """Every tile nobody at the table may see: each hand's and the stock's."""
    game: Any = table.game
    tiles = set(game.stock)
    for seat in range(len(game.players)):
        tiles |= set(game.view(seat).hand or ())
    return tiles


def assert_nothing_hidden(text: str, table: LiveTable) -> None:
    for tile in hidden(table):
        found = tile_pattern(tile).search(text)
        assert found is None, f"hidden tile {tile} shown: {found.group(0)}"


async def next_event(answer: ClientResponse) -> tuple[str, dict[str, Any]]:
    """The next event of a stream: its name and its data (comments skipped)."""
    name, data = "message", ""
    while True:
        line = (await asyncio.wait_for(answer.content.readline(), PATIENCE)).decode()
        assert line, "the stream ended"
        line = line.rstrip("\n")
        if not line:
            if data:
                return name, json.loads(data)
            continue
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data += line[6:]


async def play_one(site: Site, table_id: int) -> str:
    live = site.service.held_tables[table_id]
    assert live.game is not None and live.game.to_move is not None
    user = live.seats[live.game.to_move].user_id
    assert user is not None
    return await site.service.play(table_id, user, live.seq, str(live.game.legal_moves()[0]))


async def test_the_watch_page_shows_the_board_and_counts_and_nothing_hidden(
        site: Site) -> None:
    table_id = await open_game(site)
    await play_one(site, table_id)
    # The deal is random: the next player may have to draw, and those forced draws are
    # moves of their own, played just after the first.
    await site.service.settle()
    live = site.service.held_tables[table_id]
    assert live.game is not None
    view = live.game.view(None)
    path = f"/s/{GUILD}/watch/{table_id}"
    answer = await site.client.get(site.signed(path))
    html = await answer.text()
    assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
    assert "Content-Security-Policy" in answer.headers
    assert f"Move {live.seq}" in html and f"Stock: {view.stock_size}" in html
    rows = re.findall(r'<tr(?: class="current"[^>]*)?><td class="name"><bdi>(.*?)</bdi></td>'
                      r'<td class="num">(\d+)</td><td class="num">(-?\d+)</td></tr>', html)
    assert [(int(n), int(s)) for _, n, s in rows] == list(
        zip(view.hand_sizes, view.scores, strict=True))
    assert rows[0][0] == "Ann" and "&lt;script&gt;" in rows[1][0]  # a hostile name is text
    to_move = view.players[view.to_move or 0]
    assert 'class="current"' in html and "to play" in html
    assert "<script>alert" not in html and to_move.split()[0] in html
    assert_nothing_hidden(html, live)
    # The board is the public view's, as in the channel's table message.
    [src] = re.findall(r'<img id="board" src="([^"]+)"', html)
    board = await site.client.get(src.replace("&amp;", "&"))
    assert board.status == 200 and board.content_type == "image/png"
    assert await board.read() == render_board(view, locale="en").data
    # A move number that is not the table's now (nor one just sent) has no picture.
    assert (await site.client.get(site.signed(f"{path}/board/{live.seq + 5}.png"))).status == 404


async def test_watching_needs_a_signature_on_a_private_server(site: Site) -> None:
    table_id = await open_game(site)
    path = f"/s/{GUILD}/watch/{table_id}"
    for sub in ("", "/events", "/board/0.png"):
        refused = await site.client.get(path + sub)
        assert refused.status == 403, sub
        assert "Ann" not in await refused.text()
        assert "Content-Security-Policy" in refused.headers
    assert (await site.client.get(site.signed(path, guild=GUILD + 1))).status == 403
    assert (await site.client.get(site.signed(path, expires=int(NOW) - 1))).status == 403
    # The table belongs to its own server only; made public, the server needs no link.
    other = f"/s/{GUILD + 1}/watch/{table_id}"
    assert (await site.client.get(site.signed(other, guild=GUILD + 1))).status == 404
    await site.service._store.set_guild_settings(GuildSettings(GUILD, web_public=True))
    public = Access(SECRET, clock=lambda: NOW, public=lambda g: _true(g, GUILD))
    app = make_app(site.service._store, public, service=site.service)
    async with TestClient(TestServer(app)) as client:
        assert (await client.get(path)).status == 200


async def _true(guild_id: int, public: int) -> bool:
    return guild_id == public


async def test_an_unknown_table_or_a_lobby_is_not_found(site: Site) -> None:
    lobby = await site.service.open_lobby(
        guild_id=GUILD, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    for table_id in (lobby.id, 999_999, 2**63 - 1):
        missing = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table_id}"))
        assert missing.status == 404, table_id
        assert "Content-Security-Policy" in missing.headers
    for bad in (f"/s/{GUILD}/watch/{'9' * 20}", f"/s/{GUILD}/watch/x"):
        assert (await site.client.get(site.signed(bad))).status == 404, bad


async def test_an_ended_table_says_so_and_links_to_its_replay(site: Site) -> None:
    table_id = await open_game(site)
    await finish(site, table_id)
    answer = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table_id}"))
    html = await answer.text()
    assert answer.status == 200 and "This game has ended." in html
    [replay] = re.findall(r'<a id="replay" href="([^"]+)"', html)
    assert replay.startswith(f"/s/{GUILD}/game/{table_id}?exp=")
    game = await site.client.get(replay.replace("&amp;", "&"))
    assert game.status == 200 and 'id="stepper"' in await game.text()
    assert 'id="board"' not in html  # no live board of an ended game
    # Its stream says the same once, and ends.
    stream = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table_id}/events"))
    name, data = await next_event(stream)
    assert name == "state" and data["ended"] and data["replay"].startswith(
        f"/s/{GUILD}/game/{table_id}?")
    assert await asyncio.wait_for(stream.content.read(), PATIENCE) == b""


async def test_a_move_played_through_the_service_arrives_as_an_event(site: Site) -> None:
    table_id = await open_game(site)
    stream = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table_id}/events"))
    assert stream.status == 200
    assert stream.headers["Content-Type"].startswith("text/event-stream")
    assert "Content-Security-Policy" in stream.headers
    name, first = await next_event(stream)
    assert name == "state" and first["seq"] == 0 and not first["ended"]
    live = site.service.held_tables[table_id]
    await play_one(site, table_id)
    # Forced draws may follow the move at once: the events reach the table's move now.
    name, after = await next_event(stream)
    assert name == "state" and 1 <= after["seq"] <= live.seq
    while after["seq"] < live.seq:
        after = (await next_event(stream))[1]
    assert after["seq"] == live.seq
    assert [p["tiles"] for p in after["players"]] != [p["tiles"] for p in first["players"]]
    assert after["board"].startswith(f"/s/{GUILD}/watch/{table_id}/board/{live.seq}.png?")
    assert_nothing_hidden(json.dumps(after), live)
    # The picture the event names is there, even once the table has moved on.
    await play_one(site, table_id)
    await next_event(stream)
    assert (await site.client.get(after["board"])).status == 200
    # The game's end is the stream's last event: it links to the replay and ends.
    await finish(site, table_id)
    while not (state := (await next_event(stream))[1])["ended"]:
        pass
    assert state["replay"].startswith(f"/s/{GUILD}/game/{table_id}?")
    assert await asyncio.wait_for(stream.content.read(), PATIENCE) == b""
    assert site.client.app[WATCH].streams == set()


async def test_streams_are_capped_and_end_when_the_app_closes(site: Site) -> None:
    table_id = await open_game(site)
    url = site.signed(f"/s/{GUILD}/watch/{table_id}/events")
    open_ = [await site.client.get(url) for _ in range(2)]  # the site's cap is 2
    for stream in open_:
        assert (await next_event(stream))[0] == "state"
    refused = await site.client.get(url)
    assert refused.status == 503 and refused.headers["Retry-After"] == "15"
    assert "Too many people are watching" in await refused.text()
    assert "Content-Security-Policy" in refused.headers
    watching = site.client.app[WATCH]
    assert len(watching.streams) == 2 and watching.on_event in site.service.listeners
    await asyncio.wait_for(site.client.app.shutdown(), PATIENCE)  # what the runner calls
    for stream in open_:
        assert await asyncio.wait_for(stream.content.read(), PATIENCE) == b""
    assert watching.streams == set()
    assert watching.on_event not in site.service.listeners


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_has_a_watch_page(site: Site, game: str) -> None:
    spec = GAMES[game]
    people = [Person(1 + k, f"P{k}") for k in range(spec.seats[0])]
    if spec.solitaire:
        table = await site.service.start_solitaire(
            guild_id=GUILD, channel_id=20, person=people[0], game=game, options={})
    else:
        table = await site.service.open_lobby(
            guild_id=GUILD, channel_id=20, host=people[0], game=game,
            settings=TableSettings(seats=len(people), auto_start=False), options={})
        for person in people[1:]:
            await site.service.join(table.id, person)
        await site.service.start(table.id, people[0].user_id)
    live = site.service.held_tables[table.id]
    answer = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table.id}"))
    html = await answer.text()
    assert answer.status == 200, html
    assert html.count('<td class="name"><bdi>P') == len(people)
    if not spec.solitaire:  # a solitaire has no hand to hide: its tiles are all in view
        assert_nothing_hidden(html, live)
    [src] = re.findall(r'<img id="board" src="([^"]+)"', html)
    assert (await site.client.get(src.replace("&amp;", "&"))).status == 200
