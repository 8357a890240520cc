"""A person's pickup commands: `/domino profile` (time zone, quiet hours, turn DMs,
language), `/domino games` (their tables everywhere) and `/domino open` (the server's
lobbies with free seats). Joined into `/domino` by cogs/features.py; the turn DMs,
reminders and fallbacks are cogs/play/turn_notices.py's.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from catalog.reader import LANGUAGES, read_as
from cogs.common.answering import LastResort, ack, answer, guard, person
from cogs.common.components import duration, table_link, when
from cogs.common.escape import excerpt, shown
from cogs.common.locales import languages_of
from tables.errors import TableError
from tables.people import People, quiet_text
from tables.quiet import zone_names

log = logging.getLogger(__name__)

# The languages a person or a server may choose; "auto" follows Discord's locale. Each
# language's name is written in itself, so its readers find it whatever they read now.
LANGUAGE_CHOICES = [*(app_commands.Choice(name=t(f"language.{code}", code), value=code)
                      for code in LANGUAGES),
                    app_commands.Choice(name="As Discord says", value="auto")]

MAX_TEXT = 100  # characters of a time zone, quiet hours or reminders option


def check_length(**texts: str | None) -> None:
    """Refuse an option longer than any sensible value, echoing only an excerpt."""
    for name, text in texts.items():
        if text is not None and len(text) > MAX_TEXT:
            raise TableError("error.too_long", option=name, text=excerpt(text))


# The /domino profile choice of DMs: (what the player reads, storage.models.DM_MODES value).
DM_CHOICES = (("every turn", "turns"), ("reminders only", "reminders"), ("none", "none"))


class ProfileCommands(LastResort, commands.Cog):
    """A person's profile, their games, and a server's open lobbies."""

    def __init__(self, people: People) -> None:
        self.people = people
        super().__init__()


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
            lines = [t("profile.title"), (t("profile.tz", tz=player.tz) if player.tz
                                             else t("profile.tz_none")),
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
