"""Turn DMs, reminders and their fallbacks.

`TurnNotices.on_event` is a `TableService` listener (registered by the bot before the
tables load, so timers re-armed at start-up find it). Nothing here can fail a move: the
service logs a listener's exception and carries on, and every Discord error is handled
here.

- `turn`: the player gets a DM with their hand (picture and move buttons), the board and
  a link to the table message (`LiveHands.layout(turn=True)`), unless they opted out of
  turn DMs; a player who gets none finds their latest hand message made live.
- `reminder`: a short DM with the deadline and the link.
- A DM Discord refuses (`Forbidden`, e.g. 50007 "Cannot send messages to this user") is
  remembered (`People.dm_failed`): no more DMs until the player changes their profile,
  and the channel gets a message that mentions them.
- If the bot may not post in the channel either, the table message says so and the host
  gets a DM where Discord lets us.

Each text is in its reader's language (cogs/common/locales.py): a DM in its recipient's,
a channel notice in the server's.
"""

from __future__ import annotations

import logging

import discord

from catalog import t
from catalog.reader import reading
from cogs.common.answering import fault_text
from cogs.common.components import table_link, when, where
from cogs.common.escape import shown
from cogs.common.locales import languages_of
from cogs.play.hands import LiveHands
from cogs.table.message_updates import TableMessages
from tables.live import LiveTable, TableEvent
from tables.people import People
from tables.service import TableService

log = logging.getLogger(__name__)


class TurnNotices:
    """Tells people about their turns, privately when Discord lets us, in the channel if not."""

    def __init__(self, bot: discord.Client, people: People, service: TableService,
                 updates: TableMessages, hands: LiveHands) -> None:
        self.bot = bot
        self.people = people
        self.service = service
        self.updates = updates
        self.hands = hands

    async def on_event(self, event: TableEvent) -> None:
        """A turn beginning at a real decision, or a reminder of one."""
        table, seat = event.table, event.seat
        if event.kind in ("turn", "reminder") and seat is not None and seat < len(table.seats):
            await self.tell(LiveTable(table.row, table.game), seat, event.kind)

    async def tell(self, table: LiveTable, seat: int, kind: str) -> None:
        """DM the player about their turn (or reminder), as their profile asks; mention them
        if Discord refuses. A player who gets no turn DM finds their latest hand message
        made live (its move buttons enabled)."""
        user_id = table.seats[seat].user_id
        if (user_id is None or table.status != "playing" or table.game is None
                or table.game.to_move != seat):
            return  # an AI, or the table ended (or moved on) before we got here
        player = await self.people.profile(user_id, table.seats[seat].name)
        wanted = player.dm_mode == "turns" or (kind == "reminder" and player.dm_mode != "none")
        if kind == "turn" and not (wanted and not player.dms_failed):
            self.hands.request(table, seat)
        if not wanted:
            return  # opted out: the table message still shows whose turn it is
        if not player.dms_failed:
            try:
                with reading(await languages_of(self.bot).person(user_id)):
                    await self.send_dm(table, seat, user_id, kind)
                return
            except discord.Forbidden:
                log.info("DMs to %s refused; mentioning them at table %d instead",
                         user_id, table.id)
                await self.people.dm_failed(user_id, table.seats[seat].name)
            except discord.HTTPException:
                log.warning("DM to %s failed at table %d; mentioning instead", user_id, table.id)
            if kind == "turn":
                self.hands.request(table, seat)
        key = "notice.turn_mention" if kind == "turn" else "notice.reminder_mention"
        with reading(await languages_of(self.bot).table(table)):
            text = t(key, mention=f"<@{user_id}>", table=table.id, when=when(table.deadline))
        if not await self.updates.channel_notice(table, text, ping=user_id):
            await self.unreached(table, seat)

    async def unreached(self, table: LiveTable, seat: int) -> None:
        """Neither a DM nor the channel reached the player: show it on the table message,
        and tell the host privately where Discord lets us."""
        name = shown(table.seats[seat].name)
        log.warning("table %d: seat %d could not be told of their turn (no DM, no channel post)",
                    table.id, seat + 1)
        languages = languages_of(self.bot)
        live = self.service.held(table.id)
        if live is not None:
            with reading(await languages.table(table)):
                self.updates.note(live, t("table.unreached", name=name))
        if table.host_id == table.seats[seat].user_id:
            return
        try:
            channel = await self.bot.create_dm(discord.Object(table.host_id))
            with reading(await languages.person(table.host_id)):
                text = t("notice.unreached_host", name=name, table=table.id,
                         link=table_link(table))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("table %d: the host could not be told either: %s", table.id,
                        fault_text(exc))

    async def send_dm(self, table: LiveTable, seat: int, user_id: int, kind: str) -> None:
        """Send the turn DM (hand, board, link) or the reminder DM. Raises HTTPException."""
        channel = await self.bot.create_dm(discord.Object(user_id))
        if kind == "reminder":
            await channel.send(t("notice.reminder", table=table.id, when=when(table.deadline),
                                 link=table_link(table), where=where(self.bot, table)),
                               allowed_mentions=discord.AllowedMentions.none())
            return
        layout, files, live = await self.hands.layout(table, seat, turn=True)
        message = await channel.send(view=layout, files=files,
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.hands.adopt(table, seat, channel.id, message.id, live=live)
