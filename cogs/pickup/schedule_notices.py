"""Scheduled tables on Discord (issue 24): the RSVP buttons of a scheduled lobby and what
`tables.schedule` tells: a reminder by DM to each person Going, the ping at the start,
a start missed while the bot was down, a table closed at the end of its grace, and the
weekly repeat's new lobby (posted in the channel).

Custom ids: dom:rsvp:<going|maybe|cant>:<table>.
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import ack, guard, person
from cogs.common.components import table_link, when
from cogs.common.items import Item, button, part
from cogs.common.locales import languages_of
from cogs.table.message_updates import TableMessages
from tables.schedule import ScheduledTables, ScheduleNotice

log = logging.getLogger(__name__)


class RsvpButton(Item[ui.Button[Any]],
                 template=r"dom:rsvp:(?P<answer>going|maybe|cant):(?P<table>\d+)"):
    """Going / Maybe / Can't beside a scheduled lobby's Join."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "going": discord.ButtonStyle.success, "maybe": discord.ButtonStyle.secondary,
        "cant": discord.ButtonStyle.secondary}

    def __init__(self, answer: str, table: int, *, label: str | None = None) -> None:
        self.answer, self.table = answer, table
        super().__init__(button(f"dom:rsvp:{answer}:{table}", label or answer,
                                self.STYLES[answer], False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> RsvpButton:
        return cls(match["answer"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, self.table):
            await ack(interaction, ephemeral=True)
            scheduled = part(interaction, ScheduledTables)
            answers = await scheduled.rsvp(self.table, interaction.user.id, self.answer,
                                           name=person(interaction.user).name)
            counts = {a: sum(v == a for v in answers.values()) for a in ("going", "maybe", "cant")}
            await interaction.followup.send(
                t("rsvp.saved", table=self.table, answer=t(f"rsvp.{self.answer}")) + "\n"
                + t("rsvp.counts", **counts), ephemeral=True)


def rsvp_buttons(table: int) -> list[ui.Item[Any]]:
    """The three RSVP buttons of a scheduled lobby."""
    return [RsvpButton(a, table, label=t(f"rsvp.{a}")) for a in ("going", "maybe", "cant")]


class ScheduleNotices:
    """Turns `ScheduleNotice`s into DMs and channel messages, each in its reader's language."""

    def __init__(self, bot: discord.Client, updates: TableMessages) -> None:
        self.bot = bot
        self.updates = updates
        # The message of a table waiting its grace: how it ended is written into it.
        self._waiting: dict[int, discord.Message] = {}

    async def on_notice(self, notice: ScheduleNotice) -> None:
        table = notice.table
        languages = languages_of(self.bot)
        values = {"table": table.id, "game": t(f"game.{table.game_kind}"),
                  "full": when(notice.starts_at, "F"), "relative": when(notice.starts_at, "R"),
                  "link": table_link(table)}
        if notice.kind == "reminder":
            for user_id in notice.users:
                with reading(await languages.person(user_id, None)):
                    text = t("schedule.reminder", **values)
                try:
                    user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                    await user.send(text)
                except discord.HTTPException as exc:
                    log.info("table %d: reminder to %d not sent: %s", table.id, user_id, exc)
            return
        if notice.kind == "next":
            await self.updates.post_new(table)
        if notice.kind == "grace":  # its lobby's message says it waits, not when it starts
            self.updates.request(table)
        mentions = " ".join(f"<@{u}>" for u in notice.users)
        with reading(await languages.table(table)):
            if notice.kind in ("ping", "grace"):
                key = f"schedule.{notice.kind}" + ("" if mentions else "_none")
                text = t(key, mentions=mentions, minutes=round(notice.grace / 60), **values)
            else:
                text = t(f"schedule.{notice.kind}", **values)
        waiting = self._waiting.pop(table.id, None)
        if waiting is not None and notice.kind in ("grace_started", "closed"):
            try:  # one message tells the story: due, waiting, then started or closed
                await waiting.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
                return
            except discord.HTTPException as exc:
                log.info("table %d: the grace message was not edited: %s", table.id, exc)
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        pinged = discord.AllowedMentions(users=[discord.Object(u) for u in notice.users],
                                         roles=False, everyone=False)
        try:
            sent = await channel.send(text, allowed_mentions=pinged)
        except discord.HTTPException as exc:
            log.warning("table %d: schedule notice not posted: %s", table.id, exc)
            return
        if notice.kind == "grace":
            self._waiting[table.id] = sent


SCHEDULE_ITEMS = (RsvpButton,)
