"""What the bot does for an interaction (a click or a command), and how it tells the channel.

`Actions` is shared by the slash commands and the persistent buttons. Each
handler runs inside `guard`: a `TableError` becomes a short ephemeral reply,
anything else is logged with the table id and answered with an apology. The
table state never changes unless `tables/` committed it.

`on_event` is registered on `TableService.listeners`: after every committed
change it asks `TableMessages` (cogs/table_updates.py) to bring the table's one
public message up to date and posts the notices, both in the background: a
listener runs under the table's lock, and Discord must never hold a move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from catalog import t
from cogs.answering import ack, answer, answer_error, reply, unless_slow
from cogs.channel import ChannelPosts
from cogs.components import TableButton
from cogs.escape import excerpt
from cogs.games import presentation
from cogs.hands import LiveHands, hand_message, snapshot
from cogs.help import rules_text
from cogs.membership import Membership
from cogs.messages import (
    end_choice_layout,
    render,
    text_layout,
)
from cogs.notices import Notices
from cogs.table_updates import TableMessages
from cogs.words import move_words
from engine.choices import end_choices
from engine.registry import game_spec
from tables.errors import MoveQueued, NotSeated, StaleMove, TableError
from tables.live import LiveTable, Person, resign_plays_on
from tables.people import People
from tables.service import TableService

log = logging.getLogger(__name__)

MAX_MOVE = 40  # characters: the longest move of any game is far shorter


def person(user: discord.abc.User) -> Person:
    return Person(user.id, getattr(user, "display_name", None) or user.name)


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """A member with Manage Server in this guild."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


class Actions(ChannelPosts):
    """The interaction handlers and the table-message updater of one bot (what it posts in
    a table's channel: `ChannelPosts`)."""

    def __init__(self, bot: discord.Client, service: TableService, people: People) -> None:
        self.bot = bot
        self.service = service
        self.updates = TableMessages(bot, self.build, service.set_message)
        self.hands = LiveHands(bot, service, self.updates)
        self.notices = Notices(bot, people, service, self.updates, self.hands)
        self.membership = Membership(bot, service)

    # -- errors ----------------------------------------------------------------------------
    @asynccontextmanager
    async def guard(self, interaction: discord.Interaction[Any],
                    table_id: int | None) -> AsyncIterator[None]:
        """Turn user errors into ephemeral replies, faults (Discord, storage) into one log
        line and an explanation, and bugs into a logged traceback and an apology."""
        try:
            yield
        except Exception as exc:
            where = f"interaction {getattr(interaction, 'id', '?')} at table {table_id}"
            await answer_error(interaction, exc, where)

    # -- lobby buttons ----------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction[Any], action: str,
                          table_id: int) -> None:
        async with self.guard(interaction, table_id):
            await interaction.response.defer()
            user = interaction.user
            if action == "leave":  # (join: cogs/opening.py, which answers the joiner)
                await self.service.leave(table_id, user.id)
            elif action == "ai":  # the Add AI button of lobbies posted before the level menu
                await self.service.add_ai(table_id, user.id, "normal")
            elif action == "start":
                await self.service.start(table_id, user.id)
            elif action == "cancel":
                await self.service.cancel(table_id, user.id, is_manager=is_manager(interaction))

    # -- moves -------------------------------------------------------------------------------
    async def play_click(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                         move: str) -> None:
        """A move button. On a hand message (a DM or an ephemeral) the click is answered by
        updating that same message to the new hand, once the move is committed, unless
        that takes too long for Discord's window: then it is acknowledged first and the
        message is edited after. A table held by another process: see `_play_elsewhere`."""
        async with self.guard(interaction, table_id):
            message = interaction.message
            on_hand = message is not None and (message.flags.ephemeral
                                               or interaction.guild_id is None)
            # Held here (the same object the move updates, also once it ends the game).
            table = self.service.tables.get(table_id)
            if on_hand and table is None:
                await self._play_elsewhere(interaction, table_id, seq, move)
                return
            seat = table.seat_of(interaction.user.id) if table is not None else None
            if message is None or not on_hand or table is None or seat is None:
                await interaction.response.defer()
                await self.service.play(table_id, interaction.user.id, seq, move)
                return
            hands, key = self.hands, (table_id, interaction.user.id)
            hands.answering.add(key)
            try:
                # A move storage keeps waiting (another process holds the database's
                # lock) is answered in time: it is queued, the hand updated once stored.
                await unless_slow(interaction,
                                  self.service.play(table_id, interaction.user.id, seq, move),
                                  thinking=False, note=t("error.move_queued"))
            except MoveQueued:
                if not interaction.response.is_done():
                    raise  # told by the guard, at once
                return  # told by the note already
            finally:
                hands.answering.discard(key)
            if interaction.response.is_done():
                hands.request(table, seat)
                return
            now = snapshot(table)
            layout, files, live = await hands.layout(now, seat)
            await interaction.response.edit_message(view=layout, attachments=files)
            await hands.answered(now, seat, message.id, live)

    async def _play_elsewhere(self, interaction: discord.Interaction[Any], table_id: int,
                              seq: int, move: str) -> None:
        """A hand message's move button, at a table another process holds (a DM's buttons
        arrive at shard 0's process): the click is answered by taking the message's
        buttons away, then the move is committed. The holder learns of it from storage
        and brings every hand up to date as for a move of its own, this message too;
        ours being done before the commit, it cannot land after the holder's."""
        async def stripped() -> tuple[discord.ui.LayoutView, list[discord.File]]:
            table, seat = await self._seated(table_id, interaction.user.id)
            if table.seq != seq:
                raise StaleMove()  # the message is the holder's to bring up to date
            return await hand_message(table, seat, buttons=False)

        layout, files = await unless_slow(interaction, stripped(), thinking=False)
        if interaction.response.is_done():
            await interaction.edit_original_response(view=layout, attachments=files)
        else:
            await interaction.response.edit_message(view=layout, attachments=files)
        await self.service.play(table_id, interaction.user.id, seq, move)

    async def play_typed(self, interaction: discord.Interaction[Any], move: str) -> None:
        try:
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
        except TableError as exc:
            await reply(interaction, str(exc))
            return
        async with self.guard(interaction, table.id):
            if len(move) > MAX_MOVE:
                raise TableError("error.bad_move", text=excerpt(move))
            await interaction.response.defer(ephemeral=True, thinking=True)
            recorded = await self.service.play(table.id, interaction.user.id, None, move)
            await interaction.followup.send(t("cmd.played", move=move_words(recorded)),
                                            ephemeral=True)

    def legal_for(self, user_id: int, channel_id: int) -> list[str]:
        """The caller's legal moves in this channel's table (for autocomplete)."""
        try:
            table = self.service.table_of(user_id, channel_id)
        except TableError:
            return []
        seat = table.seat_of(user_id)
        if table.game is None or seat is None or table.game.to_move != seat:
            return []
        moves = [str(m) for m in table.game.view(seat).legal_moves]
        return [*moves, *presentation(table.game_kind).typed_moves]

    async def choose_end(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                         tile: str) -> None:
        """A tile that fits ends leading to different positions: the same hand message
        asks which end (a tile whose ends are alike is played at once)."""
        async with self.guard(interaction, table_id):
            table, seat = await self._seated(table_id, interaction.user.id)
            if table.seq != seq:
                raise StaleMove()
            assert table.game is not None
            choices = end_choices(table.game, tile) if table.game.to_move == seat else []
            if not choices:  # a tile not held, or not playable now (a crafted or old button)
                raise StaleMove()
            if len(choices) == 1:
                await self.play_click(interaction, table_id, seq, choices[0].move)
                return
            shot = await render("hand", table.game.view(seat), "hand.png")
            await interaction.response.edit_message(
                view=end_choice_layout(table, seq, tile, choices, shot=shot, seat=seat),
                attachments=[shot.file()] if shot is not None else [])

    async def _seated(self, table_id: int, user_id: int) -> tuple[LiveTable, int]:
        # Held here, or read from storage: a DM's buttons arrive on shard 0's process.
        table = await self.service.lookup(table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if not table.in_play:
            raise TableError("error.not_in_play")
        return table, seat

    # -- hands -------------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A fresh ephemeral message with the caller's hand and a button per playable tile."""
        async with self.guard(interaction, table_id):
            table, seat = await self._seated(table_id, interaction.user.id)
            await self.send_hand(interaction, table, seat)

    async def hand_here(self, interaction: discord.Interaction[Any]) -> None:
        async with self.guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            if not presentation(table.game_kind).private_hand:
                raise TableError("error.no_hand")
            table, seat = await self._seated(table.id, interaction.user.id)
            await self.send_hand(interaction, table, seat)

    async def send_hand(self, interaction: discord.Interaction[Any], table: LiveTable,
                        seat: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        snapshot = LiveTable(table.row, table.game)  # this moment's game and move number
        assert snapshot.game is not None
        hands = self.hands
        layout, files, live = await hands.layout(snapshot, seat)
        message = await interaction.followup.send(view=layout, files=files, ephemeral=True,
                                                  wait=True)
        await hands.adopt(snapshot, seat, interaction.channel_id or table.channel_id,
                          message.id, live=live, token=interaction.token)

    # -- other table buttons -------------------------------------------------------------------
    async def back_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """"Take my seat back": the clicker plays their seat again instead of the AI."""
        async with self.guard(interaction, table_id):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.take_back(table_id, interaction.user.id)
            await interaction.followup.send(t("notice.back_ok"), ephemeral=True)

    async def resign_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Resign asks first, privately: what it means here, and a button to confirm."""
        async with self.guard(interaction, table_id):
            table, _ = await self._seated(table_id, interaction.user.id)
            key = "resign.ask_ai" if resign_plays_on(table) else "resign.ask_end"
            layout = text_layout(t(key, table=table.id))
            layout.add_item(discord.ui.ActionRow(TableButton(
                "quit", table.id, label=t("resign.confirm"), style=discord.ButtonStyle.danger)))
            await interaction.response.send_message(view=layout, ephemeral=True)

    async def resign_confirmed(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        async with self.guard(interaction, table_id):
            message = interaction.message
            if message is not None and message.flags.ephemeral:  # the question: answered
                await interaction.response.edit_message(view=text_layout(t("resign.done")))
            else:
                await interaction.response.defer()
            await self.service.resign(table_id, interaction.user.id)

    async def hint_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async with self.guard(interaction, table_id):
            table, seat = await self._seated(table_id, interaction.user.id)
            suggest = game_spec(table.game_kind).hint
            if suggest is None or table.game is None:
                raise TableError("error.not_clock")
            # The level the player picked; the hard search runs off the event loop.
            move = str(await asyncio.to_thread(suggest, table.settings.hint_level,
                                               table.game.view(seat)))
            # As people read it, and as /domino play takes it.
            shown = t("clock.typed", move=move_words(move), typed=move)
            key = "clock.hint_give_up" if move == "resign" else "clock.hint_text"
            await interaction.response.send_message(t(key, move=shown), ephemeral=True)

    async def known_table(self, interaction: discord.Interaction[Any],
                          table_id: int) -> LiveTable:
        """A live table, or one that has ended (read back from storage: ended tables are
        not kept in memory). Raises TableError."""
        table = self.service.tables.get(table_id)
        if table is not None:
            return table
        row = await unless_slow(interaction, self.service.store.get_table(table_id))
        if row is None:
            raise TableError("error.not_in_play")
        return LiveTable(row, None)

    async def rules_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async with self.guard(interaction, table_id):
            table = await self.known_table(interaction, table_id)
            await answer(interaction, rules_text(table.game_kind, table.row.options),
                         ephemeral=True)

    async def cancel_here(self, interaction: discord.Interaction[Any],
                          table_id: int | None) -> None:
        async with self.guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            if table_id is None:
                table_id = self._channel_table(interaction).id
            await self.membership.check(interaction, table_id)
            await self.service.cancel(table_id, interaction.user.id,
                                      is_manager=is_manager(interaction))
            await interaction.followup.send(t("cmd.cancelled", table=table_id), ephemeral=True)

    async def replace(self, interaction: discord.Interaction[Any], seat: int,
                      table_id: int | None) -> None:
        async with self.guard(interaction, table_id):
            if table_id is None:
                table_id = self._channel_table(interaction).id
            await self.membership.check(interaction, table_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.replace_with_ai(table_id, seat - 1, interaction.user.id,
                                               is_manager=is_manager(interaction))
            await interaction.followup.send(t("cmd.replaced", seat=seat), ephemeral=True)

    def _channel_table(self, interaction: discord.Interaction[Any]) -> LiveTable:
        """The newest table of this channel (for commands given without a table id)."""
        tables = self.service.tables_in_channel(interaction.channel_id or 0)
        if not tables:
            raise TableError("error.no_table_here")
        mine = [x for x in tables if x.seat_of(interaction.user.id) is not None]
        return max(mine or tables, key=lambda x: x.id)


__all__ = ["Actions", "text_layout"]
