"""Mexican Train's computer players by level (`POLICIES`): easy (random), normal
(greedy, here) and hard (`engine.mexican.ai.search`: the generic search with this game's
sampler and fast playouts; `JUDGE` is how the generic search's own playouts would judge
a round).

The normal level keeps a run for its own train: the longest chain of its tiles that
follows on from its train's open end (`own_run`). It lays first what it cannot keep,
heaviest first, on the Mexican train or an open train (or its own train when that
breaks no run); it lays its run on its own train when that train is open (to take the
marker off) or when nothing else may be laid. A double is laid gladly when the hand
also holds a tile to satisfy it (two tiles in one turn), and avoided when it does not.
A waiting double is satisfied with the heaviest tile outside the run. Ties break at
random. It reads only the view.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget
from engine.ai.simple import Policy, easy
from engine.mexican.ai.search import hard
from engine.mexican.game import MexicanGame
from engine.mexican.moves import MexicanMove, train_index
from engine.mexican.view import MexicanView
from engine.rng import SeededRandom
from engine.tiles import Tile

RUN_SEARCH = 3000  # the run search's step limit: the best run found by then is kept


def own_run(hand: tuple[Tile, ...], end: int) -> list[Tile]:
    """The longest chain of `hand`'s tiles that can be laid one after the other from
    `end` (the first tile shows `end`); doubles count double, so a run keeps them. The
    search stops after `RUN_SEARCH` steps with the best run found."""
    best: list[Tile] = []
    best_value = 0
    steps = 0
    path: list[Tile] = []
    used = [False] * len(hand)

    def walk(number: int, value: int) -> None:
        nonlocal best, best_value, steps
        if value > best_value:
            best, best_value = list(path), value
        for k, tile in enumerate(hand):
            if used[k] or not tile.has(number) or steps >= RUN_SEARCH:
                continue
            steps += 1
            used[k] = True
            path.append(tile)
            walk(tile.other(number), value + (2 if tile.is_double else 1))
            path.pop()
            used[k] = False

    walk(end, 0)
    return best


def choose_normal(view: MexicanView, rng: SeededRandom) -> MexicanMove:
    """The greedy move of `view.legal_moves` (see the module docstring)."""
    moves = view.legal_moves
    plays = [m for m in moves if m.tile is not None]
    if not plays:
        return moves[0]
    seat, hand = view.seat, view.hand
    assert seat is not None and hand is not None
    run = own_run(hand, view.ends[seat])
    kept = set(run)
    n = len(view.players)
    scored = []
    for move in plays:
        tile = move.tile
        assert tile is not None and move.end is not None
        index = train_index(move.end, n)
        mine = index == seat
        if view.waiting is not None:
            value = tile.pips + (0 if tile in kept else 100)
        elif tile in kept:
            first = mine and run and tile == run[0]
            value = tile.pips + ((200 if view.markers[seat] else 50) if first else -100)
        else:
            value = 100 + tile.pips - (30 if mine and run else 0)
        if tile.is_double and view.waiting is None:
            rest = [t for t in hand if t != tile]
            value += 40 if any(t.has(tile.high) for t in rest) else -40
        scored.append((value, move))
    best = max(value for value, _ in scored)
    top = [m for value, m in scored if value == best]
    return top[rng.below(len(top))]


def _normal(view: MexicanView, rng: SeededRandom, budget: Budget | None,
            options: Any) -> MexicanMove:
    return choose_normal(view, rng)


class Judge:
    """The hard search's view of a round (`engine.ai.hard.HandJudge`): the points the
    seat added against the mean the others added (fewer is better), in [0, 1]."""

    def mark(self, game: MexicanGame) -> list[int]:
        return list(game.totals)

    def reward(self, game: MexicanGame, me: int, mark: list[int]) -> float:
        gains = [now - then for now, then in zip(game.totals, mark, strict=True)]
        if not any(gains):  # the round is not over (the playout's guard): count the hands
            gains = [game.points(h) for h in game.hands]
        others = [g for s, g in enumerate(gains) if s != me]
        spread = sum(others) / len(others) - gains[me]
        return min(1.0, max(0.0, 0.5 + spread / 100))


JUDGE = Judge()
POLICIES: dict[str, Policy] = {"easy": easy, "normal": _normal, "hard": hard}
