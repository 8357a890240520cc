"""The picture of a finished hand: every player's tiles left, one strip per player; for a
table played in two pairs, each pair's pips and points above them."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.game import HandSummary
from engine.moves import LineMove
from engine.tiles import Tile
from render.canvas import MARGIN, NOTE_SIZE, draw_text, fit_text, new_canvas, text_width
from render.hand import draw_hand
from render.labels import ENGLISH, Labels
from render.theme import Theme


@dataclass(frozen=True, slots=True)
class HandEnd:
    """What the summary picture shows: the players' names and the hand's summary; `pairs`:
    the four seats play in two pairs, partners opposite (seats 1 and 3, 2 and 4), and
    each partner's points in the summary are the pair's; `game`: the game's name, for its
    own words (Mexican Train's hands are rounds)."""

    players: tuple[str, ...]
    summary: HandSummary
    pairs: bool = False
    game: str = ""


_PAIR_LINE = 40  # the height of one pair's line above the strips


def pair_lines(end: HandEnd, labels: Labels) -> list[str]:
    """Each pair's names, pips left and points in the hand ("Ann + Cy: 12 pips · +40");
    none unless the hand was played by two pairs of four seats."""
    summary = end.summary
    if not end.pairs or len(end.players) != 4:
        return []
    return [labels("pair_summary", names=labels("pair_partners", first=end.players[a],
                                                 second=end.players[a + 2]),
                   count=summary.counts[a] + summary.counts[a + 2], points=summary.points[a])
            for a in (0, 1)]


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
    lines = pair_lines(end, labels)
    width = max([img.width for img, _ in strips]
                + [text_width(line, NOTE_SIZE) + 2 * MARGIN for line in lines])
    top = _PAIR_LINE * len(lines) + (MARGIN // 2 if lines else 0)
    img = new_canvas(width, top + sum(strip.height for strip, _ in strips), theme)
    for i, line in enumerate(lines):
        draw_text(img, (MARGIN, MARGIN // 2 + i * _PAIR_LINE),
                  fit_text(line, NOTE_SIZE, width - 2 * MARGIN), NOTE_SIZE, theme.text)
    for strip, _ in strips:
        img.paste(strip, ((width - strip.width) // 2, top))
        top += strip.height
    over = labels(labels.own("hand_over", end.game), hand=end.summary.number)
    alt = " ".join([over, *(f"{x}." for x in lines), *(a for _, a in strips)])
    return img, alt
