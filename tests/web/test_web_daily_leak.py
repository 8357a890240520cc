"""No page serves one scope's content under another's signature (issue 52), even from a
cache: a board drawn for one watcher (a daily Big Clock try, played in DMs) is never
answered to a signature of a server, nor a server's board to another server's; and
walking the sequential table ids with one scope's signature finds nothing outside it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from storage import Storage
from tables.daily import DailyDeals
from tables.live import Person, TableSettings
from tables.service import TableService
from web.access import Access
from web.app import make_app
from web.guard import RateLimit
from web.links import SignedLinks

ANN, BOB, CAROL = Person(1, "Annabel"), Person(2, "Bobby"), Person(3, "Caroline")
GUILD, OTHER, NOW = 10, 11, 1_800_000_000.0
SECRET = b"d" * 32
BASE = "http://pages.test"


@dataclass
class Site:
    client: TestClient  # type: ignore[type-arg]
    service: TableService
    access: Access
    daily: DailyDeals

    def signed(self, path: str, guild: int | None, table_id: int | None = None) -> str:
        """`path` with the signature of `guild`'s pages (None: DM game `table_id`)."""
        return f"{path}?{self.access.query_for(guild, int(NOW) + 60, table_id)}"


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0, clock=lambda: NOW)
    daily = DailyDeals(service, store)
    service.listeners.append(daily.on_event)
    access = Access(SECRET, clock=lambda: NOW)
    try:
        # The walk asks for hundreds of pages at once: no rate limit stands in its way.
        endless = RateLimit(per_second=1e9, burst=1e9)
        app = make_app(store, access, service=service, limit=endless, pictures=endless)
        async with TestClient(TestServer(app)) as client:
            yield Site(client, service, access, daily)
    finally:
        await service.close()
        await store.close()


async def two_player(site: Site, guild: int | None, host: Person, guest: Person,
                     *, finished: bool) -> int:
    table = await site.service.open_lobby(
        guild_id=guild, channel_id=40 + host.user_id, host=host, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await site.service.join(table.id, guest)
    await site.service.start(table.id, host.user_id)
    if finished:
        await site.service.resign(table.id, guest.user_id)
    return table.id


def own_link(site: Site, guild: int | None, table_id: int, kind: str) -> str:
    """The link the bot gives for `kind` ("game", "watch") of the table, path and query."""
    links = SignedLinks(BASE, SECRET, clock=lambda: NOW)
    made = links.game(guild, table_id) if kind == "game" else links.watch(guild, table_id)
    return made.removeprefix(BASE)


def board_of(link: str, seq: int) -> str:
    path, query = link.split("?", 1)
    return f"{path}/board/{seq}.png?{query}"


async def test_a_daily_try_board_never_leaks_through_the_watch_cache(site: Site) -> None:
    table = await site.daily.start(GUILD, ANN, channel_id=77)  # Ann's try, in her DMs
    own = own_link(site, None, table.id, "watch")
    page = await site.client.get(own)
    assert page.status == 200 and "Annabel" in await page.text()
    mine = await site.client.get(board_of(own, table.seq))  # drawn, and kept
    assert mine.status == 200 and mine.content_type == "image/png"
    # Bob has a link of his server's pages: it opens nothing of Ann's DM try...
    for sub in ("", f"/board/{table.seq}.png", "/events"):
        leaked = await site.client.get(site.signed(f"/s/{GUILD}/watch/{table.id}{sub}", GUILD))
        assert leaked.status == 404, sub
        assert leaked.content_type != "image/png", sub
    # ...nor does the link of his own DM game.
    bobs = await two_player(site, None, BOB, CAROL, finished=False)
    query = own_link(site, None, bobs, "watch").split("?", 1)[1]
    theirs = await site.client.get(f"/s/0/watch/{table.id}/board/{table.seq}.png?{query}")
    assert theirs.status == 403


async def test_a_servers_watched_board_never_reaches_another_server(site: Site) -> None:
    table_id = await two_player(site, OTHER, CAROL, BOB, finished=False)
    seq = site.service.held_tables[table_id].seq
    own = site.signed(f"/s/{OTHER}/watch/{table_id}/board/{seq}.png", OTHER)
    assert (await site.client.get(own)).status == 200  # drawn for the other server, kept
    leaked = await site.client.get(
        site.signed(f"/s/{GUILD}/watch/{table_id}/board/{seq}.png", GUILD))
    assert leaked.status == 404 and leaked.content_type != "image/png"


NAMES = ("Annabel", "Bobby", "Caroline")


async def test_walking_table_ids_finds_nothing_outside_the_signed_scope(site: Site) -> None:
    ours = [await two_player(site, GUILD, ANN, BOB, finished=True)]
    outside = [
        await two_player(site, OTHER, CAROL, BOB, finished=True),
        await two_player(site, None, CAROL, BOB, finished=True),
        await two_player(site, OTHER, CAROL, ANN, finished=False),
        (await site.daily.start(GUILD, CAROL, channel_id=78)).id,
        (await site.daily.start(OTHER, BOB, channel_id=79)).id,
        await two_player(site, None, BOB, CAROL, finished=False),
    ]
    ours.append(await two_player(site, GUILD, ANN, BOB, finished=False))
    # Every table opened once with its own link, so each page, record and board is cached.
    for table_id in outside + ours:
        row = await site.service.row(table_id)
        guild = row.guild_id or None
        for kind in ("game", "watch"):
            link = own_link(site, guild, table_id, kind)
            assert (await site.client.get(link)).status in (200, 404)
            await site.client.get(board_of(link, 0))
            held = site.service.held(table_id)
            if held is not None:
                await site.client.get(board_of(link, held.seq))
        await site.client.get(own_link(site, guild, table_id, "game").replace("?", ".json?"))
    last = max(outside + ours)
    for table_id in range(1, last + 4):
        held = site.service.held(table_id)
        seq = held.seq if held is not None else 0
        for sub in ("game/{t}", "game/{t}.json", "game/{t}/board/0.png", "watch/{t}",
                    "watch/{t}/board/0.png", f"watch/{{t}}/board/{seq}.png"):
            path = f"/s/{GUILD}/" + sub.format(t=table_id)
            answer = await site.client.get(site.signed(path, GUILD))
            body = await answer.read()
            if table_id in ours:
                continue
            assert answer.status == 404, path
            assert not any(name.encode() in body for name in NAMES), path
            assert b"seed" not in body and answer.content_type == "text/html", path
    # In DMs, a game's link opens that one game: every other id is refused.
    dm_game = outside[1]
    query = own_link(site, None, dm_game, "game").split("?", 1)[1]
    for table_id in range(1, last + 4):
        for sub in ("game/{t}", "game/{t}.json", "game/{t}/board/0.png", "watch/{t}",
                    "watch/{t}/board/0.png"):
            path = "/s/0/" + sub.format(t=table_id)
            answer = await site.client.get(f"{path}?{query}")
            if table_id == dm_game:
                assert answer.status in (200, 404), path  # its watch board: the game ended
                continue
            text = await answer.text()
            assert answer.status == 403, path
            assert not any(name in text for name in NAMES), path
