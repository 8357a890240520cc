"""How sample games are made for the gallery, the benchmark and the tests: deterministic,
from seeds. Each game's own samples are its module's (render/games/<game>.py).

Games are played by the engine's own "normal" computer player, so every
sample is a legal game; `stages` cuts one at its opening, middle and end.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from engine.ai import choose
from engine.game import Game
from engine.records import new_game
from engine.rng import SeededRandom

G = TypeVar("G", bound=Game[Any])
P = ParamSpec("P")
PLAYERS = ("Anfisa", "Vsevolod", "Olena", "Taras", "Mila", "Bohdan", "Oksana")


def autoplay(game: G, seed: int, max_moves: int = 2000, hand_only: bool = False) -> G:
    """Play `game` with the normal computer player until it is over (or, with `hand_only`,
    until its first hand is over), at most `max_moves` moves. Returns the same game."""
    rng = SeededRandom(seed)
    start_hand = game.finished_hands
    for _ in range(max_moves):
        seat = game.to_move
        if seat is None:
            break
        game.play(choose("normal", game.view(seat), rng))
        if hand_only and game.finished_hands != start_hand:
            break
    return game


def replayed(record: dict[str, Any], moves: int) -> Game[Any]:
    """The game of `record` after its first `moves` moves."""
    game = new_game(record)
    for move in record["moves"][:moves]:
        game.play(move)
    return game


def hand_view(record: dict[str, Any], moves: int) -> Any:
    """The view of the seat to move after `moves` moves (or the first seat at the end)."""
    game = replayed(record, moves)
    seat = game.to_move if game.to_move is not None else 0
    return game.view(seat)


def hand_record(game: Game[Any], seed: int) -> dict[str, Any]:
    """The record of `game` played to the end of its first hand, one move short of the next
    deal (so that the last frame still shows the finished layout)."""
    start = game.record()
    played = autoplay(game, seed, hand_only=True)
    record = played.record()
    if played.finished_hands != new_game(start).finished_hands:
        record["moves"] = record["moves"][:-1]
    return record


def stages(record: dict[str, Any]) -> dict[str, Game[Any]]:
    """The game of `record` at its opening (first move), middle and end."""
    total = len(record["moves"])
    return {"opening": replayed(record, min(1, total)), "middle": replayed(record, total // 2),
            "end": replayed(record, total)}


def played_once(make: Callable[P, dict[str, Any]]) -> Callable[P, dict[str, Any]]:
    """`make`'s records, each played once a process (the tests and the gallery ask for the
    same few samples again and again, and playing them is most of their cost); every call
    gets its own copy, so that no caller sees another's changes."""
    played: Callable[..., dict[str, Any]] = functools.lru_cache(maxsize=64)(make)

    @functools.wraps(make)
    def record(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        return copy.deepcopy(played(*args, **kwargs))
    return record
