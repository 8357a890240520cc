"""bench/modelled.py, the Carousel search whose playouts play every seat as the normal
level (issue 27: is modelling the opponents' policy worth it?): its move must be the
normal level's own choice, from what that seat cannot see, and its search must play
legal moves."""

from __future__ import annotations

from bench.modelled import choose_modelled, finish_modelled, normal_move, unseen_by
from engine.ai.hard import Budget
from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.ai.policy import _scores, choose_normal
from engine.carousel.ai.rollout import DRAW, Round, move_of
from engine.carousel.hidden import unseen_tiles
from engine.carousel.tables import mask
from engine.moves import LineMove
from engine.rng import SeededRandom


def test_the_modelled_move_is_the_normal_levels() -> None:
    compared = 0
    for seed in range(6):  # 3 players keep a stock; 4 deal every tile
        game = CarouselGame(["A", "B", "C", "D"][:3 + seed % 2], CarouselOptions(), seed=seed)
        rng = SeededRandom(seed)
        while (seat := game.to_move) is not None:
            view = game.view(seat)
            plays = [m for m in view.legal_moves if m.tile is not None]
            if len(plays) > 1 and view.spinner is not None:
                scored = _scores(view, plays)
                best = max(score for score, _ in scored)
                wanted = {move_of(m) for score, m in scored if score == best}
                fast = Round.of_game(game)
                unseen = unseen_by(fast, seat)
                assert unseen == mask(unseen_tiles(view))  # what the seat cannot see
                moves = fast.legal_moves()
                chosen = {normal_move(fast, moves, unseen, SeededRandom(k)) for k in range(12)}
                assert chosen == wanted
                compared += 1
            game.play(choose_normal(view, rng))
    assert compared > 500


def test_a_modelled_playout_ends_the_hand() -> None:
    for seed in range(40):
        game = Round.of_game(CarouselGame(["A", "B", "C", "D"], CarouselOptions(), seed=seed))
        finish_modelled(game, SeededRandom(seed))
        assert game.turn == -1 and not game.cut


def test_the_modelled_search_plays_legal_moves() -> None:
    game = CarouselGame(["A", "B", "C", "D"], CarouselOptions(), seed=3)
    for _ in range(12):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        move = choose_modelled(view, SeededRandom(seat), Budget(playouts=40, seconds=5.0))
        assert move in view.legal_moves
        game.play(move)


def test_what_a_seat_cannot_see_after_drawing_inside_a_playout() -> None:
    # The playout's round draws from its own stock (its `pos` moves on); the tile drawn
    # leaves what the drawer cannot see and stays unseen by everyone else.
    compared = 0
    for seed in range(10):
        game = CarouselGame(["A", "B", "C"], CarouselOptions(), seed=seed)
        rng = SeededRandom(seed)
        while (seat := game.to_move) is not None and game.hand_number == 1:
            fast = Round.of_game(game)
            if DRAW in fast.legal_moves():
                fast.play(DRAW)
                game.play(LineMove.draw())
                assert fast.pos == 1
                for looker in range(3):
                    assert unseen_by(fast, looker) == mask(unseen_tiles(game.view(looker)))
                compared += 1
                continue
            game.play(choose_normal(game.view(seat), rng))
    assert compared > 10
