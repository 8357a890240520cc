"""The Carousel's computer players by level (`POLICIES`): easy (random), normal
(greedy, here) and hard (`engine.carousel.ai.search`: the generic search on this game's
fast playouts, which pick and reward as `JUDGE` does and choose the very moves of
`engine.ai.hard` with `JUDGE`, the same search on the rules engine, kept for the
bench's `hardgeneric`, `hardflat` and `hardrandom`).

The normal level:
The highest immediate score, less what the next player could score at once
with a tile this seat cannot see (half weight), then the heaviest tile. Draw
or pass only when nothing fits (or, with `must_play` off, when nothing scores
and a draw is listed last). Ties break at random. It reads only the view.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget, random_pick
from engine.ai.simple import Policy, easy
from engine.carousel.ai.search import hard
from engine.carousel.game import CarouselGame
from engine.carousel.hidden import unseen_tiles
from engine.carousel.tables import GREEDY
from engine.carousel.view import CarouselView
from engine.fives import SIDE_INDEX, Spinner, count_points, open_end_count
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile


def choose_normal(view: CarouselView, rng: SeededRandom) -> LineMove:
    """The greedy move of `view.legal_moves` (see the module docstring)."""
    moves = view.legal_moves
    plays = [m for m in moves if m.tile is not None]
    if not plays:
        return moves[0]
    scored = (_scores(view, plays) if view.spinner is not None
              else [(_opening_score(m.tile), m) for m in plays if m.tile is not None])
    best = max(score for score, _ in scored)
    top = [m for score, m in scored if score == best]
    return top[rng.below(len(top))]


def _opening_score(tile: Tile) -> float:
    # The spinner alone counts its two halves: 5-5 scores 2 points at once.
    return count_points(2 * tile.high) + tile.pips / 100


def _scores(view: CarouselView, plays: list[LineMove]) -> list[tuple[float, LineMove]]:
    layout = view.layout()
    assert layout is not None and view.seat is not None
    unseen = unseen_tiles(view)  # the set less the own hand and the board
    out = []
    for move in plays:
        assert move.tile is not None
        after = layout.copy()
        after.place(move.tile, move.end or after.ends_for(move.tile)[0], view.seat)
        points = count_points(open_end_count(after))
        threat = _best_reply(after, unseen)
        out.append((points - 0.5 * threat + move.tile.pips / 100, move))
    return out


def _best_reply(layout: Spinner, tiles: list[Tile]) -> int:
    """The most points one tile of `tiles` could score on `layout` at once."""
    best = 0
    for tile in tiles:
        for side in layout.ends_for(tile):
            after = layout.copy()
            after.place(tile, side, -1)
            best = max(best, count_points(open_end_count(after)))
    return best


def _normal(view: CarouselView, rng: SeededRandom, budget: Budget, options: Any) -> LineMove:
    return choose_normal(view, rng)


class Judge:
    """The hard search's view of a hand (`engine.ai.hard.HandJudge`): the match won or
    lost, else the points the seat's side gained over the best other side's (with
    pairs, a side is the pair: a partner's points count as the seat's own).

    Its playouts (`pick`) take the best-scoring tile play GREEDY times in 8 when
    some play scores, else a random move (`engine.ai.hard.random_pick`)."""

    def mark(self, game: CarouselGame) -> tuple[int, list[int]]:
        return game.hand_number, list(game.side_scores)

    def reward(self, game: CarouselGame, me: int, mark: tuple[int, list[int]]) -> float:
        side = game.side_of(me)
        outcome = game.outcome()
        if outcome is not None:
            return 1.0 if any(game.side_of(w) == side for w in outcome.winners) else 0.0
        gains = [now - then for now, then in zip(game.side_scores, mark[1], strict=True)]
        mine: int = gains[side]
        theirs: int = max(g for i, g in enumerate(gains) if i != side) if len(gains) > 1 else 0
        return min(1.0, max(0.0, 0.5 + (mine - theirs) / 40))

    def pick(self, game: CarouselGame, moves: list[LineMove], rng: SeededRandom) -> LineMove:
        layout = game.layout
        if layout is None or len(moves) == 1 or rng.below(8) >= GREEDY:
            return random_pick(moves, rng)
        base = open_end_count(layout)
        best, top = 0, None
        for move in moves:
            if move.tile is not None and move.end is not None:
                points = count_points(count_after(layout, base, move.tile,
                                                  SIDE_INDEX[move.end]))
                if points > best:
                    best, top = points, move
        return random_pick(moves, rng) if top is None else top


def count_after(layout: Spinner, count: int, tile: Tile, side: int) -> int:
    """The open-end count once `tile` is laid on `side` (an index of `SIDES` that accepts
    it) of `layout`, whose count is `count`; the layout is not changed."""
    arm = layout.arms[side]
    if arm:
        last = arm[-1]
        count -= 2 * last.outer if last.tile.high == last.tile.low else last.outer
    elif side < 2 and layout.arms[1 - side]:
        count -= 2 * layout.value  # both L and R taken: the spinner's halves stop counting
    outer = tile.other(layout.ends[side])
    return count + (2 * outer if tile.high == tile.low else outer)


JUDGE = Judge()
POLICIES: dict[str, Policy] = {"easy": easy, "normal": _normal, "hard": hard}
