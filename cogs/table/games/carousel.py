"""The Carousel's board in words for the table message and the turn DM: the spinner, its
four arms, the open ends and their count (the rest is the line games' message)."""

from __future__ import annotations

from catalog import t
from cogs.table.presentation import Presentation
from engine.carousel import CarouselView
from engine.fives import SIDES
from engine.notation import piece_text, tile_text


def spinner_text(view: CarouselView) -> list[str]:
    """A spinner and its four arms in words."""
    if view.spinner is None:
        return [t("table.board_empty")]
    parts = [tile_text(view.spinner)]
    for side in SIDES:
        arm = " ".join(piece_text(a.inner, a.outer) for a in view.arms[side])
        if arm:
            parts.append(f"{t(f'move.{side}')}: {arm}")
    ends = " · ".join(f"{t(f'move.{s}')} {n}" for s, n in view.ends.items())
    return [t("table.board", line="  ".join(parts)), t("table.ends", ends=ends),
            t("table.count", count=view.count)]


PRESENTATION = Presentation(board_text=spinner_text)
