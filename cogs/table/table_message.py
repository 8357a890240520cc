"""A table's channel: its one public message (built here, kept current by `TableMessages`,
cogs/table/message_updates.py), and what the channel and the players are told after
every committed change: `TableChannel.on_event`, a `TableService` listener.

- the table message brought up to date (forced moves coalesced: the last one updates it);
- notices in the channel: a timeout, a resignation an AI plays on, a player away or
  back, a lobby that expired, a table that cannot be rebuilt;
- the summary of each hand of a match, in words and a picture;
- at the end, each person's game-over DM with the result and its links.

Everything is sent in the background: a listener runs under the table's lock.
"""

from __future__ import annotations

import logging

import discord

from catalog import t
from catalog.reader import reading
from cogs.common.answering import fault_text
from cogs.common.background import Background
from cogs.common.components import render, table_link, where
from cogs.common.escape import shown
from cogs.common.locales import languages_of
from cogs.common.page_links import link_row, links_of
from cogs.stats.review_button import ReviewButton
from cogs.table.line_message import hand_summary_text, result_text
from cogs.table.message_updates import TableMessages
from cogs.table.presentation import presentation
from engine.game import HandSummary
from engine.registry import game_spec
from render.summary import HandEnd
from tables.live import LiveTable, TableEvent
from tables.people import People
from tables.reviews import reviewable

log = logging.getLogger(__name__)


async def table_message(bot: discord.Client,
                        table: LiveTable) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The table's public message as it should look now, with its picture file, in the
    server's language (whoever's click brought it up to date)."""
    with reading(await languages_of(bot).table(table)):
        shot = (await render("board", table.game.view(None), "board.png")
                if table.game is not None else None)
        layout = presentation(table.game_kind).table_message(table, shot)
        links = links_of(bot)
        if links is not None and table.status == "finished" and table.game is not None:
            layout.add_item(link_row(links.game(table.guild_id, table.id)))
        elif links is not None and table.in_play:  # anyone may follow it on the web page
            layout.add_item(link_row(links.watch(table.guild_id, table.id), "web.link.watch"))
    return layout, [shot.file()] if shot is not None else []


class TableChannel:
    """Tells a table's channel what happened: the table message, notices, summaries; and
    its people the game's end."""

    def __init__(self, bot: discord.Client, people: People, updates: TableMessages,
                 background: Background) -> None:
        self.bot = bot
        self.people = people
        self.updates = updates
        self.background = background

    async def on_event(self, event: TableEvent) -> None:
        """Tell the channel about a committed change (a `TableService` listener), in the
        server's language."""
        with reading(await languages_of(self.bot).table(event.table)):
            self._tell_channel(event)
        table = event.table
        if event.kind == "finished" and len(table.seats) > 1:
            self.background.spawn(self.game_over(table.snapshot()), f"game-over-{table.id}")

    def _tell_channel(self, event: TableEvent) -> None:
        table, seat = event.table, event.seat
        if event.kind == "timeout":
            if seat is not None:
                key = {"skip": "table.timeout_skip", "forfeit": "table.timeout_forfeit"}.get(
                    table.settings.timeout_action, "table.timeout_notice")
                self.updates.notice(table, t(key, name=shown(table.seats[seat].name),
                                     table=table.id))
            return
        if event.kind in ("turn", "reminder"):
            return  # private notices (cogs/play/turn_notices.py); the message is unchanged
        if event.kind == "quarantined":  # its game cannot be rebuilt: no message to draw
            self.updates.notice(table, t("table.quarantined_notice", table=table.id))
            return
        if event.kind == "hand" and event.hand is not None:  # posted once, as it ends
            self.background.spawn(self._send_summary(table, event.hand), f"summary-{table.id}")
            return
        if event.kind == "move" and table.forced_next():
            return  # forced moves follow at once: the last of them updates the message
        self.updates.request(table)
        # A scheduled lobby's close is told by its schedule (cogs/pickup/schedule_notices.py).
        if event.kind == "abandoned" and table.settings.starts_at is None:
            self.updates.notice(table, t("lobby.expired_notice", table=table.id))
        elif event.kind in ("resigned", "away", "back") and seat is not None and seat < len(
                table.seats):
            key = "notice.resigned_ai" if event.kind == "resigned" else f"notice.{event.kind}"
            self.updates.notice(table, t(key, name=shown(table.seats[seat].name),
                                         table=table.id))

    async def _send_summary(self, table: LiveTable, summary: HandSummary) -> None:
        """The summary of a hand that ended, in words and a picture (everyone's tiles left)."""
        players = tuple(s.name for s in table.seats)
        # Each partner's points are the pair's only where the game is always in pairs.
        pairs = game_spec(table.game_kind).always_pairs
        end = HandEnd(players, summary, pairs, table.game_kind)
        shot = await render("hand_end", end, "hand-end.png")
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.send("\n".join(hand_summary_text(table, summary))[:2000],
                               files=[shot.file()] if shot is not None else [],
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("table %d: a hand summary was not posted: %s", table.id,
                        fault_text(exc))

    async def game_over(self, table: LiveTable) -> None:
        """A DM to every person at the table with the result and a link (unless they want
        no DMs, or Discord refuses them)."""
        for seat in table.seats:
            if seat.user_id is None:
                continue
            player = await self.people.profile(seat.user_id, seat.name)
            if player.dm_mode == "none" or player.dms_failed:
                continue
            with reading(await languages_of(self.bot).person(seat.user_id)):
                lines = [t("notice.game_over", table=table.id, where=where(self.bot, table)),
                         *result_text(table), table_link(table)]
                links = links_of(self.bot)
                if links is not None:
                    lines.append(t("web.link.game", url=links.game(table.guild_id, table.id)))
                text = "\n".join(lines)
                view = discord.ui.View(timeout=None)
                if reviewable(table.game_kind):  # the computer's review, once made
                    view.add_item(ReviewButton(table.id, label=t("review.button")))
            try:
                channel = await self.bot.create_dm(discord.Object(seat.user_id))
                await channel.send(text[:2000], view=view,
                                   allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.info("table %d: no game-over DM for %s: %s", table.id, seat.user_id,
                         fault_text(exc))
