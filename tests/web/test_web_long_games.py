"""Long games folded (issue 52): a Mexican Train game of 1,500 moves and more is a page
under 100 KB, its move list folded hand by hand; each part's moves are a page of their
own (`/part/<k>.html`), linked with the page's signature, together every move once; an
unsigned part link is refused on a private server."""

from __future__ import annotations

import random
import re
import types

import pytest

import tables.lobby
from catalog import t
from tables.live import Person, TableSettings
from tests.web import test_web_games
from tests.web.test_web_games import GUILD, NOW, Site
from web.replays import Step, parts_of

site = test_web_games.site  # the same site, a fixture

MOST_BYTES = 100_000
# Deal seeds (and move choices) whose game is the longest of the first 300 tried, by the
# number of players: 2,404 moves for two, 1,659 for four.
LONGEST = {2: (131, 2404), 4: (243, 1659)}


async def long_game(site: Site, monkeypatch: pytest.MonkeyPatch, players: int) -> int:
    """A finished Mexican Train game of `players`, dealt from LONGEST's seed, each seat
    drawing (or passing) whenever it may, else playing a seeded random move."""
    seed, _moves = LONGEST[players]
    monkeypatch.setattr(tables.lobby, "secrets", types.SimpleNamespace(
        randbits=lambda _bits: seed))
    people = [Person(1 + k, f"Player {k}") for k in range(players)]
    table = await site.service.open_lobby(
        guild_id=GUILD, channel_id=20, host=people[0], game="mexican",
        settings=TableSettings(seats=players, auto_start=False), options={})
    for person in people[1:]:
        await site.service.join(table.id, person)
    await site.service.start(table.id, people[0].user_id)
    rng = random.Random(seed)
    by_seat = [s.user_id for s in site.service.held_tables[table.id].seats]
    while table.id in site.service.held_tables:
        live = site.service.held_tables[table.id]
        assert live.game is not None and live.game.to_move is not None
        moves = [str(m) for m in live.game.legal_moves()]
        draws = [m for m in moves if m.startswith(("draw", "pass"))]
        move = moves[0] if len(moves) == 1 else draws[0] if draws else rng.choice(moves)
        user = by_seat[live.game.to_move]
        assert user is not None
        await site.service.play(table.id, user, live.seq, move)
    return table.id


def part_links(html: str, table_id: int) -> list[str]:
    """The part pages a game page links to, in order, as addresses to get."""
    found = re.findall(rf'href="(/s/{GUILD}/game/{table_id}/part/[0-9]+\.html[^"]*)"', html)
    return list(dict.fromkeys(link.replace("&amp;", "&") for link in found))


@pytest.mark.parametrize("players", sorted(LONGEST))
async def test_a_long_games_page_stays_under_100_kb(site: Site, players: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await long_game(site, monkeypatch, players)
    record = await site.service._store.record(table_id)
    assert len(record["moves"]) == LONGEST[players][1] >= 1500
    answer = await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}"))
    body = await answer.read()
    assert answer.status == 200
    assert len(body) < MOST_BYTES, f"{len(body):,} bytes"
    html = body.decode()
    # The round summary is there, and a link to each part's moves, not every move.
    assert t("web.game.hands", "en") in html and t("web.game.parts", "en") in html
    assert len(re.findall(r'<tr id="m[0-9]+" data-move=', html)) == 0
    links = part_links(html, table_id)
    assert len(links) >= 13  # at least one part a round
    # The stepper still goes through the whole game.
    assert f'data-last="{len(record["moves"])}"' in html


async def test_each_part_page_is_reachable_signed_and_holds_its_moves(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await long_game(site, monkeypatch, 2)
    total = LONGEST[2][1]
    html = await (await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}",
                                                    ) + "&lang=ru")).text()
    links = part_links(html, table_id)
    seen: list[int] = []
    for k, link in enumerate(links, start=1):
        assert link.startswith(f"/s/{GUILD}/game/{table_id}/part/{k}.html?exp=")
        assert "&sig=" in link and link.endswith("&lang=ru"), link  # signed, in Russian
        answer = await site.client.get(link)
        body = await answer.read()
        assert answer.status == 200, link
        assert len(body) < MOST_BYTES, f"{link}: {len(body):,} bytes"
        part = body.decode()
        assert '<html lang="ru">' in part
        numbers = [int(n) for n in re.findall(r'<tr id="m([0-9]+)" data-move=', part)]
        assert numbers == list(range(numbers[0], numbers[-1] + 1)), link
        seen += numbers
        # Its own links (the game, the pictures) carry the signature too.
        back = re.findall(rf'href="(/s/{GUILD}/game/{table_id}\?[^"]*)"', part)
        assert back and all("sig=" in b for b in back), link
        [suffix] = re.findall(r'data-suffix="([^"]*)"', part)
        assert "sig=" in suffix
        first = numbers[0] - 1
        picture = await site.client.get(f"/s/{GUILD}/game/{table_id}/board/{first}.png"
                                        + suffix.replace("&amp;", "&"))
        assert picture.status == 200 and picture.content_type == "image/png"
    assert seen == list(range(1, total + 1))  # every move once, in order
    # No part past the last.
    beyond = f"/s/{GUILD}/game/{table_id}/part/{len(links) + 1}.html"
    assert (await site.client.get(site.signed(beyond))).status == 404


async def test_an_unsigned_part_link_is_refused_on_a_private_server(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await long_game(site, monkeypatch, 4)
    path = f"/s/{GUILD}/game/{table_id}/part/1.html"
    assert (await site.client.get(site.signed(path))).status == 200
    for refused in (path, f"{path}?exp={int(NOW) + 60}&sig=00",
                    site.signed(path, guild=GUILD + 1),
                    site.signed(path, expires=int(NOW) - 1)):
        answer = await site.client.get(refused)
        text = await answer.text()
        assert answer.status == 403, refused
        assert "Player 1" not in text and "Content-Security-Policy" in answer.headers
    # Another server's signature on its own path finds no such game there.
    other = f"/s/{GUILD + 1}/game/{table_id}/part/1.html"
    assert (await site.client.get(site.signed(other, guild=GUILD + 1))).status == 404
    for bad in ("0", "²", "9" * 20):
        answer = await site.client.get(site.signed(f"/s/{GUILD}/game/{table_id}/part/{bad}.html"))
        assert answer.status == 404, bad


def test_a_hand_longer_than_a_part_is_cut_in_equal_parts() -> None:
    steps = tuple(Step(n, 0, "draw", (n,), hand=1 if n <= 600 else 2) for n in range(1, 611))
    parts = parts_of(steps, most=250)
    assert [(p.number, p.hand, p.first, p.last) for p in parts] == [
        (1, 1, 1, 200), (2, 1, 201, 400), (3, 1, 401, 600), (4, 2, 601, 610)]
    assert parts[-1].scores == (610,) and parts_of(()) == ()
