"""Playing a move, from the click to the commit, and the commands of a player at their
table: `/domino play <move>` and `/domino hand`.

A tile click in a DM or on "Your hand" goes:

    PlayButton.callback (cogs/play/move_buttons.py; the clicker became the reader and, from
    outside the table's server, was checked to be its member: cogs/common/items.py)
      -> Play.click: which table, which seat, which message
      -> LiveHands.answer_click (cogs/play/hands.py): Discord is answered within its window
      -> TableService.play (tables/): seat, turn, move number, the engine, the commit
      -> after the commit, the hand message is edited to the new hand, as the click's answer

A tile that fits ends leading to different positions is a `TileButton`: the same
message asks which end (cogs/play/hand_message.py). A table another process holds (a
DM's buttons arrive at shard 0's process) is played there: see `Play._elsewhere`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, guard, reply, seated
from cogs.common.escape import excerpt
from cogs.common.game_words import move_words, typed_move
from cogs.play.hand_message import end_choice_layout, hand_shot
from cogs.play.hands import LiveHands
from cogs.play.move_buttons import MoveClicks
from cogs.table.presentation import presentation
from engine.choices import end_choices
from tables.errors import StaleMove, TableError
from tables.service import TableService

MAX_MOVE = 40  # characters: the longest move of any game is far shorter


class Play(MoveClicks):
    """The move handlers: buttons on hand and table messages, and `/domino play`."""

    def __init__(self, service: TableService, hands: LiveHands) -> None:
        self.service = service
        self.hands = hands

    async def click(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                    move: str) -> None:
        """A move button. On a hand message (a DM or an ephemeral) the click is answered by
        the update of that same message to the new hand, once the move is committed
        (`LiveHands.answer_click`). On the table message it is acknowledged first; the
        table message shows the move. A table held by another process: `_elsewhere`."""
        async with guard(interaction, table_id):
            message = interaction.message
            on_hand = message is not None and (message.flags.ephemeral
                                               or interaction.guild_id is None)
            # Held here (the same object the move updates, also once it ends the game).
            table = self.service.held(table_id)
            if on_hand and table is None:
                await self._elsewhere(interaction, table_id, seq, move)
                return
            seat = table.seat_of(interaction.user.id) if table is not None else None
            if message is None or not on_hand or table is None or seat is None:
                await interaction.response.defer()
                await self.service.play(table_id, interaction.user.id, seq, move)
                return
            await self.hands.answer_click(
                interaction, table, seat,
                self.service.play(table_id, interaction.user.id, seq, move))

    async def _elsewhere(self, interaction: discord.Interaction[Any], table_id: int,
                         seq: int, move: str) -> None:
        """A hand message's move button, at a table another process holds: the click is
        answered by taking the message's buttons away, then the move is committed. The
        holder learns of it from storage and brings every hand up to date as for a move
        of its own, this message too; ours being done before the commit, it cannot land
        after the holder's."""
        await self.hands.answer_stripped(interaction, table_id, seq)
        await self.service.play(table_id, interaction.user.id, seq, move)

    async def typed(self, interaction: discord.Interaction[Any], move: str) -> None:
        """`/domino play <move>` at the caller's table in this channel."""
        try:
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
        except TableError as exc:
            await reply(interaction, str(exc))
            return
        async with guard(interaction, table.id):
            if len(move) > MAX_MOVE:
                raise TableError("error.bad_move", text=excerpt(move))
            await interaction.response.defer(ephemeral=True, thinking=True)
            recorded = await self.service.play(table.id, interaction.user.id, None, move)
            await interaction.followup.send(t("cmd.played", move=move_words(recorded)),
                                            ephemeral=True)

    async def choose_end(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                         tile: str) -> None:
        """A tile that fits ends leading to different positions: the same hand message
        asks which end (a tile whose ends are alike is played at once)."""
        async with guard(interaction, table_id):
            table, seat = await seated(self.service, table_id, interaction.user.id)
            if table.seq != seq:
                raise StaleMove()
            assert table.game is not None
            choices = end_choices(table.game, tile) if table.game.to_move == seat else []
            if not choices:  # a tile not held, or not playable now (a crafted or old button)
                raise StaleMove()
            if len(choices) == 1:
                await self.click(interaction, table_id, seq, choices[0].move)
                return
            shot = await hand_shot(table, seat)
            await interaction.response.edit_message(
                view=end_choice_layout(table, seq, tile, choices, shot=shot, seat=seat),
                attachments=[shot.file()] if shot is not None else [])


class PlayCommands(LastResort, commands.Cog):
    """`/domino play` and `/domino hand` (joined into `/domino`: cogs/features.py)."""

    def __init__(self, play: Play, hands: LiveHands, service: TableService) -> None:
        self.play_moves = play
        self.hands = hands
        self.service = service
        super().__init__()


    @app_commands.command(name="play", description="Play a move at your table in this channel")
    @app_commands.describe(move="The move, e.g. 6-3 L, draw, pass, place 4, move 3 7")
    async def play(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self.play_moves.typed(interaction, typed_move(move))

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        moves = self.legal_for(interaction.user.id, interaction.channel_id or 0)
        typed, record = current.strip().lower(), typed_move(current).strip().lower()
        # Shown in the one notation, in the reader's words ("[6|3] L", "[6|3] Л"); sent
        # as the record's ("6-3 L"); found by either ("6-3 Л" finds it too).
        shown = [(move_words(m), m) for m in moves]
        return [app_commands.Choice(name=name, value=m) for name, m in shown
                if record in m.lower() or typed in name.lower()][:25]

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

    @app_commands.command(name="hand", description="Show your hand at your table here")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            if not presentation(table.game_kind).private_hand:
                raise TableError("error.no_hand")
            table, seat = await seated(self.service, table.id, interaction.user.id)
            await self.hands.send_hand(interaction, table, seat)
