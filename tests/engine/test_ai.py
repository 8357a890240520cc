"""The AI levels of the line games: they read only the view, play only legal moves,
keep to their budget and are deterministic for a seed."""

from __future__ import annotations

import time

import pytest

from engine.ai import LEVELS, Budget, choose
from engine.carousel import CarouselGame
from engine.carousel.ai.policy import JUDGE, count_after
from engine.deals import LineDeal
from engine.fives import SIDE_INDEX, open_end_count
from engine.mexican import MexicanGame, MexicanOptions
from engine.registry import game_spec
from engine.rng import SeededRandom
from engine.tiles import Tile, parse_tiles
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.hidden import constraints, unseen_tiles

SMALL = Budget(playouts=12, seconds=5.0)


def new_game(kind: str, players: int,
             seed: int) -> TraditionalGame | CarouselGame | MexicanGame:
    names = [f"P{i}" for i in range(players)]
    if kind == "traditional":
        return TraditionalGame(names, seed=seed)
    if kind == "mexican":  # two rounds: the AI's play, not the game's length, is tested
        return MexicanGame(names, MexicanOptions(rounds=2), seed=seed)
    return CarouselGame(names, seed=seed)


def advance(game: TraditionalGame | CarouselGame | MexicanGame, moves: int, seed: int) -> None:
    """Play `moves` random moves (fewer if the game ends)."""
    rng = SeededRandom(seed)
    for _ in range(moves):
        seat = game.to_move
        if seat is None:
            return
        game.play(choose("easy", game.view(seat), rng))


def scrambled(game: TraditionalGame | CarouselGame | MexicanGame, seat: int,
              seed: int) -> TraditionalGame | CarouselGame | MexicanGame:
    """A copy in which every tile `seat` cannot see is dealt again (same hand sizes)."""
    other = game.copy()
    hidden = [t for s, h in enumerate(other.hands) if s != seat for t in h]
    hidden += other.stock[other.stock_pos:]
    pool = SeededRandom(seed).shuffled(hidden)
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = sorted(pool[:len(hand)], reverse=True)
            pool = pool[len(hand):]
    other.stock = other.stock[:other.stock_pos] + pool
    return other


CASES = [("traditional", 2), ("traditional", 4), ("carousel", 2), ("carousel", 4),
         ("mexican", 2), ("mexican", 4)]


@pytest.mark.parametrize(("kind", "players"), CASES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_reads_only_its_view(kind, players, level):
    for seed in range(4):
        game = new_game(kind, players, seed)
        advance(game, 3 + seed * 2, seed)
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        other = scrambled(game, seat, seed + 100)
        assert other.hands != game.hands or (players == 2 and not game.stock_size)
        twin = other.view(seat)
        assert twin == view
        first = choose(level, view, SeededRandom(seed), SMALL)
        again = choose(level, twin, SeededRandom(seed), SMALL)
        assert first == again


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_easy_and_normal_play_only_legal_moves_over_many_games(kind, players):
    games = 1000 if kind == "traditional" else 60
    for seed in range(games):
        game = new_game(kind, players, seed)
        rng = SeededRandom(seed)
        levels = ("easy", "normal")
        while (seat := game.to_move) is not None:
            view = game.view(seat)
            move = choose(levels[(seat + seed) % 2], view, rng)
            assert move in view.legal_moves
            game.play(move)


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_hard_plays_only_legal_moves(kind, players):
    games = 12 if kind == "traditional" else 2
    for seed in range(games):
        game = new_game(kind, players, seed)
        rng = SeededRandom(seed)
        while (seat := game.to_move) is not None:
            view = game.view(seat)
            move = choose("hard" if seat % 2 == 0 else "normal", view, rng, SMALL)
            assert move in view.legal_moves
            game.play(move)


def test_hard_keeps_to_its_time_budget():
    game = new_game("carousel", 4, 3)
    advance(game, 6, 3)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    start = time.perf_counter()
    choose("hard", view, SeededRandom(1), Budget(playouts=10**9, seconds=0.2))
    assert time.perf_counter() - start < 0.6


def test_hard_is_deterministic_for_a_seed():
    game = new_game("traditional", 2, 5)
    advance(game, 4, 5)
    view = game.view(game.to_move)
    budget = Budget(playouts=60, seconds=30.0)
    moves = {str(choose("hard", view, SeededRandom(9), budget)) for _ in range(3)}
    assert len(moves) == 1


def test_budget_refuses_nothing_to_spend():
    with pytest.raises(ValueError):
        Budget(playouts=0)


def test_a_draw_tells_which_numbers_a_seat_lacks():
    hands = (tuple(parse_tiles(["6-6", "6-1"])), tuple(parse_tiles(["2-2", "3-2"])))
    stock = tuple(parse_tiles(["5-4", "6-2", "1-0"]))
    game = TraditionalGame(["A", "B"], deal=LineDeal(hands, stock))
    game.play("6-6")
    game.play("draw")  # B holds no 6
    view = game.view(0)
    lacks = constraints(view)
    assert lacks[1].numbers == {6}
    assert not lacks[0].numbers
    sampler = game_spec(view.game).sampler(view)
    assert Tile.of(6, 2) in unseen_tiles(view)
    rng = SeededRandom(3)
    for _ in range(30):
        sampled = sampler.sample(rng)
        assert not any(t.has(6) for t in sampled.hands[1])
        assert len(sampled.hands[1]) == 3 and sampled.stock_size == 2
        assert sampled.hands[0] == game.hands[0]


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_a_sampled_position_shows_the_same_view(kind, players):
    for seed in range(5):
        game = new_game(kind, players, seed)
        advance(game, 5 + 2 * seed, seed)
        seat = game.to_move
        if seat is None:
            continue  # the hand ended early
        view = game.view(seat)
        built = game_spec(view.game).sampler(view).sample(SeededRandom(seed))
        again = built.view(seat)
        assert again.legal_moves == view.legal_moves
        assert again.hand == view.hand and again.hand_sizes == view.hand_sizes
        assert again.stock_size == view.stock_size and again.history == view.history
        assert again.scores == view.scores


def test_a_sampled_match_keeps_its_target_and_results():
    game = TraditionalGame(["A", "B", "C"], TraditionalOptions(target=60), seed=4)
    advance(game, 40, 4)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    built = game_spec(view.game).sampler(view).sample(SeededRandom(0))
    assert built.view(seat).results == view.results
    assert built.options.target == 60


def test_normal_carousel_takes_the_points():
    # Spinner 5-5 (10): 5-0 on a free side leaves 5+5+0 = 10 -> 2 points; 4-1 does not score.
    hands = (tuple(parse_tiles(["5-5", "6-6"])), tuple(parse_tiles(["5-0", "4-1", "3-3"])))
    stock = tuple(parse_tiles(["2-1", "6-2", "4-0", "6-0"]))
    game = CarouselGame(["A", "B"], deal=LineDeal(hands, stock, 0))
    game.play("5-5")
    move = choose("normal", game.view(1), SeededRandom(0))
    assert move.tile == Tile.of(5, 0)


def test_carousels_count_after_a_play_is_the_layouts_count():
    checked = 0
    for seed in range(30):
        game = CarouselGame([f"P{i}" for i in range(2 + seed % 3)], seed=seed)
        rng = SeededRandom(seed)
        while game.to_move is not None and game.hand_number < 2:
            if game.layout is not None:
                count = open_end_count(game.layout)
                for move in game.legal_moves():
                    if move.tile is not None and move.end is not None:
                        after = game.layout.copy()
                        after.place(move.tile, move.end, 0)
                        assert count_after(game.layout, count, move.tile,
                                           SIDE_INDEX[move.end]) == open_end_count(after)
                        checked += 1
            game.play(choose("easy", game.view(game.to_move), rng))
    assert checked > 500


def test_carousels_playouts_take_the_points_mostly():
    # Spinner 5-5 (count 10): 5-0 leaves 5+5+0 = 10 -> 2 points; 4-1 does not fit, 5-3 -> 13.
    hands = (tuple(parse_tiles(["5-5", "6-6"])), tuple(parse_tiles(["5-3", "5-0", "3-3"])))
    stock = tuple(parse_tiles(["2-1", "6-2", "4-0", "6-0"]))
    game = CarouselGame(["A", "B"], deal=LineDeal(hands, stock, 0))
    game.play("5-5")
    moves = game.legal_moves()
    rng = SeededRandom(4)
    picks = [JUDGE.pick(game, moves, rng) for _ in range(400)]
    assert all(p in moves for p in picks)
    scoring = sum(p.tile == Tile.of(5, 0) for p in picks)
    assert 0.75 * 400 < scoring < 400  # 6 in 8 greedy, half the rest at random
