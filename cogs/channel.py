"""What the bot posts in a table's channel: the table's one public message (built here,
sent by `TableMessages`), notices, hand summaries, and the listener that asks for them
after every committed change (a half of `Actions`)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from catalog import t
from catalog.reader import reading
from cogs.escape import shown
from cogs.games import presentation
from cogs.languages import languages_of
from cogs.messages import Shot, hand_summary_text, render
from cogs.notices import Notices
from cogs.table_updates import TableMessages, fault_text
from engine.game import HandSummary
from render.summary import HandEnd
from tables.live import LiveTable, TableEvent
from tables.service import TableService

log = logging.getLogger(__name__)


class ChannelPosts:
    """The channel half of `Actions` (a mixin: it uses the bot, the service, the
    table-message updater and the notices that `Actions` holds)."""

    bot: discord.Client
    service: TableService
    updates: TableMessages
    notices: Notices

    async def board_shot(self, table: LiveTable) -> Shot | None:
        if table.game is None:
            return None
        return await render("board", table.game.view(None), "board.png")

    async def build(self, table: LiveTable) -> tuple[discord.ui.LayoutView, list[discord.File]]:
        """The table's public message as it should look now, with its picture file, in
        the server's language (whoever's click brought it up to date)."""
        with reading(await languages_of(self.bot).table(table)):
            shot = await self.board_shot(table)
            layout = presentation(table.game_kind).table_message(table, shot)
        note = self.updates.note_of(table)
        if note is not None:
            box = next(c for c in layout.children if isinstance(c, discord.ui.Container))
            box.add_item(discord.ui.TextDisplay(note))
        return layout, [shot.file()] if shot is not None else []

    def refresh(self, table: LiveTable) -> None:
        """Have the table's one public message brought up to date (in the background)."""
        self.updates.request(table)

    def notice(self, table: LiveTable, text: str) -> None:
        """Post a notice in the table's channel (in the background; a refusal is logged)."""
        self.updates.spawn(self.notices.channel_notice(table, text), f"notice-{table.id}")

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
                self.notice(table, t(key, name=shown(table.seats[event.seat].name),
                                     table=table.id))
            return
        if event.kind in ("turn", "reminder"):
            return  # private notices (cogs/notices.py); the table message is unchanged
        if event.kind == "quarantined":  # its game cannot be rebuilt: no message to draw
            self.notice(table, t("table.quarantined_notice", table=table.id))
            return
        if event.kind == "hand" and event.hand is not None:  # posted once, as it ends
            self.updates.spawn(self._send_summary(table, event.hand), f"summary-{table.id}")
            return
        if event.kind == "move" and table.forced_next():
            return  # forced moves follow at once: the last of them updates the message
        self.refresh(table)
        if event.kind == "abandoned":
            self.notice(table, t("lobby.expired_notice", table=table.id))

    # -- opening tables ---------------------------------------------------------------------
    async def post_table(self, interaction: discord.Interaction[Any], table: LiveTable, *,
                         channel: discord.abc.Messageable | None = None) -> None:
        """Send a new table's public message (after deferring), in the interaction's channel
        or in `channel` (the table's thread), and remember its id."""
        layout, files = await self.build(table)
        none = discord.AllowedMentions.none()
        message = (await interaction.followup.send(view=layout, files=files, wait=True,
                                                   allowed_mentions=none)
                   if channel is None else
                   await channel.send(view=layout, files=files, allowed_mentions=none))
        await self.service.set_message(table.id, message.id)
