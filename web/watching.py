"""Live tables to watch: who is watching which table, and what they are sent.

`Watching` listens to the table service (a `tables.events` listener, run after each
commit under the table's lock, so it only copies the table and wakes the streams). Each
open stream (web/watch_pages.py) has a one-place mailbox: a newer state replaces an
unread older one, so a slow reader never holds a move and never gets a stale state after
a newer one. The number of streams is capped (in all and per address); `close` ends
every stream at once, so the web server's shutdown (and the bot's graceful stop) does not
wait for watchers. Only the public view of a table is ever read here (`game.view(None)`):
a hand or the stock's tiles never reach a page.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field

from render import render_board
from storage.models import TableRow
from tables.errors import NoSuchTable
from tables.live import LiveTable, TableEvent
from tables.service import TableService

log = logging.getLogger(__name__)

MAX_STREAMS = 200  # open streams in all: each is a connection and a task
MAX_PER_ADDRESS = 6  # one person's tabs; a scraper cannot take every place
RECENT = 16  # the states kept per watched table, so a picture asked a bit late is found
RECENT_TABLES = 64  # the tables whose recent states are kept (the last watched)
BOARDS = 256  # drawn boards kept (per server, table, move number and language)


class Full(Exception):
    """No place for one more stream (in all, or for this address)."""


@dataclass(eq=False)
class Stream:
    """One watcher of one table: its mailbox holds the newest unread state (None: stop)."""

    table_id: int
    address: str
    mailbox: asyncio.Queue[LiveTable | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=1))

    def put(self, state: LiveTable | None) -> None:
        """Leave `state` for the reader, replacing one it has not read yet."""
        if self.mailbox.full():
            self.mailbox.get_nowait()
        self.mailbox.put_nowait(state)


class Watching:
    """The service's live tables as the watch pages read them, and their open streams."""

    def __init__(self, service: TableService, *, most: int = MAX_STREAMS,
                 per_address: int = MAX_PER_ADDRESS) -> None:
        self.service = service
        self.most, self.per_address = most, per_address
        self.streams: set[Stream] = set()
        self.closing = False
        self._recent: OrderedDict[int, OrderedDict[int, LiveTable]] = OrderedDict()
        # Keyed by the scope a signature grants (the server; None: DMs) as well as the
        # table: a board is only ever kept after its table was found in that scope, so a
        # hit never answers one scope's board under another's signature.
        self._boards: OrderedDict[tuple[int | None, int, int, str], bytes] = OrderedDict()
        self.drawn = 0  # boards drawn so far (the cache's misses)
        self._listening = False

    # -- the service's side ----------------------------------------------------------
    def listen(self) -> None:
        """Start hearing the service's events (idempotent)."""
        if not self._listening:
            self.service.listeners.append(self.on_event)
            self._listening = True

    async def on_event(self, event: TableEvent) -> None:
        """A committed change: a copy of the table for each of its watchers. Costs nothing
        for a table nobody watches."""
        table = event.table
        watchers = [s for s in self.streams if s.table_id == table.id]
        if not watchers:
            return
        state = table.snapshot()
        self._remember(state)
        for stream in watchers:
            stream.put(state)

    def _remember(self, state: LiveTable) -> None:
        recent = self._recent.setdefault(state.id, OrderedDict())
        self._recent.move_to_end(state.id)
        recent[state.seq] = state
        recent.move_to_end(state.seq)
        while len(recent) > RECENT:
            recent.popitem(last=False)
        # Kept past the streams' end: the last move's picture is asked for after the
        # game's end has closed them.
        while len(self._recent) > RECENT_TABLES:
            self._recent.popitem(last=False)

    async def close(self, *_app: object) -> None:
        """End every stream now and stop listening (the web app's shutdown calls it)."""
        self.closing = True
        for stream in list(self.streams):
            stream.put(None)
        if self._listening:
            self.service.listeners.remove(self.on_event)
            self._listening = False

    # -- the pages' side ---------------------------------------------------------------
    async def table(self, guild_id: int | None, table_id: int) -> LiveTable | TableRow:
        """The table in play (held here, or read from storage when another process holds
        it), or the stored row of one that has ended. Raises NoSuchTable when there is no
        such table in server `guild_id` (None: DMs), or only its lobby."""
        held = self.service.held(table_id)
        found: LiveTable | TableRow
        if held is not None and held.in_play:
            found = held.snapshot()
        else:
            row = await self.service.row(table_id)
            found = row
            if row.status == "playing":
                found = await self.service.table(table_id)
        if (found.guild_id or None) != guild_id or found.status == "lobby":
            raise NoSuchTable(table_id)
        return found

    def open(self, table_id: int, address: str) -> Stream:
        """A new stream of `table_id` for `address`. Raises Full."""
        if self.closing or len(self.streams) >= self.most or sum(
                1 for s in self.streams if s.address == address) >= self.per_address:
            raise Full()
        stream = Stream(table_id, address)
        self.streams.add(stream)
        return stream

    def done(self, stream: Stream) -> None:
        """The stream is closed."""
        self.streams.discard(stream)

    async def board(self, guild_id: int | None, table_id: int, seq: int, lang: str) -> bytes:
        """The PNG of the table's board after move `seq` (now, or one of the last few
        states its watchers were sent) in server `guild_id` (None: DMs). Raises
        NoSuchTable for any other, and for a table of another server (or of DMs), drawn
        or not."""
        key = (guild_id, table_id, seq, lang)
        data = self._boards.get(key)
        if data is None:
            recent = self._recent.get(table_id)
            state = recent.get(seq) if recent is not None else None
            if state is None:
                found = await self.table(guild_id, table_id)
                if not isinstance(found, LiveTable) or found.seq != seq:
                    raise NoSuchTable(table_id)
                state = found
            if state.game is None or (state.guild_id or None) != guild_id:
                raise NoSuchTable(table_id)
            view = state.game.view(None)  # the public view: what the channel sees
            data = await asyncio.to_thread(lambda: render_board(view, locale=lang).data)
            self.drawn += 1
            self._boards[key] = data
            while len(self._boards) > BOARDS:
                self._boards.popitem(last=False)
        self._boards.move_to_end(key)
        return data
