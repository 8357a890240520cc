"""Migration 009 on both backends: old results' goat, discards and hours home become
figures; the stats add figures up by name; bad figures are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Seat, SeatResult, Storage, latest_version
from storage.schema import MIGRATIONS_DIR, POSTGRES_MIGRATIONS_DIR, migrations

OLD = 8  # the last schema with the goat, discards and hours_home columns
ANN, BOB = Seat(1, None, "Ann"), Seat(2, None, "Bob")

OLD_ROWS = [
    """INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, status, seed,
       created_at, updated_at) VALUES (1, 5, 6, 'traditional', 1, 'finished', 3, 1, 1)""",
    """INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, status, seed,
       created_at, updated_at) VALUES (2, 5, 6, 'carousel', 1, 'finished', 3, 1, 1)""",
    """INSERT INTO results (table_id, seat, user_id, name, game, guild_id, place, points,
       goat, finished_at) VALUES (1, 0, 1, 'Ann', 'traditional', 5, 2, 0, 1, 10)""",
    """INSERT INTO results (table_id, seat, user_id, name, game, guild_id, place, points,
       goat, finished_at) VALUES (1, 1, 2, 'Bob', 'traditional', 5, 1, 12, 0, 10)""",
    """INSERT INTO results (table_id, seat, user_id, name, game, guild_id, place, points,
       goat, finished_at) VALUES (2, 0, 1, 'Ann', 'carousel', 5, 1, 61, 0, 20)""",
    """INSERT INTO solitaire_results (user_id, guild_id, game, won, discards, hours_home,
       duration, finished_at) VALUES (1, 5, 'clock', 1, 3, 12, 90.5, 30)""",
]


async def _old_database(target: Path | str) -> None:
    """`target` at schema OLD, with a Traditional and a Carousel result and a Big Clock one."""
    if isinstance(target, str):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            for migration in migrations(POSTGRES_MIGRATIONS_DIR)[:OLD]:
                await conn.execute(migration.path.read_text(encoding="utf-8"))
            await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            await conn.execute(f"INSERT INTO schema_version VALUES ({OLD})")
            for statement in OLD_ROWS:
                await conn.execute(statement)
            # The ids given above: the next table's comes after them, as in SQLite.
            await conn.execute("SELECT setval(pg_get_serial_sequence('game_tables', 'id'), 2)")
        finally:
            await conn.close()
        return
    import sqlite3

    conn = sqlite3.connect(target)
    try:
        for migration in migrations(MIGRATIONS_DIR)[:OLD]:
            for statement in migration.statements():
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version={OLD}")
        for statement in OLD_ROWS:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


async def test_old_results_become_figures(target: Path | str) -> None:
    await _old_database(target)
    store = await Storage.open(target)
    try:
        assert await store.schema_version() == latest_version()
        traditional = await store.results_of_table(1)
        assert [r.figures for r in traditional] == [{"goat": 1}, {"goat": 0}]
        assert [r.figures for r in await store.results_of_table(2)] == [{}]
        (solo,) = await store.solitaire_history(1)
        assert solo.figures == {"hours_home": 12, "discards": 3} and solo.won
        totals = await store.game_totals(1, "traditional", figures=("goat", "hands"))
        assert totals.figures["goat"].total == 1
        assert totals.figures["hands"].total == 0 and totals.figures["hands"].high is None
        clock = await store.solitaire_totals(1, "clock", figures=("discards",))
        assert clock.figures["discards"].low_in_win == 3 and clock.fastest_win == 90.5
        # The new code writes figures into the converted tables.
        table = await store.create_table(guild_id=5, channel_id=6, game="traditional",
                                         host_id=1, seats=[ANN, BOB])
        await store.start_table(table.id, deadline=None, seed=1)
        await store.finish_table(table.id, [SeatResult(0, 1, 5, figures={"goat": 0, "hands": 2}),
                                            SeatResult(1, 2, 0, figures={"goat": 1, "hands": 2})])
        totals = await store.game_totals(1, "traditional", figures=("goat", "hands"))
        assert totals.figures["goat"].total == 1 and totals.figures["hands"].total == 2
        assert totals.figures["goat"].low_in_win == 0  # the game Ann won, she was no goat
    finally:
        await store.close()


async def test_figures_are_ints_by_plain_names(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        for bad in ({"Goat": 1}, {"goat": "1"}, {"goat": True}, {"a'b": 1}):
            with pytest.raises(ValueError):
                await store.record_solitaire_result(1, game="clock", won=False, figures=bad,
                                                    duration=1.0)
        with pytest.raises(ValueError):
            await store.game_totals(1, "traditional", figures=("x') OR 1 --",))
        assert await store.solitaire_history(1) == []
    finally:
        await store.close()
