"""How each game looks in Discord, found by the game's name: its table message, its board
in words, the moves `/domino play` takes beyond the legal ones.

A game with a presentation of its own has a module `cogs/table/games/<name>.py` that
exports `PRESENTATION`; a game without one is shown as a line game (its board in words
by `line_text`, its table message by cogs/table/line_message.py), which any game whose
public view is a `LineView` can be. Nothing here lists the games: the registry does
(engine/registry.py), and tests/test_game_parts.py checks each registered game's parts.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from discord import ui

from cogs.common.components import Shot
from cogs.table.line_message import BoardText, line_text, table_layout
from engine.registry import GAMES
from tables.live import LiveTable
from tables.service import TableService

Layout = Callable[[LiveTable, Shot | None], ui.LayoutView]
GAMES_PACKAGE = "cogs.table.games"


@dataclass(frozen=True)
class Presentation:
    """One game's presentation.

    `layout` draws the table message while the game exists (`None`: the line-game
    message with `board_text`); `typed_moves` are moves /domino play accepts beyond the
    legal ones (Big Clock's "resign"); `items` are the game's own persistent buttons
    (Big Clock's Hint), registered by the bot, and `handler` makes the part they call
    (`cogs.common.items.part`). Its rules are the catalog's `rules.<game>`; a solitaire
    has no private hand to show. Whether a game has hints is the registry's
    (`GameSpec.hint`).
    """

    board_text: BoardText = line_text
    layout: Layout | None = None
    typed_moves: tuple[str, ...] = ()
    items: tuple[type[ui.DynamicItem[Any]], ...] = ()
    handler: Callable[[TableService], object] | None = None
    game: str = ""

    @property
    def rules_key(self) -> str:
        return f"rules.{self.game}"

    @property
    def private_hand(self) -> bool:
        """Whether players have a hand to see privately (every game but a solitaire)."""
        spec = GAMES.get(self.game)
        return spec is None or not spec.solitaire

    def table_message(self, table: LiveTable, shot: Shot | None) -> ui.LayoutView:
        """The table's public message as it should look now."""
        if self.layout is not None and table.game is not None:
            return self.layout(table, shot)
        return table_layout(table, shot, self.board_text)


def own_presentation(game: str) -> Presentation | None:
    """The presentation `cogs/table/games/<game>.py` exports, None for a game without one."""
    name = f"{GAMES_PACKAGE}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists and one of its imports is missing: a bug
        return None
    found: Presentation = module.PRESENTATION
    return found


@cache
def presentation(game: str) -> Presentation:
    """The presentation of a game by its spec name: its own, or a line game's."""
    return dataclasses.replace(own_presentation(game) or Presentation(), game=game)
