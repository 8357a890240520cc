"""A player's hand for their private message: tiles upright, labelled as the buttons are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image

from engine.game import MoveLike
from engine.notation import tile_text
from engine.tiles import Tile
from render.canvas import MARGIN, draw_header, draw_text, header_height, new_canvas
from render.labels import ENGLISH, Labels
from render.text import hand_alt
from render.theme import Theme
from render.tiles import paste_tile

UNIT = 44
STEP = UNIT + 22  # from one tile to the next in a row
PER_ROW = 7  # seven to a row keeps an 18 px label at 13 px on a 360 px phone
LIFT = 10  # playable tiles stand this much higher
ROW = 2 * UNIT + LIFT + 40


class HandView(Protocol):
    """What a hand picture needs from a view (every game's view has it: engine.game.GameView)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def hand(self) -> tuple[Tile, ...] | None: ...
    @property
    def legal_moves(self) -> Sequence[MoveLike]: ...
    @property
    def to_move(self) -> int | None: ...


def playable_tiles(view: HandView) -> frozenset[Tile]:
    """The tiles that appear in `view.legal_moves`."""
    return frozenset(m.tile for m in view.legal_moves if m.tile is not None)


def tile_label(tile: Tile) -> str:
    """The label under a tile, the same as its button's (engine/notation.py): "[6|3]"."""
    return tile_text(tile)


def draw_hand(view: HandView, theme: Theme,
              labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The seat's hand with playable tiles ringed and raised, and its alt text.

    Raises ValueError for a spectator's view (it holds no hand).
    """
    if view.hand is None or view.seat is None:
        raise ValueError("a spectator's view has no hand to draw")
    hand, seat = view.hand, view.seat
    playable = playable_tiles(view)
    moves = {str(m) for m in view.legal_moves}
    if playable:
        note = labels("playable", tiles=", ".join(tile_label(t) for t in hand if t in playable))
    elif "draw" in moves:
        note = labels("no_fit_draw")
    elif "pass" in moves:
        note = labels("no_fit_pass")
    elif view.to_move is not None and view.to_move != seat:
        note = labels("to_move", name=view.players[view.to_move])
    else:
        note = ""
    notes = [note] if note else []
    rows = max(1, -(-len(hand) // PER_ROW))
    per_row = min(PER_ROW, max(1, len(hand)))
    width = max(480, per_row * STEP - 22 + 2 * MARGIN + 8)
    top = header_height((), notes, width)
    img = new_canvas(width, top + rows * ROW + MARGIN, theme)
    draw_header(img, theme, labels("hand_of", name=view.players[seat]),
                labels("tiles", count=len(hand)), chips=(), notes=notes)
    for index, tile in enumerate(hand):
        row, col = divmod(index, PER_ROW)
        in_row = min(PER_ROW, len(hand) - row * PER_ROW)
        left = (width - (in_row * STEP - 22)) // 2
        x = left + col * STEP
        y = top + 10 + row * ROW + LIFT
        can = tile in playable
        if can:
            y -= LIFT
        paste_tile(img, tile.high, tile.low, x, y, vertical=True, unit=UNIT, theme=theme,
                   ring=theme.playable if can else None)
        label_y = top + 10 + row * ROW + LIFT + 2 * UNIT + 18
        colour = theme.playable if can else theme.text
        draw_text(img, (x + UNIT / 2, label_y), tile_label(tile), 18, colour, bold=can,
                  anchor="mm")
    return img, hand_alt(view.players, seat, hand, playable, labels)
