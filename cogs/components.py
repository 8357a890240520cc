"""Persistent buttons: `DynamicItem`s whose custom id carries the table id (and move number).

Because everything a button needs is in its custom id, buttons on messages
posted before a restart keep working. Every callback hands the click to the
bot's `Handlers` (cogs/handlers.py), which do the work and the error handling.

Custom ids (at most 100 characters):
    dom:play:<table>:<seq>:<move>     a move; spaces in the move become "_" ("6-3_L", "place_4")
    dom:tile:<table>:<seq>:<tile>     a tile that fits several ends: asks which end
    dom:hand:<table>                  "Your hand"
    dom:resign:<table>                resign / give up (asks first, privately)
    dom:quit:<table>                  resign, confirmed
    dom:rules:<table>                 the rules and the table's options
    dom:hint:<table>:<seq>            Big Clock hint
    dom:lobby:<action>:<table>        join, leave, ai (a normal AI: older lobbies), start, cancel
    dom:addai:<table>                 the lobby's select: an AI of the chosen level
    dom:rematch:<table>               a new lobby with the same seats
    dom:back:<table>                  take back the seat an AI plays after timeouts
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
from discord import ui

from cogs.handlers import handlers_of


def encode_move(text: str) -> str:
    """A move's record text in custom-id form: spaces become underscores."""
    return text.strip().replace(" ", "_")


def decode_move(token: str) -> str:
    """The record text of an encoded move."""
    return token.replace("_", " ")


def _button(custom_id: str, label: str, style: discord.ButtonStyle,
            disabled: bool) -> ui.Button[Any]:
    return ui.Button(label=label[:80], style=style, custom_id=custom_id, disabled=disabled)


class PlayButton(ui.DynamicItem[ui.Button[Any]],
                 template=r"dom:play:(?P<table>\d+):(?P<seq>\d+):(?P<move>[\w\-]+)"):
    """Play one move at table `table` if it is still at move number `seq`."""

    def __init__(self, table: int, seq: int, move: str, *, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 disabled: bool = False) -> None:
        self.table, self.seq, self.move = table, seq, move
        custom_id = f"dom:play:{table}:{seq}:{encode_move(move)}"
        super().__init__(_button(custom_id, label or move, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> PlayButton:
        return cls(int(match["table"]), int(match["seq"]), decode_move(match["move"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).play_click(interaction, self.table, self.seq, self.move)


class TileButton(ui.DynamicItem[ui.Button[Any]],
                 template=r"dom:tile:(?P<table>\d+):(?P<seq>\d+):(?P<tile>\d+-\d+)"):
    """A playable tile that fits more than one end: answers with a choice of end."""

    def __init__(self, table: int, seq: int, tile: str, *, label: str | None = None,
                 disabled: bool = False) -> None:
        self.table, self.seq, self.tile = table, seq, tile
        super().__init__(_button(f"dom:tile:{table}:{seq}:{tile}", label or tile,
                                 discord.ButtonStyle.primary, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> TileButton:
        return cls(int(match["table"]), int(match["seq"]), match["tile"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).choose_end(interaction, self.table, self.seq, self.tile)


class TableButton(ui.DynamicItem[ui.Button[Any]],
                  template=r"dom:(?P<action>hand|resign|quit|rules|rematch):(?P<table>\d+)"):
    """A table-wide button: your hand, resign (and its confirmation, quit), rules, rematch."""

    def __init__(self, action: str, table: int, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        self.action, self.table = action, table
        super().__init__(_button(f"dom:{action}:{table}", label, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        label = getattr(item, "label", None) or match["action"]
        return cls(match["action"], int(match["table"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        actions = handlers_of(interaction)
        handler = {"hand": actions.show_hand, "resign": actions.resign_click,
                   "quit": actions.resign_confirmed, "rules": actions.rules_click,
                   "rematch": actions.rematch_click}[self.action]
        await handler(interaction, self.table)


class HintButton(ui.DynamicItem[ui.Button[Any]],
                 template=r"dom:hint:(?P<table>\d+):(?P<seq>\d+)"):
    """Big Clock: suggest a move for the position at move number `seq`."""

    def __init__(self, table: int, seq: int, *, label: str = "Hint") -> None:
        self.table, self.seq = table, seq
        super().__init__(_button(f"dom:hint:{table}:{seq}", label,
                                 discord.ButtonStyle.secondary, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> HintButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).hint_click(interaction, self.table)


class LobbyButton(ui.DynamicItem[ui.Button[Any]],
                  template=r"dom:lobby:(?P<action>join|leave|ai|start|cancel):(?P<table>\d+)"):
    """A lobby button: join, leave, add an AI, start, cancel."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger}

    def __init__(self, action: str, table: int, *, label: str | None = None,
                 disabled: bool = False) -> None:
        self.action, self.table = action, table
        style = self.STYLES.get(action, discord.ButtonStyle.secondary)
        super().__init__(_button(f"dom:lobby:{action}:{table}", label or action, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).lobby_click(interaction, self.action, self.table)


class AiSelect(ui.DynamicItem[ui.Select[Any]], template=r"dom:addai:(?P<table>\d+)"):
    """The lobby's "Add AI" menu: the host seats an AI of the level chosen (its value)."""

    def __init__(self, table: int, *, placeholder: str = "Add AI",
                 options: list[discord.SelectOption] | None = None,
                 disabled: bool = False) -> None:
        self.table = table
        # A click carries only the chosen value; the options are needed to send the menu.
        choices = options or [discord.SelectOption(label="normal", value="normal")]
        super().__init__(ui.Select(custom_id=f"dom:addai:{table}", placeholder=placeholder[:150],
                                   options=choices, min_values=1, max_values=1,
                                   disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> AiSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        level = self.item.values[0] if self.item.values else "normal"
        await handlers_of(interaction).add_ai_click(interaction, self.table, level)


class BackButton(ui.DynamicItem[ui.Button[Any]], template=r"dom:back:(?P<table>\d+)"):
    """"Take my seat back": the clicker's seat, played by an AI since their timeouts."""

    def __init__(self, table: int, *, label: str = "Take my seat back") -> None:
        self.table = table
        super().__init__(_button(f"dom:back:{table}", label, discord.ButtonStyle.success, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> BackButton:
        return cls(int(match["table"]), label=getattr(item, "label", None) or "Take my seat back")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).back_click(interaction, self.table)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    PlayButton, TileButton, TableButton, HintButton, LobbyButton, AiSelect, BackButton,
)
