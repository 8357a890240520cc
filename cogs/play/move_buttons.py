"""The move buttons, on hand messages and table messages: persistent `DynamicItem`s whose
custom id carries the table, the move number and the move, so a click reaches the bot's
`MoveClicks` (cogs/play/moves.py) whichever message holds it, also after a restart.

Custom ids (at most 100 characters):
    dom:play:<table>:<seq>:<move>     a move; spaces in the move become "_" ("6-3_L", "place_4")
    dom:tile:<table>:<seq>:<tile>     a tile that fits several ends: asks which end
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from cogs.common.items import Item, button, part


class MoveClicks:
    """What the move buttons call: cogs/play/moves.py's `Play` is one (the buttons, on
    hand and table messages alike, name the part they call by this base)."""

    async def click(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                    move: str) -> None:
        raise NotImplementedError

    async def choose_end(self, interaction: discord.Interaction[Any], table_id: int, seq: int,
                         tile: str) -> None:
        raise NotImplementedError


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
        await part(interaction, MoveClicks).click(interaction, self.table, self.seq, self.move)


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
        await part(interaction, MoveClicks).choose_end(interaction, self.table, self.seq,
                                                       self.tile)
