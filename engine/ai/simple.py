"""The easy (random) and normal (greedy) players."""

from __future__ import annotations

from typing import Any

from engine.ai.infer import unseen_tiles
from engine.rng import SeededRandom
from engine.spinner import SIDES, Spinner
from engine.tiles import Tile


def choose_easy(view: Any, rng: SeededRandom) -> Any:
    """A uniformly random legal move."""
    moves = view.legal_moves
    return moves[rng.below(len(moves))]


def choose_normal(view: Any, rng: SeededRandom) -> Any:
    """A greedy move; for the clock, the game's own hint.

    Traditional: doubles first (they fit only one number), then the play that
    leaves the most tiles of the hand able to follow the new ends (keeping the
    suits it holds many of), then the heaviest tile (one point per 6 pips:
    score = pips / 6 + 3 for a double + 1 per remaining tile that fits an end
    afterwards). Carousel: the highest immediate score, less what
    the next player could score at once with a tile this seat cannot see
    (half weight), then the heaviest tile. Draw or pass only when nothing
    fits (or, with `must_play` off, when nothing scores and a draw is listed
    last). Ties break at random.
    """
    if getattr(view, "game", "") == "clock":
        from engine.clock_hint import hint

        return hint(view)
    moves = view.legal_moves
    plays = [m for m in moves if m.tile is not None]
    if not plays:
        return moves[0]
    if view.game == "carousel":
        scored = (_carousel_scores(view, plays) if view.spinner is not None
                  else [(_opening_score(view, m.tile), m) for m in plays])
    else:
        hand = list(view.hand)
        scored = [(_traditional_score(view, hand, m), m) for m in plays]
    best = max(score for score, _ in scored)
    top = [m for score, m in scored if score == best]
    return top[rng.below(len(top))]


def _traditional_score(view: Any, hand: list[Tile], move: Any) -> float:
    tile: Tile = move.tile
    score = tile.pips / 6 + (3.0 if tile.is_double else 0.0)
    if view.ends is None:
        return score
    left, right = view.ends
    shown = right if move.end == "L" else left  # the end this play leaves alone
    touched = left if move.end == "L" else right
    outer = tile.other(touched)
    rest = [t for t in hand if t != tile]
    # Each remaining tile that can follow the new ends is worth a point.
    follow = sum(1 for t in rest if t.has(outer) or t.has(shown))
    return score + follow


def _opening_score(view: Any, tile: Tile) -> float:
    # The spinner alone counts its two halves: 5-5 scores 2 points at once.
    count = 2 * tile.high
    return (count // 5 if count and count % 5 == 0 else 0) + tile.pips / 100


def _carousel_scores(view: Any, plays: list[Any]) -> list[tuple[float, Any]]:
    layout = Spinner(view.spinner, view.spinner_seat, True)
    layout.arms = [list(view.arms[s]) for s in SIDES]
    layout.ends = [view.ends[s] for s in SIDES]
    layout.free = sum(1 for arm in layout.arms if not arm)
    playable = set(view.playable_sides)
    if layout.free and set(s for s in SIDES if view.arms[s]) & playable:
        layout.spinner_first = False
    unseen = [t for t in unseen_tiles(view) if t not in view.hand]
    out = []
    for move in plays:
        after = layout.copy()
        after.place(move.tile, move.end or after.ends_for(move.tile)[0], view.seat)
        count = after.count()
        points = count // 5 if count and count % 5 == 0 else 0
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
            count = after.count()
            if count and count % 5 == 0:
                best = max(best, count // 5)
    return best
