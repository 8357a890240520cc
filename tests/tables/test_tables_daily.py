"""The daily deal at the table layer: its game is the registry's daily one."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.registry import daily_game
from tables.daily import DAY, DailyDeals, daily_seed
from tables.errors import TableError
from tables.live import LiveTable, Person
from tables.service import TableService
from tests.tables.conftest import Services

NOON = 1_796_126_400.0  # 2026-12-01 12:00 UTC
GUILD, DM = 10, 55
ANN = Person(1, "Ann")


def daily_deals(service: TableService) -> DailyDeals:
    """The service's daily deals, listening to its tables as the bot has them do."""
    daily = DailyDeals(service, service._store)
    service.listeners.append(daily.on_event)
    return daily


async def test_the_daily_try_is_a_table_of_the_registry_daily_game(
        services: Services, tmp_path: Path) -> None:
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=lambda: NOON)
    daily = daily_deals(service)
    table = await daily.start(GUILD, ANN, DM)
    assert table.game_kind == daily_game().name and table.guild_id is None
    assert table.seed == daily_seed(GUILD, daily.today())
    # Its end is the try's result (the listener knows the daily game by the registry).
    await service.resign(table.id, ANN.user_id)
    await service.settle()
    mine, streak = await daily.mine(GUILD, ANN.user_id)
    assert mine is not None and mine.table_id == table.id and mine.finished_at == NOON
    assert mine.won is False and mine.moves == len(table.game.moves) and streak == 1


async def ended_before_its_result(
        services: Services, tmp_path: Path) -> tuple[TableService, DailyDeals, LiveTable]:
    """Ann's try, whose table ended (she resigned) as the process stopped before the
    try's result was written."""
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=lambda: NOON)
    daily = daily_deals(service)
    table = await daily.start(GUILD, ANN, DM)
    service.listeners.remove(daily.on_event)  # the process stops before the try's result
    await service.resign(table.id, ANN.user_id)
    await service.settle()
    return service, daily, table


async def test_a_try_whose_table_ended_just_before_a_crash_gets_its_result_at_start_up(
        services: Services, tmp_path: Path) -> None:
    service, daily, table = await ended_before_its_result(services, tmp_path)
    mine, _ = await daily.mine(GUILD, ANN.user_id)
    assert mine is not None and mine.finished_at is None  # under way, its table ended
    restarted = daily_deals(service)
    assert await restarted.catch_up() == 1
    mine, streak = await restarted.mine(GUILD, ANN.user_id)
    assert mine is not None and mine.finished_at is not None and mine.won is False
    assert mine.moves == len(table.game.moves) and streak == 1
    assert await restarted.catch_up() == 0  # nothing left


async def test_two_tries_sent_at_once_open_one_table_and_refuse_the_other(
        services: Services, tmp_path: Path) -> None:
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=lambda: NOON)
    daily = daily_deals(service)
    outcomes = await asyncio.gather(daily.start(GUILD, ANN, DM), daily.start(GUILD, ANN, DM),
                                    return_exceptions=True)
    tables = [o for o in outcomes if isinstance(o, LiveTable)]
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(tables) == 1 and len(refused) == 1 and refused[0].key == "daily.already"
    mine, _ = await daily.mine(GUILD, ANN.user_id)
    assert mine is not None and mine.table_id == tables[0].id  # the try has its table
    assert [t.id for t in service.held_tables.values()] == [tables[0].id]  # the other: cancelled


async def test_the_daily_deal_is_the_same_all_day_and_differs_across_days(
        services: Services, tmp_path: Path) -> None:
    now = [NOON - 11 * 3600]  # 01:00 UTC
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=lambda: now[0])
    daily = daily_deals(service)
    morning = await daily.start(GUILD, ANN, DM)
    now[0] = NOON + 11 * 3600  # 23:00, the same day: the same deal for Bob
    evening = await daily.start(GUILD, Person(2, "Bob"), DM)
    now[0] = NOON + DAY
    tomorrow = await daily.start(GUILD, ANN, DM)
    assert morning.seed == evening.seed and morning.row.deal == evening.row.deal
    assert tomorrow.seed != morning.seed and tomorrow.row.deal != morning.row.deal


async def test_two_processes_catching_up_at_once_write_one_result_and_count_it_once(
        services: Services, tmp_path: Path) -> None:
    service, daily, _ = await ended_before_its_result(services, tmp_path)
    counts = await asyncio.gather(daily_deals(service).catch_up(),
                                  daily_deals(service).catch_up())
    assert sorted(counts) == [0, 1]  # however their reads interleave, one wrote it
    mine, _ = await daily.mine(GUILD, ANN.user_id)
    assert mine is not None and mine.finished_at is not None
