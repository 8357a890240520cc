"""Each table's one public message, kept up to date outside the table's lock.

`TableMessages.request(table)` returns at once. One worker task per table sends
the table as it is when the edit starts; requests that arrive while an edit is
in flight are coalesced into one more edit of the newest state. So a slow or
failing Discord edit never holds a move (the table lock is not involved), and
no outdated state is sent after a newer one.

- A 5xx or 429 that discord.py gave up on is retried a few times, with growing
  pauses (or Discord's `retry_after`); any other refusal is not.
- A message deleted by a moderator (404 Unknown Message) is posted again and
  the new id remembered, and play goes on.
- `refresh_all` brings every table's message up to date at start-up (after a
  crash between a commit and its edit), one table at a time.
- Once REPOST_AFTER messages were posted after it in its channel (`saw`), the
  next update posts the table message again at the bottom and deletes the old
  one, so the table stays in sight in a busy channel.

Each fault is one log line naming the table; tracebacks only for bugs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord
from discord import ui

from cogs.common.answering import fault_text
from cogs.common.background import Background
from storage import StorageError
from tables.live import LiveTable

log = logging.getLogger(__name__)

Build = Callable[[LiveTable], Awaitable[tuple[ui.LayoutView, list[discord.File]]]]
Remember = Callable[[int, int], Awaitable[None]]

RETRY_DELAYS = (2.0, 10.0, 30.0)  # seconds before each retry of a failed edit
UNKNOWN_MESSAGE = 10008
PAUSE_BETWEEN_TABLES = 0.5  # start-up refresh: stay well under the channel rate limits
REPOST_AFTER = 15  # messages after the table message: it has scrolled out of sight


def retry_delay(exc: discord.HTTPException, attempt: int) -> float | None:
    """How long to wait before retry number `attempt` (from 1); None: do not retry."""
    if exc.status != 429 and exc.status < 500:
        return None  # a 4xx other than 429 will not change by trying again
    if attempt > len(RETRY_DELAYS):
        return None
    after = getattr(exc, "retry_after", None)
    return float(after) if isinstance(after, (int, float)) else RETRY_DELAYS[attempt - 1]


class TableMessages:
    """Coalescing, non-blocking updates of the tables' public messages."""

    def __init__(self, bot: discord.Client, build: Build, remember: Remember,
                 background: Background, *,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.bot = bot
        self.build = build
        self.remember = remember
        self.background = background
        self.sleep = sleep
        self._newest: dict[int, LiveTable] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._notes: dict[int, tuple[int, str]] = {}
        # Messages posted in the channel after each table's message (counted in memory:
        # after a restart the count starts again, at worst one repost later).
        self._below: dict[int, int] = {}

    # -- requests ------------------------------------------------------------------------
    def request(self, table: LiveTable) -> asyncio.Task[None] | None:
        """Bring the table's message up to date soon; returns its worker (None: no message)."""
        if table.message_id is None:
            return None
        self._newest[table.id] = table
        worker = self._workers.get(table.id)
        if worker is None:
            worker = self.background.spawn(self._work(table.id), f"table-message-{table.id}")
            self._workers[table.id] = worker
        return worker

    def saw(self, channel_id: int, message_id: int, tables: Iterable[LiveTable]) -> None:
        """A message was posted in a channel (anyone's, the bot's own notices too): count
        it below each of the channel's table messages that are older."""
        for table in tables:
            if (table.channel_id == channel_id and table.message_id is not None
                    and message_id > table.message_id):
                self._below[table.id] = self._below.get(table.id, 0) + 1

    def note(self, table: LiveTable, text: str) -> None:
        """Show `text` on the table's message until the next move (e.g. a player unreached)."""
        self._notes[table.id] = (table.seq, text)
        self.request(table)

    def note_of(self, table: LiveTable) -> str | None:
        """The note for the table's current move, if any."""
        seq, text = self._notes.get(table.id, (-1, ""))
        if seq != table.seq:
            self._notes.pop(table.id, None)
            return None
        return text

    async def built(self, table: LiveTable) -> tuple[ui.LayoutView, list[discord.File]]:
        """The table's message as it should look now (`build`), with its note if any."""
        layout, files = await self.build(table)
        note = self.note_of(table)
        if note is not None:
            box = next(c for c in layout.children if isinstance(c, ui.Container))
            box.add_item(ui.TextDisplay(note))
        return layout, files

    async def post(self, interaction: discord.Interaction[Any], table: LiveTable, *,
                   channel: discord.abc.Messageable | None = None) -> None:
        """Send a new table's public message (after deferring), in the interaction's channel
        or in `channel` (the table's thread, a DM), and remember its id."""
        layout, files = await self.built(table)
        none = discord.AllowedMentions.none()
        message = (await interaction.followup.send(view=layout, files=files, wait=True,
                                                   allowed_mentions=none)
                   if channel is None else
                   await channel.send(view=layout, files=files, allowed_mentions=none))
        await self.remember(table.id, message.id)

    async def post_new(self, table: LiveTable) -> None:
        """Post the message of a table no command opened (the queue's, a weekly repeat's)
        in its channel."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        layout, files = await self.built(table)
        await self._post(table, channel, layout, files)

    async def channel_notice(self, table: LiveTable, text: str, *, ping: int | None = None,
                             ping_role: int | None = None) -> bool:
        """A message in the table's channel; `ping` is the one user it may notify, or
        `ping_role` the one role. Returns whether Discord took it."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        mentions = discord.AllowedMentions(
            users=[discord.Object(ping)] if ping is not None else False,
            roles=[discord.Object(ping_role)] if ping_role is not None else False,
            everyone=False, replied_user=False)  # a notice is never a reply
        try:
            await channel.send(text, allowed_mentions=mentions)
        except discord.HTTPException as exc:
            log.warning("table %d: a notice was not posted: %s", table.id, fault_text(exc))
            return False
        return True

    def notice(self, table: LiveTable, text: str) -> None:
        """Post a notice in the table's channel (in the background; a refusal is logged)."""
        self.background.spawn(self.channel_notice(table, text), f"notice-{table.id}")

    async def refresh_all(self, tables: Iterable[LiveTable]) -> None:
        """Update every given table's message, one after the other (start-up)."""
        for table in list(tables):
            worker = self.request(table)
            if worker is not None:
                await asyncio.gather(worker, return_exceptions=True)
                await self.sleep(PAUSE_BETWEEN_TABLES)

    # -- the worker ----------------------------------------------------------------------
    async def _work(self, table_id: int) -> None:
        attempt = 0
        last: LiveTable | None = None
        try:
            while (table := self._newest.pop(table_id, None)) is not None:
                last = table
                try:
                    await self._send(table)
                    attempt = 0
                except StorageError as exc:  # remembering a reposted message's id
                    log.warning("table %d: its message id was not stored: %s", table_id, exc)
                except discord.HTTPException as exc:
                    attempt += 1
                    delay = retry_delay(exc, attempt)
                    log.warning("table %d: its message was not updated: %s%s", table_id,
                                fault_text(exc), "" if delay is None else f"; retry in {delay:g} s")
                    if delay is None:
                        continue
                    self._newest.setdefault(table_id, table)
                    await self.sleep(delay)
        finally:
            self._workers.pop(table_id, None)
            if last is not None and not last.is_live and table_id not in self._newest:
                # Its last message is sent: an ended table keeps nothing here (issue 29).
                self._below.pop(table_id, None)
                self._notes.pop(table_id, None)

    async def _send(self, table: LiveTable) -> None:
        """Edit the message to show `table` now; post it again if it was deleted, or at the
        bottom of the channel once it has scrolled out of sight."""
        assert table.message_id is not None
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        layout, files = await self.built(table)
        if self._below.get(table.id, 0) >= REPOST_AFTER:
            old = table.message_id
            await self._post(table, channel, layout, files)
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException as exc:  # gone already, or not ours to delete
                log.info("table %d: its old message %d was not deleted: %s", table.id, old,
                         fault_text(exc))
            return
        try:
            await channel.get_partial_message(table.message_id).edit(view=layout,
                                                                     attachments=files)
            return
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                raise
        log.warning("table %d: its message %d was deleted; posting it again", table.id,
                    table.message_id)
        layout, files = await self.built(table)  # the files of the failed edit are spent
        await self._post(table, channel, layout, files)

    async def _post(self, table: LiveTable, channel: discord.PartialMessageable,
                    layout: ui.LayoutView, files: list[discord.File]) -> None:
        """Post the table message anew (at the bottom of its channel) and remember its id."""
        message = await channel.send(view=layout, files=files,
                                     allowed_mentions=discord.AllowedMentions.none())
        table.replace_row(message_id=message.id)
        self._below.pop(table.id, None)
        await self.remember(table.id, message.id)
