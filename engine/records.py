"""What a game record is, and the one place that writes and reads one.

A record (RULES.md "Game records"; docs/records.md) is a JSON object that
replays a game from its start: `game` (a name of engine/registry.py),
`options` (only those that differ from the defaults), `players`, `deal` (the
explicit deal: each seat's hand and the stock in draw order, with `next` for
later hands of a match; Big Clock: the tile of each hour and the stock), `seed`
(the integer the deals were shuffled from, beside the deal; a record may give
only a seed) and `moves` (in record notation, the canonical record).

`write_record` is the only writer: the games' `record()`, storage and tables
call it, so every record has the same keys in the same order. `new_game` and
`replay` read one; `replay_file` is a line of `python -m engine replay`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import IllegalMove, NotationError, RecordError
from engine.game import Game
from engine.options import OptionsT, read_options
from engine.registry import GAME_NAMES, game_spec

__all__ = ["GAME_NAMES", "ReplayError", "game_class", "new_game", "record_start", "replay",
           "replay_file", "write_record"]


def write_record(game: str, options: dict[str, Any], players: Sequence[str], *,
                 deal: dict[str, Any] | None, seed: int | None,
                 moves: Sequence[str]) -> dict[str, Any]:
    """A record: `game`, `options` (as recorded: only those that differ from the
    defaults), `players`, `deal` and `seed` when known, and `moves`, in that order."""
    record: dict[str, Any] = {"game": game, "options": dict(options), "players": list(players)}
    if deal is not None:
        record["deal"] = deal
    if seed is not None:
        record["seed"] = seed
    record["moves"] = list(moves)
    return record


def upgraded_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """A game's options as stored by an older version, read as RULES.md reads them (what
    storage hands on when it reads a table): Mexican Train's `rounds: 0` and
    `hand_size: 0` meant the default, which a record says by leaving the option out.
    Any other game's options are returned as they are."""
    if game == "mexican":
        from engine.mexican.options import upgraded_options as mexican
        return mexican(options)
    return dict(options)


def game_class(name: object) -> type[Game[Any]]:
    """The game class for a record's `game` value; raises RecordError for an unknown one."""
    return game_spec(name).game_class


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
    return game_class(record.get("game")).from_record(record)


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


def record_start(record: dict[str, Any], game: str,
                 options_class: type[OptionsT]) -> tuple[list[str], OptionsT, int | None, object]:
    """What every game reads first from a record: players (as many as the registry
    says `game` takes), options, seed and the raw `deal`. Raises RecordError when
    there is neither a deal nor a seed, or for bad players or options."""
    players = record_players(record, *game_spec(game).seats)
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
