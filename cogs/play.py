"""Playing a move by button or command: from the click to the commit, in this one file.

A tile click in a DM or on "Your hand" goes:

    PlayButton.callback (the clicker became the reader: cogs/items.py)
      -> Play.click: which table, which seat, which message
      -> LiveHands.answer_click (cogs/hands.py): Discord is answered within its window
      -> TableService.play (tables/): seat, turn, move number, the engine, the commit
      -> after the commit, the hand message is edited to the new hand, as the click's answer

A tile that fits ends leading to different positions is a `TileButton`: the
same message asks which end (`end_choice_layout`). A table another process
holds (a DM's buttons arrive at shard 0's process) is played there: see
`Play._elsewhere`. `/domino play <move>` comes to `Play.typed`.

Custom ids (at most 100 characters):
    dom:play:<table>:<seq>:<move>     a move; spaces in the move become "_" ("6-3_L", "place_4")
    dom:tile:<table>:<seq>:<tile>     a tile that fits several ends: asks which end
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t, tn
from cogs.answering import guard, reply, seated
from cogs.escape import excerpt
from cogs.hands import LiveHands
from cogs.items import Item, button, part
from cogs.layout import Shot, layout, render, rows
from cogs.words import move_words
from engine.choices import EndChoice, end_choices
from engine.notation import tile_text
from tables.errors import StaleMove, TableError
from tables.live import LiveTable
from tables.service import TableService

MAX_MOVE = 40  # characters: the longest move of any game is far shorter


def encode_move(text: str) -> str:
    """A move's record text in custom-id form: spaces become underscores."""
    return text.strip().replace(" ", "_")


def decode_move(token: str) -> str:
    """The record text of an encoded move."""
    return token.replace("_", " ")


class PlayButton(Item[ui.Button[Any]],
                 template=r"dom:play:(?P<table>\d+):(?P<seq>\d+):(?P<move>[\w\-]+)"):
    """Play one move at table `table` if it is still at move number `seq`."""

    def __init__(self, table: int, seq: int, move: str, *, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 disabled: bool = False) -> None:
        self.table, self.seq, self.move = table, seq, move
        custom_id = f"dom:play:{table}:{seq}:{encode_move(move)}"
        super().__init__(button(custom_id, label or move, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> PlayButton:
        return cls(int(match["table"]), int(match["seq"]), decode_move(match["move"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, Play).click(interaction, self.table, self.seq, self.move)


class TileButton(Item[ui.Button[Any]],
                 template=r"dom:tile:(?P<table>\d+):(?P<seq>\d+):(?P<tile>\d+-\d+)"):
    """A playable tile that fits more than one end: answers with a choice of end."""

    def __init__(self, table: int, seq: int, tile: str, *, label: str | None = None,
                 disabled: bool = False) -> None:
        self.table, self.seq, self.tile = table, seq, tile
        super().__init__(button(f"dom:tile:{table}:{seq}:{tile}", label or tile,
                                discord.ButtonStyle.primary, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> TileButton:
        return cls(int(match["table"]), int(match["seq"]), match["tile"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, Play).choose_end(interaction, self.table, self.seq, self.tile)


class Play:
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
            table = self.service.tables.get(table_id)
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
            shot = await render("hand", table.game.view(seat), "hand.png")
            await interaction.response.edit_message(
                view=end_choice_layout(table, seq, tile, choices, shot=shot, seat=seat),
                attachments=[shot.file()] if shot is not None else [])


# -- the layouts: a hand with its move buttons --------------------------------------------
def hand_layout(table: LiveTable, seat: int, shot: Shot | None, *, status: str | None = None,
                buttons: bool = True) -> ui.LayoutView:
    """A seat's own hand (sent only to them: ephemeral or DM), `status` first ("You
    played [6|3]"), with a button per playable tile while `buttons` and it is their turn.

    A tile whose ends lead to different positions asks for the end (a TileButton);
    one whose ends are alike plays at once.
    """
    assert table.game is not None
    view = table.game.view(seat)
    tiles = " ".join(tile_text(tile) for tile in view.hand or ()) or t("hand.empty")
    texts = [t("hand.title", table=table.id), status or "", t("hand.tiles", tiles=tiles)]
    moves: list[ui.Item[Any]] = []
    if buttons and view.to_move == seat and view.legal_moves:
        tiles_seen: list[str] = []
        specials = []
        for move in view.legal_moves:
            if move.kind != "play":
                specials.append(str(move))
            elif str(move.tile) not in tiles_seen:
                tiles_seen.append(str(move.tile))
        texts.append(t("hand.your_turn", count=tn("count.tiles", len(tiles_seen))))
        for tile in tiles_seen:
            choices = end_choices(table.game, tile)
            if len(choices) == 1:
                moves.append(PlayButton(table.id, table.seq, choices[0].move,
                                       label=tile_text(tile)))
            else:
                moves.append(TileButton(table.id, table.seq, tile, label=tile_text(tile)))
        for special in specials:
            moves.append(PlayButton(table.id, table.seq, special, label=t(f"table.{special}"),
                                   style=discord.ButtonStyle.secondary))
    return layout(texts, shot, rows(moves, 5))


def end_choice_layout(table: LiveTable, seq: int, tile: str, choices: Sequence[EndChoice],
                        *, shot: Shot | None, seat: int) -> ui.LayoutView:
    """The hand message again, asking where `tile` goes: one button per end of `choices`
    (`engine.choices.end_choices`: the ends that lead to different positions), with what
    it scores where a play scores (Carousel)."""
    assert table.game is not None
    shown_tile = tile_text(tile)
    buttons: list[ui.Item[Any]] = []
    for choice in choices:
        label = t("hand.end", tile=shown_tile, end=choice.words or t(f"move.{choice.end}"))
        if choice.points:
            label += " " + t("hand.end_points", points=choice.points)
        buttons.append(PlayButton(table.id, seq, choice.move, label=label))
    view = table.game.view(seat)
    tiles = " ".join(tile_text(held) for held in view.hand or ()) or t("hand.empty")
    texts = [t("hand.title", table=table.id), t("hand.tiles", tiles=tiles),
             t("hand.choose_end", tile=shown_tile)]
    return layout(texts, shot, rows(buttons, 1))


async def hand_message(table: LiveTable, seat: int, *, buttons: bool,
                       status: str | None = None) -> tuple[ui.LayoutView, list[discord.File]]:
    """The hand message of `seat` at `table` as it stands, with its picture file."""
    assert table.game is not None
    shot = await render("hand", table.game.view(seat), "hand.png")
    found = hand_layout(table, seat, shot, status=status, buttons=buttons)
    return found, [shot.file()] if shot is not None else []
