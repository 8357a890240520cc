"""How each game looks in Discord: the one per-game table of the cogs, keyed by spec name.

Everything else in cogs/ asks `presentation(game)` instead of matching game names.
A new game registered in engine/registry.py gets an entry here (its message, the
words for its board, its rules text): tests/test_game_parts.py fails for a registered
game without one (an unknown name is shown as a line game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from discord import app_commands, ui

from catalog import t
from cogs.clock_messages import clock_face, clock_layout
from cogs.messages import BoardText, Shot, line_text, spinner_text, table_layout
from cogs.mexican_messages import mexican_text
from engine.registry import GAMES, GameSpec
from tables.live import LiveTable

Layout = Callable[[LiveTable, Shot | None], ui.LayoutView]


@dataclass(frozen=True)
class Presentation:
    """One game's presentation.

    `layout` draws the table message while the game exists (`None`: the line-game
    message with `board_text`); `private_hand` says whether players have a hand to
    see privately; `typed_moves` are moves /domino play accepts beyond the legal ones
    (Big Clock's "resign"). Whether a game has hints is the registry's (`GameSpec.hint`).
    """

    rules_key: str
    board_text: BoardText
    layout: Layout | None = None
    private_hand: bool = True
    typed_moves: tuple[str, ...] = ()

    def table_message(self, table: LiveTable, shot: Shot | None) -> ui.LayoutView:
        """The table's public message as it should look now."""
        if self.layout is not None and table.game is not None:
            return self.layout(table, shot)
        return table_layout(table, shot, self.board_text)


PRESENTATIONS: dict[str, Presentation] = {
    "traditional": Presentation("rules.traditional", line_text),
    "carousel": Presentation("rules.carousel", spinner_text),
    "clock": Presentation("rules.clock", clock_face, layout=clock_layout, private_hand=False,
                          typed_moves=("resign",)),
    "mexican": Presentation("rules.mexican", mexican_text),
}


def presentation(game: str) -> Presentation:
    """The presentation of a game by its spec name; a game without an entry is shown as a
    line game (its board in words, its rules under `rules.<name>`)."""
    return PRESENTATIONS.get(game) or Presentation(f"rules.{game}", line_text)


def _choices(specs: list[GameSpec]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t(f"game.{spec.name}"), value=spec.name) for spec in specs]


# The `game` choices of the slash commands, in registry order.
TABLE_GAMES = _choices([spec for spec in GAMES.values() if not spec.solitaire])
RATED_GAMES = _choices([spec for spec in GAMES.values() if spec.rated])
ALL_GAMES = _choices(list(GAMES.values()))
