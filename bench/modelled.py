"""A Carousel hard search whose playouts play every seat as the normal level would, for
bench/bench_ai.py (issue 27: does modelling the opponents' own policy in the playouts
help against them?).

The shipped playouts (`engine.carousel.ai.playout.finish`) take the best-scoring play 6
times in 8, else a random move. Here (`finish_modelled`) each seat plays the normal
level's choice (`engine.carousel.ai.policy.choose_normal`) as it would from its own seat:
the points a play scores at once, less half of the most the next player could score at
once with a tile that seat cannot see (any tile of the other hands or of the stock),
plus the tile's pips / 100; ties broken at random. Everything else is the shipped
search without its exact endgame (`hardnoend`; at 4 players it never applies anyway):
the deals, successive halving, the reward.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget
from engine.carousel.ai.rollout import GUARD, Round
from engine.carousel.ai.search import choose_hard
from engine.carousel.tables import BIT, DOUBLE, OTHER, PIPS, RANK, SIDE, TILES, points
from engine.carousel.view import CarouselView
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import MAX_PIPS

# By `end * 5 + residue`: the (bit, added count) of each tile showing `end` whose added
# count (its other number, or twice `end` for the double) is `residue` modulo 5.
_REPLIES: list[list[tuple[int, int]]] = [[] for _ in range(SIDE * 5)]
for _end in range(SIDE):
    for _other in range(MAX_PIPS + 1):
        _high, _low = max(_end, _other), min(_end, _other)
        _rank = RANK[_high * SIDE + _low]
        _added = 2 * _end if _end == _other else _other
        _REPLIES[_end * 5 + _added % 5].append((BIT[_rank], _added))


def _threat(game: Round, move: int, unseen: int) -> int:
    """The most points a tile of `unseen` could score at once after `move` is laid."""
    side, rank = move & 3, move >> 2
    ends = game.ends[:]
    mult = game.mult[:]
    count = game.after(move)
    ends[side] = OTHER[rank * SIDE + ends[side]]
    mult[side] = 2 if DOUBLE[rank] else 1
    taken = game.taken | 1 << side
    best = 0
    for j in game.opens[taken]:
        if taken >> j & 1:
            base = count - ends[j] * mult[j]
        elif j < 2 and taken & (2 >> j):
            base = count - 2 * game.value
        else:
            base = count
        for bit, added in _REPLIES[ends[j] * 5 + (-base) % 5]:
            if unseen & bit and base + added > 0:
                best = max(best, (base + added) // 5)
    return best


def normal_move(game: Round, moves: list[int], unseen: int, rng: SeededRandom) -> int:
    """The normal level's choice of `moves` for the seat to move, `unseen` the tiles it
    cannot see (see the module docstring)."""
    best: float = -1e9
    top: list[int] = []
    for move in moves:
        if move < 0:
            continue
        rank = move >> 2
        if game.value < 0:
            score = points(2 * TILES[rank][0]) + PIPS[rank] / 100
        else:
            score = (points(game.after(move)) - 0.5 * _threat(game, move, unseen)
                     + PIPS[rank] / 100)
        if score > best:
            best, top = score, [move]
        elif score == best:
            top.append(move)
    if not top:
        return moves[0]
    return top[0] if len(top) == 1 else top[rng.below(len(top))]


def unseen_by(game: Round, seat: int) -> int:
    """The tiles `seat` cannot see: the other hands' and the stock's (as a mask)."""
    bits = 0
    for bit in game.stock[game.pos:]:
        bits |= bit
    for other, hand in enumerate(game.hands):
        if other != seat:
            bits |= hand
    return bits


def finish_modelled(game: Round, rng: SeededRandom) -> None:
    """Play `game` to the end of its hand (or of the match) with every seat playing
    `normal_move`."""
    for _ in range(GUARD):
        moves = game.legal_moves()
        if not moves:
            return
        move = (moves[0] if len(moves) == 1
                else normal_move(game, moves, unseen_by(game, game.turn), rng))
        if game.play(move):
            return
    game.cut = True
    game.turn = -1


def choose_modelled(view: CarouselView, rng: SeededRandom, budget: Budget | None = None,
                    options: Any = None) -> LineMove:
    """`choose_hard(..., exact=False)` with `finish_modelled` playouts."""
    return choose_hard(view, rng, budget, options, exact=False, finish=finish_modelled)
