"""The picture of a finished hand: every player's tiles left, one strip per player."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.game import HandSummary
from engine.moves import LineMove
from engine.tiles import Tile
from render.canvas import new_canvas
from render.hand import draw_hand
from render.labels import ENGLISH, Labels
from render.theme import Theme


@dataclass(frozen=True, slots=True)
class HandEnd:
    """What the summary picture shows: the players' names and the hand's summary."""

    players: tuple[str, ...]
    summary: HandSummary


@dataclass(frozen=True, slots=True)
class _Left:
    """One seat's tiles left, as `render.hand.draw_hand` reads a view (nothing playable)."""

    players: tuple[str, ...]
    seat: int | None
    hand: tuple[Tile, ...] | None
    legal_moves: tuple[LineMove, ...] = ()
    to_move: int | None = None


def draw_hand_end(end: HandEnd, theme: Theme,
                  labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """Each player's hand strip (their name, tiles left), stacked; and the alt text."""
    strips = [draw_hand(_Left(end.players, seat, tuple(Tile.parse(x) for x in tiles)), theme,
                        labels)
              for seat, tiles in enumerate(end.summary.tiles)]
    width = max(img.width for img, _ in strips)
    img = new_canvas(width, sum(strip.height for strip, _ in strips), theme)
    top = 0
    for strip, _ in strips:
        img.paste(strip, ((width - strip.width) // 2, top))
        top += strip.height
    alt = " ".join([labels("hand_over", hand=end.summary.number), *(a for _, a in strips)])
    return img, alt
