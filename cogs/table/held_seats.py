"""Seats kept for invited people absent at the start (tables/holds.py), on Discord: the
person is told once, with the button that takes the seat ("Take my seat": the custom id
of "Take my seat back", `dom:back:<table>`, the same path in tables/), and the table
message shows each seat kept, for whom and until when (Discord timestamps, each reader's
own time).

Told once: by DM unless their profile wants none (or Discord refused DMs before), else
by a mention in the table's channel, where the button is too. A hold that ends unclaimed
is told nobody (the table message stops showing it).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import fault_text
from cogs.common.background import Background
from cogs.common.components import table_link, text_layout, when
from cogs.common.escape import shown
from cogs.common.locales import languages_of
from cogs.table.table_buttons import BackButton
from tables.live import LiveTable, TableEvent
from tables.people import People

log = logging.getLogger(__name__)


def held_lines(table: LiveTable) -> list[str]:
    """The table message's line for each seat kept for its person."""
    return [t("table.held", name=shown(table.seats[seat].name), mention=f"<@{user}>",
              full=when(until, "F"), relative=when(until, "R"))
            for seat, user, until in table.seat_state.holds() if seat < len(table.seats)]


def claim_button(table: LiveTable) -> BackButton:
    """The button that takes the seat kept for the clicker (or, when they are away, takes
    their seat back: one custom id, one path)."""
    return BackButton(table.id, label=t("table.take_held"))


class HeldSeatNotices:
    """Tells each person a seat was kept for, once (a `TableService` listener)."""

    def __init__(self, bot: discord.Client, people: People, background: Background) -> None:
        self.bot = bot
        self.people = people
        self.background = background

    async def on_event(self, event: TableEvent) -> None:
        """A "held" event (tables.holds.tell_held, once per seat): told in the background,
        never holding the table's lock on Discord."""
        if event.kind != "held" or event.seat is None:
            return
        hold = next((h for h in event.table.seat_state.holds() if h[0] == event.seat), None)
        if hold is None:
            return
        table = LiveTable(event.table.row, event.table.game)  # as it is now, for the send
        self.background.spawn(self.tell(table, hold[1], hold[2]), f"held-{table.id}-{hold[1]}")

    async def tell(self, table: LiveTable, user_id: int, until: float) -> None:
        """DM `user_id` the seat kept for them, or mention them in the channel."""
        host = next((s.name for s in table.seats if s.user_id == table.host_id), "")
        player = await self.people.profile(user_id)
        if player.dm_mode != "none" and not player.dms_failed:
            with reading(await languages_of(self.bot).person(user_id)):
                message = self._message(t("notice.held", host=shown(host), table=table.id,
                                          game=t(f"game.{table.game_kind}"),
                                          full=when(until, "F"), relative=when(until, "R"),
                                          link=table_link(table)), table)
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(view=message)
                return
            except discord.Forbidden:
                await self.people.dm_failed(user_id)
            except discord.HTTPException as exc:
                log.info("table %d: the seat kept for %d not told by DM: %s", table.id,
                         user_id, fault_text(exc))
        with reading(await languages_of(self.bot).table(table)):
            message = self._message(t("notice.held_mention", mention=f"<@{user_id}>",
                                      host=shown(host), table=table.id,
                                      game=t(f"game.{table.game_kind}"),
                                      full=when(until, "F"), relative=when(until, "R")), table)
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.send(view=message, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(user_id)], roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("table %d: the seat kept for %d not told: %s", table.id, user_id,
                        fault_text(exc))

    @staticmethod
    def _message(text: str, table: LiveTable) -> ui.LayoutView:
        message = text_layout(text)
        message.add_item(ui.ActionRow[Any](claim_button(table)))
        return message
