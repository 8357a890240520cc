"""Properties of Mexican Train over random games (hypothesis): nothing is lost or made,
every train is a chain from the hub, at most one double waits, a record replays."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalMove
from engine.mexican import MexicanGame, MexicanMove, MexicanOptions
from engine.records import replay
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@st.composite
def games(draw: st.DrawFn) -> MexicanGame:
    players = draw(st.integers(2, 8))
    top = draw(st.sampled_from([12, 9]))
    options = MexicanOptions(set=top, rounds=draw(st.integers(1, 2)),
                             hand_size=draw(st.sampled_from([0, 1, 3, 5])),
                             blank_double=draw(st.sampled_from([0, 50])))
    return MexicanGame(NAMES[:players], options, seed=draw(st.integers(0, 2**64 - 1)))


def check_position(game: MexicanGame) -> None:
    tiles = Counter([game.engine, *(t for h in game.hands for t in h),
                     *game.stock[game.stock_pos:], *(t for tr in game.trains for t in tr)])
    set_tiles = full_set(game.options.set)
    assert sum(tiles.values()) == len(set_tiles) and set(tiles) == set(set_tiles)
    for train, end in zip(game.trains, game.ends, strict=True):
        number = game.engine.high
        for tile in train:
            assert tile.has(number)
            number = tile.other(number)
        assert number == end
    if game.waiting is not None and not game.is_over():
        assert game.trains[game.waiting][-1].is_double
    doubles_at_ends = [i for i, tr in enumerate(game.trains) if tr and tr[-1].is_double]
    assert game.waiting is None or game.waiting in doubles_at_ends


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 2**32))
def test_random_games_keep_the_rules(game: MexicanGame, choice: int) -> None:
    rng = SeededRandom(choice)
    while game.to_move is not None:
        check_position(game)
        moves = game.legal_moves()
        kinds = {m.kind for m in moves}
        assert kinds <= {"play"} or len(moves) == 1  # a draw or a pass comes alone
        game.play(moves[rng.below(len(moves))])
    outcome = game.outcome()
    assert outcome is not None and game.finished_hands == game.options.round_count
    totals = [sum(game.hand_summary(r).points[s] for r in range(game.finished_hands))
              for s in range(len(game.players))]
    assert list(outcome.scores) == totals == game.totals
    lowest = min(totals)
    assert outcome.winners == ((totals.index(lowest),) if totals.count(lowest) == 1 else ())
    record = game.record()
    assert replay(record).summary() == game.summary()
    assert len(record["deal"].get("next", [])) == game.options.round_count - 1


@settings(max_examples=30, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_every_move_that_is_not_listed_is_refused(game: MexicanGame, choice: int) -> None:
    rng = SeededRandom(choice)
    for _ in range(60):
        if game.to_move is None:
            return
        legal = {str(m) for m in game.legal_moves()}
        hand = game.hands[game.turn]
        candidates = [MexicanMove.parse("draw"), MexicanMove.parse("pass")]
        candidates += [MexicanMove.on(t, train) for t in hand[:4] for train in game.names]
        candidates += [MexicanMove.on(Tile.of(0, 0), "M")]
        for move in candidates:
            if str(move) in legal:
                assert game.illegal_reason(move) is None
            else:
                copy = game.copy()
                try:
                    copy.play(move)
                except IllegalMove:
                    continue
                # a play without its train is listed with its train, never alone
                raise AssertionError(f"{move} played but is not listed in {legal}")
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
