"""The Big Clock message: the clock face in words (and picture), its move buttons and its
Hint button.

Big Clock is a solitaire with nothing hidden but the stock's order, so the
drawn tile is public and the message carries the player's own buttons (moves:
cogs/play/moves.py; Give up: cogs/table/table_buttons.py).

Custom ids (at most 100 characters):
    dom:hint:<table>:<seq>            a suggested move for the position at move `seq`
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from catalog import t
from cogs.common.answering import ack, guard, seated
from cogs.common.components import BUTTONS_PER_ROW, Shot, layout, rows
from cogs.common.escape import shown
from cogs.common.game_words import ending, move_words
from cogs.common.items import Item, button, part
from cogs.play.move_buttons import PlayButton
from cogs.stats.review_button import ReviewButton
from cogs.table.presentation import Presentation
from cogs.table.table_buttons import TableButton
from engine.clock import ClockView
from engine.notation import tile_text
from engine.registry import game_spec
from tables.errors import TableError
from tables.live import LiveTable
from tables.service import TableService
from tables.thinking import think

MOVE_ROWS = 4  # rows of place/move buttons under the first row


class HintButton(Item[ui.Button[Any]], template=r"dom:hint:(?P<table>\d+):(?P<seq>\d+)"):
    """Big Clock: suggest a move for the position at move number `seq`."""

    def __init__(self, table: int, seq: int, *, label: str = "Hint") -> None:
        self.table, self.seq = table, seq
        super().__init__(button(f"dom:hint:{table}:{seq}", label,
                                discord.ButtonStyle.secondary, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> HintButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, Hints).hint_click(interaction, self.table)


class Hints:
    """The Hint button's handler: the move the player's hint level suggests, privately."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def hint_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async with guard(interaction, table_id):
            table, seat = await seated(self.service, table_id, interaction.user.id)
            suggest = game_spec(table.game_kind).hint
            if suggest is None or table.game is None:
                raise TableError("error.not_clock")
            # Answered at once: the hard search may take longer than Discord's 3 seconds
            # when other searches are queued before it (tables/thinking.py).
            await ack(interaction, ephemeral=True)
            move = str(await think(suggest, table.settings.hint_level, table.game.view(seat)))
            # As people read it, and as /domino play takes it.
            shown = t("clock.typed", move=move_words(move), typed=move)
            key = "clock.hint_give_up" if move == "resign" else "clock.hint_text"
            await interaction.followup.send(t(key, move=shown), ephemeral=True)


def clock_text(table: LiveTable) -> list[str]:
    """The clock's title, then its face (`clock_face`) from the public view."""
    assert table.game is not None
    view = table.game.view(None)
    assert isinstance(view, ClockView)
    return [t("clock.title", table=table.id, player=shown(view.players[0])), *clock_face(view)]


def clock_face(view: ClockView) -> list[str]:
    """The clock face, drawn tile, trouble, stock and result of a public view."""
    lines: list[str] = []
    for hour in range(1, view.hours + 1):
        top, height = view.tops[hour - 1], view.heights[hour - 1]
        if hour in view.home and top is not None:  # a home hour shows its double
            lines.append(t("clock.hour_home", hour=hour, tile=tile_text(top)))
        elif top is None:
            lines.append(t("clock.hour_empty", hour=hour))
        else:
            line = t("clock.hour_pile", hour=hour, tile=tile_text(top), height=height)
            under = view.piles[hour - 1][:-1]
            if under:  # laid face up earlier: the player may remember them, so we show them
                line += t("clock.under", tiles=" ".join(tile_text(x) for x in reversed(under)))
            lines.append(line)
    if view.drawn is not None:
        lines.append(t("clock.drawn", tile=tile_text(view.drawn)))
    if view.in_trouble:
        where = ", ".join(f"{tile_text(tile)} ({at})" for tile, at in view.in_trouble)
        lines.append(t("clock.trouble", where=where))
    lines.append(t("clock.stock", stock=view.stock_size, discards=len(view.discards),
                   home=len(view.home), hours=view.hours))
    if view.last_move is not None:
        lines.append(t("table.last", name=shown(view.player),
                       move=move_words(str(view.last_move))))
    outcome = view.outcome
    if outcome is not None:
        if outcome.winners:
            lines.append(t("clock.won"))
        else:
            lines.append(t("clock.lost", reason=ending(view.game, outcome.reason, []),
                           home=len(view.home),
                           hours=view.hours))
    return lines


def clock_layout(table: LiveTable, shot: Shot | None) -> ui.LayoutView:
    """The clock message with buttons for every legal move (while it is being played)."""
    assert table.game is not None
    texts = clock_text(table)
    if table.status != "playing":
        ended: list[ui.Item[Any]] = [TableButton("rules", table.id, label=t("table.rules"))]
        if table.status == "finished":  # the computer's review: where the deal was lost
            ended.append(ReviewButton(table.id, label=t("review.button")))
        done = rows(ended, 1)
        return layout(texts, shot, done, colour=0x99AAB5)
    legal = [str(m) for m in table.game.view(0).legal_moves]
    seq = table.seq
    first: list[ui.Item[Any]] = []
    if "draw" in legal:
        first.append(PlayButton(table.id, seq, "draw", label=t("clock.draw")))
    if "discard" in legal:
        first.append(PlayButton(table.id, seq, "discard", label=t("clock.discard"),
                                style=discord.ButtonStyle.danger))
    first.append(HintButton(table.id, seq, label=t("clock.hint")))
    first.append(TableButton("resign", table.id, label=t("clock.give_up"),
                             style=discord.ButtonStyle.danger))
    others: list[ui.Item[Any]] = []
    for move in legal:
        parts = move.split()
        if parts[0] in ("place", "move"):  # labelled as people read them: "→ 4", "9 → 11"
            style = discord.ButtonStyle.success if parts[0] == "place" else (
                discord.ButtonStyle.secondary)
            others.append(PlayButton(table.id, seq, move, label=move_words(move), style=style))
    shown = MOVE_ROWS * BUTTONS_PER_ROW
    if len(others) > shown:
        rest = [b.move for b in others[shown:] if isinstance(b, PlayButton)]
        texts.append(t("clock.more_moves", moves=", ".join(
            t("clock.typed", move=move_words(m), typed=m) for m in rest)))
    return layout(texts, shot, [*rows(first, 1), *rows(others, MOVE_ROWS)], colour=0xF1C40F)


PRESENTATION = Presentation(board_text=clock_face, layout=clock_layout, typed_moves=("resign",),
                            items=(HintButton,), handler=Hints)
