"""A table's channel: its one public message (built here, kept current by `TableMessages`,
cogs/table_updates.py), and what the channel is told after every committed change
(notices, hand summaries): `TableChannel.on_event`, a `TableService` listener."""

from __future__ import annotations

import logging

import discord

from catalog import t
from catalog.reader import reading
from cogs.escape import shown
from cogs.games import presentation
from cogs.languages import languages_of
from cogs.messages import hand_summary_text, render
from cogs.page_links import link_row, links_of
from cogs.table_updates import TableMessages, fault_text
from engine.game import HandSummary
from render.summary import HandEnd
from tables.live import LiveTable, TableEvent

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
    return layout, [shot.file()] if shot is not None else []


class TableChannel:
    """Tells a table's channel what happened: the table message, notices, summaries."""

    def __init__(self, bot: discord.Client, updates: TableMessages) -> None:
        self.bot = bot
        self.updates = updates

    async def _send_summary(self, table: LiveTable, summary: HandSummary) -> None:
        """The summary of a hand that ended, in words and a picture (everyone's tiles left)."""
        players = tuple(s.name for s in table.seats)
        shot = await render("hand_end", HandEnd(players, summary), "hand-end.png")
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.send("\n".join(hand_summary_text(table, summary))[:2000],
                               files=[shot.file()] if shot is not None else [],
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("table %d: a hand summary was not posted: %s", table.id,
                        fault_text(exc))

    async def on_event(self, event: TableEvent) -> None:
        """Tell the channel about a committed change (a `TableService` listener), in the
        server's language."""
        with reading(await languages_of(self.bot).table(event.table)):
            self._tell_channel(event)

    def _tell_channel(self, event: TableEvent) -> None:
        table = event.table
        if event.kind == "timeout":
            if event.seat is not None:
                key = {"skip": "table.timeout_skip", "forfeit": "table.timeout_forfeit"}.get(
                    table.settings.timeout_action, "table.timeout_notice")
                self.updates.notice(table, t(key, name=shown(table.seats[event.seat].name),
                                     table=table.id))
            return
        if event.kind in ("turn", "reminder"):
            return  # private notices (cogs/notices.py); the table message is unchanged
        if event.kind == "quarantined":  # its game cannot be rebuilt: no message to draw
            self.updates.notice(table, t("table.quarantined_notice", table=table.id))
            return
        if event.kind == "hand" and event.hand is not None:  # posted once, as it ends
            self.updates.spawn(self._send_summary(table, event.hand), f"summary-{table.id}")
            return
        if event.kind == "move" and table.forced_next():
            return  # forced moves follow at once: the last of them updates the message
        self.updates.request(table)
        if event.kind == "abandoned":
            self.updates.notice(table, t("lobby.expired_notice", table=table.id))
