"""Stats, streaks, rating history, unrated games against AIs, rate_ai, query plans."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from storage import (
    PROVISIONAL_GAMES,
    GuildSettings,
    Seat,
    SeatResult,
    Storage,
    display_rating,
)
from storage.ratings import LEADERBOARD_SQL, RANK_SQL
from storage.results import HISTORY_SQL
from storage.schema import migrations
from storage.stats import RATING_HISTORY_SQL

P = [Seat(i, None, f"P{i}") for i in range(10)]
EASY = Seat(None, "easy", "Easy bot")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
async def store(target: Path | str) -> AsyncIterator[Storage]:
    s = await Storage.open(target, clock=Clock())
    yield s
    await s.close()


async def game(
    store: Storage,
    seats: Sequence[Seat],
    places: Sequence[int],
    *,
    guild_id: int | None = 100,
    kind: str = "traditional",
    points: Sequence[int] | None = None,
    rate_ai: bool | None = None,
) -> int:
    table = await store.create_table(
        guild_id=guild_id, channel_id=1, game=kind, host_id=1, seats=seats
    )
    await store.start_table(table.id, deadline=None, seed=1)
    results = [
        SeatResult(i, p, points=points[i] if points else 10 * (len(places) - p),
                   figures={"goat": int(p == len(places))} if kind == "traditional" else {})
        for i, p in enumerate(places)
    ]
    await store.finish_table(table.id, results, rate_ai=rate_ai)
    return table.id


def test_display_rating_is_monotonic_and_clamped() -> None:
    assert display_rating(0.0) == 1000
    assert display_rating(20.0) == 1500
    assert display_rating(-1000.0) == 0 and display_rating(1000.0) == 3000
    values = [display_rating(x / 4) for x in range(-200, 200)]
    assert values == sorted(values)


async def test_a_game_against_ais_counts_but_does_not_rate(store: Storage) -> None:
    await game(store, [P[1], EASY], [1, 2])
    # Not on the board (no rated game), but the game is counted.
    assert await store.leaderboard("traditional") == []
    assert await store.rank_of(1, "traditional") is None
    assert await store.leaderboard_size("traditional") == 0
    totals = await store.game_totals(1, "traditional")
    assert (totals.games, totals.wins) == (1, 1)
    # A rated game later: the board shows every game, and one rated.
    await game(store, [P[1], P[2]], [2, 1])
    own = await store.rank_of(1, "traditional")
    assert own is not None
    assert (own.games, own.wins, own.rated_games) == (2, 1, 1)
    assert own.provisional and own.display == display_rating(own.rating)
    for scope in (None, 100):
        board = await store.leaderboard("traditional", scope)
        assert [r.user_id for r in board] == [2, 1]
        assert [(r.games, r.rated_games) for r in board] == [(1, 1), (2, 1)]
    # A human-vs-human place among AIs is rated; the AI is not.
    table_id = await game(store, [P[1], EASY, P[2]], [1, 2, 3])
    rows = await store.results_of_table(table_id)
    assert rows[0].rating_after is not None and rows[1].rating_after is None
    own = await store.rank_of(1, "traditional")
    assert own is not None and (own.games, own.rated_games) == (3, 2)


async def test_the_guild_setting_decides_rate_ai(store: Storage) -> None:
    assert (await store.get_guild_settings(100)).rate_ai is False
    await store.set_guild_settings(GuildSettings(100, rate_ai=True))
    assert (await store.get_guild_settings(100)).rate_ai is True
    await game(store, [P[1], EASY], [2, 1])
    board = await store.leaderboard("traditional", 100)
    assert {r.ai_level for r in board} == {"easy", None}
    # Elsewhere (another guild, or no guild) the default holds.
    await game(store, [P[3], EASY], [1, 2], guild_id=200)
    await game(store, [P[4], EASY], [1, 2], guild_id=None)
    assert await store.rank_of(3, "traditional") is None
    assert await store.rank_of(4, "traditional") is None
    # An explicit argument wins over the setting.
    await game(store, [P[5], EASY], [1, 2], rate_ai=False)
    assert await store.rank_of(5, "traditional", 100) is None


async def test_totals_add_up_and_streaks_run_latest_first(store: Storage) -> None:
    places = [1, 1, 2, 1, 2, 2, 2]
    for i, place in enumerate(places):
        other = 3 - place
        await game(store, [P[1], P[2]], [place, other], kind="carousel",
                   points=[100 + i, 50], guild_id=100 if i % 2 else 200)
    totals = await store.game_totals(1, "carousel")
    assert (totals.games, totals.wins, totals.best_points) == (7, 3, 106)
    assert totals.points == sum(100 + i for i in range(7))
    assert totals.average_points == pytest.approx(totals.points / 7)
    assert totals.streak == -3
    assert (await store.game_totals(2, "carousel")).streak == 3
    in_guild = await store.game_totals(1, "carousel", 100)
    assert (in_guild.games, in_guild.wins) == (3, 2)
    none = await store.game_totals(9, "carousel")
    assert (none.games, none.streak, none.best_points, none.average_points) == (0, 0, None, None)
    history = await store.history(1, limit=100)
    assert sum(r.points for r in history) == totals.points


async def test_goats_count_in_traditional(store: Storage) -> None:
    await game(store, [P[1], P[2], P[3]], [1, 2, 3])
    await game(store, [P[1], P[2], P[3]], [3, 2, 1])
    one = await store.game_totals(1, "traditional", figures=("goat",))
    assert one.figures["goat"].total == 1
    two = await store.game_totals(2, "traditional", figures=("goat",))
    assert two.figures["goat"].total == 0


async def test_rating_history_follows_the_results(store: Storage) -> None:
    ids = [await game(store, [P[1], P[2]], [1 + i % 2, 2 - i % 2], guild_id=100 + i % 2)
           for i in range(6)]
    glob = await store.rating_history(1, "traditional")
    assert [p.table_id for p in glob] == ids
    for point in glob:
        row = (await store.results_of_table(point.table_id))[0]
        assert (point.before, point.after) == (row.rating_before, row.rating_after)
    for a, b in itertools.pairwise(glob):
        assert b.before == pytest.approx(a.after)
    local = await store.rating_history(1, "traditional", 101)
    assert [p.table_id for p in local] == ids[1::2]
    assert [p.table_id for p in await store.rating_history(1, "traditional", limit=2)] == ids[-2:]
    own = await store.rank_of(1, "traditional")
    assert own is not None and own.rating == pytest.approx(glob[-1].after)
    assert own.provisional == (len(ids) < PROVISIONAL_GAMES)


async def test_solitaire_totals(store: Storage) -> None:
    for won, discards, home in [(False, 9, 7), (True, 4, 12), (True, 2, 12), (False, 11, 10)]:
        await store.record_solitaire_result(1, game="clock", won=won,
                                            figures={"hours_home": home, "discards": discards},
                                            duration=60.0 + discards, guild_id=100)
    totals = await store.solitaire_totals(1, "clock", figures=("hours_home", "discards"))
    figures = totals.figures
    assert (totals.games, totals.wins, figures["discards"].low_in_win,
            figures["hours_home"].high) == (4, 2, 2, 12)
    assert figures["hours_home"].total == 41 and figures["discards"].low == 2
    assert totals.fastest_win == pytest.approx(62.0) and totals.streak == -1
    assert (await store.solitaire_totals(1, "clock", guild_id=5)).games == 0


async def test_results_of_tables(store: Storage) -> None:
    a = await game(store, [P[1], P[2]], [1, 2])
    b = await game(store, [P[3], P[1], P[2]], [1, 2, 3])
    found = await store.results_of_tables([b, a, a])
    assert [r.user_id for r in found[a]] == [1, 2]
    assert [r.user_id for r in found[b]] == [3, 1, 2]
    assert await store.results_of_tables([]) == {}


def plan(path: Path, sql: str, params: Any) -> str:
    conn = sqlite3.connect(path)
    try:
        return " | ".join(str(r[3]) for r in conn.execute("EXPLAIN QUERY PLAN " + sql, params))
    finally:
        conn.close()


async def test_board_rank_and_history_walk_indexes(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await Storage.open(path, clock=Clock())
    for i in range(30):
        await game(store, [P[i % 10], P[(i + 3) % 10], EASY], [1, 2, 3], guild_id=100 + i % 3)
    await store.close()
    board = plan(path, LEADERBOARD_SQL, ("traditional", 0, 10, 0))
    assert "USING INDEX ratings_board" in board and "TEMP B-TREE" not in board
    rank = plan(path, RANK_SQL, {"game": "traditional", "scope": 0, "ordinal": 1.0,
                                 "user_id": 1, "ai_level": ""})
    assert rank.count("USING INDEX ratings_board") == 3
    history = plan(path, HISTORY_SQL, (1, None, None, None, None, 10, 0))
    assert "SEARCH results USING INDEX results_user" in history
    rated = RATING_HISTORY_SQL.format(before="rating_before", after="rating_after")
    series = plan(path, rated, (1, "traditional", None, None, 10))
    assert "SEARCH results USING INDEX results_user_game" in series
    assert "TEMP B-TREE" not in series
    for text in (board, rank, history, series):
        assert "SCAN results" not in text and "SCAN r " not in text


async def test_upgrade_counts_old_ratings_as_rated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    for migration in migrations()[:3]:
        for statement in migration.statements():
            conn.execute(statement)
    conn.execute("PRAGMA user_version=3")
    conn.execute("INSERT INTO players (user_id, name, updated_at) VALUES (7, 'Ann', 1)")
    conn.execute("""INSERT INTO ratings (game, scope, user_id, mu, sigma, ordinal, games, wins,
                    updated_at) VALUES ('traditional', 0, 7, 27, 5, 12, 4, 3, 1)""")
    conn.execute("""INSERT INTO guild_settings VALUES (5, 60, '[]', 'ai', '[]')""")
    conn.commit()
    conn.close()
    store = await Storage.open(path)
    try:
        own = await store.rank_of(7, "traditional")
        assert own is not None and (own.rank, own.games, own.rated_games) == (1, 4, 4)
        assert own.name == "Ann" and own.display == 1300
        assert (await store.get_guild_settings(5)).rate_ai is False
    finally:
        await store.close()
