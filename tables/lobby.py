"""Opening a table and its lobby's actions: Open, Join, Partner with (a table in pairs:
tables.partners), Leave, Add AI, the host's settings (`/domino lobby`), Start, Cancel,
and closing a table without results.

Any process may act on any table: one not holding it acts on a *visiting* copy read
from storage (tables.shards), whose lock does not exclude the holder's. So each change
is conditional in storage (storage.lobbies: the seats as read, the lobby's status),
and when storage says the table moved on meanwhile, the table is read again (a table
held here catches up, telling its listeners what the other process did) and the action
is tried again on what is there now: two joins at once seat both, the same person
joining twice is seated once, a second Start or Cancel is answered as on a table that
has started or ended.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from catalog import Phrase
from engine.errors import OptionError, RecordError
from engine.records import new_game
from engine.registry import game_spec
from storage import Storage
from storage.errors import InvalidState, SeatsChanged, SettingsChanged
from storage.models import ACTIVE_STATUSES, Seat
from tables.ai_names import NAMES, ai_name
from tables.errors import NotAllowed, NotSeated, StaleMove, TableError, TableFull
from tables.events import Listener
from tables.holds import seats_at_start, tell_held
from tables.live import LiveTable, Person, TableEvent, TableSettings, checked_game
from tables.lobby_settings import WAIT_FIELD, changed_settings
from tables.partners import check_choice, start_order, with_pair
from tables.table_settings import join_settings
from tables.turn_clock import next_deadline

log = logging.getLogger(__name__)

# Tries of one lobby action while other processes keep changing the table under it
# (each try follows a commit of theirs; more than a few in a row is a flood).
LOBBY_TRIES = 5
# What one person may host at once (issue 55: one user held 120 lobbies in memory):
# lobbies open to join, and lobbies scheduled for later (tables.schedule).
LOBBIES_MOST = 5
SCHEDULED_MOST = 10


class Held(Protocol):
    """The tables this process holds and visits (tables.shards.HeldTables)."""

    quarantined: dict[int, LiveTable]
    tables: dict[int, LiveTable]

    async def table(self, table_id: int) -> LiveTable: ...

    async def create(self, **row: Any) -> LiveTable: ...

    async def reread(self, table: LiveTable) -> None: ...

    async def tell_closed(self, table: LiveTable) -> None: ...

    def forget(self, table: LiveTable) -> None: ...


class Starting(Protocol):
    """What a game's start asks of the move pipeline (tables.moves.MovePipeline)."""

    async def after_moves(self, table: LiveTable) -> None: ...

    async def play_forced(self, table: LiveTable) -> None: ...


class Arming(Protocol):
    """The scheduler's arming of a new or changed table (tables.timers.Scheduler)."""

    def after_change(self, table: LiveTable) -> None: ...


class LobbyActions:
    """Opens tables and runs their lobbies, from any process (see above)."""

    def __init__(self, store: Storage, tell: Listener, *, held: Held, moves: Starting,
                 timers: Arming, clock: Callable[[], float]) -> None:
        self.store = store
        self.tell = tell
        self.held = held
        self.moves = moves
        self.timers = timers
        self.clock = clock

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host: Person,
                         game: str, settings: TableSettings,
                         options: dict[str, Any]) -> LiveTable:
        """Open a lobby with the host seated. Raises TableError for bad options or seats.

        In a server, its settings decide the reminders and the timeout action, and
        whether tables may be opened in this channel at all. A rematch lobby (settings'
        `rematch_of`) raises RematchOpen instead when one is live already, whichever
        process opened it (tables.rematch).
        """
        if guild_id is not None:
            server = await self.store.get_guild_settings(guild_id)
            # A table in a thread of its own (a rematch there) counts as in the thread's
            # channel: the server's setting names channels, not the bot's threads.
            if not server.channel_allowed(settings.opened_in or channel_id):
                raise NotAllowed("error.channel_closed")
            settings = dataclasses.replace(settings, reminders=server.reminders,
                                           timeout_action=server.timeout_action)
        checked_game(game, settings.seats, options)
        self._check_hosted(host.user_id, scheduled=settings.starts_at is not None)
        table = await self.held.create(
            guild_id=guild_id, channel_id=channel_id, game=game, host_id=host.user_id,
            seats=[Seat(host.user_id, None, host.name)], options=options,
            settings=settings.to_json(), deadline=self.clock() + settings.lobby_seconds,
            rematch_of=settings.rematch_of,
        )
        self.timers.after_change(table)
        return table

    def _check_hosted(self, user_id: int, *, scheduled: bool) -> None:
        """Raises TableError when the person hosts as many lobbies of that kind (scheduled
        or open now) as one person may. Counted among the tables held here: with several
        processes each counts its own shards'."""
        hosted = sum(1 for table in self.held.tables.values()
                     if table.status == "lobby" and table.host_id == user_id
                     and (table.settings.starts_at is not None) == scheduled)
        if scheduled and hosted >= SCHEDULED_MOST:
            raise TableError("error.limit.scheduled", most=SCHEDULED_MOST)
        if not scheduled and hosted >= LOBBIES_MOST:
            raise TableError("error.limit.lobbies", most=LOBBIES_MOST)

    async def move_to(self, table_id: int, channel_id: int) -> None:
        """Play the lobby on in `channel_id` (a thread opened for it), its message to be
        posted there; the channel it was asked for stays in its settings (`opened_in`:
        where a server's channel setting is checked for its rematch). Raises NoSuchTable."""
        table = await self.held.table(table_id)
        settings = dataclasses.replace(table.settings, opened_in=table.channel_id).to_json()
        await self.store.set_table_place(table_id, channel_id, settings)
        table.replace_row(channel_id=channel_id, message_id=None, settings=settings)

    async def start_solitaire(self, *, guild_id: int | None, channel_id: int, person: Person,
                              game: str, options: dict[str, Any], hint_level: str,
                              seed: int, auto_draw: bool) -> LiveTable:
        """A solitaire `game` (Big Clock) for one person, dealt from `seed`, playing at
        once (see `TableService.start_solitaire`). Raises TableError."""
        spec = checked_game(game, 1, options)
        if not spec.solitaire:
            raise TableError("error.not_solitaire", game=Phrase(f"game.{spec.name}"))
        if guild_id is not None:  # a solitaire posts in the channel like any table
            server = await self.store.get_guild_settings(guild_id)
            if not server.channel_allowed(channel_id):
                raise NotAllowed("error.channel_closed")
        settings = TableSettings(seats=1, turn_seconds=7 * 24 * 3600, hint_level=hint_level,
                                 auto_forced=auto_draw)
        table = await self.held.create(
            guild_id=guild_id, channel_id=channel_id, game=spec.name, host_id=person.user_id,
            seats=[Seat(person.user_id, None, person.name)], options=options,
            settings=settings.to_json(),
        )
        table.game = new_game(table.record_base(seed))
        deal = table.game.record()["deal"]
        await self.store.start_table(table.id, deadline=None, seed=seed, deal=deal)
        table.replace_row(status="playing", seed=seed, deal=deal)
        async with table.lock:
            await self.moves.play_forced(table)
        return table

    async def join(self, table_id: int, person: Person) -> LiveTable:
        """Seat `person`; starts the game when the last seat fills and the host chose so."""
        def seated(table: LiveTable) -> list[Seat]:
            if table.seat_of(person.user_id) is not None:
                raise TableError("error.already_seated")
            if len(table.seats) >= table.settings.seats:
                raise TableFull()
            return [*table.seats, Seat(person.user_id, None, table.unique_name(person.name))]

        table = await self._change_seats(table_id, seated)
        if len(table.seats) >= table.settings.seats and table.settings.auto_start:
            return await self.start(table_id, table.host_id)
        return table

    async def partner(self, table_id: int, person: Person, partner_id: int) -> LiveTable:
        """`person` chooses to partner `partner_id`, a person seated at a lobby played in
        pairs: the two sit opposite from now on (tables.partners), `person` seated first
        (as `join`) when not yet. Raises TableError (check_choice's refusals, a full
        table), NoSuchTable, StaleMove."""
        async def attempt(table: LiveTable) -> bool:
            check_choice(table, person.user_id, partner_id)
            if table.seat_of(person.user_id) is None and len(table.seats) >= table.settings.seats:
                raise TableFull()
            partners = with_pair(table.settings.partners, person.user_id, partner_id)
            settings = dataclasses.replace(table.settings.fixed(), partners=partners)
            return await self._store_settings(table, settings, table.deadline)

        table = await self._in_lobby(table_id, attempt)
        if table.seat_of(person.user_id) is None:
            return await self.join(table_id, person)
        return table

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        """Stand up from a lobby seat. The host cancels instead."""
        def left(table: LiveTable) -> list[Seat]:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if user_id == table.host_id:
                raise NotAllowed("error.host_leaves")
            return [s for i, s in enumerate(table.seats) if i != seat]

        return await self._change_seats(table_id, left)

    async def add_ai(self, table_id: int, user_id: int, level: str = "normal", *,
                     auto_start: bool = True) -> LiveTable:
        """The host fills a lobby seat with an AI; the last seat starts the game like `join`
        when the host chose auto-start (`auto_start=False` holds it, e.g. while seating a
        rematch)."""
        def with_ai(table: LiveTable) -> list[Seat]:
            if user_id != table.host_id:
                raise NotAllowed("error.host_adds_ai")
            if len(table.seats) >= table.settings.seats:
                raise TableFull()
            if level not in NAMES:  # a crafted menu value
                raise TableError("error.ai_level", levels=", ".join(NAMES))
            return [*table.seats, Seat(None, level, ai_name(level, {s.name for s in table.seats}))]

        table = await self._change_seats(table_id, with_ai)
        if len(table.seats) >= table.settings.seats and auto_start and table.settings.auto_start:
            return await self.start(table_id, table.host_id)
        return table

    async def _change_seats(self, table_id: int,
                            change: Callable[[LiveTable], list[Seat]]) -> LiveTable:
        """Replace a lobby's seats by `change(table)` (which raises TableError when the
        action is not allowed), stored only if the seats are still those read; tried
        again on the table as it now is while another process changes it first. Raises
        TableError, NoSuchTable, StaleMove (the table kept changing)."""
        async def attempt(table: LiveTable) -> bool:
            seats = change(table)
            try:
                await self.store.update_seats(table.id, seats, expected=table.seats,
                                              statuses=("lobby",))
            except (SeatsChanged, InvalidState):
                return False
            table.replace_row(seats=tuple(seats))
            await self.tell(TableEvent("lobby", table))
            return True

        return await self._in_lobby(table_id, attempt)

    async def change_settings(self, table_id: int, user_id: int,
                              changes: dict[str, Any]) -> LiveTable:
        """The host changes how their lobby will run (`changes`: lobby setting name ->
        value as typed, tables.lobby_settings), before it starts. A new lobby time counts
        from now. Stored only over the settings and status as read (tried again on the
        table as it now is when another process changed it first). Raises TableError
        (not the host, not a lobby any more, a setting refused), NoSuchTable, StaleMove;
        nothing changes then."""
        async def attempt(table: LiveTable) -> bool:
            if user_id != table.host_id:
                raise NotAllowed("error.host_changes")
            settings = changed_settings(table.settings.fixed(), changes)
            deadline = table.deadline
            if WAIT_FIELD in changes and deadline is not None:
                deadline = self.clock() + settings.lobby_seconds
            return await self._store_settings(table, settings, deadline)

        return await self._in_lobby(table_id, attempt)

    async def _store_settings(self, table: LiveTable, settings: TableSettings,
                              deadline: float | None) -> bool:
        """Store a lobby's new `settings` and `deadline` over the settings as read (False:
        another process changed them first), arm its expiry, tell its listeners."""
        before = dict(table.row.settings)
        after = join_settings(settings, table.seat_state)
        try:
            await self.store.set_lobby_settings(table.id, after, expected=before,
                                                deadline=deadline)
        except (SettingsChanged, InvalidState):
            return False
        table.replace_row(settings=after, deadline=deadline)
        self.timers.after_change(table)  # the lobby's expiry, moved
        await self.tell(TableEvent("lobby", table))
        return True

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        """The host starts the game with the players seated. Raises TableError.

        The deal is stored only for the seats it was made for, and only from the lobby:
        another process's Start first is answered "not in its lobby", a seat changed
        there meanwhile makes a new deal for the seats now stored.
        """
        async def attempt(table: LiveTable) -> bool:
            if user_id != table.host_id:
                raise NotAllowed("error.host_starts")
            low, _ = game_spec(table.game_kind).seats
            # Absent invited: held; chosen partners: opposite (tables.partners).
            seats, holds = start_order(table, *seats_at_start(table, self.clock()))
            if len(seats) < low:
                raise TableError("error.too_few", low=low)
            seed = secrets.randbits(63)
            try:
                game = new_game(table.record_base(seed, seats))
            except (RecordError, ValueError) as exc:
                # The engine's reason in the reader's language (OptionError).
                reason = exc.reason if isinstance(exc, OptionError) else str(exc)
                raise TableError("error.cannot_start", reason=reason) from None
            forced = table.settings.auto_forced and game.forced_move() is not None
            deadline = None if forced else await next_deadline(self.store, table,
                                                               game.to_move, self.clock())
            # The explicit deal is stored beside its seed: the record replays anywhere.
            deal = game.record()["deal"]
            before = dict(table.row.settings)
            after = (join_settings(table.settings.fixed(), table.seat_state.with_holds(holds))
                     if holds else before)
            moved = holds or seats != list(table.seats)
            try:  # the holds and seats with the start, only over the settings as read
                await self.store.start_table(
                    table.id, deadline=deadline, seed=seed, deal=deal, expected=table.seats,
                    seats=seats if moved else None, settings=after if holds else None,
                    expected_settings=before if moved else None)
            except (SeatsChanged, SettingsChanged, InvalidState):
                return False
            table.replace_row(status="playing", seed=seed, deal=deal, deadline=deadline,
                              seats=tuple(seats), settings=after)
            table.game = game
            await self.tell(TableEvent("started", table))
            await tell_held(self.store, self.tell, table)
            await self.moves.after_moves(table)
            return True

        return await self._in_lobby(table_id, attempt)

    async def _in_lobby(self, table_id: int,
                        attempt: Callable[[LiveTable], Awaitable[bool]]) -> LiveTable:
        """Runs `attempt` on the table under its lock while it is a lobby, until storage
        takes its write. `attempt` returns False when storage refused the write because
        another process changed the table first; the table is then read again (catching
        up) and tried again. Raises what `attempt` raises, TableError when the table is no
        lobby any more, StaleMove after LOBBY_TRIES refusals in a row."""
        for _ in range(LOBBY_TRIES):
            table = await self.held.table(table_id)
            async with table.lock:
                table.require_status("lobby")
                if await attempt(table):
                    return table
                await self.held.reread(table)
        raise StaleMove()

    async def cancel(self, table_id: int, user_id: int, *, is_manager: bool = False) -> LiveTable:
        """The host (or a server manager) cancels a lobby, a game in progress, or a
        quarantined table. Raises TableError ("already ended" also when another process
        ended it a moment ago)."""
        table = self.held.quarantined.get(table_id) or await self.held.table(table_id)
        async with table.lock:
            if not table.is_live:
                raise TableError("error.already_ended")
            if user_id != table.host_id and not is_manager:
                raise NotAllowed("error.host_cancels")
            if not await self.close_table(table, "cancelled"):
                raise TableError("error.already_ended")
        return table

    async def close_table(self, table: LiveTable, status: str) -> bool:
        """End a lobby or game without results (cancelled, abandoned). Under its lock.

        Storage closes it only from where it may be closed: an expired lobby only while
        still a lobby, a cancelled table only while live. When another process started
        or ended it meanwhile (a click there; during a shard hand-over the old holder's
        deadline and the new one's), nothing is closed here: the table catches up with
        storage and False is returned. The listeners hear of a close once (`tell_closed`).
        """
        allowed = ("lobby",) if status == "abandoned" else ACTIVE_STATUSES
        try:
            await self.store.set_status(table.id, status, only_from=allowed)
        except InvalidState as exc:
            log.info("table %d: not %s here (%s)", table.id, status, exc)
            await self.held.reread(table)
            return False
        table.replace_row(status=status, deadline=None)
        self.held.forget(table)
        await self.held.tell_closed(table)
        return True
