"""What one seat may see of a Traditional game, the computer players, and game copies."""

import pytest

from engine.ai import LEVELS, Budget, choose
from engine.records import replay
from engine.rng import SeededRandom
from engine.tiles import Tile
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.view import describe_result


def game_of(hands, stock=(), moves=(), **options):
    return replay({"game": "traditional", "options": options,
                   "players": ["A", "B", "C", "D"][:len(hands)],
                   "deal": {"hands": hands, "stock": list(stock)}, "moves": list(moves)})


def test_view_shows_own_hand_and_only_sizes_of_the_others():
    game = game_of([["6-6", "1-0"], ["5-4", "3-2"]], ["4-4", "6-1"], ["6-6", "draw"])
    view = game.view(1)
    assert view.hand == (Tile.of(5, 4), Tile.of(4, 4), Tile.of(3, 2))
    assert view.hand_sizes == (1, 3) and view.stock_size == 1
    assert view.ends == (6, 6) and [p.tile for p in view.line] == [Tile.of(6, 6)]
    assert [str(m) for m in view.legal_moves] == ["draw"]
    assert view.history == ((0, "6-6"), (1, "draw"))  # never the tile drawn
    assert view.last_move == (1, "draw")
    other = game.view(0)
    assert other.hand == (Tile.of(1, 0),) and other.legal_moves == ()
    spectator = game.view(None)
    assert spectator.hand is None and spectator.legal_moves == ()
    assert "4-4" not in repr(spectator) and "5-4" not in repr(spectator)
    assert "4-4" not in spectator.text()


def test_view_text_shows_line_ends_players_hand_and_legal_moves():
    game = game_of([["6-6", "6-1", "1-0"], ["6-5", "3-2"]], ["4-4"], ["6-6", "6-5 L"])
    text = game.view(0).text()
    assert text.splitlines()[0] == "Traditional, hand 1"
    assert "line: [5|6] [6:6]" in text
    assert "ends: L 5, R 6   stock: 1" in text
    assert " > A: 2 tiles, score 0" in text and "   B: 1 tiles, score 0" in text
    assert "last move: B 6-5 L" in text
    assert "your hand: 6-1 1-0" in text
    assert "legal: 6-1 R" in text
    empty = game_of([["6-6"], ["5-5"]]).view(None).text()
    assert "line: (empty)" in empty and "ends:" not in empty


def test_view_after_a_hand_describes_the_result():
    nxt = [{"hands": [["5-5", "5-0"], ["4-4", "3-3", "2-1"]], "stock": []}]
    game = replay({"game": "traditional", "options": {"target": 10}, "players": ["A", "B"],
                   "deal": {"hands": [["6-6", "6-5"], ["6-1", "2-2"]], "stock": [],
                            "next": nxt},
                   "moves": ["6-6", "6-1 R", "6-5"]})
    view = game.view(0)
    assert view.hand_number == 2 and view.scores == (4, 0) and view.target == 10
    assert view.results[0].points == 4 and view.outcome is None
    text = view.text()
    assert "(match to 10)" in text
    assert "last hand: domino: A wins 4 points (counts: A 0, B 4); goat: B" in text


def test_describe_result_fish_without_winner():
    game = game_of([["6-6", "6-0", "5-4"], ["6-2", "5-3"], ["4-4"]],
                   moves=["6-6", "6-2 L", "pass", "6-0 R"], fish_winner="lowest")
    line = describe_result(game.results[0], game.players)
    assert line == "fish, no winner (counts: A 9, B 8, C 8); goat: A"
    assert game.view(None).outcome == game.outcome()


# Legality does not depend on how long the hard search looks: a few playouts a move keep
# a whole match to 40 within a second (the default budget took 9 s with coverage).
SMALL = Budget(playouts=12, seconds=5.0)


@pytest.mark.parametrize("level", LEVELS)
def test_ai_plays_only_legal_moves_to_the_end(level):
    game = TraditionalGame(["A", "B", "C"], TraditionalOptions(target=40), seed=21)
    rng = SeededRandom(1)
    while (seat := game.to_move) is not None:
        view = game.view(seat)
        move = choose(level, view, rng, SMALL)
        assert move in view.legal_moves
        game.play(move)
    assert max(game.scores) >= 40


def test_ai_normal_sheds_the_heaviest_tile():
    game = game_of([["6-6", "1-0"], ["6-5", "6-1", "2-2"]], moves=["6-6"])
    move = choose("normal", game.view(1), SeededRandom(0))
    assert move.tile == Tile.of(6, 5)
    game2 = game_of([["6-6", "1-0"], ["5-4", "3-2"]], ["4-4"], ["6-6"])
    assert str(choose("normal", game2.view(1), SeededRandom(0))) == "draw"


def test_ai_refuses_unknown_levels_and_seats_without_a_move():
    game = TraditionalGame(["A", "B"], seed=2)
    seat = game.to_move
    with pytest.raises(ValueError, match="unknown AI level 'grand'"):
        choose("grand", game.view(seat), SeededRandom(0))
    with pytest.raises(ValueError, match="no move to make"):
        choose("easy", game.view(1 - seat), SeededRandom(0))


def test_copy_is_independent_and_deals_the_same_future():
    game = TraditionalGame(["A", "B"], TraditionalOptions(target=60), seed=13)
    game.play(game.legal_moves()[0])
    twin = game.copy()
    assert twin.summary() == game.summary()
    while not twin.is_over():
        twin.play(twin.legal_moves()[-1])
    assert len(game.moves) == 1 and not game.is_over()
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    assert game.moves == twin.moves and game.summary() == twin.summary()


def test_seat_of_names():
    game = TraditionalGame(["Ann", "Bob"], seed=1)
    assert game.seat_of("Bob") == 1
    with pytest.raises(ValueError):
        game.seat_of("Cy")
