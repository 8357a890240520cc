"""Sample games for the gallery, the benchmark and the tests: deterministic, from seeds.

Games are played by the engine's own "normal" computer player, so every
sample is a legal game; `stages` cuts one at its opening, middle and end.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from engine.ai import choose
from engine.carousel import CarouselGame, CarouselOptions
from engine.clock import ClockGame, ClockOptions
from engine.game import Game
from engine.mexican import MexicanGame, MexicanOptions
from engine.records import new_game
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional import TraditionalGame
from engine.traditional.line import PlacedTile
from engine.traditional.view import TraditionalView

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


def _played_once(make: Callable[P, dict[str, Any]]) -> Callable[P, dict[str, Any]]:
    """`make`'s records, each played once a process (the tests and the gallery ask for the
    same few samples again and again, and playing them is most of their cost); every call
    gets its own copy, so that no caller sees another's changes."""
    played: Callable[..., dict[str, Any]] = functools.lru_cache(maxsize=64)(make)

    @functools.wraps(make)
    def record(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        return copy.deepcopy(played(*args, **kwargs))
    return record


@_played_once
def traditional_record(seed: int = 7, players: int = 3) -> dict[str, Any]:
    """A whole single-hand Traditional game."""
    return autoplay(TraditionalGame(PLAYERS[:players], seed=seed), seed).record()


@_played_once
def carousel_record(seed: int = 3, players: int = 7, pairs: bool = False) -> dict[str, Any]:
    """The first hand of a Carousel match, up to its last play."""
    options = CarouselOptions(pairs=pairs)
    return hand_record(CarouselGame(PLAYERS[:players], options, seed=seed), seed)


@_played_once
def clock_record(seed: int = 5, hours: int = 12) -> dict[str, Any]:
    """A whole Big Clock game on the double-`hours` set."""
    game = ClockGame(("Anfisa",), ClockOptions(set=hours), seed=seed)
    return autoplay(game, seed).record()


@_played_once
def mexican_record(seed: int = 4, players: int = 4) -> dict[str, Any]:
    """The first round of a short (5 rounds) Mexican Train game, up to its last play."""
    names = (*PLAYERS, "Yarema")[:players]
    return hand_record(MexicanGame(names, MexicanOptions(rounds=5), seed=seed), seed)


@_played_once
def long_traditional_record(seeds: range = range(40)) -> dict[str, Any]:
    """The Traditional 2-player game with the longest line among `seeds`."""
    best: tuple[int, dict[str, Any]] | None = None
    for seed in seeds:
        game = autoplay(TraditionalGame(PLAYERS[:2], seed=seed), seed)
        length = len(game.view(None).line)
        if best is None or length > best[0]:
            best = (length, game.record())
    assert best is not None
    return best[1]


def full_line() -> tuple[PlacedTile, ...]:
    """All 28 tiles of the double-6 set in one legal line (every number appears eight
    times, so the set forms a single closed chain)."""
    unused = {n: sorted((t for t in full_set(6) if t.has(n)), reverse=True) for n in range(7)}
    used: set[Tile] = set()
    stack: list[tuple[int, Tile | None]] = [(6, None)]
    path: list[tuple[int, Tile | None]] = []
    while stack:  # Hierholzer's walk
        number, _ = stack[-1]
        spare = [t for t in unused[number] if t not in used]
        if spare:
            tile = spare[0]
            used.add(tile)
            stack.append((tile.other(number), tile))
        else:
            path.append(stack.pop())
    path.reverse()
    line: list[PlacedTile] = []
    for (left, _), (right, via) in itertools.pairwise(path):
        assert via is not None
        line.append(PlacedTile(via, left, right, len(line) % 2))
    return tuple(line)


def full_line_view() -> TraditionalView:
    """A Traditional view whose line holds all 28 tiles: not a reachable position (both
    hands empty, no result), only a worst case for the benchmark and the tests; the
    gallery shows real games only."""
    line = full_line()
    seat, text = 0, f"{line[-1].tile} R"
    return TraditionalView(
        players=PLAYERS[:2], seat=None, hand=None, hand_sizes=(0, 0), line=line,
        ends=(line[0].left, line[-1].right), stock_size=0, scores=(0, 0), target=0,
        hand_number=1, to_move=1, legal_moves=(), history=((seat, text),), results=(),
        outcome=None)
