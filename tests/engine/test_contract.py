"""The typed game contract holds for every registered game: its views have what every
layer reads (engine.game.GameView), its moves their tile and end, its records start it."""

from __future__ import annotations

import pytest

from engine.game import GameView
from engine.line_game import LineGame, line_view
from engine.records import new_game
from engine.registry import GAMES, GameSpec

MEMBERS = ("game", "players", "seat", "to_move", "hand", "hand_sizes", "stock_size", "scores",
           "last_score", "legal_moves", "outcome", "options")


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_every_view_has_what_every_layer_reads(spec: GameSpec) -> None:
    game = new_game({"game": spec.name, "players": [f"P{i}" for i in range(spec.seats[0])],
                     "seed": 5})
    game.play(game.legal_moves()[0])
    public: GameView = game.view(None)
    own: GameView = game.view(game.to_move)
    for view in (public, own):
        assert all(hasattr(view, member) for member in MEMBERS)
        assert view.game == spec.name and view.players == game.players
        assert view.to_move == game.to_move and view.outcome is None
        assert len(view.hand_sizes) in (0, len(game.players))
        assert len(view.scores) in (0, len(game.players))
        assert view.text()
    assert public.seat is None and public.hand is None and not public.legal_moves
    assert [str(m) for m in own.legal_moves] == [str(m) for m in game.legal_moves()]
    for move in own.legal_moves:
        assert move.kind and (move.tile is None or move.tile.code >= 0)
        assert move.end is None or move.tile is not None
        assert game.parse_move(str(move)) == move
    # A record starts the same game again.
    again = type(game).from_record(game.record())
    assert again.view(None).players == game.players and again.moves == []


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_a_line_games_view_is_a_line_view_and_no_other_is(spec: GameSpec) -> None:
    game = new_game({"game": spec.name, "players": [f"P{i}" for i in range(spec.seats[0])],
                     "seed": 5})
    if isinstance(game, LineGame):
        view = line_view(game.view(None))
        assert view.hand_number == 1 and view.history == () and view.last_move is None
    else:
        with pytest.raises(TypeError):
            line_view(game.view(None))
