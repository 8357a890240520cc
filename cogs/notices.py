"""Turn DMs, reminders and their fallbacks; away/back notices; the lobby role mention.

`Notices.on_event` is a `TableService` listener (registered by the bot before
the tables load, so timers re-armed at start-up find it). Nothing here can fail
a move: the service logs a listener's exception and carries on, and every
Discord error is handled here.

- `turn`: the player gets a DM with their hand (picture and move buttons), the
  board and a link to the table message, unless they opted out of turn DMs.
- `reminder`: a short DM with the deadline and the link.
- A DM Discord refuses (`Forbidden`, e.g. 50007 "Cannot send messages to this
  user") is remembered (`People.dm_failed`): no more DMs until the player
  changes their profile, and the channel gets a message that mentions them.
- If the bot may not post in the channel either, the table message says so
  and the host gets a DM where Discord lets us.
- `away`/`back`: a notice in the channel (the table message shows it too).
(The lobby role's mention is the lobby's: cogs/lobby.py.)

Each text is in its reader's language (cogs/languages.py): a DM in its
recipient's, a channel notice in the server's.
"""

from __future__ import annotations

import logging

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.escape import shown
from cogs.games import presentation
from cogs.hands import LiveHands, snapshot
from cogs.languages import languages_of
from cogs.layout import table_link
from cogs.messages import render, result_text, when
from cogs.page_links import links_of
from cogs.table_updates import TableMessages, fault_text
from tables.live import LiveTable, TableEvent
from tables.people import People
from tables.service import TableService

log = logging.getLogger(__name__)


class Notices:
    """Tells people about their turns, privately when Discord lets us, in the channel if not."""

    def __init__(self, bot: discord.Client, people: People, service: TableService,
                 updates: TableMessages, hands: LiveHands) -> None:
        self.bot = bot
        self.people = people
        self.service = service
        self.updates = updates
        self.hands = hands
        hands.dm_layout = self.turn_layout

    async def on_event(self, event: TableEvent) -> None:
        """Route the pickup events (the channel's are cogs/table_message.py's, the hands'
        cogs/hands.py's)."""
        table, seat = event.table, event.seat
        if event.kind == "finished" and len(table.seats) > 1:
            # Told under the table's lock: sent in the background.
            self.updates.spawn(self.game_over(snapshot(table)), f"game-over-{table.id}")
            return
        if seat is None or seat >= len(table.seats):
            return
        if event.kind in ("turn", "reminder"):
            await self.tell(LiveTable(table.row, table.game), seat, event.kind)
        elif event.kind in ("resigned", "away", "back"):
            key = "notice.resigned_ai" if event.kind == "resigned" else f"notice.{event.kind}"
            # For the channel: in the server's language, not the resigner's (whose click
            # this listener may run in). Told under the table's lock: posted in the
            # background, never holding a move.
            with reading(await languages_of(self.bot).table(table)):
                text = t(key, name=shown(table.seats[seat].name), table=table.id)
            self.updates.notice(table, text)

    # -- a person's turn ------------------------------------------------------------------
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

    async def game_over(self, table: LiveTable) -> None:
        """A DM to every person at the table with the result and a link (unless they want
        no DMs, or Discord refuses them)."""
        for seat in table.seats:
            if seat.user_id is None:
                continue
            player = await self.people.profile(seat.user_id, seat.name)
            if player.dm_mode == "none" or player.dms_failed:
                continue
            with reading(await languages_of(self.bot).person(seat.user_id)):
                lines = [t("notice.game_over", table=table.id, where=self.where(table)),
                         *result_text(table), table_link(table)]
                links = links_of(self.bot)
                if links is not None:
                    lines.append(t("web.link.game", url=links.game(table.guild_id, table.id)))
                text = "\n".join(lines)
            try:
                channel = await self.bot.create_dm(discord.Object(seat.user_id))
                await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.info("table %d: no game-over DM for %s: %s", table.id, seat.user_id,
                         fault_text(exc))

    def where(self, table: LiveTable) -> str:
        """The server and channel of a table, for a DM ("Dominoes Club · #games")."""
        guild = self.bot.get_guild(table.guild_id) if table.guild_id is not None else None
        channel = self.bot.get_channel(table.channel_id)
        place = f"<#{table.channel_id}>"
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):  # a table's thread
            place = f"#{shown(channel.name)}"
        if guild is None:
            return t("notice.where_dm") if table.guild_id is None else place
        return t("notice.where", server=shown(guild.name), channel=place)

    async def unreached(self, table: LiveTable, seat: int) -> None:
        """Neither a DM nor the channel reached the player: show it on the table message,
        and tell the host privately where Discord lets us."""
        name = shown(table.seats[seat].name)
        log.warning("table %d: seat %d could not be told of their turn (no DM, no channel post)",
                    table.id, seat + 1)
        languages = languages_of(self.bot)
        live = self.service.tables.get(table.id)
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
                                 link=table_link(table), where=self.where(table)),
                               allowed_mentions=discord.AllowedMentions.none())
            return
        layout, files, live = await self.turn_layout(table, seat)
        message = await channel.send(view=layout, files=files,
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.hands.adopt(table, seat, channel.id, message.id, live=live)

    async def turn_layout(self, table: LiveTable, seat: int, *,
                          buttons: bool | None = None
                          ) -> tuple[ui.LayoutView, list[discord.File], bool]:
        """The turn DM: the hand with its move buttons (and what was drawn for them), then
        the board, where the table is and the link. Also whether its buttons are live."""
        assert table.game is not None
        layout, files, live = await self.hands.layout(table, seat, buttons=buttons)
        board_shot = await render("board", table.game.view(None), "board.png")
        container = next(c for c in layout.children if isinstance(c, ui.Container))
        lines = [t("notice.turn_title", table=table.id), self.where(table),
                 *presentation(table.game_kind).board_text(table.game.view(None)),
                 t("notice.turn_by", when=when(table.deadline), at=when(table.deadline, "f"),
                   link=table_link(table))]
        container.add_item(ui.TextDisplay("\n".join(lines)))
        if board_shot is not None:
            container.add_item(board_shot.gallery())
            files.append(board_shot.file())
        return layout, files, live
