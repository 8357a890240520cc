"""Pictures of the games: a view in, PNG bytes and alt text out. Pure: no Discord, no I/O.

    render_board(view, theme="table", locale="en") -> Picture   any game's public board
    render_hand(view, theme="table", locale="en") -> Picture    a seat's own hand (private)
    render_replay_gif(record, theme="table", locale="en") -> Picture   one frame a move
    render_rating_chart(points, theme="table", *, title, locale="en") -> Picture   a chart
    warm_up()                                        optional: fill the caches at start-up

A Picture (render/picture.py) holds the file's `data`, its `format` ("png", or
"gif" for a replay), `width`, `height` and `alt` text. The same input always
gives the same bytes. Each game's drawing is its module render/<game>.py, whose
`DRAWER` render/board.py lists by the game's name in engine/registry.py. Every
word drawn is in the language of `locale` ("en", "ru", "uk", "es", "pt"; others are
English), from the catalog (render/labels.py); the fonts are the project's own
(render/typeface.py).
"""

from __future__ import annotations

from typing import Any

from render.board import board_image, drawer_for_view
from render.chart import render_rating_chart
from render.games import drawer as game_drawer
from render.hand import HandView, draw_hand
from render.labels import Labels, labels_for
from render.palette import theme_palette
from render.picture import Picture, png_picture
from render.replay import render_replay_gif as _replay_gif
from render.summary import HandEnd, draw_hand_end
from render.theme import DEFAULT_THEME, THEMES, Theme, get_theme
from render.typeface import FACES, coverage

__all__ = ["DEFAULT_THEME", "THEMES", "HandEnd", "Picture", "Theme", "render_board",
           "render_hand", "render_hand_end",
           "render_rating_chart",
           "render_replay_gif", "warm_up"]


def warm_up(themes: tuple[str, ...] = tuple(THEMES)) -> None:
    """Load each theme's committed palette and the fonts' character maps (~0.3 s) now, so
    that the first picture a player asks for is as quick as the rest. Optional."""
    for name in themes:
        theme_palette(get_theme(name))
    for regular, bold, _ in FACES:
        coverage(regular)
        coverage(bold)


def render_board(view: Any, theme: str | Theme = DEFAULT_THEME,
                 locale: str | Labels | None = None) -> Picture:
    """The public board of any registered game's view as a PNG Picture.

    A seat's view gives the same picture as the spectator's view of the same
    moment: the hand and legal moves are never drawn. Raises TypeError for an
    unknown view and ValueError for an unknown theme.
    """
    chosen = get_theme(theme)
    img, alt = board_image(view, chosen, labels=labels_for(locale))
    return png_picture(img, alt, chosen)


def render_hand(view: HandView, theme: str | Theme = DEFAULT_THEME,
                locale: str | Labels | None = None) -> Picture:
    """A seat's own hand, playable tiles ringed, as a PNG Picture.

    Labels are the tile texts the buttons use ("6-3"). Raises ValueError for a
    spectator's view, which holds no hand, and TypeError for the view of a game whose
    drawer has no hand (Big Clock: the board shows everything) or for no game's view.
    """
    drawer = drawer_for_view(view)
    if not drawer.hand:
        raise TypeError(f"{type(view).__name__} holds no hidden hand: its board shows everything")
    chosen = get_theme(theme)
    look = drawer.tile_look(chosen) if drawer.tile_look is not None else chosen
    img, alt = draw_hand(view, look, labels_for(locale))
    return png_picture(img, alt, chosen)


def render_hand_end(end: HandEnd, theme: str | Theme = DEFAULT_THEME,
                    locale: str | Labels | None = None) -> Picture:
    """A finished hand's picture: every player's tiles left (a strip each), as a PNG."""
    chosen = get_theme(theme)
    drawer = game_drawer(end.game) if end.game else None
    look = drawer.tile_look(chosen) if drawer is not None and drawer.tile_look else chosen
    img, alt = draw_hand_end(end, look, labels_for(locale))
    return png_picture(img, alt, chosen)


def render_replay_gif(record: dict[str, Any], theme: str | Theme = DEFAULT_THEME,
                      locale: str | Labels | None = None) -> Picture:
    """An animated GIF (Picture with fmt "gif") of a game record, one frame per move.

    Frames show the public board only. Raises RecordError / IllegalMove /
    NotationError for a record that does not replay.
    """
    return _replay_gif(record, get_theme(theme), labels_for(locale))
