"""Tables, the append-only move log, queries and notifications, on real files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.records import replay
from storage import (
    InvalidState,
    MoveConflict,
    Seat,
    SettingsChanged,
    Storage,
    StorageError,
    TableNotFound,
    TableRow,
)
from storage.models import shard_of
from tests.pg import raw_execute

ANN = Seat(1, None, "Ann")
BOB = Seat(2, None, "Bob")
CY = Seat(3, None, "Cy")
AI = Seat(None, "hard", "Robot")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(target: Path | str, clock: Clock) -> AsyncIterator[Storage]:
    s = await Storage.open(target, clock=clock)
    yield s
    await s.close()


async def playing(store: Storage, **kw: object) -> TableRow:
    args: dict[str, object] = {
        "guild_id": 10, "channel_id": 20, "game": "traditional", "host_id": 1,
        "seats": [ANN, BOB],
    }
    args.update(kw)
    table = await store.create_table(**args)  # type: ignore[arg-type]
    await store.start_table(table.id, deadline=5000.0, seed=7)
    return table


async def test_create_and_get(store: Storage, clock: Clock) -> None:
    table = await store.create_table(
        guild_id=10, channel_id=20, game="carousel", host_id=1, seats=[ANN, AI],
        options={"target": 100, "pairs": False},
    )
    assert table.status == "lobby" and table.last_seq == 0
    assert table.seats == (ANN, AI)
    assert table.options == {"target": 100, "pairs": False}
    assert table.created_at == table.updated_at == 1000.0
    assert table.deal is None and table.seed is None and table.message_id is None
    assert await store.get_table(table.id) == table
    assert await store.get_table(999) is None
    assert await store.load_table(999) is None


async def test_unknown_game_and_status(store: Storage) -> None:
    with pytest.raises(ValueError, match="unknown game"):
        await store.create_table(guild_id=1, channel_id=1, game="chess", host_id=1)
    table = await playing(store)
    with pytest.raises(ValueError, match="unknown status"):
        await store.set_status(table.id, "sleeping")


async def test_seat_needs_exactly_one_holder() -> None:
    with pytest.raises(ValueError):
        Seat(1, "easy", "both")
    with pytest.raises(ValueError):
        Seat(None, None, "nobody")
    assert AI.is_ai and not ANN.is_ai


async def test_message_deadline_status_seats(store: Storage, clock: Clock) -> None:
    table = await store.create_table(guild_id=None, channel_id=5, game="clock", host_id=1,
                                     deadline=1234.5)
    clock.now = 1100.0
    await store.set_table_message(table.id, 777)
    await store.update_seats(table.id, [ANN])
    got = await store.get_table(table.id)
    assert got is not None
    assert got.message_id == 777 and got.deadline == 1234.5 and got.seats == (ANN,)
    assert got.updated_at == 1100.0 and got.guild_id is None
    await store.set_status(table.id, "cancelled")
    got = await store.get_table(table.id)
    assert got is not None and got.status == "cancelled" and got.deadline is None
    with pytest.raises(InvalidState):
        await store.update_seats(table.id, [BOB])
    with pytest.raises(TableNotFound):
        await store.set_table_message(999, 1)
    with pytest.raises(TableNotFound):
        await store.update_seats(999, [BOB])


async def test_start_table(store: Storage) -> None:
    table = await store.create_table(guild_id=1, channel_id=1, game="traditional", host_id=1)
    with pytest.raises(ValueError, match="neither a seed nor a deal"):
        await store.start_table(table.id, deadline=None)
    deal = {"hands": [["6-6"], ["0-0"]], "stock": []}
    await store.start_table(table.id, deadline=9.0, seats=[ANN, CY], deal=deal)
    got = await store.get_table(table.id)
    assert got is not None
    assert got.status == "playing" and got.deal == deal and got.seats == (ANN, CY)
    assert got.deadline == 9.0
    with pytest.raises(InvalidState, match="playing"):
        await store.start_table(table.id, deadline=None, seed=1)
    with pytest.raises(TableNotFound):
        await store.start_table(999, deadline=None, seed=1)


async def test_append_moves_in_order(store: Storage, clock: Clock) -> None:
    table = await playing(store)
    for seq, move in enumerate(["6-6", "6-5 L", "draw", "pass"], start=1):
        clock.now += 1
        await store.append_move(table.id, seq, move, deadline=2000.0 + seq)
    got = await store.get_table(table.id)
    assert got is not None
    assert got.last_seq == 4 and got.deadline == 2004.0 and got.updated_at == clock.now
    assert await store.moves(table.id) == ["6-6", "6-5 L", "draw", "pass"]
    loaded = await store.load_table(table.id)
    assert loaded is not None and loaded.moves == ("6-6", "6-5 L", "draw", "pass")


async def test_move_conflicts(store: Storage) -> None:
    table = await playing(store)
    await store.append_move(table.id, 1, "6-6", deadline=None)
    with pytest.raises(MoveConflict) as info:
        await store.append_move(table.id, 1, "6-6", deadline=None)  # double click
    assert (info.value.seq, info.value.last_seq) == (1, 1)
    assert "next must be 2" in str(info.value)
    with pytest.raises(MoveConflict):
        await store.append_move(table.id, 3, "6-5", deadline=None)  # a gap
    with pytest.raises(MoveConflict):
        await store.append_move(table.id, 0, "6-5", deadline=None)
    assert await store.moves(table.id) == ["6-6"]
    with pytest.raises(TableNotFound):
        await store.append_move(999, 1, "6-6", deadline=None)


async def test_moves_only_while_playing(store: Storage) -> None:
    lobby = await store.create_table(guild_id=1, channel_id=1, game="traditional", host_id=1)
    with pytest.raises(InvalidState, match="lobby"):
        await store.append_move(lobby.id, 1, "6-6", deadline=None)
    table = await playing(store)
    await store.append_move(table.id, 1, "6-6", deadline=99.0)
    got = await store.get_table(table.id)
    assert got is not None and got.status == "playing" and got.deadline == 99.0
    await store.set_status(table.id, "finished")
    got = await store.get_table(table.id)
    assert got is not None and got.status == "finished"
    with pytest.raises(InvalidState, match="finished"):
        await store.append_move(table.id, 2, "6-5", deadline=None)


async def test_move_transaction_is_all_or_nothing(store: Storage, target: Path | str) -> None:
    table = await playing(store)
    await store.append_move(table.id, 1, "6-6", deadline=100.0)
    # Another process sneaks a row in without updating last_seq: the INSERT then fails
    # after the UPDATE, and the whole transaction must roll back.
    await raw_execute(target, "INSERT INTO moves VALUES (?, 2, 'intruder', 0)", table.id)
    with pytest.raises(MoveConflict, match="another writer"):
        await store.append_move(table.id, 2, "6-5 L", deadline=200.0)
    got = await store.get_table(table.id)
    assert got is not None
    assert got.last_seq == 1 and got.deadline == 100.0
    # The log is append-only.
    with pytest.raises(Exception, match="append-only") as info:
        await raw_execute(target, "UPDATE moves SET move = 'x' WHERE table_id = ?", table.id)
    assert type(info.value).__name__ in ("IntegrityError", "RaiseError")


async def test_record(store: Storage) -> None:
    table = await playing(store, options={"target": 0})
    await store.append_move(table.id, 1, "6-6", deadline=None)
    await store.append_move(table.id, 2, "6-0 L", deadline=None)
    assert await store.record(table.id) == {
        "game": "traditional",
        "options": {"target": 0},
        "players": ["Ann", "Bob"],
        "seed": 7,
        "moves": ["6-6", "6-0 L"],
    }
    deal = {"hours": ["1-1"], "stock": ["2-2"]}
    solo = await store.create_table(
        guild_id=1, channel_id=1, game="clock", host_id=1, seats=[ANN], deal=deal
    )
    record = await store.record(solo.id)
    assert record["deal"] == deal and "seed" not in record and record["moves"] == []
    lobby = await store.create_table(guild_id=1, channel_id=1, game="clock", host_id=1)
    assert "seed" not in await store.record(lobby.id)
    # A deal and its seed are both written, the deal first (the engine's one writer).
    both = await playing(store, deal={"hands": [["6-6"], ["6-0"]], "stock": []})
    record = await store.record(both.id)
    assert list(record) == ["game", "options", "players", "deal", "seed", "moves"]
    assert record["deal"] == {"hands": [["6-6"], ["6-0"]], "stock": []} and record["seed"] == 7
    with pytest.raises(TableNotFound):
        await store.record(999)


async def test_a_mexican_table_stored_with_rounds_0_reads_as_rules_reads_it(
        store: Storage, target: Path | str) -> None:
    # Issue 54: before it, "the whole game" was stored `rounds: 0` and "by players and
    # set" `hand_size: 0`; RULES.md section 4 has rounds 1 to N+1 and hands 1 up, the
    # default said by leaving the option out. An old row reads (and records) without
    # them, and a new one is never written with them.
    table = await playing(store, game="mexican", options={"set": 9})
    await raw_execute(target, "UPDATE game_tables SET options = ? WHERE id = ?",
                      '{"rounds": 0, "hand_size": 0, "set": 9}', table.id)
    got = await store.get_table(table.id)
    assert got is not None and got.options == {"set": 9}
    record = await store.record(table.id)
    assert record["options"] == {"set": 9}
    assert replay(record).summary()["engine"] == "9-9"
    fresh = await playing(store, game="mexican", options={"rounds": 0, "blank_double": 50})
    got = await store.get_table(fresh.id)
    assert got is not None and got.options == {"blank_double": 50}


async def test_active_tables(store: Storage) -> None:
    a = await playing(store)
    b = await playing(store, seats=[CY, AI])
    lobby = await store.create_table(guild_id=1, channel_id=1, game="clock", host_id=1)
    done = await playing(store)
    await store.set_status(done.id, "finished")
    for seq in range(1, 4):
        await store.append_move(a.id, seq, f"a{seq}", deadline=None)
    await store.append_move(b.id, 1, "b1", deadline=None)
    loaded = {x.table.id: x for x in await store.active_tables()}
    assert set(loaded) == {a.id, b.id, lobby.id}
    assert loaded[a.id].moves == ("a1", "a2", "a3")
    assert loaded[b.id].moves == ("b1",) and loaded[b.id].table.seats == (CY, AI)
    assert loaded[lobby.id].moves == ()


async def test_a_shards_tables_are_those_shard_of_places_there(store: Storage) -> None:
    # The SQL filter and storage.models.shard_of state one rule: a process loads exactly
    # the tables it then says it owns. Real-sized guild ids (snowflakes), and a DM table.
    guilds = [None, 10, 1 << 22, 2 << 22, 1_234_567_890_123_456_789, 987_654_321_098_765_432]
    ids = {g: (await playing(store, guild_id=g)).id for g in guilds}
    for count in (1, 3):
        for shard in range(count):
            loaded = await store.active_tables(shards={shard}, shard_count=count)
            assert {x.table.id for x in loaded} == {
                ids[g] for g in guilds if shard_of(g, count) == shard}
    assert await store.active_tables(shards=set(), shard_count=3) == []
    assert {shard_of(g, 3) for g in guilds} == {0, 1, 2}  # every shard is tried with tables


async def test_channel_queries(store: Storage) -> None:
    a = await playing(store, channel_id=1, guild_id=100, seats=[ANN, BOB])
    b = await playing(store, channel_id=1, guild_id=100, seats=[CY, AI])
    await playing(store, channel_id=2, guild_id=200, seats=[ANN, AI])
    await store.set_status(b.id, "abandoned")
    assert [t.id for t in await store.tables_in_channel(1)] == [a.id]
    assert [t.id for t in await store.tables_in_channel(1, active_only=False)] == [a.id, b.id]
    assert [t.id for t in await store.tables_in_channel(3)] == []


async def test_mark_sent_only_once(store: Storage) -> None:
    table = await playing(store)
    assert await store.mark_sent(table.id, 3, "reminder-0.5", 1) is True
    assert await store.mark_sent(table.id, 3, "reminder-0.5", 1) is False
    assert await store.mark_sent(table.id, 3, "reminder-0.9", 1) is True
    assert await store.mark_sent(table.id, 4, "reminder-0.5", 1) is True
    assert await store.mark_sent(table.id, 3, "reminder-0.5", 2) is True
    with pytest.raises(StorageError):
        await store.mark_sent(999, 1, "turn", 1)  # foreign key


async def test_table_settings_round_trip(store: Storage) -> None:
    table = await store.create_table(
        guild_id=1, channel_id=1, game="carousel", host_id=1, seats=[ANN],
        settings={"seats": 4, "turn_seconds": 3600},
    )
    assert table.settings == {"seats": 4, "turn_seconds": 3600}
    plain = await store.create_table(guild_id=1, channel_id=1, game="carousel", host_id=1)
    assert plain.settings == {}
    loaded = await store.load_table(table.id)
    assert loaded is not None and loaded.table.settings == table.settings
    assert "settings" not in await store.record(table.id)  # not part of the game record


async def test_the_daily_tries_under_way_whose_table_ended_are_found(store: Storage) -> None:
    tries = []
    for user, status in ((1, "finished"), (2, "playing"), (3, "cancelled")):
        table = await playing(store, game="clock", host_id=user,
                              seats=[Seat(user, None, f"p{user}")])
        assert await store.claim_daily(10, "2026-12-01", user, name=f"p{user}", seed=7,
                                       hours=12, started_at=1.0, table_id=table.id)
        if status != "playing":
            await store.set_status(table.id, status)
        tries.append(table.id)
    finished, _, cancelled = tries
    assert await store.ended_daily_tables() == [finished, cancelled]
    await store.finish_daily(finished, hours_home=3, moves=40, won=False, finished_at=2.0)
    assert await store.ended_daily_tables() == [cancelled]


async def test_settings_are_replaced_only_over_the_settings_read(store: Storage) -> None:
    table = await playing(store)
    await store.set_table_settings(table.id, {"seats": 2, "away": [1]}, expected={})
    with pytest.raises(SettingsChanged):  # another change came in between
        await store.set_table_settings(table.id, {"seats": 2}, expected={})
    row = await store.get_table(table.id)
    assert row is not None and row.settings == {"seats": 2, "away": [1]}
    with pytest.raises(TableNotFound):
        await store.set_table_settings(999, {}, expected={})
