"""Opening a table on Discord: `/domino new <game>` (a lobby, a scheduled lobby or a
solitaire), its thread, the invitations, the lobby role's mention, and Rematch.

Every refusal is private and comes before anything is posted: a command or a click is
first acknowledged privately ("thinking…", only the caller sees it), so a refusal
replaces that; only once `tables/` has opened the lobby does the caller get a private
confirmation and the channel the lobby's public message (Discord's second follow-up,
public), then the invited people one ping each with a Join button.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import ack, guard, person
from cogs.common.components import table_link, text_layout
from cogs.common.escape import shown
from cogs.common.locales import languages_of
from cogs.lobby.lobby_message import LobbyButton
from cogs.lobby.new_command import NewTable
from cogs.table.message_updates import TableMessages
from cogs.table.table_buttons import RematchOpener
from engine.registry import game_spec
from tables.live import LiveTable, TableSettings
from tables.people import People
from tables.schedule import ScheduledTables, check_needs_start
from tables.service import TableService

log = logging.getLogger(__name__)


class TableOpening(RematchOpener):
    """The handlers that open tables: `/domino new`, Rematch."""

    def __init__(self, service: TableService, people: People, updates: TableMessages,
                 scheduled: ScheduledTables) -> None:
        self.service = service
        self.people = people
        self.updates = updates
        self.scheduled = scheduled

    # -- /domino new <game> ---------------------------------------------------------------
    async def new_table(self, interaction: discord.Interaction[Any], request: NewTable) -> None:
        """Open the lobby (or start the solitaire) asked for; refusals are private."""
        async with guard(interaction, None):
            await ack(interaction, ephemeral=True)  # storage is read next: answer Discord first
            check_needs_start(request.start, repeat=request.repeat, grace=request.grace,
                              ai_fill=request.ai_fill)
            guild_id, channel_id = interaction.guild_id, interaction.channel_id or 0
            if game_spec(request.game).solitaire:
                table = await self.service.start_solitaire(
                    guild_id=guild_id, channel_id=channel_id, person=person(interaction.user),
                    game=request.game, options=request.options, hint_level=request.hints,
                    auto_draw=request.auto_draw)
                await self._posted(interaction, table, "cmd.started")
                return
            # The rarer settings are the host's to change in the lobby (/domino lobby).
            invited = [person(u) for u in dict.fromkeys(request.invites)
                       if u.id != interaction.user.id and not u.bot]
            settings = TableSettings(
                seats=request.seats,
                turn_seconds=await self.people.turn_seconds(guild_id, request.pace, None),
                lobby_seconds=await self.people.lobby_seconds(guild_id, None),
                thread=request.thread, invited=tuple(p.user_id for p in invited),
                invited_names=tuple(p.name for p in invited))
            if request.start is not None:
                table, _ = await self.scheduled.open(
                    guild_id=guild_id, channel_id=channel_id, host=person(interaction.user),
                    game=request.game, settings=settings, options=request.options,
                    start=request.start, repeat=request.repeat or "",
                    grace_minutes=request.grace, ai_fill=request.ai_fill)
            else:
                table = await self.service.open_lobby(
                    guild_id=guild_id, channel_id=channel_id, host=person(interaction.user),
                    game=request.game, settings=settings, options=request.options)
            thread = await self._in_thread(interaction, table) if settings.thread else None
            if not settings.thread:
                await self._posted(interaction, table, "cmd.opened")
            await self.invite(interaction, table, [p.user_id for p in invited], "lobby.invited",
                              channel=thread)
            await self.lobby_opened(await self.service.table(table.id))

    async def _posted(self, interaction: discord.Interaction[Any], table: LiveTable,
                      key: str) -> None:
        """The private confirmation (it replaces "thinking…"), then the public message."""
        await interaction.followup.send(t(key, table=table.id), ephemeral=True)
        await self.updates.post(interaction, table)

    async def _in_thread(self, interaction: discord.Interaction[Any],
                         table: LiveTable) -> discord.Thread | None:
        """Open a public thread for the table and post its message there; where Discord
        refuses one (no permission, already in a thread), the table stays in the channel
        (None)."""
        channel = interaction.channel
        thread = None
        if isinstance(channel, discord.TextChannel):
            with reading(await languages_of(interaction.client).table(table)):
                name = t("table.thread_name", game=t(f"game.{table.game_kind}"), table=table.id)
            try:
                thread = await channel.create_thread(
                    name=name[:100], type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080)  # a week: a slow game keeps its thread
            except discord.HTTPException as exc:
                log.warning("table %d: no thread: %s", table.id, exc)
        if thread is not None:
            try:  # the host follows the thread (the others join it when mentioned there)
                await thread.add_user(interaction.user)
            except discord.HTTPException as exc:
                log.info("table %d: the host was not added to its thread: %s", table.id, exc)
        else:
            await self._posted(interaction, table, "cmd.no_thread")
            return None
        await self.service.move_to(table.id, thread.id)
        await interaction.followup.send(t("cmd.opened_thread", table=table.id,
                                          thread=thread.mention), ephemeral=True)
        await self.updates.post(interaction, await self.service.table(table.id), channel=thread)
        return thread

    async def invite(self, interaction: discord.Interaction[Any], table: LiveTable,
                     user_ids: Sequence[int], key: str, *,
                     channel: discord.abc.Messageable | None = None, **values: object) -> None:
        """Ping `user_ids` (only them) with the text `key` and a Join button for `table`,
        where the command was given or in `channel` (the table's thread: a mention there
        also adds them to it)."""
        if not user_ids:
            return
        mentions = " ".join(f"<@{u}>" for u in dict.fromkeys(user_ids))
        # Posted for the channel: in the server's language. The host by name, not by
        # mention: the ping is for the invited only.
        with reading(await languages_of(interaction.client).table(table)):
            text = t(key, mentions=mentions, host=shown(person(interaction.user).name),
                     game=t(f"game.{table.game_kind}"), table=table.id, **values)
            join = t("lobby.join")
        message = text_layout(text)
        message.add_item(ui.ActionRow(LobbyButton("join", table.id, label=join)))
        pinged = discord.AllowedMentions(users=[discord.Object(u) for u in user_ids],
                                         roles=False, everyone=False)
        if channel is None:
            await interaction.followup.send(view=message, allowed_mentions=pinged)
        else:
            await channel.send(view=message, allowed_mentions=pinged)

    # -- the end --------------------------------------------------------------------------
    async def rematch_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """One new lobby per finished table, hosted by the clicker; the old table's other
        people are pinged to join it. A second click points to the lobby already open."""
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            rematch = await self.service.rematch(table_id, person(interaction.user))
            table = rematch.table
            if not rematch.opened:
                await interaction.followup.send(
                    t("lobby.rematch_exists", old=table_id, table=table.id,
                      link=table_link(table)), ephemeral=True)
                return
            await self._posted(interaction, table, "cmd.opened")
            await self.invite(interaction, table, rematch.invite, "lobby.rematch_invite",
                              old=table_id)

    async def lobby_opened(self, table: LiveTable) -> None:
        """Mention the server's lobby role (if it has one) about a new lobby."""
        if table.guild_id is None or table.status != "lobby":
            return
        server = await self.people.server(table.guild_id)
        role = server.lobby_role_id
        if role is None:
            return
        with reading(await languages_of(self.updates.bot).table(table)):
            text = t("notice.lobby_role", role=f"<@&{role}>", game=t(f"game.{table.game_kind}"),
                     link=table_link(table))
        await self.updates.channel_notice(table, text, ping_role=role)
