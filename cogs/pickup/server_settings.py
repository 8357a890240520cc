"""`/domino-admin settings`: a server's settings (Manage Server only): the default turn and
lobby times, reminders, what a timeout does, where tables may be opened, the lobby role,
the language of public messages, whether the web pages are public, the queue's channel
and its forming posts, the role whose members host tournaments besides Manage Server,
whether the computer reviews the server's finished games. Joined into `/domino` by
cogs/features.py.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, ack, answer, guard, is_manager
from cogs.common.components import duration
from cogs.common.escape import excerpt
from cogs.common.locales import languages_of
from cogs.pickup.forming_post import FormingPosts
from cogs.pickup.profile import LANGUAGE_CHOICES, check_length
from tables.errors import NotAllowed, TableError
from tables.people import People

log = logging.getLogger(__name__)

_CHANNEL = re.compile(r"<#(\d+)>|(\d{5,})")
MAX_SNOWFLAKE = 20  # digits of a Discord id


def parse_channels(text: str) -> frozenset[int]:
    """'#a #b' (mentions or ids) -> their ids; 'all' -> none (every channel allowed).

    Raises TableError for a number too long to be a Discord id.
    """
    if text.strip().lower() in ("all", "any", "every", "none", ""):
        return frozenset()
    ids = [a or b for a, b in _CHANNEL.findall(text)]
    for digits in ids:
        if len(digits) > MAX_SNOWFLAKE:
            raise TableError("error.not_channel", text=excerpt(digits))
    return frozenset(int(d) for d in ids)


class ServerSettings(LastResort, commands.Cog):
    """The server's settings command."""

    def __init__(self, people: People, forming: FormingPosts) -> None:
        self.people = people
        self.forming = forming
        super().__init__()


    # -- /domino-admin settings -----------------------------------------------------------------
    @app_commands.command(name="settings", description="Server settings (Manage Server only)")
    @app_commands.describe(
        turn_minutes="Default turn time in minutes (1 min to 7 days)",
        reminders="Reminders as percentages of the turn, e.g. 50 90 (none: no reminders)",
        timeout_action="On a timeout: the AI plays, skip (if a pass is legal), or forfeit",
        channels="Channels where tables may be opened, e.g. #dominoes #games (all: every one)",
        lobby_role="A role that new lobbies mention (e.g. @dominoes)",
        no_lobby_role="Stop mentioning a role for new lobbies",
        lobby_minutes="Default lobby time in minutes",
        language="The language of public messages and boards (default: the server's)",
        web="Whether the server's web pages open for anyone, or only from the bot's links",
        pickup_channel="Where the queue opens its tables",
        pickup_threads="A thread for each table the queue opens",
        host_role="A role whose members may host tournaments (besides Manage Server)",
        no_host_role="Tournaments hosted by Manage Server only again",
        forming_posts="Post who waits in the queue, with a Join button, in its channel",
        reviews="Whether the computer reviews the server's finished games (on by default)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(  # noqa: PLR0917 - one parameter per slash option
        self, interaction: discord.Interaction[Any],
        turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
        reminders: str | None = None,
        timeout_action: Literal["ai", "skip", "forfeit"] | None = None,
        channels: str | None = None,
        lobby_role: discord.Role | None = None,
        no_lobby_role: bool = False,
        lobby_minutes: app_commands.Range[int, 1, 10080] | None = None,
        language: str | None = None,
        web: Literal["public", "private"] | None = None,
        pickup_channel: discord.TextChannel | None = None,
        pickup_threads: bool | None = None,
        host_role: discord.Role | None = None,
        no_host_role: bool = False,
        forming_posts: bool | None = None,
        reviews: bool | None = None,
    ) -> None:
        """Show the server's settings, changing what was given first (managers only)."""
        async with guard(interaction, None):
            nothing = all(v is None for v in (turn_minutes, reminders, timeout_action, channels,
                                              lobby_role, lobby_minutes, language, web,
                                              pickup_channel, pickup_threads, host_role,
                                              forming_posts, reviews)
                          ) and not no_lobby_role and not no_host_role
            # Who may change them, before reading what they typed.
            if not nothing and interaction.guild_id is not None and not is_manager(interaction):
                raise NotAllowed("error.managers_only")
            check_length(reminders=reminders)
            await ack(interaction, ephemeral=True)
            people = self.people
            if nothing and interaction.guild_id is not None:
                server = await people.server(interaction.guild_id)
            else:
                server = await people.set_server(
                    interaction.guild_id, is_manager=is_manager(interaction),
                    turn_minutes=turn_minutes, reminders=reminders, timeout_action=timeout_action,
                    channels=parse_channels(channels) if channels is not None else None,
                    lobby_role_id=lobby_role.id if lobby_role is not None else None,
                    clear_role=no_lobby_role, lobby_minutes=lobby_minutes,
                    web_public=None if web is None else web == "public",
                    pickup_channel_id=pickup_channel.id if pickup_channel is not None else None,
                    pickup_threads=pickup_threads,
                    host_role_id=host_role.id if host_role is not None else None,
                    clear_host_role=no_host_role, reviews=reviews)
            if forming_posts is not None and interaction.guild_id is not None:
                await self.forming.switch(interaction.guild_id, forming_posts)
            forming_on = (interaction.guild_id is not None
                          and await self.forming.is_on(interaction.guild_id))
            languages = languages_of(interaction.client)
            if language is not None and interaction.guild_id is not None:
                await languages.choose_for_server(interaction.guild_id,
                                                  None if language == "auto" else language)
            public = await languages.server(interaction.guild_id)
            chosen = (languages.chosen_for_server(interaction.guild_id)
                      if interaction.guild_id is not None else None)
            shown = " · ".join(f"{round(f * 100)}%" for f in server.reminders)
            lines = [
                t("settings.title"),
                t("settings.turn", turn=duration(server.default_turn_seconds)),
                t("settings.lobby", lobby=duration(server.default_lobby_seconds)),
                t("settings.reminders", reminders=shown or t("settings.reminders_none")),
                t("settings.timeout", action=server.timeout_action),
                t("settings.channels", channels=" ".join(
                    f"<#{c}>" for c in sorted(server.allowed_channels))
                    or t("settings.channels_all")),
                t("settings.role", role=f"<@&{server.lobby_role_id}>"
                  if server.lobby_role_id is not None else t("settings.role_none")),
                t("settings.host_role", role=f"<@&{server.tournament_role_id}>")
                if server.tournament_role_id is not None else t("settings.host_role_none"),
                t("settings.pickup", channel=f"<#{server.pickup_channel_id}>"
                  if server.pickup_channel_id is not None else t("settings.pickup_none"),
                  threads=t("option.on") if server.pickup_threads else t("option.off")),
                t("settings.forming", state=t("option.on") if forming_on else t("option.off")),
                t("settings.language", language=t(f"language.{public}")) if chosen
                else t("settings.language_auto", language=t(f"language.{public}")),
                t("settings.web_public" if server.web_public else "settings.web_private"),
                t("settings.reviews_on" if server.reviews else "settings.reviews_off"),
            ]
            await answer(interaction, "\n".join(lines), ephemeral=True,
                         allowed_mentions=discord.AllowedMentions.none())
