"""Opening and finding games in Discord: `/domino new <game>`, invitations, Join, Add AI,
Rematch.

Every refusal is private and comes before anything is posted: a command or a
click is first acknowledged privately ("thinking…", only the caller sees it), so
a refusal replaces that; only once `tables/` has opened the lobby does the
caller get a private confirmation and the channel the lobby's public message
(Discord's second follow-up, public), then the invited people one ping each with
a Join button.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.actions import Actions, person
from cogs.answering import ack
from cogs.components import LobbyButton
from cogs.escape import shown
from cogs.languages import languages_of
from cogs.messages import text_layout
from cogs.new_command import NewTable
from cogs.notices import table_link
from engine.registry import game_spec
from tables.live import LiveTable, TableSettings
from tables.people import People

log = logging.getLogger(__name__)


class Opening:
    """The handlers that open tables and seat people, on top of the bot's `Actions`."""

    def __init__(self, actions: Actions, people: People) -> None:
        self.actions = actions
        self.service = actions.service
        self.people = people

    # -- /domino new <game> ---------------------------------------------------------------
    async def new_table(self, interaction: discord.Interaction[Any], request: NewTable) -> None:
        """Open the lobby (or start the solitaire) asked for; refusals are private."""
        async with self.actions.guard(interaction, None):
            await ack(interaction, ephemeral=True)  # storage is read next: answer Discord first
            guild_id, channel_id = interaction.guild_id, interaction.channel_id or 0
            if game_spec(request.game).solitaire:
                table = await self.service.start_solitaire(
                    guild_id=guild_id, channel_id=channel_id, person=person(interaction.user),
                    game=request.game, options=request.options, hint_level=request.hints,
                    auto_draw=request.auto_draw)
                await self._posted(interaction, table, "cmd.started")
                return
            settings = TableSettings(
                seats=request.seats, auto_start=request.auto_start,
                turn_seconds=await self.people.turn_seconds(guild_id, request.pace,
                                                            request.turn_minutes),
                lobby_seconds=await self.people.lobby_seconds(guild_id, request.lobby_minutes),
                auto_forced=request.forced_moves, on_resign=request.on_resign,
                thread=request.thread)
            table = await self.service.open_lobby(
                guild_id=guild_id, channel_id=channel_id, host=person(interaction.user),
                game=request.game, settings=settings, options=request.options)
            thread = await self._in_thread(interaction, table) if settings.thread else None
            if not settings.thread:
                await self._posted(interaction, table, "cmd.opened")
            invited = [u.id for u in request.invites
                       if u.id != interaction.user.id and not u.bot]
            await self.invite(interaction, table, invited, "lobby.invited", channel=thread)
            await self.actions.notices.lobby_opened(self.service.get(table.id))

    async def _posted(self, interaction: discord.Interaction[Any], table: LiveTable,
                      key: str) -> None:
        """The private confirmation (it replaces "thinking…"), then the public message."""
        await interaction.followup.send(t(key, table=table.id), ephemeral=True)
        await self.actions.post_table(interaction, table)

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
        await self.actions.post_table(interaction, self.service.get(table.id), channel=thread)
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
        layout = text_layout(text)
        layout.add_item(ui.ActionRow(LobbyButton("join", table.id, label=join)))
        pinged = discord.AllowedMentions(users=[discord.Object(u) for u in user_ids],
                                         roles=False, everyone=False)
        if channel is None:
            await interaction.followup.send(view=layout, allowed_mentions=pinged)
        else:
            await channel.send(view=layout, allowed_mentions=pinged)

    # -- lobby clicks ---------------------------------------------------------------------
    async def join_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Seat the clicker and tell them privately where they sit."""
        async with self.actions.guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            table = await self.service.join(table_id, person(interaction.user))
            seat = table.seat_of(interaction.user.id)
            auto = t("lobby.joined_auto") if table.settings.auto_start else ""
            text = (t("lobby.started", table=table.id) if table.status == "playing" else
                    t("lobby.joined_private", table=table.id, game=t(f"game.{table.game_kind}"),
                      seat=(seat or 0) + 1, seats=table.settings.seats, auto=auto))
            await interaction.followup.send(text, ephemeral=True)

    async def add_ai_click(self, interaction: discord.Interaction[Any], table_id: int,
                           level: str) -> None:
        """The host's menu: seat an AI of `level`; the lobby message shows it."""
        async with self.actions.guard(interaction, table_id):
            await ack(interaction, thinking=False)
            await self.service.add_ai(table_id, interaction.user.id, level)

    # -- the end --------------------------------------------------------------------------
    async def rematch_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """One new lobby per finished table, hosted by the clicker; the old table's other
        people are pinged to join it. A second click points to the lobby already open."""
        async with self.actions.guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            rematch = await self.service.rematches.open(table_id, person(interaction.user))
            table = rematch.table
            if not rematch.opened:
                await interaction.followup.send(
                    t("lobby.rematch_exists", old=table_id, table=table.id,
                      link=table_link(table)), ephemeral=True)
                return
            await self._posted(interaction, table, "cmd.opened")
            await self.invite(interaction, table, rematch.invite, "lobby.rematch_invite",
                              old=table_id)
