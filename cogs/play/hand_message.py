"""A player's hand message, drawn: the hand (picture and tiles), a button for each move
while the choice is theirs (cogs/play/move_buttons.py), the end a tile goes to when it
fits several, and in a turn DM the board, where the table is and its clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t, tn
from cogs.common.components import Shot, layout, render, rows, table_link, when, where
from cogs.play.move_buttons import PlayButton, TileButton
from cogs.table.presentation import presentation
from engine.choices import EndChoice, end_choices
from engine.notation import tile_text
from tables.live import LiveTable

Drawn = tuple[ui.LayoutView, list[discord.File]]


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


async def hand_shot(table: LiveTable, seat: int) -> Shot | None:
    """The picture of the seat's hand (None when it cannot be drawn)."""
    assert table.game is not None
    return await render("hand", table.game.view(seat), "hand.png")


async def draw_hand(table: LiveTable, seat: int, *, buttons: bool,
                    status: str | None = None) -> Drawn:
    """The hand message of `seat` at `table` as it stands, with its picture file."""
    shot = await hand_shot(table, seat)
    found = hand_layout(table, seat, shot, status=status, buttons=buttons)
    return found, [shot.file()] if shot is not None else []


async def add_turn(bot: discord.Client, table: LiveTable, drawn: Drawn) -> Drawn:
    """A hand message made a turn DM: the board (in words and its picture), where the
    table is and the time the turn runs out, with its link."""
    assert table.game is not None
    message, files = drawn
    board = table.game.view(None)
    shot = await render("board", board, "board.png")
    container = next(c for c in message.children if isinstance(c, ui.Container))
    lines = [t("notice.turn_title", table=table.id), where(bot, table),
             *presentation(table.game_kind).board_text(board),
             t("notice.turn_by", when=when(table.deadline), at=when(table.deadline, "f"),
               link=table_link(table))]
    container.add_item(ui.TextDisplay("\n".join(lines)))
    if shot is not None:
        container.add_item(shot.gallery())
        files = [*files, shot.file()]
    return message, files
