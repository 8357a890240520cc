"""No leak between players (issue 52): a signature grants exactly what it was made for (a
server's pages, or one game played in DMs, never every DM game), a person who never
played on a server is a 404 there, and the about page says truly what a finished game's
page holds."""

from __future__ import annotations

import json

from catalog import t
from tables.live import Person, TableSettings
from tests.web import test_web_faults
from tests.web.test_web_faults import ANN, BOB, GUILD, NOW, SECRET, Site, started
from web.links import SignedLinks, sign

site = test_web_faults.site  # the same site, a fixture
CAROL = Person(3, "Carol")


async def dm_game(site: Site, host: Person, guest: Person) -> int:
    """A finished traditional game played in DMs (no server), ended by a resignation."""
    table = await site.service.open_lobby(
        guild_id=None, channel_id=30 + host.user_id, host=host, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await site.service.join(table.id, guest)
    await site.service.start(table.id, host.user_id)
    await site.service.resign(table.id, guest.user_id)
    return table.id


async def test_a_dm_signature_opens_its_one_game_only(site: Site) -> None:
    mine = await dm_game(site, ANN, BOB)
    theirs = await dm_game(site, CAROL, BOB)
    links = SignedLinks("http://pages.test", SECRET, clock=lambda: NOW)
    own = links.game(None, mine).removeprefix("http://pages.test")
    query = own.split("?", 1)[1]
    for sub in ("", "/board/0.png", ".json"):
        assert (await site.client.get(f"/s/0/game/{mine}{sub}?{query}")).status == 200, sub
        # The same signature does not open another DM game...
        other = await site.client.get(f"/s/0/game/{theirs}{sub}?{query}")
        assert other.status == 403, sub
        assert "Carol" not in await other.text()
    # ...nor does a signature of the whole DM prefix, as one made before this fix.
    everything = sign(SECRET, "/s/0", int(NOW) + 60)
    for table_id in (mine, theirs):
        assert (await site.client.get(f"/s/0/game/{table_id}?{everything}")).status == 403
    # No signature opens DM leaderboards or player pages: no link ever signs them.
    for path in (f"/s/0/player/{BOB.user_id}", "/s/0/leaderboard/traditional",
                 f"/s/0/player/{BOB.user_id}/chart/traditional.png"):
        assert (await site.client.get(f"{path}?{everything}")).status == 403, path
        assert (await site.client.get(f"{path}?{query}")).status == 403, path


async def test_a_person_who_never_played_on_a_server_is_not_found_there(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    other = GUILD + 1
    query = site.access.query_for(other, int(NOW) + 60)
    for path in (f"/s/{other}/player/{ANN.user_id}",
                 f"/s/{other}/player/{ANN.user_id}/chart/traditional.png"):
        response = await site.client.get(f"{path}?{query}")
        assert response.status == 404, path
        assert "Ann" not in await response.text(), path
    # On the server where she played, her page is there.
    assert (await site.client.get(site.signed(f"/s/{GUILD}/player/{ANN.user_id}"))).status == 200
    chart = f"/s/{GUILD}/player/{ANN.user_id}/chart/traditional.png"
    assert (await site.client.get(site.signed(chart))).status == 200


async def test_the_about_page_says_what_a_finished_games_record_holds(site: Site) -> None:
    table_id = await started(site)
    await site.service.resign(table_id, BOB.user_id)
    record = json.loads(await (await site.client.get(
        site.signed(f"/s/{GUILD}/game/{table_id}.json"))).text())
    about = await (await site.client.get("/")).text()
    assert "deal" in record or "seed" in record
    # The record holds its deal, and the about page says so (it once said "never a deal").
    assert t("web.privacy", "en") in about.replace("&#39;", "'")
    assert "holds its deal" in t("web.privacy", "en")
    assert "never a hand, a deal" not in about
