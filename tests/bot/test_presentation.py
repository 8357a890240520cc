"""The games' presentation in the cogs: the command choices follow the registry, and an
unknown name is shown as a line game (that every registered game has its entry, its rules
text and its title: tests/test_game_parts.py)."""

from __future__ import annotations

from cogs.common.game_words import ALL_GAMES, RATED_GAMES, TABLE_GAMES
from cogs.table.line_message import line_text
from cogs.table.presentation import presentation
from engine.registry import GAMES, rated_games


def test_the_command_choices_follow_the_registry() -> None:
    assert [c.value for c in ALL_GAMES] == list(GAMES)
    assert [c.value for c in RATED_GAMES] == [s.name for s in rated_games()]
    assert [c.value for c in TABLE_GAMES] == [s.name for s in GAMES.values() if not s.solitaire]


def test_a_game_without_an_entry_is_shown_as_a_line_game_with_its_own_rules() -> None:
    shown = presentation("nonesuch")
    assert shown.rules_key == "rules.nonesuch" and shown.board_text is line_text
    assert shown.layout is None and shown.private_hand and shown.typed_moves == ()
