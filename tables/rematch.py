"""Rematch: ONE new lobby per finished table, however often (or how fast) it is asked for.

The new lobby has the old table's game, options, seats and times; the asker hosts
it, the old AI seats sit again at their levels, and the old table's other people
are only invited (the cogs ping them with a Join button), never seated unasked.
The lobby remembers which table it replays (`TableSettings.rematch_of`), so a
second click, even after a restart, finds it instead of opening another; one lock
makes two clicks at once see each other, and storage (which opens a rematch lobby
only while none is live) a click on another process.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol

from storage import RematchOpen, Storage
from tables.errors import NotAllowed, TableError
from tables.live import LiveTable, Person, TableSettings


class Held(Protocol):
    """The tables held here (tables.shards.HeldTables)."""

    tables: dict[int, LiveTable]

    async def table(self, table_id: int) -> LiveTable: ...


class Lobbies(Protocol):
    """Opening a lobby and seating an AI (tables.lobby.LobbyActions)."""

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host: Person,
                         game: str, settings: TableSettings,
                         options: dict[str, Any]) -> LiveTable: ...

    async def add_ai(self, table_id: int, user_id: int, level: str = "normal", *,
                     auto_start: bool = True) -> LiveTable: ...


@dataclass(frozen=True, slots=True)
class Rematch:
    """The rematch lobby of a table; `opened` is False when it existed already.
    `invite` are the old table's people other than the host (user ids, seat order)."""

    table: LiveTable
    opened: bool
    invite: tuple[int, ...]


class Rematches:
    """Opens rematch lobbies for one table service."""

    def __init__(self, store: Storage, *, lobby: Lobbies, held: Held) -> None:
        self.store = store
        self.lobby = lobby
        self.held = held
        self._lock = asyncio.Lock()  # rematches are rare: one lock for all is enough

    def existing(self, table_id: int) -> LiveTable | None:
        """The open rematch lobby (or game) of a table, if there is one."""
        for table in self.held.tables.values():
            if table.settings.rematch_of == table_id and table.is_live:
                return table
        return None

    async def open(self, table_id: int, host: Person) -> Rematch:
        """The rematch of finished table `table_id`, hosted by `host` (one of its people).

        Raises TableError when the table has not finished, NotAllowed when `host`
        did not play at it.
        """
        row = await self.store.get_table(table_id)
        if row is None or row.status != "finished":  # a crafted id, or a game still on
            raise TableError("error.no_rematch")
        old = LiveTable(row, None)
        if old.seat_of(host.user_id) is None:
            raise NotAllowed("error.rematch_players")
        invite = tuple(s.user_id for s in old.seats
                       if s.user_id is not None and s.user_id != host.user_id)
        async with self._lock:
            found = self.existing(table_id)
            if found is not None:
                return Rematch(found, False, invite)
            # What the old game's players did there (away, timeouts, resigns) stays there:
            # the new lobby takes the old one's options only.
            # Its invited people are the old table's (a seat is kept for them at its
            # start when the old one kept seats: tables.holds).
            names = {s.user_id: s.name for s in old.seats}
            settings = dataclasses.replace(old.settings.fixed(), rematch_of=table_id,
                                           invited=invite,
                                           invited_names=tuple(names[u] for u in invite))
            try:
                table = await self.lobby.open_lobby(
                    guild_id=old.guild_id, channel_id=old.channel_id, host=host,
                    game=old.game_kind, settings=settings, options=dict(old.row.options))
            except RematchOpen as exc:  # opened by another process (not held here)
                return Rematch(await self.held.table(exc.table_id), False, invite)
            for seat in old.seats:
                if seat.ai_level is not None:
                    await self.lobby.add_ai(table.id, host.user_id, seat.ai_level,
                                              auto_start=False)
        return Rematch(await self.held.table(table.id), True, invite)
