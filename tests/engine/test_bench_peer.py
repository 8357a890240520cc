"""bench/peer.py, the `dominoes` package's players as seats of Partnership Dominó (issue
50's bench against them): the package's game it rebuilds is the engine's position (the
seat to move, the line's ends mirrored, the hands), and the moves it returns are legal
and the package player's own choice."""

from __future__ import annotations

import random

import dominoes  # type: ignore[import-untyped]

from bench.bench_partnership import play_match
from bench.peer import PEERS, package_game, peer_move
from engine.partnership import PartnershipGame
from engine.tiles import Tile


def test_the_package_game_is_the_engines_position_and_its_choice_is_played() -> None:
    checked = 0
    random.seed(5)
    for seed in range(4):
        game = PartnershipGame(["A", "B", "C", "D"], seed=seed)
        while (seat := game.to_move) is not None:
            legal = game.legal_moves()
            if len(legal) > 1:
                peer = package_game(game)
                assert peer.turn == seat
                assert [sorted(Tile.of(d.first, d.second) for d in h) for h in peer.hands] \
                    == [sorted(h) for h in game.hands]
                if game.line.tiles:  # the package's left end is the engine's R
                    assert (peer.board.left_end(), peer.board.right_end()) == \
                        (game.line.right, game.line.left)
                heaviest = max(t.pips for t in {m.tile for m in legal if m.tile})
                move = peer_move(game, PEERS["bota_gorda"](0, 0))
                assert move in legal and move.tile is not None
                assert move.tile.pips == heaviest
                checked += 1
            game.play(peer_move(game, dominoes.players.random))
    assert checked > 50


def test_a_match_against_the_package_search_ends_with_a_winner() -> None:
    won, mine, theirs = play_match(("hard", "alphabeta", 1, 40, 100, 14, 2))
    assert isinstance(won, bool) and mine and theirs
    assert all(wall >= 0 and cpu >= 0 for wall, cpu in mine + theirs)
