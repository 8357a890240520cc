"""/domino leaderboard, stats, history and replay through simcord, over real finished games.

The games are finished by driving `bot.service` (TableService) directly inside the
simcord env: quicker than clicking every move, and the commands only read storage.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from cogs.domino_bot import DominoBot
from cogs.stats.stats_views import RESULT_FIGURES, UNSHOWN_FIGURES
from engine.records import replay
from engine.registry import GAMES
from storage import GuildSettings, display_rating
from tables.live import Person, TableEvent, TableSettings
from tests.bot.conftest import custom_ids, text_of

PAIRS_A = [("ann", "bob"), ("bob", "cy"), ("cy", "ann"), ("ann", "dee"), ("dee", "bob"),
           ("ann", "bob")]


@pytest.fixture
async def servers(simcord_env: Any) -> AsyncIterator[dict[str, Any]]:
    """Server A (ann, bob, cy, dee) and server B (cy, dee), each with a channel."""
    env = simcord_env
    users = {name: env.create_user(name) for name in ("ann", "bob", "cy", "dee")}
    a, b = env.create_guild(), env.create_guild()
    w: dict[str, Any] = {
        "env": env, "bot": env.bot, "users": users, "a": a, "b": b,
        "chan_a": a.create_text_channel("dominoes"), "chan_b": b.create_text_channel("games"),
        "in_a": {n: a.add_member(u) for n, u in users.items()},
        "in_b": {n: b.add_member(users[n]) for n in ("cy", "dee")},
        "finals": {},
    }

    async def listen(event: TableEvent) -> None:
        if event.kind == "finished" and event.table.game is not None:
            w["finals"][event.table.id] = event.table.game.summary()

    env.bot.service.listeners.append(listen)
    yield w


async def finish_game(w: dict[str, Any], guild: Any, channel: Any, names: list[str], *,
                      ai: str | None = None, game: str = "traditional") -> int:
    """Open, fill, start and play a game to its end through the service (first legal move)."""
    service = w["bot"].service
    people = [Person(w["users"][n].id, n.capitalize()) for n in names]
    table = await service.open_lobby(
        guild_id=guild.id, channel_id=channel.id, host=people[0], game=game,
        settings=TableSettings(seats=len(people) + (1 if ai else 0), auto_start=False),
        options={})
    for person in people[1:]:
        await service.join(table.id, person)
    if ai:
        await service.add_ai(table.id, people[0].user_id, ai)
    await service.start(table.id, people[0].user_id)
    by_seat = [s.user_id for s in service.held_tables[table.id].seats]
    while table.id in service.held_tables:
        live = service.held_tables[table.id]
        if live.status != "playing" or live.game.to_move is None or live.lock.locked():
            await w["env"].settle()  # (locked: forced moves are being played)
            continue
        user = by_seat[live.game.to_move]
        if user is None:  # an AI seat moves by itself
            await w["env"].settle()
            continue
        await service.play(table.id, user, live.seq, str(live.game.legal_moves()[0]))
    await w["env"].settle()
    return table.id


async def some_games(w: dict[str, Any]) -> list[int]:
    ids = [await finish_game(w, w["a"], w["chan_a"], list(p)) for p in PAIRS_A]
    ids.append(await finish_game(w, w["b"], w["chan_b"], ["cy", "dee"]))
    return ids


def shown(result: Any) -> Any:
    """The message a command or click answered with (response or first followup)."""
    if result.followups:
        return result.followups[0]
    assert result.response is not None
    return result.response


def text(message: Any) -> str:
    return (message.content or "") + "\n" + text_of(message.components)


def board_names(message: Any) -> list[str]:
    """The names of the board lines, in order ("**1.** Ann · 1012* · ...")."""
    return re.findall(r"\*\*\d+\.\*\* ([^·]+?) ·", text(message).split("Your rank")[0])


async def test_the_leaderboard_follows_the_ratings_with_pages(servers: dict[str, Any]) -> None:
    w = servers
    await some_games(w)
    store = w["bot"].store
    stored = await store.leaderboard("traditional", w["a"].id, limit=100)
    expected = [r.name for r in stored]
    assert [r.rating for r in stored] == sorted((r.rating for r in stored), reverse=True)
    ann = w["in_a"]["ann"]
    board = shown(await ann.slash(w["chan_a"], "domino leaderboard", game="traditional"))
    assert not board.ephemeral and board_names(board) == expected
    body = text(board)
    for row in stored:
        assert f"{row.name} · {display_rating(row.rating)}*" in body
    rank = expected.index("Ann") + 1
    assert f"▶ **{rank}.** Ann" in body and "provisional" in body and "Page 1 of 1" in body
    # One line a page: the caller's own rank is shown below any page.
    w["bot"].get_cog("StatsCommands").leaderboards.per_page = 1
    first = shown(await ann.slash(w["chan_a"], "domino leaderboard"))
    assert board_names(first) == expected[:1] and "Page 1 of 4" in text(first)
    if rank != 1:
        assert f"Your rank: ▶ **{rank}.** Ann" in text(first)
    # Next page: privately, for the clicker (bob), with bob's rank.
    bob = w["in_a"]["bob"]
    second = shown(await bob.click(first.message, label="Next ▶"))
    assert second.ephemeral and board_names(second) == expected[1:2]
    assert f"**{expected.index('Bob') + 1}.** Bob" in text(second)
    assert "dom:board:traditional:g" in " ".join(custom_ids(second.components, "dom:board"))
    # A click on the private page turns it in place.
    third = shown(await bob.click(second.message, label="Next ▶"))
    assert third.id == second.id and third.ephemeral, "the private page was not edited"
    assert "Page 3 of 4" in text(third) and board_names(third) == expected[2:3]


async def test_servers_and_global_scopes_stay_apart(servers: dict[str, Any]) -> None:
    w = servers
    await some_games(w)
    cy_b = w["in_b"]["cy"]
    here = shown(await cy_b.slash(w["chan_b"], "domino leaderboard"))
    assert sorted(board_names(here)) == ["Cy", "Dee"] and "1 game · 1 win (100%)" in text(here)
    everywhere = shown(await cy_b.slash(w["chan_b"], "domino leaderboard", scope="global"))
    assert sorted(board_names(everywhere)) == ["Ann", "Bob", "Cy", "Dee"]
    assert re.search(r"Cy · \d+\* · 3 games", text(everywhere))
    # In a DM the board is the global one, with the caller's own rank.
    ann_dm = shown(await w["users"]["ann"].slash("domino leaderboard"))
    assert "global" in text(ann_dm) and "▶ **" in text(ann_dm)
    history_b = shown(await cy_b.slash(w["chan_b"], "domino history"))
    assert len(re.findall(r"`#\d+`", text(history_b))) == 1
    history_all = shown(await cy_b.slash(w["chan_b"], "domino history", scope="global"))
    assert len(re.findall(r"`#\d+`", text(history_all))) == 3
    dm = await w["users"]["cy"].slash("domino leaderboard", scope="server")
    assert "not a server" in shown(dm).content


async def test_stats_add_up_to_the_stored_results(servers: dict[str, Any]) -> None:
    w = servers
    ids = await some_games(w)
    store = w["bot"].store
    results = [r for t in ids for r in await store.results_of_table(t)]
    ann = w["in_a"]["ann"]
    for name in ("ann", "bob", "cy"):
        user = w["users"][name]
        mine = [r for r in results if r.user_id == user.id and r.guild_id == w["a"].id]
        reply = shown(await ann.slash(w["chan_a"], "domino stats", player=user))
        body = text(reply)
        wins = sum(r.place == 1 for r in mine)
        rate = round(100 * wins / len(mine))
        assert f"Games: {len(mine)} · wins: {wins} ({rate}%)" in body
        assert f"Times the goat: {sum(r.figures['goat'] for r in mine)}" in body
        average = sum(r.points for r in mine) / len(mine)
        assert f"Average points: {average:.1f}" in body
        after = [r.guild_rating_after for r in sorted(mine, key=lambda r: r.finished_at)]
        assert f"Rating: **{display_rating(after[-1])}*" in body
        assert [a.filename for a in reply.attachments] == ["rating-traditional.png"]
    dee_everywhere = shown(await ann.slash(w["chan_a"], "domino stats",
                                           player=w["users"]["dee"], scope="global"))
    assert "Games: 3" in text(dee_everywhere)


async def test_history_lists_dates_players_results_and_ids(servers: dict[str, Any]) -> None:
    w = servers
    ids = await some_games(w)
    ann = w["in_a"]["ann"]
    reply = shown(await ann.slash(w["chan_a"], "domino history", count=3))
    body = text(reply)
    assert re.findall(r"`#(\d+)`", body) == [str(i) for i in (ids[5], ids[3], ids[2])]
    assert re.search(r"<t:\d+:d>", body) and "Ann, Bob" in body and " of 2 · " in body


async def test_a_replay_replays_to_the_same_final_state(servers: dict[str, Any]) -> None:
    w = servers
    ids = await some_games(w)
    ann, cog = w["in_a"]["ann"], w["bot"].get_cog("StatsCommands")
    result = await ann.slash(w["chan_a"], "domino replay", game_id=ids[0])
    posted = shown(result)  # after a deferral: the deferred answer, edited
    names = [a.filename for a in posted.attachments]
    assert names == [f"replay-{ids[0]}.gif", f"game-{ids[0]}.json"] and not posted.ephemeral
    record = json.loads(await posted.attachments[1].read())
    assert replay(record).summary() == w["finals"][ids[0]]
    assert (await posted.attachments[0].read()).startswith(b"GIF8")
    # Server B's game: not from server A, yes in B, yes in a DM to a player, not to others.
    other = await ann.slash(w["chan_a"], "domino replay", game_id=ids[6])
    assert "played elsewhere" in shown(other).content and shown(other).ephemeral
    in_b = shown(await w["in_b"]["dee"].slash(w["chan_b"], "domino replay", game_id=ids[6]))
    assert len(in_b.attachments) == 2
    dm = shown(await w["users"]["cy"].slash("domino replay", game_id=ids[6]))
    assert len(dm.attachments) == 2
    refused = shown(await w["users"]["ann"].slash("domino replay", game_id=ids[6]))
    assert "played elsewhere" in refused.content and not refused.attachments
    missing = shown(await ann.slash(w["chan_a"], "domino replay", game_id=9999))
    assert "no game #9999" in missing.content
    # Too big for the upload limit: said clearly; the GIF is left out.
    cog.upload_limit = 2000
    big = shown(await ann.slash(w["chan_a"], "domino replay", game_id=ids[0]))
    assert "animation is too big" in big.content
    assert [a.filename for a in big.attachments] == [f"game-{ids[0]}.json"]


async def test_ai_games_count_but_rate_only_when_the_server_says(
        servers: dict[str, Any]) -> None:
    w = servers
    ann = w["in_a"]["ann"]
    await finish_game(w, w["a"], w["chan_a"], ["ann"], ai="easy")
    body = text(shown(await ann.slash(w["chan_a"], "domino stats")))
    assert "Games: 1" in body and "Rating: none yet" in body
    board = text(shown(await ann.slash(w["chan_a"], "domino leaderboard")))
    assert "Nobody has a rating" in board and "no rating on this board" in board
    await w["bot"].store.set_guild_settings(GuildSettings(w["a"].id, rate_ai=True))
    await finish_game(w, w["a"], w["chan_a"], ["ann"], ai="easy")
    board = text(shown(await ann.slash(w["chan_a"], "domino leaderboard")))
    assert "(AI)" in board and "Ann" in board


async def test_board_buttons_work_after_a_restart(servers: dict[str, Any],
                                                  make_bot: Callable[..., DominoBot]) -> None:
    w = servers
    await some_games(w)
    w["bot"].get_cog("StatsCommands").leaderboards.per_page = 1
    ann, env = w["in_a"]["ann"], w["env"]
    board = shown(await ann.slash(w["chan_a"], "domino leaderboard", scope="global"))
    assert custom_ids(board.components, "dom:board:") == ["dom:board:traditional:global:2"]
    fresh = make_bot()
    await env.restart_bot(fresh)
    fresh.get_cog("StatsCommands").leaderboards.per_page = 1
    page = shown(await w["in_a"]["bob"].click(board.message, label="Next ▶"))
    stored = await fresh.store.leaderboard("traditional", None, limit=100)
    assert page.ephemeral and board_names(page) == [stored[1].name]
    assert "Page 2 of 4" in text(page)


def test_every_declared_figure_is_worded_or_left_out_on_purpose() -> None:
    declared = {name for spec in GAMES.values() for name in spec.figures.names}
    assert declared <= set(RESULT_FIGURES) | UNSHOWN_FIGURES
    assert not set(RESULT_FIGURES) & UNSHOWN_FIGURES
