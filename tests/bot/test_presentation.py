"""Every registered game is presented: a cogs entry, rules text and a title in the catalog."""

from __future__ import annotations

from catalog import EN
from cogs.games import ALL_GAMES, PRESENTATIONS, RATED_GAMES, TABLE_GAMES, presentation
from cogs.messages import line_text
from engine.registry import GAMES, rated_games


def test_every_registered_game_has_a_presentation_and_catalog_texts() -> None:
    assert set(PRESENTATIONS) == set(GAMES)
    for name, shown in PRESENTATIONS.items():
        assert shown.rules_key in EN and f"game.{name}" in EN
        assert shown.private_hand != GAMES[name].solitaire


def test_the_command_choices_follow_the_registry() -> None:
    assert [c.value for c in ALL_GAMES] == list(GAMES)
    assert [c.value for c in RATED_GAMES] == [s.name for s in rated_games()]
    assert [c.value for c in TABLE_GAMES] == [s.name for s in GAMES.values() if not s.solitaire]


def test_a_game_without_an_entry_is_shown_as_a_line_game_with_its_own_rules() -> None:
    shown = presentation("dominoes-to-come")
    assert shown.rules_key == "rules.dominoes-to-come" and shown.board_text is line_text
    assert shown.layout is None and shown.private_hand and shown.typed_moves == ()
