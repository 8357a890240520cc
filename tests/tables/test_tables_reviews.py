"""tables/reviews.py: a finished game's review made in the background and stored; a
restart mid-analysis analyses it again; a server's switch; a person's seats only; the
analysis in a child process (tables/review_process.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest

from engine.review.stored import from_figures
from storage import Storage
from storage.models import GuildSettings
from tables.live import Person, TableSettings
from tables.review_process import ReviewFailed, analyse_now, in_subprocess, on_thinking_thread
from tables.reviews import CLAIM_SECONDS, ReviewWorker
from tables.service import TableService
from tests.tables.conftest import Services

ANN, BOB = Person(1, "Ann"), Person(2, "Bob")
GUILD = 10


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def never(_seconds: float) -> None:
    """The worker's poll: it sleeps until woken (no test waits for real time)."""
    await asyncio.Event().wait()


def worker(store: Storage, clock: Clock, analyse: Any = on_thinking_thread) -> ReviewWorker:
    return ReviewWorker(store, clock=clock, sleep=never, analyse=analyse, budget=16)


async def played(service: TableService, *, ai: bool = False, guild: int = GUILD) -> int:
    """A two-player Traditional game (Ann and Bob, or Ann and an AI) played to its end."""
    table = await service.open_lobby(guild_id=guild, channel_id=20, host=ANN,
                                     game="traditional",
                                     settings=TableSettings(seats=2, auto_start=False),
                                     options={})
    if ai:
        await service.add_ai(table.id, ANN.user_id, "easy", auto_start=False)
    else:
        await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    while table.id in service.held_tables:
        live = service.held_tables[table.id]
        assert live.game is not None
        seat = live.game.to_move
        user = None if seat is None else live.seats[seat].user_id
        if user is None:
            await service.settle()  # the AI's move
            continue
        await service.play(table.id, user, live.seq, str(live.game.legal_moves()[-1]))
    return table.id


async def test_a_finished_game_gets_its_review_stored(tmp_path: Path,
                                                      services: Services) -> None:
    clock = Clock()
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=clock, store_clock=clock)
    reviews = worker(service._store, clock)
    service.listeners.append(reviews.on_event)
    reviews.start("here")
    try:
        table_id = await played(service)
        await reviews.drained()
        stored = await service._store.table_review(table_id)
        assert stored is not None and stored.status == "done" and stored.review is not None
        review = from_figures(stored.review)
        assert review.game == "traditional" and review.decisions
        assert {d.seat for d in review.decisions} <= {0, 1}
        record = await service._store.record(table_id)
        assert all(record["moves"][d.ply] == d.played for d in review.decisions)
        assert reviews.reviewed == 1
    finally:
        await reviews.close()


async def test_only_the_persons_seats_are_judged_and_a_switched_off_server_has_none(
        tmp_path: Path, services: Services) -> None:
    clock = Clock()
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=clock, store_clock=clock)
    store = service._store
    with_ai = await played(service, ai=True, guild=GUILD + 1)
    await store.set_guild_settings(GuildSettings(GUILD, reviews=False))
    switched_off = await played(service)
    reviews = worker(store, clock)
    assert (await reviews.review_next()) is not None
    assert await reviews.review_next() is None  # the switched-off server's game waits
    assert await store.table_review(switched_off) is None
    stored = await store.table_review(with_ai)
    assert stored is not None and stored.review is not None
    row = await store.get_table(with_ai)
    assert row is not None
    ann = next(k for k, s in enumerate(row.seats) if s.user_id == ANN.user_id)
    assert {d.seat for d in from_figures(stored.review).decisions} == {ann}


async def test_a_restart_mid_analysis_analyses_the_game_again(
        tmp_path: Path, services: Services) -> None:
    clock = Clock()
    path = tmp_path / "db.sqlite3"
    service, _ = await services.open(path, clock=clock, store_clock=clock)
    started = asyncio.Event()

    async def stuck(record: dict[str, Any], seed: int, seats: Collection[int] | None,
                    budget: int) -> dict[str, Any]:
        started.set()
        await asyncio.Event().wait()  # an analysis the stop interrupts
        raise AssertionError("unreachable")

    first = worker(service._store, clock, stuck)
    service.listeners.append(first.on_event)
    first.start("first")
    table_id = await played(service)
    await started.wait()
    await first.close()  # the bot stops: the claim is released
    after = await Storage.open(path, clock=clock)  # the next start, another process
    try:
        second = worker(after, clock)
        second.start("second")
        await second.drained()
        await second.close()
        stored = await after.table_review(table_id)
        assert stored is not None and stored.status == "done" and stored.attempts == 1
    finally:
        await after.close()


async def test_a_crashed_claim_expires_and_the_game_is_analysed_again(
        tmp_path: Path, services: Services) -> None:
    clock = Clock()
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=clock, store_clock=clock)
    store = service._store
    table_id = await played(service)
    crashed = await store.claim_review("crashed", since=0, until=clock.now + CLAIM_SECONDS)
    assert crashed is not None and crashed.table_id == table_id
    reviews = worker(store, clock)
    assert await reviews.review_next() is None  # still claimed
    clock.now += CLAIM_SECONDS + 1
    claim = await reviews.review_next()
    assert claim is not None and claim.attempt == 2
    stored = await store.table_review(table_id)
    assert stored is not None and stored.status == "done"


async def test_the_child_process_gives_the_same_review_and_refuses_a_bad_record(
        tmp_path: Path, services: Services) -> None:
    clock = Clock()
    service, _ = await services.open(tmp_path / "db.sqlite3", clock=clock, store_clock=clock)
    record = await service._store.record(await played(service))
    figures = await in_subprocess(record, 5, [0, 1], 16)
    assert figures == analyse_now(record, 5, [0, 1], 16)  # deterministic for its seed
    with pytest.raises(ReviewFailed, match=r"RecordError|ValueError"):
        await in_subprocess({**record, "moves": record["moves"][:2]}, 5, None, 16)
