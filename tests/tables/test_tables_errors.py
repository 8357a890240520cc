"""Errors of tables/ carry a message key and values; their text comes from the catalog."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from catalog import EN, Phrase, t
from tables.errors import NotYourTurn, TableError
from tables.live import TableSettings, checked_game

ROOT = Path(__file__).resolve().parent.parent.parent
ERRORS = {"TableError", "NoSuchTable", "NotAllowed", "NotSeated", "NotYourTurn", "StaleMove",
          "IllegalMoveError", "TableFull"}


def raised_calls() -> list[tuple[str, ast.expr]]:
    """The first argument of every error raised in tables/ and cogs/, with its place."""
    calls = []
    for path in [*ROOT.glob("tables/*.py"), *ROOT.glob("cogs/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ERRORS and node.args):
                calls.append((f"{path.name}:{node.lineno}", node.args[0]))
    return calls


def raised_keys() -> set[str]:
    """Every literal first argument of an error raised in tables/ and cogs/."""
    return {arg.value for _, arg in raised_calls() if isinstance(arg, ast.Constant)}


def test_every_raised_error_names_its_key_literally() -> None:
    # A text built in place (an f-string, strings added up) would reach people in English
    # only; other arguments are values (a table id, a name, the engine's reason).
    built = [where for where, arg in raised_calls()
             if isinstance(arg, ast.JoinedStr | ast.BinOp)]
    assert len(raised_calls()) > 30 and built == []


def test_every_raised_key_is_in_the_catalog() -> None:
    keys = raised_keys()
    assert len(keys) > 30  # the scan finds them
    assert sorted(k for k in keys if k not in EN) == []


def test_an_error_keeps_its_key_and_values_and_reads_in_a_language() -> None:
    error = NotYourTurn("Bob")
    assert (error.key, error.values) == ("error.not_your_turn", {"whose": "Bob"})
    assert str(error) == "It is not your turn: Bob is to move."
    assert error.text("uk") == "Зараз не ваш хід: ходить Bob."
    assert t("error.unrated", "ru", game=Phrase("game.carousel")) == (
        "У игры «Карусель» нет рейтинга и таблицы лидеров.")


def test_a_game_that_cannot_start_says_why() -> None:
    with pytest.raises(TableError) as seats:
        checked_game("traditional", 5, {})
    assert seats.value.key == "error.seats_range"
    assert str(seats.value) == "Traditional takes 2-4 players, not 5."
    with pytest.raises(TableError) as unknown:
        checked_game("mexican_train", 4, {})
    assert unknown.value.key == "error.unknown_game"
    with pytest.raises(TableError, match="hand_size") as options:
        checked_game("traditional", 2, {"hand_size": 99})
    assert options.value.key == "error.bad_options"
    assert checked_game("carousel", 7, {}).name == "carousel"
    with pytest.raises(TableError, match="1 minute to 7 days"):
        TableSettings(turn_seconds=1)
