"""Mexican Train's fast playouts (engine.mexican.ai.rollout) against the real rules: each
playout from a few hundred seeded positions is replayed move by move through
`MexicanGame`'s general path (which checks every move), and must offer as many legal
moves at every step, end the round exactly where the rules end it, and leave the same
points in every hand."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.mexican import MexicanGame, MexicanOptions
from engine.mexican.ai.rollout import DRAW, PASS, Round, Traced
from engine.rng import SeededRandom
from engine.tiles import Tile

NAMES = [f"P{i}" for i in range(8)]
# (players, set, hand size (0: the default), blank_double): small hands end in blocks.
TABLES = [(2, 9, 0, 0), (3, 12, 0, 50), (4, 9, 0, 0), (4, 12, 3, 0), (5, 9, 2, 50),
          (6, 12, 0, 0), (7, 9, 4, 0), (8, 12, 0, 50)]
SEEDS = range(10)
DEPTHS = (0, 9, 25)  # random moves played before the playout starts


def position(table: tuple[int, int, int, int], seed: int, depth: int) -> MexicanGame:
    """A seeded game of one round at `table` (as `TABLES`), `depth` random moves in
    (fewer if the round ends)."""
    players, top, size, blank = table
    options = MexicanOptions(set=top, rounds=1, hand_size=size, blank_double=blank)
    game = MexicanGame(NAMES[:players], options, seed=seed)
    rng = SeededRandom(seed * 31 + depth)
    for _ in range(depth):
        moves = game.legal_moves()
        if not moves or game.to_move is None:
            break
        game.play(moves[rng.below(len(moves))])
    return game


def text(game: MexicanGame, move: Traced) -> str:
    tile, train, _ = move
    if train == DRAW:
        return "draw"
    if train == PASS:
        return "pass"
    assert tile is not None
    return f"{Tile.of(*tile)} {game.names[train]}"


def replay_playout(game: MexicanGame, seed: int) -> tuple[int, str]:
    """Replay one playout from `game` through the rules; (moves, how the round ended)."""
    fast = Round.of_game(game)
    trace: list[Traced] = []
    points = fast.finish(SeededRandom(seed), trace)
    assert trace, "a playout from a position in play makes a move"
    for k, move in enumerate(trace):
        assert game.to_move is not None and not game.results, f"ended early, move {k}"
        assert len(game.legal_moves()) == move[2], f"legal moves at move {k}"
        Game.play(game, text(game, move))  # the general path: every move checked
    assert game.results, "the rules end the round where the playout did"
    result = game.results[0]
    assert list(result.points) == points
    return len(trace), result.reason


def test_the_playouts_follow_the_rules_over_240_positions() -> None:
    cases = moves = 0
    reasons: set[str] = set()
    for table in TABLES:
        for seed in SEEDS:
            for depth in DEPTHS:
                game = position(table, seed, depth)
                if game.to_move is None:
                    continue
                made, reason = replay_playout(game, seed + depth)
                cases += 1
                moves += made
                reasons.add(reason)
    assert cases >= 230
    assert moves > cases * 10  # the rounds really were played
    assert reasons == {"domino", "blocked"}


def test_a_playout_leaves_the_round_it_copied_alone() -> None:
    game = position((4, 9, 0, 0), 3, 5)
    fast = Round.of_game(game)
    before = (fast.hands, fast.pos, fast.ends, fast.markers, fast.waiting, fast.turn)
    copied = [list(h) for h in fast.hands], fast.pos, list(fast.ends), list(fast.markers)
    fast.copy().finish(SeededRandom(1))
    assert (fast.hands, fast.pos, fast.ends, fast.markers) == copied
    assert before[4:] == (fast.waiting, fast.turn)


@pytest.mark.parametrize("blank", [0, 50])
def test_points_count_the_blank_double_as_the_option_says(blank: int) -> None:
    fast = Round([[(0, 0), (5, 2)], [(9, 9)]], [], pos=0, ends=[9, 9, 9],
                 markers=[False, False], waiting=None, drew=False, turn=0, blank=blank)
    assert fast.points() == [blank + 7, 18]
