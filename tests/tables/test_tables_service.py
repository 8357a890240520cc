"""The table layer without Discord: real storage in a temporary folder, real engine."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tables.errors import IllegalMoveError, NotAllowed, NotSeated, NotYourTurn, StaleMove, TableFull
from tables.live import Person, TableEvent, TableSettings
from tables.service import TableService
from tests.tables.conftest import Services, shut

ANN, BOB, CY = Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy")


class Clock:
    """A hand-moved clock, so deadlines are exact."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def open_service(services: Services, path: Path,
                       clock: Clock | None = None) -> tuple[TableService, list[TableEvent]]:
    return await services.open(path, clock=clock or Clock())


async def two_player_table(service: TableService, **options: Any) -> int:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, auto_start=False),
                                     options=options)
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    return table.id


def mover(service: TableService, table_id: int) -> int:
    table = service.held_tables[table_id]
    assert table.game is not None and table.game.to_move is not None
    user = table.seats[table.game.to_move].user_id
    assert user is not None
    return user


async def test_a_lobby_fills_and_the_host_starts(tmp_path: Path, services: Services) -> None:
    service, events = await open_service(services, tmp_path / "db.sqlite3")
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, auto_start=False), options={})
    with pytest.raises(NotAllowed):
        await service.start(table.id, ANN.user_id + 99)
    await service.join(table.id, BOB)
    with pytest.raises(TableFull):
        await service.join(table.id, CY)
    with pytest.raises(NotAllowed):
        await service.start(table.id, BOB.user_id)
    await service.start(table.id, ANN.user_id)
    assert service.held_tables[table.id].status == "playing"
    assert [e.kind for e in events] == ["lobby", "started"]
    stored = await service._store.get_table(table.id)
    assert stored is not None and stored.status == "playing" and stored.seed is not None


async def test_a_full_lobby_starts_by_itself_when_the_host_chose_so(
        tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, auto_start=True), options={})
    await service.join(table.id, BOB)
    assert service.held_tables[table.id].status == "playing"


async def test_moves_are_checked_for_seat_turn_and_move_number(
        tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await two_player_table(service)
    table = service.held_tables[table_id]
    assert table.game is not None
    first = str(table.game.legal_moves()[0])
    player = mover(service, table_id)
    other = BOB.user_id if player == ANN.user_id else ANN.user_id
    with pytest.raises(NotSeated):
        await service.play(table_id, CY.user_id, 0, first)
    with pytest.raises(NotYourTurn):
        await service.play(table_id, other, 0, first)
    with pytest.raises(IllegalMoveError):
        await service.play(table_id, player, 0, "pass")
    assert await service.play(table_id, player, 0, first) == first
    # The same click again: the table has moved on.
    with pytest.raises(StaleMove):
        await service.play(table_id, player, 0, first)
    stored = list(await service._store.moves(table_id))  # the move, then forced draws, if any
    assert stored[0] == first and set(stored[1:]) <= {"draw", "pass"}


async def test_two_concurrent_clicks_apply_one_move(tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await two_player_table(service)
    table = service.held_tables[table_id]
    assert table.game is not None
    move = str(table.game.legal_moves()[0])
    player = mover(service, table_id)
    outcomes = await asyncio.gather(service.play(table_id, player, 0, move),
                                    service.play(table_id, player, 0, move),
                                    return_exceptions=True)
    assert sum(isinstance(o, StaleMove) for o in outcomes) == 1
    stored = list(await service._store.moves(table_id))  # one move, then forced draws, if any
    assert stored[0] == move and set(stored[1:]) <= {"draw", "pass"}


async def play_out(service: TableService, table_id: int) -> None:
    while table_id in service.held_tables:
        table = service.held_tables[table_id]
        assert table.game is not None
        move = str(table.game.legal_moves()[0])
        await service.play(table_id, mover(service, table_id), table.seq, move)


async def test_a_game_to_its_end_stores_results_and_ratings(
        tmp_path: Path, services: Services) -> None:
    service, events = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await two_player_table(service)
    await play_out(service, table_id)
    assert events[-1].kind == "finished"
    results = await service._store.results_of_table(table_id)
    assert sorted(r.place for r in results) == [1, 2]
    stored = await service._store.get_table(table_id)
    assert stored is not None and stored.status == "finished"


async def test_ai_seats_move_by_themselves(tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=3, auto_start=False), options={})
    await service.add_ai(table.id, ANN.user_id, "easy")
    await service.add_ai(table.id, ANN.user_id, "normal")
    with pytest.raises(TableFull):
        await service.add_ai(table.id, ANN.user_id, "normal")
    await service.start(table.id, ANN.user_id)
    while table.id in service.held_tables:
        await service.settle()
        live = service.held(table.id)
        if live is None:
            break
        assert live.game is not None
        if live.game.to_move == 0:
            await service.play(table.id, ANN.user_id, live.seq, str(live.game.legal_moves()[0]))
    assert len(await service._store.results_of_table(table.id)) == 3


async def test_a_restart_resumes_every_table_where_it_was(
        tmp_path: Path, services: Services) -> None:
    path = tmp_path / "db.sqlite3"
    service, _ = await open_service(services, path)
    table_id = await two_player_table(service)
    for _ in range(3):
        table = service.held_tables[table_id]
        assert table.game is not None
        await service.play(table_id, mover(service, table_id), table.seq,
                           str(table.game.legal_moves()[-1]))
    before = service.held_tables[table_id].game
    assert before is not None
    await shut(service)
    service, _ = await open_service(services, path)
    after = service.held_tables[table_id].game
    assert after is not None and after.summary() == before.summary()
    await play_out(service, table_id)


async def test_a_lobby_nobody_starts_expires(tmp_path: Path, services: Services) -> None:
    clock = Clock()
    service, events = await open_service(services, tmp_path / "db.sqlite3", clock)
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, lobby_seconds=60), options={})
    clock.now += 61
    # Re-arm the timer against the moved clock: it sleeps 0 and fires.
    service.scheduler.after_change(service.held_tables[table.id])
    await service.settle()
    assert events[-1].kind == "abandoned"
    stored = await service._store.get_table(table.id)
    assert stored is not None and stored.status == "abandoned"


async def test_resigning_ends_the_game_with_the_resigner_last(
        tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await two_player_table(service)
    await service.resign(table_id, BOB.user_id)
    results = {r.name: r.place for r in await service._store.results_of_table(table_id)}
    assert results == {"Ann": 1, "Bob": 2}


async def test_bad_options_are_refused_with_the_reason(tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    with pytest.raises(Exception, match="hand_size"):
        await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                 settings=TableSettings(seats=2), options={"hand_size": 9})


async def test_settle_waits_for_the_ai_but_not_for_a_deadline(
        tmp_path: Path, services: Services) -> None:
    service, events = await open_service(services, tmp_path / "db.sqlite3")
    for _ in range(4):  # whoever leads, the AI has played its turn once settle returns
        table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN,
                                         game="traditional", options={},
                                         settings=TableSettings(seats=2, auto_start=False))
        await service.add_ai(table.id, ANN.user_id, "easy")
        await service.start(table.id, ANN.user_id)
        await service.settle()
        live = service.held_tables[table.id]
        assert live.game is not None and live.game.to_move == 0
        assert live.timer is not None and not live.timer.done()  # asleep until the deadline
    assert [e.kind for e in events].count("started") == 4
