"""What a tournament tells on Discord (issue 49): `TournamentNotice`s become DMs and
channel messages, each in its reader's language.

- `round_opened`: each table's public message is posted; each person seated is told once
  by DM where they sit (a bye too), or by a mention in the channel when they chose no
  DMs or one fails;
- `reminder`: a DM to each person still playing;
- `table_done` / `round_done`: the standings message (one message in the channel, posted
  once then edited; its id is stored with the tournament), with a link button to the
  tournament's web page when the bot has pages;
- `finished`: the standings, then the final places announced;
- `started`, `withdrawn`, `cancelled`, `paused`, `resumed`: a line in the channel;
- `signup_changed` (and every change of state, each round's opening: late entry ends
  with round 2's pairing): the sign-up message is edited.

The tournament service tells from under its own steps: every send runs in the background,
one tournament's at a time (so the standings message is posted once).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.background import Background
from cogs.common.components import layout, table_link, when
from cogs.common.escape import shown
from cogs.common.locales import languages_of
from cogs.common.page_links import link_row, links_of
from cogs.table.message_updates import TableMessages
from cogs.tournament.signup import ACCENT, SignupMessages
from storage.tournaments import RoundTableRow, TournamentRow
from tables.errors import NoSuchTable
from tables.people import People
from tables.tournament.service import Tournaments
from tables.tournament.view import StandingLine, TournamentNotice

log = logging.getLogger(__name__)

REFRESH_SIGNUP = ("signup_changed", "started", "round_opened", "finished", "cancelled", "paused",
                  "resumed")
LINES = ("started", "withdrawn", "cancelled", "paused", "resumed")


def number(value: float) -> str:
    """Points as people write them: 2, 1.5."""
    return f"{value:g}" if value == round(value, 2) else f"{value:.2f}"


def page_rows(client: discord.Client, row: TournamentRow) -> list[ui.ActionRow[Any]]:
    """The link to the tournament's web page, as a row of one button (in the reader's
    language), when the bot has pages (WEB_BASE_URL) and the tournament a server."""
    links = links_of(client)
    if links is None or row.guild_id is None:
        return []
    return [link_row(links.tournament(row.guild_id, row.id))]


def standing_lines(lines: list[StandingLine]) -> list[str]:
    """One line per entrant: place, name, points, Buchholz (a withdrawn one marked)."""
    out = []
    for line in lines:
        s = line.standing
        name = shown(line.name) + ("" if s.active else f" {t('tournament.withdrawn_mark')}")
        out.append(t("tournament.standing_line", place=s.place, name=name,
                     points=number(s.points), buchholz=number(s.buchholz)))
    return out


class TournamentNotices:
    """Turns the tournament service's notices into messages (see the module)."""

    def __init__(self, bot: discord.Client, tournaments: Tournaments, people: People,
                 updates: TableMessages, *, signups: SignupMessages,
                 background: Background) -> None:
        self.bot = bot
        self.tournaments = tournaments
        self.people = people
        self.updates = updates
        self.signups = signups
        self.background = background
        self._locks: dict[int, asyncio.Lock] = {}

    async def on_notice(self, notice: TournamentNotice) -> None:
        """The listener: its sends go to the background, one tournament's in order."""
        self.background.spawn(self._told(notice), f"tournament-{notice.kind}")

    async def _told(self, notice: TournamentNotice) -> None:
        tid = notice.tournament.id
        async with self._locks.setdefault(tid, asyncio.Lock()):
            try:
                await self._tell(notice)
            except discord.HTTPException as exc:
                log.warning("tournament %d: %s not told: %s", tid, notice.kind, exc)

    async def _tell(self, notice: TournamentNotice) -> None:
        row = await self.tournaments.get(notice.tournament.id)
        if notice.kind in REFRESH_SIGNUP:
            await self.signups.refresh(row.id)
        if notice.kind == "round_opened":
            await self._round_opened(row, notice)
        elif notice.kind == "reminder":
            await self._reminder(row, notice)
        elif notice.kind in ("table_done", "round_done", "finished"):
            await self._standings(row, notice.round)
        if notice.kind == "finished":
            lines = standing_lines(await self.tournaments.standings(row.id))
            await self._line(row, "tournament.finished", lines="\n".join(lines))
        elif notice.kind in LINES:
            names = ", ".join(f"<@{u}>" for u in notice.users)
            count = len(notice.users)
            await self._line(row, f"tournament.{notice.kind}", names=names, count=count)

    # -- the channel ------------------------------------------------------------------
    def _channel(self, row: TournamentRow) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    async def _public(self, row: TournamentRow) -> str:
        return await languages_of(self.bot).server(row.guild_id, row.host_id)

    async def _line(self, row: TournamentRow, key: str, **values: object) -> None:
        """A line in the tournament's channel (it pings nobody)."""
        with reading(await self._public(row)):
            text = t(key, id=row.id, **values)
        await self._channel(row).send(text[:2000],
                                      allowed_mentions=discord.AllowedMentions.none())

    async def _standings(self, row: TournamentRow, round_number: int) -> None:
        """Post the standings message once, then edit it."""
        view = await self.tournaments.view(row.id)
        with reading(await self._public(row)):
            lines = standing_lines(list(view.standings)) or [t("tournament.standings_none")]
            done = max([r.number for r in view.rounds if r.status == "done"] or [0])
            title = t("tournament.standings_title", id=row.id,
                      round=max(done, round_number), total=view.rounds_total)
            shown_layout = layout([title, t("tournament.standings_head"), "\n".join(lines)],
                                  None, page_rows(self.bot, row), ACCENT)
        channel = self._channel(row)
        if row.standings_message_id is not None:
            try:
                await channel.get_partial_message(row.standings_message_id).edit(
                    view=shown_layout)
                return
            except discord.NotFound:
                log.info("tournament %d: the standings message is gone: posted again", row.id)
        message = await channel.send(view=shown_layout,
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.tournaments.set_messages(row.id, standings=message.id)

    # -- the people ---------------------------------------------------------------------
    async def _round_opened(self, row: TournamentRow, notice: TournamentNotice) -> None:
        view = await self.tournaments.view(row.id)
        deadline = next((r.deadline for r in view.rounds if r.number == notice.round), None)
        names = {e.user_id: e.name for e in view.entrants}
        for rt in notice.tables:
            if rt.decided_by == "bye":
                await self._tell_person(row, rt.seats[0], "tournament.bye_dm",
                                        round=notice.round, late=notice.late)
                continue
            link = await self._posted(rt)
            for user in rt.seats:
                others = ", ".join(shown(names.get(p, str(p))) for p in rt.seats if p != user)
                await self._tell_person(row, user, "tournament.round_dm", round=notice.round,
                                        table=rt.table_id or 0, names=others,
                                        deadline=when(deadline, "F"), link=link,
                                        late=notice.late)

    async def _posted(self, rt: RoundTableRow) -> str:
        """The round table's public message, posted if no one posted it yet: its link."""
        if rt.table_id is None:
            return ""
        try:
            table = await self.tournaments.service.table(rt.table_id)
        except NoSuchTable:
            return ""
        if table.message_id is None:
            try:
                await self.updates.post_new(table)
            except discord.HTTPException as exc:
                log.warning("table %d: its message was not posted: %s", table.id, exc)
        return table_link(table)

    async def _reminder(self, row: TournamentRow, notice: TournamentNotice) -> None:
        view = await self.tournaments.view(row.id)
        deadline = next((r.deadline for r in view.rounds if r.number == notice.round), None)
        for user in notice.users:
            await self._tell_person(row, user, "tournament.reminder", round=notice.round,
                                    relative=when(deadline, "R"))

    async def _tell_person(self, row: TournamentRow, user_id: int, key: str, *,
                           late: bool = False, **values: object) -> None:
        """A DM in their language, unless they chose none; else (or when it fails) a
        mention of them alone in the tournament's channel."""
        with reading(await languages_of(self.bot).person(user_id, None)):
            text = t(key, id=row.id, **values)
            if late:
                text += " " + t("tournament.late")
        player = await self.people.profile(user_id)
        if player.dm_mode != "none" and not player.dms_failed:
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(text)
                return
            except discord.HTTPException as exc:
                log.info("tournament %d: DM to %d not sent: %s", row.id, user_id, exc)
        await self._channel(row).send(
            f"<@{user_id}> {text}"[:2000],
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)],
                                                     roles=False, everyone=False))

