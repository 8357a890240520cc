"""The table message's buttons: Your hand, Rules, Resign (asks first, then Quit), Rematch,
Take my seat back; and the /domino commands that act on a table (cancel, replace,
resign).

`TableButton` is one persistent item for several buttons (their ids were
registered so): each action goes to its feature's handler, Your hand to the play's
(`HandOpener`: cogs/play/hands.py), Rematch to the lobby's (`RematchOpener`:
cogs/lobby/open_table.py), the others to `TableClicks` here.

Custom ids (at most 100 characters):
    dom:hand:<table>                  "Your hand"
    dom:resign:<table>                resign / give up (asks first, privately)
    dom:quit:<table>                  resign, confirmed
    dom:rules:<table>                 the rules and the table's options
    dom:rematch:<table>               a new lobby with the same seats
    dom:back:<table>                  take back the seat an AI plays after timeouts
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, ack, answer, guard, is_manager, seated, unless_slow
from cogs.common.components import text_layout
from cogs.common.game_words import rules_text
from cogs.common.items import Item, button, part
from cogs.common.membership import Membership
from tables.errors import NoSuchTable, TableError
from tables.live import LiveTable, resign_plays_on
from tables.service import TableService

log = logging.getLogger(__name__)


class HandOpener:
    """What "Your hand" calls: cogs/play/hands.py's `LiveHands` is one (the buttons name
    the part they call by this base, below the play package)."""

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        raise NotImplementedError


class RematchOpener:
    """What "Rematch" calls: cogs/lobby/open_table.py's `TableOpening` is one."""

    async def rematch_click(self, interaction: discord.Interaction[Any],
                            table_id: int) -> None:
        raise NotImplementedError


class TableButton(Item[ui.Button[Any]],
                  template=r"dom:(?P<action>hand|resign|quit|rules|rematch):(?P<table>\d+)"):
    """A table-wide button: your hand, resign (and its confirmation, quit), rules, rematch."""

    def __init__(self, action: str, table: int, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        self.action, self.table = action, table
        super().__init__(button(f"dom:{action}:{table}", label, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        label = getattr(item, "label", None) or match["action"]
        return cls(match["action"], int(match["table"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.action == "hand":
            await part(interaction, HandOpener).show_hand(interaction, self.table)
        elif self.action == "rematch":
            await part(interaction, RematchOpener).rematch_click(interaction, self.table)
        else:
            clicks = part(interaction, TableClicks)
            handler = {"resign": clicks.resign_click, "quit": clicks.resign_confirmed,
                       "rules": clicks.rules_click}[self.action]
            await handler(interaction, self.table)


class BackButton(Item[ui.Button[Any]], template=r"dom:back:(?P<table>\d+)"):
    """"Take my seat back": the clicker's seat, played by an AI since their timeouts."""

    def __init__(self, table: int, *, label: str = "Take my seat back") -> None:
        self.table = table
        super().__init__(button(f"dom:back:{table}", label, discord.ButtonStyle.success, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> BackButton:
        return cls(int(match["table"]), label=getattr(item, "label", None) or "Take my seat back")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, TableClicks).back_click(interaction, self.table)


class TableClicks:
    """Resign, Rules and Take my seat back, and the table commands (given from outside the
    table's server only by its members: `membership`); `rules` writes a game's rules with
    a table's options (cogs/help/help_commands.py)."""

    def __init__(self, service: TableService, membership: Membership) -> None:
        self.service = service
        self.membership = membership

    async def back_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """"Take my seat back": the clicker plays their seat again instead of the AI."""
        async with guard(interaction, table_id):
            await interaction.response.defer(ephemeral=True, thinking=True)
            claimed = await self.service.take_seat(table_id, interaction.user.id)
            await interaction.followup.send(t("notice.claimed_ok" if claimed
                                              else "notice.back_ok"), ephemeral=True)

    async def resign_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Resign asks first, privately: what it means here, and a button to confirm."""
        async with guard(interaction, table_id):
            table, _ = await seated(self.service, table_id, interaction.user.id)
            key = "resign.ask_ai" if resign_plays_on(table) else "resign.ask_end"
            layout = text_layout(t(key, table=table.id))
            layout.add_item(discord.ui.ActionRow(TableButton(
                "quit", table.id, label=t("resign.confirm"), style=discord.ButtonStyle.danger)))
            await interaction.response.send_message(view=layout, ephemeral=True)

    async def resign_confirmed(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        async with guard(interaction, table_id):
            message = interaction.message
            if message is not None and message.flags.ephemeral:  # the question: answered
                await interaction.response.edit_message(view=text_layout(t("resign.done")))
            else:
                await interaction.response.defer()
            await self.service.resign(table_id, interaction.user.id)

    async def rules_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The game's rules with the table's options (also of a table that has ended)."""
        async with guard(interaction, table_id):
            try:
                row = await unless_slow(interaction, self.service.row(table_id))
            except NoSuchTable:
                raise TableError("error.not_in_play") from None
            await answer(interaction, rules_text(row.game, row.options), ephemeral=True)

    async def cancel_here(self, interaction: discord.Interaction[Any],
                          table_id: int | None) -> None:
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            if table_id is None:
                table_id = self._channel_table(interaction).id
            await self.membership.check(interaction, table_id)
            await self.service.cancel(table_id, interaction.user.id,
                                      is_manager=is_manager(interaction))
            await interaction.followup.send(t("cmd.cancelled", table=table_id), ephemeral=True)

    async def replace(self, interaction: discord.Interaction[Any], seat: int,
                      table_id: int | None) -> None:
        async with guard(interaction, table_id):
            if table_id is None:
                table_id = self._channel_table(interaction).id
            await self.membership.check(interaction, table_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.replace_with_ai(table_id, seat - 1, interaction.user.id,
                                               is_manager=is_manager(interaction))
            await interaction.followup.send(t("cmd.replaced", seat=seat), ephemeral=True)

    async def resign_here(self, interaction: discord.Interaction[Any]) -> None:
        """`/domino resign`: the caller resigns from their game in this channel."""
        async with guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.resign(table.id, interaction.user.id)
            await interaction.followup.send(t("cmd.resigned"), ephemeral=True)

    def _channel_table(self, interaction: discord.Interaction[Any]) -> LiveTable:
        """The newest table of this channel (for commands given without a table id)."""
        tables = self.service.tables_in_channel(interaction.channel_id or 0)
        if not tables:
            raise TableError("error.no_table_here")
        mine = [x for x in tables if x.seat_of(interaction.user.id) is not None]
        return max(mine or tables, key=lambda x: x.id)


class TableCommands(LastResort, commands.Cog):
    """`/domino cancel`, `/domino replace` and `/domino resign` (joined into `/domino`:
    cogs/features.py)."""

    def __init__(self, clicks: TableClicks) -> None:
        self.clicks = clicks
        super().__init__()


    @app_commands.command(name="cancel", description="Cancel a table (host or server manager)")
    @app_commands.describe(table="Table number (default: this channel's newest)")
    async def cancel(self, interaction: discord.Interaction[Any], table: int | None = None) -> None:
        await self.clicks.cancel_here(interaction, table)

    @app_commands.command(name="replace", description="Give a missing player's seat to an AI")
    @app_commands.describe(seat="Seat number (1 = first)", table="Table number (default: here)")
    async def replace(self, interaction: discord.Interaction[Any],
                      seat: app_commands.Range[int, 1, 7], table: int | None = None) -> None:
        await self.clicks.replace(interaction, seat, table)

    @app_commands.command(name="resign", description="Resign from your game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await self.clicks.resign_here(interaction)
