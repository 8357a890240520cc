"""The lobby, in this one file: `/domino new <game>`, invitations, the lobby message and
its buttons (Join, Leave, Add AI, Start, Cancel), the lobby role's mention, Rematch.

Every refusal is private and comes before anything is posted: a command or a
click is first acknowledged privately ("thinking…", only the caller sees it), so
a refusal replaces that; only once `tables/` has opened the lobby does the
caller get a private confirmation and the channel the lobby's public message
(Discord's second follow-up, public), then the invited people one ping each with
a Join button.

Custom ids (at most 100 characters):
    dom:lobby:<action>:<table>        join, leave, ai (a normal AI: older lobbies), start, cancel
    dom:addai:<table>                 the lobby's select: an AI of the chosen level
(Rematch is a button of the finished table message: cogs/table_buttons.py.)
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.answering import ack, guard, is_manager, person
from cogs.escape import shown
from cogs.items import Item, button, part
from cogs.languages import languages_of
from cogs.layout import duration, layout, rows, seat_label, table_link, text_layout, when
from cogs.new_command import NewTable
from cogs.schedule_cog import rsvp_buttons
from cogs.table_updates import TableMessages
from cogs.words import options_lines, strength_words
from engine.ai import LEVELS
from engine.registry import game_spec
from tables.live import LiveTable, TableSettings
from tables.people import People
from tables.schedule import ScheduledTables
from tables.service import TableService

log = logging.getLogger(__name__)


class LobbyButton(Item[ui.Button[Any]],
                  template=r"dom:lobby:(?P<action>join|leave|ai|start|cancel):(?P<table>\d+)"):
    """A lobby button: join, leave, add an AI, start, cancel."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger}

    def __init__(self, action: str, table: int, *, label: str | None = None,
                 disabled: bool = False) -> None:
        self.action, self.table = action, table
        style = self.STYLES.get(action, discord.ButtonStyle.secondary)
        super().__init__(button(f"dom:lobby:{action}:{table}", label or action, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, Lobby).click(interaction, self.action, self.table)


class AiSelect(Item[ui.Select[Any]], template=r"dom:addai:(?P<table>\d+)"):
    """The lobby's "Add AI" menu: the host seats an AI of the level chosen (its value)."""

    def __init__(self, table: int, *, placeholder: str = "Add AI",
                 options: list[discord.SelectOption] | None = None,
                 disabled: bool = False) -> None:
        self.table = table
        # A click carries only the chosen value; the options are needed to send the menu.
        choices = options or [discord.SelectOption(label="normal", value="normal")]
        super().__init__(ui.Select(custom_id=f"dom:addai:{table}", placeholder=placeholder[:150],
                                   options=choices, min_values=1, max_values=1,
                                   disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> AiSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        level = self.item.values[0] if self.item.values else "normal"
        await part(interaction, Lobby).add_ai_click(interaction, self.table, level)


def lobby_layout(table: LiveTable) -> ui.LayoutView:
    """The lobby's public message: seats, options, times, and its buttons."""
    settings = table.settings
    lines = [f"{i + 1}. {seat_label(table, i)}" for i in range(len(table.seats))]
    lines += [f"{i + 1}. {t('lobby.free')}" for i in range(len(table.seats), settings.seats)]
    texts = [
        t("lobby.title", game=t(f"game.{table.game_kind}"), table=table.id),
        t("lobby.host", host=f"<@{table.host_id}>"),
        t("lobby.seats", filled=len(table.seats), wanted=settings.seats, lines="\n".join(lines)),
        t("lobby.options", options="\n".join(
            f"- {line}" for line in options_lines(table.game_kind, table.row.options))),
        t("lobby.turn", turn=duration(settings.turn_seconds)),
        t("schedule.starts", full=when(settings.starts_at, "F"),
          relative=when(settings.starts_at, "R")) if settings.starts_at is not None else "",
        t("lobby.expires", when=when(table.deadline))
        if table.status == "lobby" and table.deadline is not None else "",
        t("lobby.autostart") if settings.auto_start else "",
        # Only what differs from how tables usually run.
        t("lobby.forced_by_hand") if not settings.auto_forced else "",
        t("lobby.resign_ends") if settings.on_resign == "end" and settings.seats >= 3 else "",
        t("lobby.holds", time=duration(settings.hold_seconds)) if settings.hold_seconds else "",
        t("lobby.settings_hint") if table.status == "lobby" else "",
    ]
    full = len(table.seats) >= settings.seats
    buttons: list[ui.Item[Any]] = [
        LobbyButton("join", table.id, label=t("lobby.join"), disabled=full),
        LobbyButton("leave", table.id, label=t("lobby.leave")),
        LobbyButton("start", table.id, label=t("lobby.start")),
        LobbyButton("cancel", table.id, label=t("lobby.cancel")),
    ]
    answers = (rsvp_buttons(table.id) if settings.starts_at is not None
               and table.status == "lobby" else [])
    # The strength at this table's number of players, where measured (GameSpec.strength).
    levels = [discord.SelectOption(
                  label=t(f"lobby.ai_level.{level}"), value=level,
                  description=strength_words(table.game_kind, level, seats=settings.seats))
              for level in LEVELS]
    menu: list[ui.Item[Any]] = [AiSelect(table.id, placeholder=t("lobby.ai_pick"), options=levels,
                                         disabled=full)]
    return layout(texts, None, [*rows(buttons, 1), *rows(answers, 1), *rows(menu, 1)],
                  colour=0x5865F2)


class Lobby:
    """The handlers that open tables and seat people."""

    def __init__(self, service: TableService, people: People, updates: TableMessages) -> None:
        self.service = service
        self.people = people
        self.updates = updates
        self.scheduled = ScheduledTables(service)

    # -- /domino new <game> ---------------------------------------------------------------
    async def new_table(self, interaction: discord.Interaction[Any], request: NewTable) -> None:
        """Open the lobby (or start the solitaire) asked for; refusals are private."""
        async with guard(interaction, None):
            await ack(interaction, ephemeral=True)  # storage is read next: answer Discord first
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
            await self.lobby_opened(self.service.get(table.id))

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
        await self.updates.post(interaction, self.service.get(table.id), channel=thread)
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

    # -- lobby clicks ---------------------------------------------------------------------
    async def click(self, interaction: discord.Interaction[Any], action: str,
                    table_id: int) -> None:
        """A lobby button: Join (the joiner is told privately where they sit), Leave, Add
        AI (lobbies posted before the level menu), Start, Cancel."""
        if action == "join":
            await self.join_click(interaction, table_id)
            return
        async with guard(interaction, table_id):
            await interaction.response.defer()
            user = interaction.user
            if action == "leave":
                await self.service.leave(table_id, user.id)
            elif action == "ai":
                await self.service.add_ai(table_id, user.id, "normal")
            elif action == "start":
                await self.service.start(table_id, user.id)
            elif action == "cancel":
                await self.service.cancel(table_id, user.id, is_manager=is_manager(interaction))

    async def join_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Seat the clicker and tell them privately where they sit. Join on the invitation
        of a table that started without them takes the seat kept for them, if one is
        (tables/holds.py: as its own button would)."""
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            started = await self.service.table(table_id)
            if (started.status == "playing"
                    and started.seat_state.hold_of(interaction.user.id) is not None):
                await self.service.take_seat(table_id, interaction.user.id)
                await interaction.followup.send(t("notice.claimed_ok"), ephemeral=True)
                return
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
        async with guard(interaction, table_id):
            await ack(interaction, thinking=False)
            await self.service.add_ai(table_id, interaction.user.id, level)

    # -- the end --------------------------------------------------------------------------
    async def rematch_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """One new lobby per finished table, hosted by the clicker; the old table's other
        people are pinged to join it. A second click points to the lobby already open."""
        async with guard(interaction, table_id):
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
