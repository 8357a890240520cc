"""Standings over real games played to the end through TableService, on a real database."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cogs.stats.stats_views import history_result, replay_summary, streak_text
from engine.records import replay
from engine.registry import GAMES
from engine.rng import SeededRandom
from storage import PROVISIONAL_GAMES, GuildSettings, Storage, display_rating
from tables.errors import TableError
from tables.live import Person, TableEvent, TableSettings
from tables.service import TableService
from tables.standings import Standings

ANN, BOB, CY, DEE = Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy"), Person(4, "Dee")
G1, G2 = 10, 11


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@dataclass
class World:
    service: TableService
    standings: Standings
    finals: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def store(self) -> Storage:
        return self.service._store


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    store = await Storage.open(tmp_path / "db.sqlite3", clock=Clock())
    service = TableService(store, clock=Clock(), ai_delay=0)
    w = World(service, Standings(store))

    async def listen(event: TableEvent) -> None:
        if event.kind == "finished" and event.table.game is not None:
            w.finals[event.table.id] = event.table.game.summary()

    service.listeners.append(listen)
    yield w
    await service.close()
    await store.close()


async def play_game(w: World, guild_id: int, people: list[Person], *, ai: str | None = None,
                    game: str = "traditional") -> int:
    """Open, fill, start and play a game to its end (first legal move each turn)."""
    seats = len(people) + (1 if ai else 0)
    table = await w.service.open_lobby(
        guild_id=guild_id, channel_id=20, host=people[0], game=game,
        settings=TableSettings(seats=seats, auto_start=False), options={})
    for person in people[1:]:
        await w.service.join(table.id, person)
    if ai:
        await w.service.add_ai(table.id, people[0].user_id, ai)
    await w.service.start(table.id, people[0].user_id)
    by_seat = [s.user_id for s in w.service.held_tables[table.id].seats]
    while table.id in w.service.held_tables:
        live = w.service.held_tables[table.id]
        assert live.game is not None and live.game.to_move is not None
        user = by_seat[live.game.to_move]
        if user is None:  # an AI seat moves by itself
            await w.service.settle()
            continue
        await w.service.play(table.id, user, live.seq, str(live.game.legal_moves()[0]))
    return table.id


async def some_games(w: World) -> list[int]:
    pairs = [(ANN, BOB), (BOB, CY), (CY, ANN), (ANN, DEE), (DEE, BOB), (ANN, BOB)]
    ids = [await play_game(w, G1, list(p)) for p in pairs]
    ids.append(await play_game(w, G2, [CY, DEE]))
    return ids


async def test_the_board_follows_the_ratings_and_ranks_everyone(world: World) -> None:
    await some_games(world)
    page = await world.standings.leaderboard("traditional", None, 1, 10, viewer_id=ANN.user_id)
    stored = await world.store.leaderboard("traditional", None, limit=100)
    assert [r.rating for r in stored] == sorted((r.rating for r in stored), reverse=True)
    assert [line.user_id for line in page.rows] == [r.user_id for r in stored]
    assert [line.rating for line in page.rows] == [display_rating(r.rating) for r in stored]
    assert [line.rank for line in page.rows] == [1, 2, 3, 4]
    assert (page.page, page.pages, page.total) == (1, 1, 4)
    assert all(line.provisional for line in page.rows)
    assert page.provisional_games == PROVISIONAL_GAMES
    # One a page: the viewer's own line is given even when on another page.
    for viewer in (ANN, BOB, CY, DEE):
        first = await world.standings.leaderboard("traditional", None, 1, 1,
                                                  viewer_id=viewer.user_id)
        assert first.pages == 4 and len(first.rows) == 1
        assert first.viewer_row is not None
        rank = [r.user_id for r in stored].index(viewer.user_id) + 1
        assert first.viewer_row.rank == rank and first.viewer_row.is_viewer
        assert first.viewer_on_page == (rank == 1)
        own_page = await world.standings.leaderboard("traditional", None, rank, 1,
                                                     viewer_id=viewer.user_id)
        assert own_page.rows == (first.viewer_row,) and own_page.viewer_on_page
    last = await world.standings.leaderboard("traditional", None, 99, 3)
    assert (last.page, len(last.rows), last.viewer_row) == (2, 1, None)
    with pytest.raises(TableError):
        await world.standings.leaderboard("clock")


async def test_servers_keep_their_own_boards(world: World) -> None:
    await some_games(world)
    first = await world.standings.leaderboard("traditional", G1, 1, 10)
    second = await world.standings.leaderboard("traditional", G2, 1, 10, viewer_id=ANN.user_id)
    everywhere = await world.standings.leaderboard("traditional", None, 1, 10)
    assert {r.user_id for r in first.rows} == {1, 2, 3, 4}
    assert {r.user_id for r in second.rows} == {3, 4}
    assert sum(r.games for r in second.rows) == 2 and second.viewer_row is None
    cy = {r.user_id: r for r in everywhere.rows}[CY.user_id]
    assert cy.games == 3
    assert {r.user_id: r.games for r in first.rows}[CY.user_id] == 2
    empty = await world.standings.leaderboard("carousel", G2)
    assert (empty.rows, empty.pages, empty.total) == ((), 1, 0)


async def test_stats_add_up_to_the_stored_results(world: World) -> None:
    ids = await some_games(world)
    results = [r for t in ids for r in await world.store.results_of_table(t)]
    for person in (ANN, BOB, CY, DEE):
        mine = [r for r in results if r.user_id == person.user_id]
        for scope in (None, G1):
            rows = [r for r in mine if scope is None or r.guild_id == scope]
            (stats,) = await world.standings.stats(person.user_id, scope)
            assert stats.game == "traditional" and stats.games == len(rows)
            assert stats.wins == sum(r.place == 1 for r in rows)
            assert stats.figures["goat"].total == sum(r.figures["goat"] for r in rows)
            assert stats.figures["hands"].total == sum(r.figures["hands"] for r in rows)
            assert stats.average_points == pytest.approx(sum(r.points for r in rows) / len(rows))
            assert stats.best_score is None and stats.fastest_win is None
            after = [(r.rating_after if scope is None else r.guild_rating_after) for r in rows]
            before = [(r.rating_before if scope is None else r.guild_rating_before)
                      for r in rows]
            assert before[0] is not None
            assert stats.series == (display_rating(before[0]),
                                    *(display_rating(a) for a in after if a is not None))
            assert stats.rating == stats.series[-1] and stats.provisional
            assert stats.rating_change == stats.series[-1] - stats.series[0]
            assert stats.change_games == len(rows) and stats.rank is not None
            latest = sorted(rows, key=lambda r: r.finished_at)[-1]
            assert (stats.streak > 0) == (latest.place == 1)
            assert str(abs(stats.streak)) in streak_text(stats.streak)
    assert await world.standings.stats(99) == []
    assert len(await world.standings.stats(99, include_unplayed=True)) == len(GAMES)


async def test_history_lists_the_last_games(world: World) -> None:
    ids = await some_games(world)
    history = await world.standings.history(ANN.user_id, 3)
    assert [h.table_id for h in history] == [ids[5], ids[3], ids[2]]
    assert history[0].players == ("Ann", "Bob") and history[0].game == "traditional"
    assert history[0].place in (1, 2) and history[0].size == 2
    assert history[0].rating_change is not None and history[0].guild_id == G1
    assert history_result(history[0]).split(" of 2")[0] in ("1st", "2nd")
    assert "rating" in history_result(history[0])
    assert history[0].finished_at >= history[1].finished_at


async def test_a_replay_replays_to_the_final_state(world: World) -> None:
    ids = await some_games(world)
    files = await world.standings.replay(ids[0])
    assert files.gif.format == "gif" and files.gif.data.startswith(b"GIF8")
    record = json.loads(files.record_json)
    assert replay(record).summary() == world.finals[ids[0]]
    # The export carries every hand's deal with the seed beside it: the deals alone
    # replay it, without this engine's shuffle.
    assert isinstance(record["seed"], int) and record["deal"]["hands"]
    assert replay(dict(record, seed=None)).summary() == world.finals[ids[0]]
    stored = await world.store.record(ids[0])
    assert stored["deal"] == {k: v for k, v in record["deal"].items() if k != "next"}
    assert stored["seed"] == record["seed"]
    assert files.json_filename == f"game-{ids[0]}.json" and files.guild_id == G1
    assert "Ann" in [p.name for p in files.placings] and files.moves == len(record["moves"])
    assert "Traditional" in replay_summary(files) and "Ann" in replay_summary(files)
    with pytest.raises(TableError, match="no game"):
        await world.standings.replay(9999)
    lobby = await world.service.open_lobby(
        guild_id=G1, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    with pytest.raises(TableError, match="not finished"):
        await world.standings.replay(lobby.id)


async def test_ai_games_count_but_rate_only_when_the_server_says(world: World) -> None:
    await play_game(world, G1, [ANN], ai="easy")
    (stats,) = await world.standings.stats(ANN.user_id, G1)
    assert stats.games == 1 and stats.rating is None and stats.series == ()
    board = await world.standings.leaderboard("traditional", G1, viewer_id=ANN.user_id)
    assert board.rows == () and board.viewer_row is None
    await play_game(world, G1, [ANN, BOB])
    own = (await world.standings.leaderboard("traditional", G1,
                                             viewer_id=ANN.user_id)).viewer_row
    assert own is not None and own.games == 2
    await world.store.set_guild_settings(GuildSettings(G1, rate_ai=True))
    await play_game(world, G1, [ANN], ai="easy")
    board = await world.standings.leaderboard("traditional", G1)
    assert "easy" in {r.ai_level for r in board.rows}
    (stats,) = await world.standings.stats(ANN.user_id, G1)
    assert stats.games == 3 and len(stats.series) == 3  # start + two rated games


async def test_the_chart_is_a_png_of_the_rating_history(world: World) -> None:
    await some_games(world)
    chart = await world.standings.chart(ANN.user_id, "traditional", G1)
    again = await world.standings.chart(ANN.user_id, "traditional", G1)
    assert chart.data.startswith(b"\x89PNG") and chart.data == again.data
    (stats,) = await world.standings.stats(ANN.user_id, G1)
    assert f"{stats.series[0]} → {stats.series[-1]} over 4 games" in chart.alt
    nobody = await world.standings.chart(99, "traditional")
    assert "no rated games" in nobody.alt
    with pytest.raises(TableError):
        await world.standings.chart(ANN.user_id, "clock")


async def play_solitaire(w: World, person: Person, game: str, seed: int) -> int:
    """A solitaire played to its end by `person` (a seeded random legal move each turn)."""
    table = await w.service.start_solitaire(guild_id=G1, channel_id=20, person=person,
                                            game=game, options={}, seed=seed)
    rng = SeededRandom(seed)
    while table.id in w.service.held_tables:
        assert table.game is not None
        moves = table.game.legal_moves()
        await w.service.play(table.id, person.user_id, table.seq,
                             str(moves[rng.below(len(moves))]))
    return table.id


async def test_each_game_shows_the_figures_its_registry_spec_declares(world: World) -> None:
    for game in ("traditional", "carousel", "carousel"):
        await play_game(world, G1, [ANN, BOB], game=game)
    for seed in (1, 2):
        await play_solitaire(world, ANN, "clock", seed)
    stats = {s.game: s for s in await world.standings.stats(ANN.user_id)}
    mine = {game: await world.store.history(ANN.user_id, limit=50, game=game)
            for game in ("traditional", "carousel")}
    # Traditional names goats; Carousel keeps the best match score; neither has both.
    assert stats["traditional"].figures["goat"].total == sum(
        r.figures["goat"] for r in mine["traditional"])
    assert stats["traditional"].best_score is None
    assert len(mine["carousel"]) == 2 and "goat" not in stats["carousel"].figures
    assert stats["carousel"].best_score == max(r.points for r in mine["carousel"])
    # Big Clock's figures come from its solitaire results, stored under its own name.
    solo = await world.store.solitaire_history(ANN.user_id)
    assert [s.game for s in solo] == ["clock", "clock"]
    clock = stats["clock"]
    assert (clock.games, clock.wins) == (2, sum(s.won for s in solo))
    assert clock.figures["hours_home"].high == max(s.figures["hours_home"] for s in solo)
    assert clock.figures["discards"].total == sum(s.figures["discards"] for s in solo)
    assert "goat" not in clock.figures and clock.best_score is None and clock.rating is None
