"""The pickup queue without Discord (issue 24): joining, leaving, matching into started
tables, parties, expiry and renew, AI seats after a wait, in virtual time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tables.errors import TableError
from tables.live import Person
from tables.queue import PickupQueue, QueueNotice
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import VirtualTime, open_service

GUILD, CHANNEL = 10, 20
HOUR = 3600
PEOPLE = [Person(i, name) for i, name in enumerate(["Ann", "Bob", "Cy", "Dee", "Eve"], 1)]


async def _queue(services: Services, tmp_path: Path,
                 vt: VirtualTime) -> tuple[PickupQueue, list[QueueNotice]]:
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    queue = PickupQueue(service, service._store)
    told: list[QueueNotice] = []

    async def listen(notice: QueueNotice) -> None:
        told.append(notice)

    queue.listeners.append(listen)
    return queue, told


async def test_four_wishes_make_one_started_table_each_told_once(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    for person, turn in zip(PEOPLE[:3], (12, 24, 18), strict=True):
        _entry, opened = await queue.join(GUILD, CHANNEL, person, "traditional", seats=[4],
                                          longest_turn=turn * HOUR)
        assert opened == []
    assert [e.name for e in await queue.waiting(GUILD)] == ["Ann", "Bob", "Cy"]
    _entry, opened = await queue.join(GUILD, CHANNEL, PEOPLE[3], "traditional", seats=[3, 4],
                                      longest_turn=24 * HOUR)
    await vt.settle()
    assert len(opened) == 1
    table = opened[0]
    assert table.status == "playing" and table.channel_id == CHANNEL
    assert [s.user_id for s in table.seats] == [1, 2, 3, 4]
    assert table.settings.turn_seconds == 12 * HOUR  # the shortest longest turn
    assert sorted(n.user_id for n in told if n.kind == "seated") == [1, 2, 3, 4]
    assert await queue.waiting(GUILD) == []


async def test_reading_joining_the_queue_again_keeps_ones_place(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, _ = await _queue(services, tmp_path, vt)
    first, _ = await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[4],
                                longest_turn=HOUR)
    await vt.advance(HOUR)
    await queue.join(GUILD, CHANNEL, PEOPLE[1], "traditional", seats=[4], longest_turn=HOUR)
    again, _ = await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[3, 4],
                                longest_turn=2 * HOUR)
    assert again.id == first.id and again.created_at == first.created_at
    assert again.seats == (3, 4)
    assert [e.name for e in await queue.waiting(GUILD)] == ["Ann", "Bob"]


async def test_reading_the_first_queue_join_names_the_pickup_channel(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, _ = await _queue(services, tmp_path, vt)
    await queue.join(GUILD, 77, PEOPLE[0], "traditional", seats=[2], longest_turn=HOUR)
    _, opened = await queue.join(GUILD, 88, PEOPLE[1], "traditional", seats=[2],
                                 longest_turn=HOUR)
    assert [t.channel_id for t in opened] == [77]
    assert (await queue.store.get_guild_settings(GUILD)).pickup_channel_id == 77


async def test_wishes_nobody_could_match_are_refused_and_change_nothing(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, _ = await _queue(services, tmp_path, vt)
    with pytest.raises(TableError) as never:
        await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[8],
                         longest_turn=HOUR)
    assert never.value.key == "error.queue.never"
    with pytest.raises(TableError):
        await queue.join(GUILD, CHANNEL, PEOPLE[0], "big_clock", seats=[1, 2],
                         longest_turn=HOUR)
    with pytest.raises(TableError):
        await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[3],
                         longest_turn=HOUR, variant="pairs")
    with pytest.raises(TableError) as turn:
        await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[3],
                         longest_turn=10)
    assert turn.value.key == "error.turn_range"
    with pytest.raises(TableError) as leave:
        await queue.leave(GUILD, PEOPLE[0].user_id)
    assert leave.value.key == "error.queue.not_in"
    assert await queue.store.queue_entries() == []


async def test_ai_seats_fill_a_table_once_everyone_has_waited(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[4],
                     longest_turn=HOUR, ai_wait=2 * HOUR)
    await queue.join(GUILD, CHANNEL, PEOPLE[1], "traditional", seats=[4],
                     longest_turn=HOUR, ai_wait=HOUR)
    await vt.advance(HOUR - 60)
    assert told == []
    await vt.advance(120)  # Bob's wait is over, Ann's is not: Bob plays the AI now
    seated = [n for n in told if n.kind == "seated"]
    assert [n.user_id for n in seated] == [2]
    table = seated[0].table
    assert table is not None and table.status == "playing"
    assert sum(s.is_ai for s in table.seats) == 3
    assert [e.name for e in await queue.waiting(GUILD)] == ["Ann"]
    await vt.advance(HOUR)
    assert [n.user_id for n in told if n.kind == "seated"] == [2, 1]


async def test_an_entry_expires_with_one_notice_and_is_renewed(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    entry, _ = await queue.join(GUILD, CHANNEL, PEOPLE[0], "traditional", seats=[2],
                                longest_turn=HOUR, hours=2)
    await vt.advance(3 * HOUR)
    await queue.run(GUILD)
    assert [(n.kind, n.user_id) for n in told] == [("expired", 1)]
    assert await queue.waiting(GUILD) == []
    renewed, opened = await queue.renew(entry.id, PEOPLE[0].user_id)
    assert opened == []
    assert renewed.expires_at == vt.now + 24 * HOUR
    with pytest.raises(TableError):
        await queue.renew(entry.id, PEOPLE[1].user_id)
    _, opened = await queue.join(GUILD, CHANNEL, PEOPLE[1], "traditional", seats=[2],
                                 longest_turn=HOUR)
    assert len(opened) == 1 and len(told) == 3
    await queue.join(GUILD, CHANNEL, PEOPLE[2], "traditional", seats=[2], longest_turn=HOUR,
                     hours=1)
    await vt.advance(9 * 24 * HOUR)  # expired, told, and a week later forgotten
    await queue.run(GUILD)
    assert await queue.store.queue_entries(GUILD) == []


async def test_a_party_waits_for_every_confirmation_and_sits_together_as_a_pair(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    ann, bob, cy, dee = PEOPLE[:4]
    party = await queue.invite(GUILD, ann, [bob])
    for person in (ann, bob):
        await queue.join(GUILD, CHANNEL, person, "carousel", seats=[4], longest_turn=HOUR,
                         variant="pairs", party_id=party.id)
    for person in (cy, dee):
        await queue.join(GUILD, CHANNEL, person, "carousel", seats=[4], longest_turn=HOUR,
                         variant="pairs")
    assert told == []  # Bob has not confirmed
    await queue.confirm(party.id, bob.user_id)
    opened = await queue.run(GUILD)
    assert len(opened) == 1
    seats = [s.user_id for s in opened[0].seats]
    assert {seats[0], seats[2]} == {ann.user_id, bob.user_id}  # partners sit opposite
    assert opened[0].row.options == {"pairs": True}
    with pytest.raises(TableError):
        await queue.confirm(party.id, bob.user_id)
    with pytest.raises(TableError):
        await queue.invite(GUILD, ann, [bob, cy, dee])


async def test_a_party_of_two_sits_as_partners_in_a_game_always_played_in_pairs(
        services: Services, tmp_path: Path) -> None:
    # Partnership needs no pairs wish: a party of two is a pair, the others the other.
    vt = VirtualTime()
    queue, _told = await _queue(services, tmp_path, vt)
    ann, bob, cy, dee = PEOPLE[:4]
    await queue.join(GUILD, CHANNEL, cy, "partnership", seats=[4], longest_turn=HOUR)
    party = await queue.invite(GUILD, ann, [bob])
    for person in (ann, bob):
        await queue.join(GUILD, CHANNEL, person, "partnership", seats=[4], longest_turn=HOUR,
                         party_id=party.id)
    await queue.confirm(party.id, bob.user_id)
    # One who asked for pairs waits with those who did not: the same tables.
    _entry, opened = await queue.join(GUILD, CHANNEL, dee, "partnership", seats=[4],
                                      longest_turn=HOUR, variant="pairs")
    await vt.settle()
    assert len(opened) == 1
    seats = [s.user_id for s in opened[0].seats]
    assert seats[0::2] == [ann.user_id, bob.user_id]  # partners opposite: seats 0 and 2
    assert set(seats[1::2]) == {cy.user_id, dee.user_id}
    assert opened[0].row.options == {}  # the game is in pairs without an option
    assert await queue.waiting(GUILD) == []


async def test_someone_who_cannot_be_reached_is_passed_over(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    queue.reachable = lambda _guild, user: user != PEOPLE[0].user_id
    for person in PEOPLE[:3]:
        await queue.join(GUILD, CHANNEL, person, "traditional", seats=[2], longest_turn=HOUR)
    seated = sorted(n.user_id for n in told if n.kind == "seated")
    assert seated == [2, 3]
    assert [e.user_id for e in await queue.waiting(GUILD)] == [1]


# -- issue 51: pickup that holds up ------------------------------------------------------
async def test_a_failed_invitation_leaves_the_hosts_entry_as_it_was(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    ann, bob = PEOPLE[:2]
    first, _ = await queue.join(GUILD, CHANNEL, ann, "traditional", seats=[2],
                                longest_turn=HOUR)
    await vt.advance(HOUR)
    before = await queue.entry_of(GUILD, ann.user_id, "traditional")
    assert before == first
    party = await queue.invite(GUILD, ann, [bob])
    await queue.join(GUILD, CHANNEL, ann, "traditional", seats=[3, 4], longest_turn=2 * HOUR,
                     party_id=party.id)
    await queue.drop_invite(party.id, before)  # bob's invitation could not be sent
    assert await queue.waiting(GUILD) == [first]  # its id, wish and place, no party
    assert await queue.store.get_party(party.id) is None
    _, opened = await queue.join(GUILD, CHANNEL, bob, "traditional", seats=[2],
                                 longest_turn=HOUR)
    assert len(opened) == 1 and told


async def test_people_who_left_the_server_are_not_seated_and_lose_their_entries(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    asked: list[int] = []

    async def member(_guild: int, user: int) -> bool:
        asked.append(user)
        return user != PEOPLE[0].user_id  # Ann left the server after queueing

    queue.member = member
    for person in PEOPLE[:3]:
        await queue.join(GUILD, CHANNEL, person, "traditional", seats=[2], longest_turn=HOUR)
    assert sorted(n.user_id for n in told if n.kind == "seated") == [2, 3]
    assert await queue.store.queue_entries(GUILD) == []
    assert PEOPLE[0].user_id in asked


async def test_each_person_seated_is_told_before_their_table_starts(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, _ = await _queue(services, tmp_path, vt)
    states: list[str] = []

    async def listen(notice: QueueNotice) -> None:
        if notice.table is not None:
            states.append(notice.table.status)

    queue.listeners.append(listen)
    for person in PEOPLE[:2]:
        _, opened = await queue.join(GUILD, CHANNEL, person, "traditional", seats=[2],
                                     longest_turn=HOUR)
    assert states == ["lobby", "lobby"]  # so before the first turn's DM
    assert opened[0].status == "playing"


async def test_a_party_member_who_leaves_ends_the_party_and_the_rest_wait_on_their_own(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    ann, bob, cy, dee = PEOPLE[:4]
    party = await queue.invite(GUILD, ann, [bob])
    first, _ = await queue.join(GUILD, CHANNEL, ann, "traditional", seats=[3],
                                longest_turn=HOUR, party_id=party.id)
    await queue.join_party(party.id, bob)
    await queue.leave(GUILD, bob.user_id)  # Bob changed his mind: Ann's entry is not stuck
    assert await queue.store.get_party(party.id) is None
    waiting = await queue.waiting(GUILD)
    assert [(e.id, e.party_id, e.created_at) for e in waiting] == [
        (first.id, None, first.created_at)]  # her place in line kept
    assert [(n.kind, n.user_id, n.by) for n in told] == [
        ("party_ended", ann.user_id, bob.user_id)]
    await queue.join(GUILD, CHANNEL, cy, "traditional", seats=[3], longest_turn=HOUR)
    _, opened = await queue.join(GUILD, CHANNEL, dee, "traditional", seats=[3],
                                 longest_turn=HOUR)
    assert len(opened) == 1
    assert sorted(s.user_id for s in opened[0].seats) == [ann.user_id, cy.user_id,
                                                           dee.user_id]


async def test_a_party_member_seated_at_another_table_ends_the_party(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    queue, told = await _queue(services, tmp_path, vt)
    ann, bob, cy = PEOPLE[:3]
    party = await queue.invite(GUILD, ann, [bob])
    await queue.join(GUILD, CHANNEL, ann, "traditional", seats=[3], longest_turn=HOUR,
                     party_id=party.id)
    await queue.join_party(party.id, bob)
    await queue.join(GUILD, CHANNEL, bob, "carousel", seats=[2], longest_turn=HOUR)
    _, opened = await queue.join(GUILD, CHANNEL, cy, "carousel", seats=[2],
                                 longest_turn=HOUR)  # Bob's other entries go (drop_others)
    assert len(opened) == 1 and opened[0].seat_of(bob.user_id) is not None
    assert [(n.user_id, n.by) for n in told if n.kind == "party_ended"] == [
        (ann.user_id, bob.user_id)]
    waiting = await queue.waiting(GUILD)
    assert [(e.user_id, e.party_id) for e in waiting] == [(ann.user_id, None)]
    assert await queue.store.get_party(party.id) is None


async def test_a_pass_reads_the_servers_parties_once_whatever_their_number(
        services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51: a pass over many parties was a read per party and a scan of every entry
    per member (quadratic: 2.8 s of 4.4 for 3,333 parties of three)."""
    vt = VirtualTime()
    queue, _ = await _queue(services, tmp_path, vt)
    store = queue.store
    for n in range(30):  # 30 confirmed parties of two, each waiting for a 3-seat table
        lead, friend = Person(100 + 2 * n, "L"), Person(101 + 2 * n, "F")
        party = await store.create_party(GUILD, lead.user_id, [friend.user_id])
        await store.confirm_party(party.id, friend.user_id)
        for who in (lead, friend):
            await store.queue_join(guild_id=GUILD, user_id=who.user_id, name=who.name,
                                   game="traditional", seats=[3], longest_turn=HOUR,
                                   rated=True, expires_at=vt.now + HOUR, party_id=party.id)
    reads: list[str] = []
    for name in ("get_party", "guild_parties"):
        original = getattr(store, name)

        async def counted(*args: object, _name: str = name, _original: Any = original) -> Any:
            reads.append(_name)
            return await _original(*args)

        monkeypatch.setattr(store, name, counted)
    assert await queue.run(GUILD) == []  # parties of two never make three
    assert reads == ["guild_parties"]
