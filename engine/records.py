"""Game records (RULES.md "Game records"): reading, replaying, writing."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from engine.errors import IllegalMove, NotationError, RecordError
from engine.game import Game
from engine.options import OptionsT, read_options

# Imported lazily so that loading one game does not load them all.
_GAMES = {
    "traditional": ("engine.traditional", "TraditionalGame"),
    "carousel": ("engine.carousel", "CarouselGame"),
    "clock": ("engine.clock", "ClockGame"),
}
GAME_NAMES = tuple(_GAMES)


def game_class(name: object) -> Any:
    """The game class for a record's `game` value; raises RecordError for an unknown one."""
    try:
        module_name, class_name = _GAMES[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RecordError(f"unknown game {name!r} (one of {', '.join(_GAMES)})") from None
    return getattr(importlib.import_module(module_name), class_name)


class ReplayError(Exception):
    """A record whose move number `index` (from 0) is not legal; `error` says why.

    A plain exception class, not a frozen dataclass: Python (and contextlib) must be
    able to set `__traceback__` on it while it propagates.
    """

    def __init__(self, index: int, move: str, error: str) -> None:
        super().__init__(index, move, error)
        self.index = index
        self.move = move
        self.error = error

    def __str__(self) -> str:
        return f"move {self.index} ({self.move!r}): {self.error}"


def new_game(record: dict[str, Any]) -> Game[Any]:
    """The game a record starts from, before any move. Raises RecordError."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    cls = game_class(record.get("game"))
    game: Game[Any] = cls.from_record(record)
    return game


def replay(record: dict[str, Any]) -> Game[Any]:
    """Play a record's moves; return the game. Raises RecordError or ReplayError."""
    game = new_game(record)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("`moves` must be a list of strings")
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise ReplayError(index, repr(move), "a move is a string")
        try:
            game.play(move)
        except (IllegalMove, NotationError) as exc:
            raise ReplayError(index, move, str(exc)) from None
    return game


def replay_file(path: str | Path) -> dict[str, Any]:
    """One line of `python -m engine replay`: the summary, or the error, with `file`."""
    name = str(path)
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
        game = replay(record)
    except ReplayError as exc:
        return {"file": name, "error": exc.error, "index": exc.index, "move": exc.move}
    except OSError as exc:
        return {"file": name, "error": f"cannot read the file: {exc.strerror or exc}"}
    except UnicodeDecodeError as exc:
        return {"file": name, "error": f"not UTF-8 text: {exc}"}
    except json.JSONDecodeError as exc:
        return {"file": name, "error": f"not JSON: {exc}"}
    except RecursionError:  # json.loads of arrays or objects nested thousands deep
        return {"file": name, "error": "not a record: nested too deeply"}
    except (RecordError, NotationError, ValueError) as exc:
        return {"file": name, "error": f"bad record: {exc}"}
    return {"file": name, **game.summary()}


def record_players(record: dict[str, Any], low: int, high: int) -> list[str]:
    """The record's `players`, checked to be `low`..`high` distinct names."""
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("`players` must be a list of names")
    if not low <= len(players) <= high:
        raise RecordError(f"this game takes {low}-{high} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise RecordError("player names must be distinct")
    return players


def record_start(record: dict[str, Any], options_class: type[OptionsT], low: int,
                 high: int) -> tuple[list[str], OptionsT, int | None, object]:
    """What every game reads first from a record: players (`low`..`high` of them),
    options, seed and the raw `deal`. Raises RecordError when there is neither a
    deal nor a seed, or for bad players or options."""
    players = record_players(record, low, high)
    options = read_options(options_class, record.get("options"))
    seed = record_seed(record)
    raw_deal = record.get("deal")
    if raw_deal is None and seed is None:
        raise RecordError("a record needs a `deal` or a `seed`")
    return players, options, seed, raw_deal


def record_seed(record: dict[str, Any]) -> int | None:
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("`seed` must be an integer")
    return seed
