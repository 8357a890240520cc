"""A server's pickup queue (issue 24): join, leave, list, expire and renew, parties, and
the tables it opens with everyone seated.

After each change and at its timers (the next entry's expiry, the next wait for AI seats
running out) the queue runs `tables.matching.match` over the server's waiting entries
and opens each matched table: storage removes the entries and creates the lobby with
every seat in one compare-and-set (`Storage.seat_from_queue`: two processes, or two
clicks, seat a person once), then the table service holds it and starts it through its
own start code, in the server's pickup channel. Each person seated is told once (a
`QueueNotice` the cogs turn into a DM or a mention); an entry that expires is told once,
privately, with a renew.

Joining again for the same game updates the entry and keeps its place in line
(`test_reading_joining_the_queue_again_keeps_ones_place`). A server with no pickup
channel gets the channel of its first queue join
(`test_reading_the_first_queue_join_names_the_pickup_channel`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.registry import game_spec
from storage import Storage
from storage.models import Party, QueueEntry, Seat
from tables.ai_names import ai_name
from tables.errors import TableError
from tables.live import LiveTable, Person, TableSettings
from tables.matching import PAIRS, Match, match
from tables.near_match import ask_near
from tables.queue_wishes import as_wish, checked_wish, seat_counts, wish_variant
from tables.table_settings import DAY

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)

PARTY_MOST = 3  # the leader and two friends
LONGEST_WAIT = 7 * DAY  # an entry's longest life before it must be renewed
AI_LEVEL = "normal"
MATCH_ROUNDS = 4  # passes of one run when people who left the server drop out of matches
ENTRIES_MOST = 10  # one person's entries at once, all servers and games (issue 55)


@dataclass(frozen=True)
class QueueNotice:
    """What the cogs tell one person: `seated` at `table` (once per person), their
    `expired` entry (once, privately, with a renew button), or `party_ended`: `by` (a
    user id) left the queue or was seated elsewhere, so the party of their `entry` (as
    it was) ended and they wait on their own; or `near`: would `seats` do (tables.near_match,
asked once an entry)."""

    kind: str
    guild_id: int
    user_id: int
    entry: QueueEntry
    table: LiveTable | None = None
    by: int | None = None
    seats: int | None = None  # `near`: the seat count that would seat them now


QueueListener = Callable[[QueueNotice], Awaitable[None]]
# What a server's queue changed to tell: its id and the tables a pass opened (maybe none).
ChangeListener = Callable[[int, Sequence[LiveTable]], Awaitable[None]]


class PickupQueue:
    """The queues of every server this process serves; tables open through `service`."""

    def __init__(self, service: TableService, store: Storage, *,
                 reachable: Callable[[int, int], bool] = lambda _guild, _user: True,
                 member: Callable[[int, int], Awaitable[bool]] | None = None) -> None:
        """`reachable(guild, user)`: whether a person is still in the server and can be
        told, from what this process knows without asking (others are passed over when
        matching); `member(guild, user)`: whether they are a member now, asked of each
        person a match would seat before they are seated (the cogs' cached check: those
        who left lose their entries). None: everyone is."""
        self.service = service
        self.store = store
        self.clock = service.clock
        self.reachable = reachable
        self.member = member
        self.listeners: list[QueueListener] = []
        self.changes: list[ChangeListener] = []  # after every join, leave or pass
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}

    async def _changed(self, guild_id: int, opened: Sequence[LiveTable]) -> None:
        for listener in self.changes:
            try:
                await listener(guild_id, opened)
            except Exception:  # a failed post never undoes a join or a seating
                log.exception("queue change listener failed for server %d", guild_id)

    async def _tell(self, notice: QueueNotice) -> None:
        for listener in self.listeners:
            try:
                await listener(notice)
            except Exception:  # a failed notice never undoes a seating
                log.exception("queue listener failed on %s for %d", notice.kind, notice.user_id)

    # -- the person's actions ---------------------------------------------------------
    async def join(self, guild_id: int, channel_id: int | None, person: Person, game: str, *,
                   seats: Collection[int], longest_turn: int, rated: bool = True,
                   ai_wait: float | None = None, hours: float = 24, variant: str = "",
                   drop_others: bool = True, party_id: int | None = None,
                   ) -> tuple[QueueEntry, list[LiveTable]]:
        """Queue `person` (or update their entry for this game); returns the entry and the
        tables the queue opened at once. `ai_wait`: seconds after which AI seats may fill
        their table (None: never); `hours`: the entry's life. `channel_id`: where they
        asked (None: a DM), the server's pickup channel until it has one. Raises TableError."""
        variant = wish_variant(game, variant)
        counts = checked_wish(game, seats, variant)
        if not 60 <= longest_turn <= 7 * DAY:
            raise TableError("error.turn_range")
        if not 0 < hours * 3600 <= LONGEST_WAIT:
            raise TableError("error.queue.hours", most=LONGEST_WAIT // 3600)
        if ai_wait is not None and ai_wait < 0:
            raise TableError("error.queue.ai_wait")
        await self._check_entries(guild_id, person.user_id, game_spec(game).name)
        server = await self.store.get_guild_settings(guild_id)
        if server.pickup_channel_id is None and channel_id is not None:
            await self.store.set_guild_settings(
                dataclasses.replace(server, pickup_channel_id=channel_id))
        now = self.clock()
        entry, _new = await self.store.queue_join(
            guild_id=guild_id, user_id=person.user_id, name=person.name,
            game=game_spec(game).name, seats=counts, longest_turn=longest_turn, rated=rated,
            expires_at=now + hours * 3600,
            ai_after=None if ai_wait is None else now + ai_wait,
            party_id=party_id, variant=variant, drop_others=drop_others, now=now)
        return entry, await self.run(guild_id)

    async def _check_entries(self, guild_id: int, user_id: int, game: str) -> None:
        """Raises TableError when a new entry would be more than ENTRIES_MOST of the
        person's (updating one they have, same server and game, is always allowed)."""
        now = self.clock()
        mine = [e for e in await self.store.queue_entries()
                if e.user_id == user_id and e.expires_at > now]
        if (len(mine) >= ENTRIES_MOST
                and not any(e.guild_id == guild_id and e.game == game for e in mine)):
            raise TableError("error.limit.queue", most=ENTRIES_MOST)

    async def leave(self, guild_id: int, user_id: int, game: str | None = None) -> int:
        """Take the person out of the queue (of `game` only, if given); how many entries
        went. Raises TableError when they were not in it."""
        gone, left = await self.store.queue_leave(guild_id, user_id, game)
        if not gone:
            raise TableError("error.queue.not_in")
        await self._parties_ended(guild_id, left, user_id)
        self._arm(guild_id)
        await self._changed(guild_id, ())
        return gone

    async def _parties_ended(self, guild_id: int, left: Sequence[QueueEntry],
                             by: int | dict[int, int]) -> None:
        """Tell each person whose party ended (their entry waits on its own now); `by`:
        who ended it (a user id, or one for each party id)."""
        for entry in left:
            who = by if isinstance(by, int) else by.get(entry.party_id or 0)
            await self._tell(QueueNotice("party_ended", guild_id, entry.user_id, entry,
                                         by=who))

    async def waiting(self, guild_id: int) -> list[QueueEntry]:
        """The entries waiting in the server now (not expired), oldest first."""
        now = self.clock()
        return [e for e in await self.store.queue_entries(guild_id) if e.expires_at > now]

    async def renew(self, entry_id: int, user_id: int,
                    hours: float = 24) -> tuple[QueueEntry, list[LiveTable]]:
        """The Renew button of an expiry notice: the entry as renewed and the tables the
        queue opened at once (the renewed entry may be seated at one of them, and so no
        longer wait). Raises TableError when the entry is gone or not theirs."""
        entry = await self.store.queue_entry(entry_id)
        if entry is None or entry.user_id != user_id:
            raise TableError("error.queue.gone")
        renewed = await self.store.renew_entry(entry_id, self.clock() + hours * 3600)
        if renewed is None:
            raise TableError("error.queue.gone")
        return renewed, await self.run(entry.guild_id)

    # -- parties -------------------------------------------------------------------------
    async def invite(self, guild_id: int, leader: Person, friends: Sequence[Person]) -> Party:
        """A party of `leader` and up to two friends, each to confirm. Raises TableError."""
        others = {f.user_id for f in friends if f.user_id != leader.user_id}
        if not others or len(others) + 1 > PARTY_MOST:
            raise TableError("error.queue.party_size", most=PARTY_MOST)
        return await self.store.create_party(guild_id, leader.user_id, others)

    async def drop_invite(self, party_id: int, before: QueueEntry | None = None) -> None:
        """An invitation that could not reach a friend: the party ends, and the leader's
        entry is as it was before they invited (`before`; None: they had none), so the
        refused invitation changes nothing."""
        await self.store.drop_party(party_id, restore=before)
        if before is not None:
            self._arm(before.guild_id)  # its own expiry and AI wait again

    async def entry_of(self, guild_id: int, user_id: int, game: str,
                       variant: str = "") -> QueueEntry | None:
        """The person's entry for `game` (and `variant`) in the server, expired or not;
        None when they have none (a join would add one)."""
        try:
            name = game_spec(game).name
        except (KeyError, ValueError):
            return None
        variant = wish_variant(name, variant)
        return next((e for e in await self.store.queue_entries(guild_id)
                     if e.user_id == user_id and e.game == name and e.variant == variant),
                    None)

    async def leader_entry(self, party: Party) -> QueueEntry | None:
        """The queue entry of the party's leader (whose wish the friends queue with)."""
        return next((e for e in await self.store.queue_entries(party.guild_id)
                     if e.party_id == party.id and e.user_id == party.leader_id), None)

    async def confirm(self, party_id: int, user_id: int) -> Party:
        """A friend's Confirm button. Raises TableError when the party is gone or they
        were not invited to it."""
        party = await self.store.confirm_party(party_id, user_id)
        if party is None:
            raise TableError("error.queue.party_gone")
        return party

    async def join_party(self, party_id: int, friend: Person
                         ) -> tuple[QueueEntry, QueueEntry, list[LiveTable]]:
        """A friend's Confirm: they confirm and queue with the leader's wish. Returns the
        leader's entry, the friend's, and the tables the queue opened at once. Raises
        TableError (and changes nothing) when the party or the leader's entry is gone,
        they were not invited, or the entry would pass their queue limit."""
        invited = await self.store.get_party(party_id)
        lead = None if invited is None else await self.leader_entry(invited)
        if invited is None or lead is None or friend.user_id not in invited.members:
            raise TableError("error.queue.party_gone")
        await self._check_entries(invited.guild_id, friend.user_id, lead.game)
        party = await self.confirm(party_id, friend.user_id)
        now = self.clock()
        entry, opened = await self.join(
            party.guild_id, None, friend, lead.game, seats=lead.seats,
            longest_turn=lead.longest_turn, rated=lead.rated,
            ai_wait=None if lead.ai_after is None else max(0.0, lead.ai_after - now),
            hours=max(1.0, (lead.expires_at - now) / 3600), variant=lead.variant,
            party_id=party.id)
        return lead, entry, opened

    # -- matching ------------------------------------------------------------------------
    async def run(self, guild_id: int) -> list[LiveTable]:
        """Match the server's queue now and open every table it makes; tell the expired
        entries; arm the next timer. One pass at a time per server in this process
        (storage's compare-and-set keeps other processes' passes apart)."""
        lock = self._locks.setdefault(guild_id, asyncio.Lock())
        async with lock:
            now = self.clock()
            entries = await self.store.queue_entries(guild_id)
            for entry in entries:
                if (entry.expires_at <= now and not entry.warned
                        and await self.store.warn_entry(entry.id)):
                    await self._tell(QueueNotice("expired", guild_id, entry.user_id, entry))
            if any(e.expires_at < now - LONGEST_WAIT for e in entries):
                await self.store.purge_entries(now - LONGEST_WAIT)  # told a week ago
            opened: list[LiveTable] = []
            for _ in range(MATCH_ROUNDS):
                live = [e for e in entries if e.expires_at > now]
                confirmed = await self._confirmed_parties(guild_id, live)
                wishes = [as_wish(e) for e in live
                          if e.party_id is None or e.party_id in confirmed]
                by_id = {e.id: e for e in live}
                departed = False
                for found in match(wishes, now,
                                   reachable=lambda user: self.reachable(guild_id, user)):
                    if await self._departed(guild_id, found):
                        departed = True  # their entries are gone: match the rest again
                        continue
                    table = await self._open(guild_id, found, by_id)
                    if table is not None:
                        opened.append(table)
                if not departed:
                    break
                entries = await self.store.queue_entries(guild_id)
            seated = {s.user_id for table in opened for s in table.seats}
            for entry, seats in await ask_near(
                    self.store, [w for w in wishes if w.user_id not in seated], by_id, now,
                    reachable=lambda user: self.reachable(guild_id, user)):
                await self._tell(QueueNotice("near", guild_id, entry.user_id, entry,
                                             seats=seats))
        self._arm(guild_id)
        await self._changed(guild_id, opened)
        return opened

    async def widen(self, entry_id: int, user_id: int, seats: int
                    ) -> tuple[QueueEntry, list[LiveTable]]:
        """A Yes to a near-match offer: `seats` added to the entry's seat counts, then a
        pass; the entry as it is now and the tables the pass opened. Raises TableError
        when the entry is gone, not theirs, or the count is not one its game is played at."""
        entry = await self.store.queue_entry(entry_id)
        if entry is None or entry.user_id != user_id or entry.expires_at <= self.clock():
            raise TableError("error.queue.gone")
        if seats not in seat_counts(as_wish(entry)):
            raise TableError("error.queue.gone")
        if not await self.store.widen_entry(entry, seats):
            raise TableError("error.queue.gone")
        opened = await self.run(entry.guild_id)
        return dataclasses.replace(entry, seats=tuple(sorted({*entry.seats, seats}))), opened

    async def _departed(self, guild_id: int, found: Match) -> bool:
        """Whether someone the match would seat left the server (the member check);
        their entries in it are removed, so no later pass seats them either."""
        if self.member is None:
            return False
        gone = [user for user in found.seating
                if user is not None and not await self.member(guild_id, user)]
        for user in gone:
            log.info("queue of %d: %d left the server: their entries go", guild_id, user)
            _, left = await self.store.queue_leave(guild_id, user)
            await self._parties_ended(guild_id, left, user)
        return bool(gone)

    async def _confirmed_parties(self, guild_id: int,
                                 entries: Sequence[QueueEntry]) -> set[int]:
        """The parties of `entries` that every member confirmed and waits in: one read of
        the server's parties, then linear in the entries."""
        waiting = {(e.party_id, e.user_id) for e in entries if e.party_id is not None}
        if not waiting:
            return set()
        parties = await self.store.guild_parties(guild_id)
        return {party_id for party_id in {p for p, _ in waiting}
                if (party := parties.get(party_id)) is not None and party.confirmed
                and all((party_id, user) in waiting for user in party.members)}

    async def _open(self, guild_id: int, found: Match,
                    by_id: dict[int, QueueEntry]) -> LiveTable | None:
        """Seat a match: storage's compare-and-set, then the table service's start."""
        names = {by_id[e].user_id: by_id[e].name for e in found.entries}
        seats: list[Seat] = []
        for user in found.seating:
            if user is None:
                seats.append(Seat(None, AI_LEVEL, ai_name(AI_LEVEL, {s.name for s in seats})))
            else:
                seats.append(Seat(user, None, names[user]))
        host = next(user for user in found.seating if user is not None)
        server = await self.store.get_guild_settings(guild_id)
        settings = TableSettings(
            seats=len(seats), turn_seconds=max(60, min(found.turn_seconds, 7 * DAY)),
            reminders=server.reminders, timeout_action=server.timeout_action,
            thread=server.pickup_threads)
        # A pairs match of a game played only in pairs needs no option to say so.
        pairs = found.variant == PAIRS and not game_spec(found.game).always_pairs
        options = {"pairs": True} if pairs else {}
        channel = server.pickup_channel_id
        if channel is None:
            return None  # every join names one (see `join`)
        done = await self.store.seat_from_queue(
            found.entries, guild_id=guild_id, channel_id=channel, game=found.game,
            host_id=host, seats=seats, options=options, settings=settings.to_json(),
            deadline=self.clock() + settings.lobby_seconds)  # a backstop: it starts now
        if done is None:
            log.info("queue of %d: another pass seated %s first", guild_id, found.entries)
            return None
        row, removed, left = done
        dropped = {e.party_id: e.user_id for e in removed if e.party_id is not None}
        await self._parties_ended(guild_id, left, dropped)
        await self.service.refresh(row.id)  # held here from now on, its lobby told
        # Each person hears that their table exists before it starts, so before the
        # first turn's DM (the start sends it).
        table = await self.service.table(row.id)
        seated = set(found.entries)
        told: set[int] = set()
        for entry in removed:
            if entry.id in seated and entry.user_id not in told:
                told.add(entry.user_id)
                await self._tell(QueueNotice("seated", guild_id, entry.user_id, entry, table))
        return await self.service.start(row.id, host)

    # -- timers -----------------------------------------------------------------------
    def _arm(self, guild_id: int) -> None:
        """Wake the server's queue at its next expiry or wait for AI seats (the tables'
        scheduler runs it, on its clock)."""
        old = self._timers.pop(guild_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._timers[guild_id] = self.service.scheduler.spawn(self._wake(guild_id),
                                                              f"queue-{guild_id}")

    async def _wake(self, guild_id: int) -> None:
        now = self.clock()
        times = []
        for entry in await self.store.queue_entries(guild_id):
            if not entry.warned:
                times.append(entry.expires_at)
            if entry.ai_after is not None and entry.ai_after > now and entry.expires_at > now:
                times.append(entry.ai_after)
        ahead = [t for t in times if t > now]
        if not ahead:
            return
        await self.service.scheduler.wait(min(ahead) - now)
        # Once awake, a pass is not cut short by a newer timer's arming (a table between
        # its seating and its start).
        await asyncio.shield(self.run(guild_id))

    async def load(self) -> None:
        """At start-up: run every server's queue (what came due while the bot was down)."""
        for guild_id in sorted({e.guild_id for e in await self.store.queue_entries()}):
            await self.run(guild_id)
