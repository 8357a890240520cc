"""`/domino daily`: the server's daily Big Clock deal, played in the caller's DMs; its
boards (`/domino daily-board`) and the channel they are posted in once the day is over
(`/domino-admin daily-channel`). The rules of the daily deal live in tables/daily.py.

The commands join the `/domino` group where the bot assembles it (cogs/domino_bot.py).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from catalog.reader import reading
from cogs.common.answering import LastResort, guard, is_manager, person
from cogs.common.locales import languages_of
from cogs.table.message_updates import TableMessages
from storage.daily import DailyResult
from tables.daily import Boards, DailyDeals, daily_number
from tables.errors import TableError

log = logging.getLogger(__name__)


def duration(seconds: float | None) -> str:
    """"3:07" (minutes:seconds) or "1:02:09"."""
    total = int(seconds or 0)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def share_line(result: DailyResult) -> str:
    """The spoiler-free line to share: "Big Clock #312 · 12/12 · 94 moves"."""
    return t("daily.share", number=daily_number(result.day), home=result.hours_home,
             hours=result.hours, moves=result.moves, count=result.moves or 0)


def board_text(boards: Boards, week: bool) -> str:
    """The day's board, and the week's when asked: hours home, moves, time; no tiles."""
    lines = [t("daily.board_title", number=boards.number, day=boards.day)]
    lines += [t("daily.board_row", place=k, name=r.name, home=r.hours_home, hours=r.hours,
                moves=r.moves, count=r.moves or 0, time=duration(r.seconds))
              for k, r in enumerate(boards.today, start=1)] or [t("daily.board_empty")]
    if week:
        lines += ["", t("daily.week_title", day=boards.day)]
        lines += [t("daily.week_row", place=k, name=w.name, home=w.hours_home, wins=w.wins,
                    days=w.days, moves=w.moves, count=w.moves or 0)
                  for k, w in enumerate(boards.week, start=1)]
    return "\n".join(lines)


class DailyCommands(LastResort, commands.Cog):
    """The daily-deal commands (joined into `/domino`); it posts the boards `daily` gives."""

    def __init__(self, bot: discord.Client, updates: TableMessages, daily: DailyDeals) -> None:
        self.bot = bot
        self.updates = updates
        self.daily = daily
        daily.posters.append(self.post_board)
        super().__init__()


    @app_commands.command(name="daily", description="Today's Big Clock deal of this server")
    async def play_daily(self, interaction: discord.Interaction[Any]) -> None:
        """Start the caller's one try (in their DMs), or show how it went."""
        async with guard(interaction, None):
            guild_id = interaction.guild_id
            if guild_id is None:
                raise TableError("daily.guild_only")
            await interaction.response.defer(ephemeral=True, thinking=True)
            mine, days = await self.daily.mine(guild_id, interaction.user.id)
            if mine is not None:
                await interaction.followup.send(self._mine_text(mine, days), ephemeral=True)
                return
            guild_name = interaction.guild.name if interaction.guild else str(guild_id)
            try:
                # Sent before the try is claimed: closed DMs cost nobody their try.
                dm = await interaction.user.create_dm()
                await dm.send(t("daily.dm_title", guild=guild_name,
                                number=daily_number(self.daily.today())))
            except discord.HTTPException:
                raise TableError("daily.no_dms") from None
            table = await self.daily.start(guild_id, person(interaction.user), dm.id)
            await self.updates.post(interaction, table, channel=dm)
            await interaction.followup.send(
                t("daily.in_dms", number=daily_number(self.daily.today())), ephemeral=True)

    def _mine_text(self, mine: DailyResult, streak: int) -> str:
        number = daily_number(mine.day)
        if mine.finished_at is None:
            return t("daily.playing", number=number)
        return t("daily.mine", number=number, home=mine.hours_home, hours=mine.hours,
                 moves=mine.moves, count=mine.moves or 0, time=duration(mine.seconds),
                 streak=streak,
                 share=share_line(mine))

    @app_commands.command(name="daily-board", description="The daily deal's board")
    @app_commands.describe(week="Also the week's board (last 7 days)")
    async def daily_board(self, interaction: discord.Interaction[Any], week: bool = False) -> None:
        async with guard(interaction, None):
            if interaction.guild_id is None:
                raise TableError("daily.guild_only")
            boards = await self.daily.boards(interaction.guild_id)
            # Posted for the whole channel: in the server's language.
            with reading(await languages_of(interaction.client).server(interaction.guild_id)):
                text = board_text(boards, week)
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="daily-channel",
                          description="Where the daily boards are posted (Manage Server)")
    @app_commands.describe(channel="The channel for the daily boards")
    async def daily_channel(self, interaction: discord.Interaction[Any],
                            channel: discord.TextChannel) -> None:
        async with guard(interaction, None):
            if interaction.guild_id is None:
                raise TableError("daily.guild_only")
            if not is_manager(interaction):
                raise TableError("daily.need_manager")
            await self.daily.set_channel(interaction.guild_id, channel.id)
            await interaction.response.send_message(t("daily.channel_set", channel=channel.id),
                                                    ephemeral=True)

    async def post_board(self, guild_id: int, channel_id: int, boards: Boards) -> None:
        """Post a finished day's boards in the guild's channel (a `DailyDeals` poster)."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        with reading(await languages_of(self.bot).server(guild_id)):
            text = board_text(boards, week=True)
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

