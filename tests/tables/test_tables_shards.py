"""Two bot processes (two services with different shard ids) on one PostgreSQL database.

Time is virtual for both (one clock); the change notices travel through the real
server, so the tests wait for the listeners' own events, never for real time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import tables.service as service_module
from storage import Storage, StorageBusy
from storage.cluster import TableChange
from storage.models import shard_of
from tables.errors import NoSuchTable, StaleMove
from tables.live import Person, TableEvent, TableSettings
from tables.node import ShardNode
from tables.service import TableService
from tables.shards import FORCED_GRACE
from tests.pg import fresh_schema
from tests.tables.test_tables_timers import VirtualTime

ANN, BOB = Person(1, "Ann"), Person(2, "Bob")
GUILD_OF_SHARD = {0: 10, 1: 1 << 22}  # (guild_id >> 22) % 2
LEASE = 30.0


class SharedTime(VirtualTime):
    """VirtualTime settling the tasks of several services."""

    def __init__(self) -> None:
        super().__init__()
        self.services: list[TableService] = []

    async def settle(self) -> None:
        # Polled, not settled: another process's work reaches this one through
        # PostgreSQL's change notices, which no service's settle() can wait for.
        for _ in range(3000):
            await asyncio.sleep(0.005)
            tasks = [t for s in self.services for t in s.scheduler.tasks if not t.done()]
            if len(tasks) <= sum(1 for _, _, f in self._sleepers if not f.done()):
                return


@dataclass
class Process:
    """One bot process: its storage, its service, its shard node and what it told."""

    node: ShardNode
    url: str
    events: list[TableEvent] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def service(self) -> TableService:
        return self.node.service

    async def until(self, kind: str, count: int = 1) -> None:
        """Wait for this process to have told `count` events of `kind` (10 s at most)."""
        async def enough() -> None:
            while sum(e.kind == kind for e in self.events) < count:
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(enough(), 10)


async def start_process(url: str, vt: SharedTime, name: str, shard: int) -> Process:
    store = await Storage.open(url, clock=vt.clock, node=name)
    service = TableService(store, clock=vt.clock, sleep=vt.sleep, ai_delay=0)
    vt.services.append(service)
    process = Process(ShardNode(service, store, name, shard_count=2, home={shard},
                                lease_seconds=LEASE),
                      url)

    async def listen(event: TableEvent) -> None:
        process.events.append(event)
        process.changed.set()

    service.listeners.append(listen)
    await process.node.start(loop=False)  # the tests tick the leases themselves
    return process


async def crash(process: Process) -> None:
    """The process stops renewing and listening, as if killed (its leases stay)."""
    await process.node.stop(release=False)
    await process.service.close()
    await process.service._store.close()


@pytest.fixture
async def two() -> AsyncIterator[tuple[SharedTime, Process, Process]]:
    vt = SharedTime()
    async with fresh_schema() as url:
        a = await start_process(url, vt, "node-a", 0)
        b = await start_process(url, vt, "node-b", 1)
        yield vt, a, b
        for p in (a, b):
            if p.node.cluster.listening():
                await p.node.stop()
                await p.service.close()
                await p.service._store.close()


async def lobby_at(process: Process, *, shard: int = 0, seats: int = 3, **settings: Any) -> int:
    """A lobby Ann opens on `process` in a server of `shard`, held for her Start
    (unless `settings` say auto_start)."""
    table = await process.service.open_lobby(
        guild_id=GUILD_OF_SHARD[shard], channel_id=5, host=ANN, game="traditional",
        settings=TableSettings(**{"seats": seats, "auto_start": False, **settings}),
        options={"target": 0})
    return table.id


async def game_at(process: Process, *, shard: int = 0, vs_ai: bool = False,
                  turn_seconds: int = 3600) -> int:
    service = process.service
    table_id = await lobby_at(process, shard=shard, seats=2, turn_seconds=turn_seconds)
    if vs_ai:
        await service.add_ai(table_id, ANN.user_id, "easy", auto_start=False)
    else:
        await service.join(table_id, BOB)
    await service.start(table_id, ANN.user_id)
    return table_id


def test_the_shard_of_a_guild() -> None:
    assert [shard_of(GUILD_OF_SHARD[s], 2) for s in (0, 1)] == [0, 1]
    assert shard_of(None, 4) == 0  # DMs are shard 0's


async def test_each_process_holds_its_own_shard(two: tuple[SharedTime, Process, Process]) -> None:
    _, a, b = two
    assert a.node.held == {0} and b.node.held == {1}
    assert await a.node.cluster.holders() == {0: "node-a", 1: "node-b"}
    ours = await game_at(a, shard=0)
    theirs = await game_at(b, shard=1)
    assert set(a.service.held_tables) == {ours} and set(b.service.held_tables) == {theirs}


async def test_concurrent_clicks_from_both_processes_apply_once(
        two: tuple[SharedTime, Process, Process]) -> None:
    vt, a, b = two
    table_id = await game_at(a)
    for turn in range(1, 5):
        table = a.service.held_tables[table_id]
        assert table.game is not None and table.status == "playing"
        seq, seat = table.seq, table.game.to_move
        user = table.seats[seat].user_id
        assert user is not None
        move = str(table.game.legal_moves()[0])
        # The same click reaches both processes (say a hand's buttons in a DM, on shard 0's
        # process, and the table message's on the table's); alternate who is asked first.
        first, second = (a, b) if turn % 2 else (b, a)
        outcomes = await asyncio.gather(
            first.service.play(table_id, user, seq, move),
            second.service.play(table_id, user, seq, move),
            return_exceptions=True)
        assert sorted(type(o).__name__ for o in outcomes) == ["StaleMove", "str"], outcomes
        stale = next(o for o in outcomes if isinstance(o, StaleMove))
        assert "no longer available" in str(stale)
        await a.until("move", seq + 1)  # the holder hears of it, whoever committed it
        await vt.settle()
        # What the other process shows (a hand in a DM, the ends a tile fits) is current,
        # the next player's forced draws included (how many depends on the deal).
        seen = await b.service.table(table_id)
        held = a.service.held_tables[table_id]
        assert seen.visiting and seen.seq == held.seq > seq and seen.game is not None
        assert held.game is not None and seen.game.view(None) == held.game.view(None)
    stored = await a.service._store.moves(table_id)
    assert stored == [e.move for e in a.events if e.kind == "move"]
    assert a.service.held_tables[table_id].seq == len(stored) >= 4
    assert not [e for e in b.events if e.table.id == table_id]  # only the holder tells


async def test_forced_moves_committed_elsewhere_reach_the_holder_as_forced(
        two: tuple[SharedTime, Process, Process], monkeypatch: pytest.MonkeyPatch) -> None:
    vt, a, b = two
    told: list[tuple[str, int | None, bool, int]] = []

    async def listen(event: TableEvent) -> None:
        if event.kind in ("move", "turn"):
            told.append((event.kind, event.seat, event.forced, event.table.seq))

    a.service.listeners.append(listen)
    # Seed 5: Ann leads, and after her 4-4 Bob must draw twice before he can play.
    monkeypatch.setattr(service_module.secrets, "randbits", lambda _bits: 5)
    table_id = await game_at(a)
    monkeypatch.undo()
    await vt.settle()
    assert told == [("turn", 0, False, 0)]
    assert await b.service.play(table_id, ANN.user_id, 0, "4-4") == "4-4"  # b is visiting
    await a.until("move", 3)
    await vt.settle()
    assert await a.service._store.moves(table_id) == ["4-4", "draw", "draw"]
    # As if played here: the draws are forced, and Bob's turn begins only at his decision
    # (the holder may have caught up halfway, at a position whose draw was still to come).
    assert told[1:] == [("move", 0, False, 1), ("move", 1, True, 2), ("move", 1, True, 3),
                        ("turn", 1, False, 3)]


async def test_forced_moves_another_process_left_unplayed_are_played_by_the_holder(
        two: tuple[SharedTime, Process, Process], monkeypatch: pytest.MonkeyPatch) -> None:
    vt, a, b = two
    monkeypatch.setattr(service_module.secrets, "randbits", lambda _bits: 5)  # as above
    table_id = await game_at(a)
    monkeypatch.undo()

    async def stops_after_the_commit(table: object) -> None:
        return None  # b's process ends right after storing 4-4: Bob's draws are not played

    monkeypatch.setattr(b.service._moves, "play_forced", stops_after_the_commit)
    assert await b.service.play(table_id, ANN.user_id, 0, "4-4") == "4-4"
    await a.until("move", 1)
    await vt.settle()
    assert await a.service._store.moves(table_id) == ["4-4"]  # waiting for b's draws
    await vt.advance(FORCED_GRACE)
    await a.until("move", 3)
    assert await a.service._store.moves(table_id) == ["4-4", "draw", "draw"]
    held = a.service.held_tables[table_id]
    assert held.deadline is not None and held.game is not None and held.game.to_move == 1


async def test_a_hand_ended_by_another_process_is_summed_up_at_the_holder(
        two: tuple[SharedTime, Process, Process]) -> None:
    _, a, b = two
    table_id = await game_at(a)
    while True:  # b gets every click (b is visiting), until the game is over
        try:
            seen = await b.service.table(table_id)
        except NoSuchTable:
            break
        assert seen.visiting and seen.game is not None and seen.game.to_move is not None
        user = seen.seats[seen.game.to_move].user_id
        assert user is not None
        await b.service.play(table_id, user, seen.seq, str(seen.game.legal_moves()[0]))
    await a.until("finished")
    told = [e.kind for e in a.events if e.kind in ("move", "hand", "finished")]
    assert told.count("move") == len(await a.service._store.moves(table_id))
    assert told[-2:] == ["hand", "finished"] and told.count("hand") == 1  # as if played here
    summary = next(e.hand for e in a.events if e.kind == "hand")
    assert summary is not None and summary.number == 1


async def test_a_deadline_fires_once(two: tuple[SharedTime, Process, Process]) -> None:
    vt, a, b = two
    table_id = await game_at(a, turn_seconds=60)
    game = a.service.held_tables[table_id].game
    assert game is not None
    late = game.to_move
    await vt.advance(61)
    timeouts = [e for p in (a, b) for e in p.events if e.kind == "timeout"]
    assert [(e.table.id, e.seat) for e in timeouts] == [(table_id, late)]
    assert [e.table.id for e in a.events if e.kind == "timeout"] == [table_id]
    moves = await a.service._store.moves(table_id)
    assert moves and a.service.held_tables[table_id].seq == len(moves)
    assert table_id not in b.service.held_tables


async def test_stopping_the_owner_hands_its_tables_timers_and_ai_seats_to_the_other(
        two: tuple[SharedTime, Process, Process]) -> None:
    vt, a, b = two
    with_person = await game_at(a, turn_seconds=600)
    with_ai = await game_at(a, vs_ai=True, turn_seconds=600)
    await vt.settle()
    await crash(a)
    vt.services.remove(a.service)

    # Ann plays at the AI table while its holder is gone: the click is committed, but
    # nobody holds the table, so the AI waits.
    while True:
        ai_table = await b.service.table(with_ai)
        assert ai_table.visiting and ai_table.game is not None
        if ai_table.game.to_move != 0:
            break
        await b.service.play(with_ai, ANN.user_id, ai_table.seq,
                             str(ai_table.game.legal_moves()[0]))
    before = await b.service._store.moves(with_ai)
    await vt.settle()
    assert await b.service._store.moves(with_ai) == before  # the AI waits for a holder

    await b.node.tick()  # the lease has not expired yet
    assert b.node.held == {1}
    vt.now += LEASE + 1
    await b.node.tick()
    assert b.node.held == {0, 1}
    assert await b.node.cluster.holders() == {0: "node-b", 1: "node-b"}
    assert {with_person, with_ai} <= set(b.service.held_tables)
    await vt.settle()
    # The AI seat moves here now.
    after = await b.service._store.moves(with_ai)
    assert len(after) > len(before)
    assert [e.seat for e in b.events if e.kind == "move" and e.table.id == with_ai][:1] == [1]
    # And the turn clock too: the person's table times out here.
    await vt.advance(600)
    assert with_person in [e.table.id for e in b.events if e.kind == "timeout"]


async def test_a_home_process_gets_its_shard_back(
        two: tuple[SharedTime, Process, Process]) -> None:
    vt, a, b = two
    table_id = await game_at(a)
    await crash(a)
    vt.services.remove(a.service)
    vt.now += LEASE + 1
    await b.node.tick()
    assert table_id in b.service.held_tables
    again = await start_process(a.url, vt, "node-a2", 0)
    try:
        assert again.node.held == set()  # wanted back, not taken
        await b.node.tick()  # hands shard 0 back
        assert table_id not in b.service.held_tables and b.node.held == {1}
        await again.node.tick()
        assert again.node.held == {0} and table_id in again.service.held_tables
    finally:
        await again.node.stop()
        await again.service.close()
        await again.service._store.close()


async def test_a_lobby_run_from_the_other_process_reaches_the_holder(
        two: tuple[SharedTime, Process, Process]) -> None:
    vt, a, b = two
    lobby = await lobby_at(a, seats=2)
    await b.service.join(lobby, BOB)  # the click reached the other process
    await a.until("lobby")
    assert [s.name for s in a.service.held_tables[lobby].seats] == ["Ann", "Bob"]
    await b.service.start(lobby, ANN.user_id)
    await a.until("started")
    held = a.service.held_tables[lobby]
    assert held.status == "playing" and held.game is not None
    assert held.timer is not None  # the holder runs its clock
    await vt.settle()
    await b.service.cancel(lobby, ANN.user_id)
    await a.until("cancelled")
    assert lobby not in a.service.held_tables
    assert not b.events and not b.service.held_tables  # the other process told nobody


async def test_a_table_opened_elsewhere_in_our_shard_is_held_here(
        two: tuple[SharedTime, Process, Process]) -> None:
    _, a, b = two
    # B opens a lobby in a server of shard 0 (a click that reached B while shard 0 was
    # being handed back): A, shard 0's holder, holds it, and B lets it go.
    lobby = await lobby_at(b, seats=2)
    await a.until("lobby")
    assert lobby in a.service.held_tables
    await b.node.tick()
    assert lobby not in b.service.held_tables and b.node.held == {1}
    await b.service.join(lobby, BOB)  # still served there, for A to hold
    await a.until("lobby", 2)
    assert len(a.service.held_tables[lobby].seats) == 2


async def test_a_database_fault_while_catching_up_or_renewing_is_one_line_without_traceback(
        two: tuple[SharedTime, Process, Process], caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, a, _ = two
    table_id = await game_at(a)

    async def away(*_args: Any) -> Any:
        raise StorageBusy("the database is locked")

    monkeypatch.setattr(a.service, "refresh", away)
    monkeypatch.setattr(a.node.cluster, "renew", away)
    monkeypatch.setattr(a.node, "sleep", lambda _s: asyncio.sleep(0))
    caplog.set_level(logging.WARNING, logger="tables.node")
    a.node._on_change(TableChange(table_id, 1, "playing", GUILD_OF_SHARD[0], "node-b"))
    await a.node.settled()
    renewals = asyncio.create_task(a.node._run())

    async def two_rounds_failed() -> None:
        while sum("lease renewal failed" in r.getMessage() for r in caplog.records) < 2:
            await asyncio.sleep(0)

    await asyncio.wait_for(two_rounds_failed(), 10)  # the renewals go on after a fault
    renewals.cancel()
    await asyncio.gather(renewals, return_exceptions=True)
    lines = [r for r in caplog.records if r.name == "tables.node"]
    caught = [r for r in lines if f"table {table_id}" in r.getMessage()]
    assert len(caught) == 1 and "locked" in caught[0].getMessage()
    assert lines and all(r.exc_info is None for r in lines)
