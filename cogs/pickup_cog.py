"""Pickup games across time zones: /domino profile, games, open and settings.

`PickupCog`'s commands are part of `/domino`, which cogs/bot.py assembles (with
`DominoCog.join`, cogs/tables_cog.py). The turn DMs, reminders and fallbacks are
`Notices` (cogs/notices.py), which the bot registers as a table listener.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from catalog.reader import read_as
from cogs.actions import Actions
from cogs.answering import ack, answer, guard, is_manager, last_resort, person
from cogs.escape import excerpt, shown
from cogs.languages import languages_of
from cogs.layout import duration, table_link, when
from tables.errors import NotAllowed, TableError
from tables.people import People, quiet_text
from tables.quiet import zone_names

log = logging.getLogger(__name__)

# The languages a person or a server may choose; "auto" follows Discord's locale. Each
# language's name is written in itself, so its readers find it whatever they read now.
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"),
                    app_commands.Choice(name="Русский", value="ru"),
                    app_commands.Choice(name="Українська", value="uk"),
                    app_commands.Choice(name="As Discord says", value="auto")]

_CHANNEL = re.compile(r"<#(\d+)>|(\d{5,})")
MAX_TEXT = 100  # characters of a time zone, quiet hours or reminders option
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


def check_length(**texts: str | None) -> None:
    """Refuse an option longer than any sensible value, echoing only an excerpt."""
    for name, text in texts.items():
        if text is not None and len(text) > MAX_TEXT:
            raise TableError("error.too_long", option=name, text=excerpt(text))


# The /domino profile choice of DMs: (what the player reads, storage.models.DM_MODES value).
DM_CHOICES = (("every turn", "turns"), ("reminders only", "reminders"), ("none", "none"))


class PickupCog(commands.Cog):
    """Profiles, the caller's games, a server's open lobbies and its settings."""

    def __init__(self, actions: Actions, people: People) -> None:
        self.actions = actions
        self.people = people
        super().__init__()

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        """A last resort: errors `Actions.guard` did not see (e.g. in argument conversion)."""
        await last_resort(interaction, getattr(error, "original", error))

    # -- /domino profile -----------------------------------------------------------------------
    @app_commands.command(name="profile",
                          description="Your time zone, quiet hours, turn DMs and language")
    @app_commands.describe(
        time_zone="Your IANA time zone, e.g. Europe/Kyiv or America/New_York",
        quiet_hours="No reminders then, local time, e.g. 23:00-07:30 (off: none)",
        turn_dms="Which DMs I send you",
        language="The language of my answers and DMs to you (default: your Discord app's)")
    @app_commands.choices(language=LANGUAGE_CHOICES,
                          turn_dms=[app_commands.Choice(name=name, value=value)
                                    for name, value in DM_CHOICES])
    async def profile(self, interaction: discord.Interaction[Any], time_zone: str | None = None,
                      quiet_hours: str | None = None, turn_dms: str | None = None,
                      language: str | None = None) -> None:
        """Show the caller's profile, changing what they gave first."""
        async with guard(interaction, None):
            check_length(time_zone=time_zone, quiet_hours=quiet_hours)
            await ack(interaction, ephemeral=True)
            people = self.people
            user = interaction.user
            if time_zone is None and quiet_hours is None and turn_dms is None:
                player = await people.profile(user.id, person(user).name)
            else:
                player = await people.set_profile(user.id, person(user).name, tz=time_zone,
                                                  quiet=quiet_hours, dm_mode=turn_dms)
            languages = languages_of(interaction.client)
            if language is not None:
                await languages.choose(user.id, None if language == "auto" else language)
                # The answer is already in the language just chosen.
                read_as(await languages.person(user.id, interaction.locale))
            quiet = quiet_text(player)
            chosen = languages.chosen(user.id)
            lines = [t("profile.title"), t("profile.tz", tz=player.tz or "UTC"),
                     t("profile.quiet", quiet=quiet) if quiet else t("profile.quiet_none"),
                     t("profile.dms", state=t(f"profile.dms_{player.dm_mode}")),
                     t("profile.language", language=t(f"language.{chosen}")) if chosen
                     else t("profile.language_auto")]
            if player.dms_failed:
                lines.append(t("profile.dms_failed"))
            await answer(interaction, "\n".join(lines), ephemeral=True)

    @profile.autocomplete("time_zone")
    async def zone_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in zone_names(current)]

    # -- /domino games and /domino open --------------------------------------------------------
    @app_commands.command(name="games", description="Your lobbies and games in every server")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        """The caller's active tables: whose turn, each deadline, with links."""
        async with guard(interaction, None):
            lines = [t("games.title")]
            for line in self.people.my_games(interaction.user.id)[:20]:
                table = line.table
                common = {"table": table.id, "game": t(f"game.{table.game_kind}"),
                          "when": when(line.deadline), "link": table_link(table)}
                if table.status == "lobby":
                    lines.append(t("games.lobby", filled=len(table.seats),
                                   wanted=table.settings.seats, **common))
                elif line.my_turn:
                    lines.append(t("games.mine", **common))
                else:
                    lines.append(t("games.theirs", name=shown(line.whose), **common))
            if len(lines) == 1:
                lines.append(t("games.none"))
            await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="open", description="Open lobbies on this server, with links")
    async def open_lobbies(self, interaction: discord.Interaction[Any]) -> None:
        """The server's lobbies with free seats."""
        async with guard(interaction, None):
            lines = [t("open.title")]
            for table in self.people.open_lobbies(interaction.guild_id)[:20]:
                lines.append(t("open.line", table=table.id, game=t(f"game.{table.game_kind}"),
                               filled=len(table.seats), wanted=table.settings.seats,
                               names=", ".join(shown(s.name) for s in table.seats),
                               host=f"<@{table.host_id}>",
                               turn=duration(table.settings.turn_seconds),
                               when=when(table.deadline), link=table_link(table)))
            if len(lines) == 1:
                lines.append(t("open.none"))
            await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())

    # -- /domino settings ----------------------------------------------------------------------
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
    ) -> None:
        """Show the server's settings, changing what was given first (managers only)."""
        async with guard(interaction, None):
            nothing = all(v is None for v in (turn_minutes, reminders, timeout_action, channels,
                                              lobby_role, lobby_minutes, language, web,
                                              pickup_channel, pickup_threads)
                          ) and not no_lobby_role
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
                    pickup_threads=pickup_threads)
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
                t("settings.pickup", channel=f"<#{server.pickup_channel_id}>"
                  if server.pickup_channel_id is not None else t("settings.pickup_none"),
                  threads=t("option.on") if server.pickup_threads else t("option.off")),
                t("settings.language", language=t(f"language.{public}")) if chosen
                else t("settings.language_auto", language=t(f"language.{public}")),
                t("settings.web_public" if server.web_public else "settings.web_private"),
            ]
            await answer(interaction, "\n".join(lines), ephemeral=True,
                         allowed_mentions=discord.AllowedMentions.none())
