"""A finished game's replay as an animated GIF: one frame per move, from its record."""

from __future__ import annotations

import functools
import io
from typing import Any

from PIL import Image

from engine.records import new_game
from render.board import drawer_for_game
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.palette import to_palette
from render.picture import Picture
from render.theme import Theme

FRAME_MS = 700
LAST_FRAME_MS = 4000


def replay_frames(record: dict[str, Any], theme: Theme,
                  labels: Labels = ENGLISH) -> list[Image.Image]:
    """The public board before the first move and after every move of `record`.

    Raises RecordError or IllegalMove/NotationError for a record that does not replay.
    """
    game = new_game(record)
    drawer = drawer_for_game(record["game"])
    views = [game.view(None)]
    for move in record.get("moves", []):
        game.play(move)
        views.append(game.view(None))
    # One frame for all: every tile stays where it was first laid, the header in place.
    fit = functools.reduce(Frame.union, (drawer.frame(view, theme, labels) for view in views))
    return [drawer.draw(view, theme, fit, labels)[0] for view in views]


def encode_gif(frames: list[Image.Image], theme: Theme) -> tuple[bytes, int, int]:
    """An endlessly looping GIF of `frames` on one canvas, with one shared palette."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    # The theme's one palette for every frame keeps unchanged pixels unchanged.
    out_frames = []
    for frame in frames:
        canvas = frame
        if frame.size != (width, height):  # board frames share one size: no copy for them
            canvas = Image.new("RGB", (width, height), theme.background)
            canvas.paste(frame, (0, 0))
        out_frames.append(to_palette(canvas, theme))
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    out_frames[0].save(out, format="GIF", save_all=True, append_images=out_frames[1:],
                       duration=durations, loop=0, optimize=False, disposal=1)
    return out.getvalue(), width, height


def replay_alt(record: dict[str, Any], labels: Labels = ENGLISH) -> str:
    """A line saying which game is replayed, by whom, in how many moves."""
    players = ", ".join(str(p) for p in record.get("players", []))
    return labels("alt_replay", game=labels.game(str(record.get("game"))), players=players,
                  count=len(record.get("moves", [])))


def render_replay_gif(record: dict[str, Any], theme: Theme,
                      labels: Labels = ENGLISH) -> Picture:
    """The replay GIF of `record` (fmt "gif") with its alt text."""
    frames = replay_frames(record, theme, labels)
    data, width, height = encode_gif(frames, theme)
    return Picture(data, "gif", width, height, replay_alt(record, labels))
