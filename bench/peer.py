"""The `dominoes` package's computer players (PyPI 6.1.0) as seats of this project's
Partnership Dominó (`engine.partnership`), for bench/bench_partnership.py.

`peer_move` rebuilds the hand in play as the package's `Game` (its deal, replayed move
by move) and asks a package player for its move. The package's line is the mirror of
the engine's (tests/engine/test_partnership_peer.py): its left end is the engine's R.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dominoes  # type: ignore[import-untyped]

from engine.moves import LineMove
from engine.partnership import PartnershipGame
from engine.tiles import Tile

Player = Callable[[Any], None]  # a package player: reorders `game.valid_moves`


def _bota_gorda(start: int, samples: int) -> Player:
    player: Player = dominoes.players.bota_gorda
    return player


def _alphabeta(start: int, samples: int) -> Player:
    search = dominoes.players.probabilistic_alphabeta(start_move=start, sample_size=samples)

    def play(game: Any) -> None:
        # The heaviest tile first (before `start`, and among the moves rated alike: the
        # package's sort keeps the order it is given).
        dominoes.players.bota_gorda(game)
        search(game)
    return play


PEERS: dict[str, Callable[[int, int], Player]] = {"bota_gorda": _bota_gorda,
                                                  "alphabeta": _alphabeta}
"""Each package player by name: a factory of (the search's first move, its samples)."""


def _domino(tile: Tile) -> Any:
    return dominoes.Domino(tile.low, tile.high)


def package_game(game: PartnershipGame) -> Any:
    """The hand `game` is playing, as the package's `Game` (its moves replayed on the
    deal), the seat to move to play. Raises AssertionError if the package does not
    reach the engine's seat to move."""
    history = game.history
    start_hands = [list(hand) for hand in game.hands]
    for seat, text in history:
        if text != "pass":
            start_hands[seat].append(Tile.parse(text.split()[0]))
    hands = [dominoes.Hand([_domino(t) for t in hand]) for hand in start_hands]
    leader = game.leader
    peer = dominoes.Game(dominoes.Board(), hands, [], leader, (), leader, None)
    for _, text in history:
        if text == "pass":  # the package passes for the player itself
            continue
        move = LineMove.parse(text)
        assert move.tile is not None
        peer.make_move(_domino(move.tile), move.end != "L")  # lead: left; R is its left
    assert peer.turn == game.to_move, (peer.turn, game.to_move)
    if not peer.moves:
        peer.valid_moves = tuple((d, True) for d in peer.hands[peer.turn])
    return peer


def peer_move(game: PartnershipGame, player: Player) -> LineMove:
    """The move the package's `player` makes for the seat to move in `game` (a pass
    when it has no tile to lay). Raises AssertionError if the package's choice is not
    one of the engine's legal moves."""
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    peer = package_game(game)
    player(peer)
    domino, left = peer.valid_moves[0]
    tile = Tile.of(domino.first, domino.second)
    move = LineMove.put(tile, ("R" if left else "L") if game.line.tiles else None)
    assert move in legal, (move, legal)
    return move
