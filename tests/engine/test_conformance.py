"""Every game of the registry keeps the game contract (engine/game.py).

For each registered game, seeded random games at every seat count it takes:
- every move `legal_moves()` lists is legal (`illegal_reason` is None) and plays
  (on a copy), and the game goes on until `outcome()` says it is over, when no
  move is listed and any move is refused;
- `view(seat)` hides what it must: a full game with the hidden tiles dealt again
  (the game's own sampler, `GameSpec.sampler`) shows that seat exactly the same
  view, and a spectator sees no hand;
- the record replays to the same state (summary and every seat's view), also
  from its deals alone (without the seed), and names the game's facts as the
  registry does.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalMove
from engine.game import Game
from engine.records import new_game, replay
from engine.registry import GAMES, GameSpec
from engine.rng import SeededRandom

CASES = [(spec, players) for spec in GAMES.values()
         for players in range(spec.seats[0], spec.seats[1] + 1)]
GAMES_PER_CASE = 6
MAX_MOVES = 5000  # a guard: the games here end long before


def start(spec: GameSpec, players: int, seed: int) -> Game[Any]:
    record = {"game": spec.name, "players": [f"P{i}" for i in range(players)], "seed": seed}
    game = new_game(record)
    assert isinstance(game, spec.game_class) and isinstance(game.options, spec.options_type)
    return game


def same_state(a: Game[Any], b: Game[Any]) -> None:
    assert a.summary() == b.summary()
    assert a.moves == b.moves
    for seat in [None, *range(len(a.players))]:
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=lambda c: getattr(c, "name", c))
def test_every_legal_move_plays_and_views_hide_what_they_must(spec: GameSpec,
                                                              players: int) -> None:
    for seed in range(GAMES_PER_CASE):
        game = start(spec, players, seed)
        rng = SeededRandom(seed)
        for _ in range(MAX_MOVES):
            seat = game.to_move
            if seat is None:
                break
            moves = game.legal_moves()
            assert moves, "a game that goes on lists a move"
            for move in moves:
                assert game.illegal_reason(move) is None
                game.copy().play(move)  # every legal move plays
                assert game.parse_move(str(move)) == move  # and reads back from its text
            view = game.view(seat)
            assert list(view.legal_moves) == moves
            if rng.below(3) == 0:
                resampled = spec.sampler(view).sample(SeededRandom(seed + len(game.moves)))
                assert resampled.view(seat) == view
            game.play(moves[rng.below(len(moves))])
        outcome = game.outcome()
        assert outcome is not None and game.to_move is None and game.legal_moves() == []
        assert len(outcome.places) == len(outcome.scores) == players
        with pytest.raises(IllegalMove):
            game.play(game.parse_move("draw"))
        spectator = game.view(None)
        assert getattr(spectator, "hand", None) is None and spectator.legal_moves == ()


@pytest.mark.parametrize(("spec", "players"), CASES, ids=lambda c: getattr(c, "name", c))
def test_the_record_replays_to_the_same_state(spec: GameSpec, players: int) -> None:
    for seed in range(GAMES_PER_CASE):
        game = start(spec, players, 100 + seed)
        rng = SeededRandom(seed)
        stop = rng.below(60) + 1  # some records of games in progress
        while game.to_move is not None and len(game.moves) < stop * 5:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        record = game.record()
        assert record["game"] == spec.name and record["seed"] == 100 + seed
        assert spec.takes(len(record["players"]))
        same_state(replay(record), game)
        del record["seed"]  # the explicit deals alone give the same game
        same_state(replay(record), game)


def test_the_registry_lists_what_each_game_package_offers() -> None:
    for spec in GAMES.values():
        assert spec.game_class.kind == spec.name
        assert set(spec.policies) == {"easy", "normal", "hard"}
        assert spec.solitaire == (spec.seats == (1, 1)) and not (spec.solitaire and spec.rated)
        assert spec.takes(spec.usual_players)
