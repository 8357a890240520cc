"""storage/reviews.py on both backends: a finished game's review claimed by one process
at a time, stored, released, expired and claimed again; the window, the server's switch;
the review rows through a server's erasure and a person's."""

from __future__ import annotations

import asyncio
from pathlib import Path

from storage import Seat, Storage
from storage.models import GuildSettings, SeatResult
from storage.reviews import MAX_ATTEMPTS

ANN, BOB = 111_111_111_111, 222_222_222_222
FIGURES = {"version": 1, "game": "traditional", "decisions": [], "turning_point": None}


class Clock:
    """A settable clock, the storage's `now`."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def finished(store: Storage, guild_id: int | None = 1) -> int:
    """A finished two-player Traditional table; its id."""
    table = await store.create_table(guild_id=guild_id, channel_id=2, game="traditional",
                                     host_id=ANN, seats=[Seat(ANN, None, "Annabel"),
                                                         Seat(BOB, None, "Bob")])
    await store.start_table(table.id, deadline=None, seed=3)
    await store.append_move(table.id, 1, "6-6", deadline=None)
    await store.finish_table(table.id, [SeatResult(0, 1, 10), SeatResult(1, 2, 0)])
    return table.id


async def test_a_finished_game_is_claimed_once_and_its_review_stored(
        target: Path | str) -> None:
    clock = Clock()
    store = await Storage.open(target, clock=clock)
    try:
        playing = await store.create_table(guild_id=1, channel_id=2, game="traditional",
                                           host_id=ANN, seats=[Seat(ANN, None, "A"),
                                                               Seat(BOB, None, "B")])
        first, second = await finished(store), await finished(store)
        claim = await store.claim_review("a", since=0, until=clock.now + 60)
        assert claim is not None and (claim.table_id, claim.attempt) == (second, 1)
        assert (claim.guild_id, claim.game) == (1, "traditional")
        other = await store.claim_review("b", since=0, until=clock.now + 60)
        assert other is not None and other.table_id == first  # not the second again
        assert await store.claim_review("c", since=0, until=clock.now + 60) is None
        assert not await store.save_review(second, "b", FIGURES)  # not b's claim
        assert await store.save_review(second, "a", FIGURES)
        stored = await store.table_review(second)
        assert stored is not None and stored.status == "done" and stored.review == FIGURES
        assert not await store.save_review(second, "a", FIGURES)  # done already
        assert await store.skip_review(first, "b", "no person seated")
        skipped = await store.table_review(first)
        assert skipped is not None and skipped.status == "skipped"
        assert skipped.review == {"reason": "no person seated"}
        assert await store.table_review(playing.id) is None
        clock.now += 10_000
        assert await store.claim_review("a", since=0, until=clock.now + 60) is None
    finally:
        await store.close()


async def test_an_expired_claim_is_claimed_again_and_a_released_one_at_once(
        target: Path | str) -> None:
    clock = Clock()
    store = await Storage.open(target, clock=clock)
    try:
        table = await finished(store)
        claim = await store.claim_review("a", since=0, until=clock.now + 60)
        assert claim is not None
        clock.now += 59
        assert await store.claim_review("b", since=0, until=clock.now + 60) is None
        clock.now += 2  # a's claim expired: its process crashed
        again = await store.claim_review("b", since=0, until=clock.now + 60)
        assert again is not None and (again.table_id, again.attempt) == (table, 2)
        assert not await store.save_review(table, "a", FIGURES)  # too late: b's now
        assert not await store.release_review(table, "a")
        assert await store.release_review(table, "b")  # b stops mid-analysis
        third = await store.claim_review("c", since=0, until=clock.now + 60)
        assert third is not None and third.attempt == 2  # a release is not an attempt
        for _ in range(MAX_ATTEMPTS - 2):
            clock.now += 61
            assert await store.claim_review("d", since=0, until=clock.now + 60) is not None
        clock.now += 61
        assert await store.claim_review("e", since=0, until=clock.now + 60) is None
        assert await store.fail_review(table, "d", "crashed") is True
        failed = await store.table_review(table)
        assert failed is not None and failed.status == "failed"
        assert failed.attempts == MAX_ATTEMPTS
    finally:
        await store.close()


async def test_only_recent_games_of_servers_with_the_switch_on_are_claimed(
        target: Path | str) -> None:
    clock = Clock()
    store = await Storage.open(target, clock=clock)
    try:
        assert (await store.get_guild_settings(7)).reviews is True  # on by default
        await store.set_guild_settings(GuildSettings(7, reviews=False))
        assert (await store.get_guild_settings(7)).reviews is False
        old = await finished(store, guild_id=1)
        clock.now += 100
        off = await finished(store, guild_id=7)  # the switch is off there
        outside = await finished(store, guild_id=None)  # a DM game
        claim = await store.claim_review("a", since=clock.now - 50, until=clock.now + 60)
        assert claim is not None and claim.table_id == outside and claim.guild_id is None
        assert await store.claim_review("a", since=clock.now - 50, until=clock.now + 60) \
            is None  # `old` ended before the window
        await store.set_guild_settings(GuildSettings(7, reviews=True))
        claims = [await store.claim_review("a", since=0, until=clock.now + 60)
                  for _ in range(2)]
        assert [c.table_id for c in claims if c is not None] == [off, old]  # latest first
    finally:
        await store.close()


async def test_two_processes_claiming_at_once_never_take_one_game(
        target: Path | str) -> None:
    clock = Clock()
    one = await Storage.open(target, clock=clock)
    two = await Storage.open(target, clock=clock)
    try:
        tables = {await finished(one) for _ in range(3)}
        claims = await asyncio.gather(*(
            store.claim_review(name, since=0, until=clock.now + 60)
            for _ in range(3) for name, store in (("one", one), ("two", two))))
        taken = [c.table_id for c in claims if c is not None]
        assert sorted(taken) == sorted(tables)  # each once, none twice
    finally:
        await one.close()
        await two.close()


async def test_a_review_goes_with_its_server_and_stays_when_a_person_is_forgotten(
        target: Path | str) -> None:
    clock = Clock()
    store = await Storage.open(target, clock=clock)
    try:
        erased, kept = await finished(store, guild_id=5), await finished(store, guild_id=6)
        for _ in (erased, kept):
            claim = await store.claim_review("a", since=0, until=clock.now + 60)
            assert claim is not None
            assert await store.save_review(claim.table_id, "a", FIGURES)
        await store.forget_person(ANN, name="Forgotten player")
        assert await store.table_review(erased) is not None
        assert await store.erase_server(5) > 0
        assert await store.table_review(erased) is None
        rows = await store.backend.fetch("SELECT table_id FROM game_reviews")
        assert [int(r[0]) for r in rows] == [kept]
    finally:
        await store.close()
