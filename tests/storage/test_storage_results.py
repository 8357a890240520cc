"""Results and OpenSkill ratings recorded together; leaderboards, stats, history."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from storage import InvalidState, Seat, SeatResult, Storage, StorageError, TableNotFound
from tests.pg import raw_execute

P = [Seat(i, None, f"P{i}") for i in range(10)]
EASY = Seat(None, "easy", "Easy bot")
HARD = Seat(None, "hard", "Hard bot")


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
    teams: Sequence[int] | None = None,
    rate_ai: bool = False,
) -> int:
    table = await store.create_table(
        guild_id=guild_id, channel_id=1, game=kind, host_id=1, seats=seats
    )
    await store.start_table(table.id, deadline=None, seed=1)
    results = [
        SeatResult(i, p, points=10 * (len(places) - p),
                   team=None if teams is None else teams[i],
                   figures={"goat": int(p == len(places))})
        for i, p in enumerate(places)
    ]
    await store.finish_table(table.id, results, rate_ai=rate_ai)
    return table.id


async def test_winner_goes_up_loser_down_in_one_go(store: Storage) -> None:
    table_id = await game(store, [P[1], P[2], P[3]], [1, 2, 3])
    rows = await store.results_of_table(table_id)
    assert [r.place for r in rows] == [1, 2, 3]
    assert rows[2].figures == {"goat": 1} and rows[0].figures == {"goat": 0}
    assert all(r.rating_before == pytest.approx(0.0) for r in rows)
    assert rows[0].rating_after is not None and rows[0].rating_after > 0
    assert rows[2].rating_after is not None and rows[2].rating_after < rows[0].rating_after
    assert rows[0].guild_rating_after == pytest.approx(rows[0].rating_after)
    table = await store.get_table(table_id)
    assert table is not None and table.status == "finished" and table.deadline is None
    board = await store.leaderboard("traditional")
    assert [r.user_id for r in board] == [1, 2, 3]
    assert [r.rank for r in board] == [1, 2, 3]
    assert (board[0].games, board[0].wins, board[0].win_rate) == (1, 1, 1.0)
    assert board[1].win_rate == 0.0 and board[0].name == "P1"
    # A second game continues from the stored ratings.
    second = await game(store, [P[3], P[1]], [1, 2])
    rows = await store.results_of_table(second)
    assert rows[0].rating_before == pytest.approx(board[2].rating)
    assert rows[1].rating_before == pytest.approx(board[0].rating)


async def test_finish_twice_or_badly(store: Storage) -> None:
    table_id = await game(store, [P[1], P[2]], [1, 2])
    with pytest.raises(InvalidState, match="already has results"):
        await store.finish_table(table_id, [SeatResult(0, 1), SeatResult(1, 2)])
    with pytest.raises(TableNotFound):
        await store.finish_table(999, [SeatResult(0, 1)])
    table = await store.create_table(
        guild_id=1, channel_id=1, game="traditional", host_id=1, seats=[P[1], P[2]]
    )
    with pytest.raises(ValueError, match="each of the 2 seats"):
        await store.finish_table(table.id, [SeatResult(0, 1)])
    with pytest.raises(ValueError, match="each of the 2 seats"):
        await store.finish_table(table.id, [SeatResult(0, 1), SeatResult(0, 2)])
    with pytest.raises(ValueError, match="needs a team"):
        await store.finish_table(table.id, [SeatResult(0, 1, team=0), SeatResult(1, 2)])
    with pytest.raises(ValueError):
        SeatResult(0, 0)
    assert await store.results_of_table(table.id) == []
    assert (await store.leaderboard("traditional"))[0].games == 1


async def test_ai_not_rated_unless_asked(store: Storage) -> None:
    table_id = await game(store, [P[1], EASY, P[2]], [2, 1, 3])
    rows = await store.results_of_table(table_id)
    assert rows[1].rating_before is None and rows[1].rating_after is None
    board = await store.leaderboard("traditional")
    assert [r.user_id for r in board] == [1, 2]
    assert all(r.ai_level is None for r in board)
    # One human against AIs only: nothing to rate.
    solo = await game(store, [P[5], EASY, HARD], [1, 2, 3])
    assert all(r.rating_after is None for r in await store.results_of_table(solo))
    assert await store.rank_of(5, "traditional") is None
    # rate_ai: AI levels are players of their own.
    rated = await game(store, [P[5], EASY, HARD], [3, 2, 1], rate_ai=True)
    rows = await store.results_of_table(rated)
    assert all(r.rating_after is not None for r in rows)
    board = await store.leaderboard("traditional")
    hard = next(r for r in board if r.ai_level == "hard")
    assert hard.user_id is None and hard.name == "hard" and hard.wins == 1
    mine = await store.rank_of(None, "traditional", ai_level="hard")
    assert mine is not None and mine.rank == hard.rank


async def test_same_ai_level_twice_is_left_out(store: Storage) -> None:
    table_id = await game(store, [P[1], EASY, P[2], EASY], [1, 2, 3, 4], rate_ai=True)
    rows = await store.results_of_table(table_id)
    assert [r.rating_after is not None for r in rows] == [True, False, True, False]


async def test_pairs_are_rated_as_teams(store: Storage) -> None:
    # Seats 0 and 2 against 1 and 3; the first pair wins.
    table_id = await game(
        store, [P[1], P[2], P[3], P[4]], [1, 2, 1, 2], teams=[0, 1, 0, 1], kind="carousel"
    )
    rows = await store.results_of_table(table_id)
    assert rows[0].rating_after == pytest.approx(rows[2].rating_after)
    assert rows[1].rating_after == pytest.approx(rows[3].rating_after)
    assert rows[0].rating_after is not None and rows[1].rating_after is not None
    assert rows[0].rating_after > rows[1].rating_after
    board = await store.leaderboard("carousel")
    assert {r.user_id for r in board[:2]} == {1, 3}
    assert all(r.wins == 1 for r in board[:2]) and all(r.wins == 0 for r in board[2:])
    with pytest.raises(ValueError, match="different places"):
        await game(store, [P[1], P[2], P[3], P[4]], [1, 2, 2, 1], teams=[0, 1, 0, 1])
    # A pair with an (unrated) AI partner still counts as a team.
    mixed = await game(
        store, [P[5], P[6], EASY, HARD], [2, 1, 2, 1], teams=[0, 1, 0, 1], kind="carousel"
    )
    rows = await store.results_of_table(mixed)
    assert rows[1].rating_after is not None and rows[0].rating_after is not None
    assert rows[1].rating_after > rows[0].rating_after and rows[2].rating_after is None


async def test_ties_and_global_vs_guild(store: Storage) -> None:
    await game(store, [P[1], P[2], P[3]], [1, 1, 3], guild_id=100)
    await game(store, [P[4], P[1]], [1, 2], guild_id=200)
    await game(store, [P[6], P[7]], [1, 2], guild_id=None)
    g100 = await store.leaderboard("traditional", 100)
    assert {r.user_id for r in g100} == {1, 2, 3}
    tied = [r for r in g100 if r.user_id in (1, 2)]
    assert tied[0].rating == pytest.approx(tied[1].rating)
    assert all(r.wins == 1 for r in tied)
    assert {r.user_id for r in await store.leaderboard("traditional", 200)} == {1, 4}
    assert {r.user_id for r in await store.leaderboard("traditional")} == {1, 2, 3, 4, 6, 7}
    one_global = await store.rank_of(1, "traditional")
    one_local = await store.rank_of(1, "traditional", 200)
    assert one_global is not None and one_local is not None
    assert one_global.games == 2 and one_local.games == 1
    assert one_global.rating != pytest.approx(one_local.rating)
    assert await store.leaderboard("traditional", 300) == []
    assert await store.rank_of(6, "traditional", 100) is None


async def test_leaderboard_order_pages_and_own_rank(store: Storage) -> None:
    # P1 beats everyone repeatedly; P9 loses every game.
    for opponent in range(2, 9):
        await game(store, [P[1], P[opponent], P[9]], [1, 2, 3])
    board = await store.leaderboard("traditional", limit=100)
    assert board[0].user_id == 1 and board[-1].user_id == 9
    ratings = [r.rating for r in board]
    assert ratings == sorted(ratings, reverse=True)
    for row in board:
        mine = await store.rank_of(row.user_id, "traditional")
        assert mine == row  # own rank agrees with the board, ties included
    page = await store.leaderboard("traditional", limit=3, offset=3)
    assert [r.rank for r in page] == [4, 5, 6] and page == board[3:6]


async def test_stats_and_history(store: Storage) -> None:
    first = await game(store, [P[1], P[2]], [1, 2], guild_id=100)
    second = await game(store, [P[2], P[1]], [1, 2], guild_id=200)
    third = await game(store, [P[1], P[2]], [1, 2], guild_id=200, kind="carousel")
    stats = await store.game_totals(1, "traditional", figures=("goat",))
    assert (stats.games, stats.wins, stats.figures["goat"].total, stats.points) == (2, 1, 1, 10)
    rating = await store.rank_of(1, "traditional")
    assert stats.wins / stats.games == 0.5 and rating is not None and rating.games == 2
    local = await store.game_totals(1, "traditional", 100)
    assert (local.games, local.wins) == (1, 1)
    nobody = await store.game_totals(42, "traditional", figures=("goat",))
    assert (nobody.games, nobody.figures["goat"].total) == (0, 0)
    assert await store.rank_of(42, "traditional") is None
    history = await store.history(1)
    assert [h.table_id for h in history] == [third, second, first]
    assert [h.table_id for h in await store.history(1, game="traditional")] == [second, first]
    assert [h.table_id for h in await store.history(1, limit=1, offset=1)] == [second]
    assert history[0].game == "carousel" and history[0].name == "P1"


async def test_solitaire(store: Storage) -> None:
    table = await store.create_table(
        guild_id=100, channel_id=1, game="clock", host_id=1, seats=[P[1]]
    )
    await store.start_table(table.id, deadline=50.0, seed=3)
    won = await store.record_solitaire_result(
        1, game="clock", won=True, figures={"hours_home": 12, "discards": 2}, duration=300.0,
        table_id=table.id, guild_id=100,
    )
    assert won.won and won.table_id == table.id and won.figures["hours_home"] == 12
    got = await store.get_table(table.id)
    assert got is not None and got.status == "finished" and got.deadline is None
    with pytest.raises(InvalidState):
        await store.record_solitaire_result(
            1, game="clock", won=True, figures={"hours_home": 12}, duration=1.0,
            table_id=table.id
        )
    with pytest.raises(TableNotFound):
        await store.record_solitaire_result(
            1, game="clock", won=True, figures={"hours_home": 12}, duration=1.0, table_id=999
        )
    await store.record_solitaire_result(1, game="clock", won=False,
                                        figures={"hours_home": 7, "discards": 5}, duration=90.0)
    await store.record_solitaire_result(1, game="clock", won=True,
                                        figures={"hours_home": 12, "discards": 1}, duration=200.0)
    stats = await store.solitaire_totals(1, "clock", figures=("hours_home",))
    assert (stats.games, stats.wins, stats.fastest_win) == (3, 2, 200.0)
    assert stats.figures["hours_home"].total / stats.games == pytest.approx(31 / 3)
    assert await store.rank_of(1, "clock") is None
    local = await store.solitaire_totals(1, "clock", 100)
    assert local.games == 1
    history = await store.solitaire_history(1)
    assert [h.duration for h in history] == [200.0, 90.0, 300.0]
    assert history[1].won is False
    assert await store.leaderboard("clock") == []


FAIL_TRIGGER = {
    "sqlite": ["CREATE TRIGGER fail_results BEFORE INSERT ON results WHEN NEW.points = 666 "
               "BEGIN SELECT RAISE(ABORT, 'boom'); END"],
    "postgres": ["CREATE FUNCTION fail_results() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                 "IF NEW.points = 666 THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$",
                 "CREATE TRIGGER fail_results BEFORE INSERT ON results "
                 "FOR EACH ROW EXECUTE FUNCTION fail_results()"],
}


async def test_result_and_rating_roll_back_together(store: Storage, target: Path | str) -> None:
    for statement in FAIL_TRIGGER[store.dialect]:
        await raw_execute(target, statement)
    table = await store.create_table(
        guild_id=100, channel_id=1, game="traditional", host_id=1, seats=[P[1], P[2]]
    )
    await store.start_table(table.id, deadline=10.0, seed=1)
    with pytest.raises(StorageError, match="boom"):
        await store.finish_table(table.id, [SeatResult(0, 1, 666), SeatResult(1, 2, 0)])
    assert await store.leaderboard("traditional") == []  # the ratings rolled back too
    got = await store.get_table(table.id)
    assert got is not None and got.status == "playing" and got.deadline == 10.0
    await store.finish_table(table.id, [SeatResult(0, 1, 5), SeatResult(1, 2, 0)])
    assert len(await store.leaderboard("traditional")) == 2
