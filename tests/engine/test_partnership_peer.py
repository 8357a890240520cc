"""Partnership Dominó agrees with its peer, the `dominoes` package (PyPI 6.1.0, pinned in
requirements-dev.txt), whose `Series` plays RULES.md section 5's defaults.

Seeded matches are played by the package with its own computer players (a different
one per seat); each is written as this project's record (`deal` with `deal.next`, the
moves with their passes), through JSON, and replayed in the engine, which must agree on
every step: the same seat to move, the same legal moves (the package lists a tile once
when both ends show the same number; the engine lists it at L and at R), the same
passes, the same hand ends (domino or blocked, and who went out or blocked), the same
points, the same leader of the next hand, the same totals after each hand and the same
match end and winners.

The package's line is the mirror of the engine's: it lays a lead with its smaller number
on the left, the engine with its larger number at L, so the package's left end is the
engine's R throughout (checked at every move).

The suite plays `MATCHES` matches (about 200); `PARTNERSHIP_PEER_MATCHES=5000` plays
thousands and `PARTNERSHIP_PEER_SEARCH=1` adds the package's search players
(omniscient, probabilistic_alphabeta) late in each hand, where they are affordable.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import dominoes
import pytest

from engine.partnership import PartnershipGame, pair_of
from engine.tiles import Tile

MATCHES = int(os.environ.get("PARTNERSHIP_PEER_MATCHES", "200"))
SEARCH = os.environ.get("PARTNERSHIP_PEER_SEARCH", "") == "1"
TARGETS = (200, 200, 100, 150, 500)  # the default most often, and the section's others
NAMES = ["Ana", "Beto", "Carla", "Dario"]
Player = Callable[[Any], None]


def _players() -> list[Player]:
    found: list[Player] = [dominoes.players.random, dominoes.players.bota_gorda,
                           dominoes.players.double, dominoes.players.reverse,
                           dominoes.players.identity]
    if SEARCH:
        found += [dominoes.players.omniscient(start_move=16),
                  dominoes.players.probabilistic_alphabeta(start_move=18, sample_size=4)]
    return found


@dataclass
class PeerHand:
    """One hand as the package played it."""

    hands: list[list[str]]  # the deal, per seat
    moves: list[str]  # in the engine's notation, passes included
    seats: list[int]  # who made each move
    legal: list[set[str]]  # the package's legal moves before each, in the engine's notation
    ends: list[tuple[int, int]]  # the package's (left, right) ends after each move
    won: bool
    ender: int
    points: int  # positive: pair 0 scored; negative: pair 1
    scores: list[int] = field(default_factory=list)  # the package's totals after the hand
    next_leader: int | None = None


def _tile(d: Any) -> Tile:
    return Tile.of(d.first, d.second)


def _text(d: Any, left: bool, lead: bool) -> str:
    # Mirrored: the package's left end is the engine's R.
    return str(_tile(d)) if lead else f"{_tile(d)} {'R' if left else 'L'}"


def _legal(game: Any) -> set[str]:
    board = game.board
    if not len(board):
        return {_text(d, left, True) for d, left in game.valid_moves}
    texts = {_text(d, left, False) for d, left in game.valid_moves}
    if board.left_end() == board.right_end():  # the package lists such a tile once
        texts |= {f"{_tile(d)} {end}" for d, _ in game.valid_moves for end in "LR"}
    return texts


@contextmanager
def _seeded(seed: int) -> Iterator[None]:
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


def peer_match(seed: int, target: int) -> list[PeerHand]:
    """A match to `target` played by the package from `seed`, hand by hand."""
    chooser = random.Random(seed)
    pool = _players()
    with _seeded(seed):
        seat_players = [chooser.choice(pool) for _ in range(4)]
        series = dominoes.Series(target_score=target)
        played: list[PeerHand] = []
        while True:
            game = series.games[-1]
            # The package lays the first hand's 6-6 itself as it deals.
            legal: list[set[str]] = [{"6-6"}] if game.moves else []
            ends: list[tuple[int, int]] = ([(game.board.left_end(), game.board.right_end())]
                                           if game.moves else [])
            while game.result is None:
                while len(legal) < len(game.moves):  # the passes it made for the players
                    legal.append({"pass"})
                    ends.append(ends[-1])
                legal.append(_legal(game))
                seat_players[game.turn](game)
                game.make_move(*game.valid_moves[0])
                ends.append((game.board.left_end(), game.board.right_end()))
            played.append(_hand(game, legal, ends))
            following = series.next_game()
            played[-1].scores = list(series.scores)
            if following is None:
                return played
            played[-1].next_leader = following.starting_player


def _hand(game: Any, legal: list[set[str]], ends: list[tuple[int, int]]) -> PeerHand:
    seats = [(game.starting_player + i) % 4 for i in range(len(game.moves))]
    hands = [[str(_tile(d)) for d in hand] for hand in game.hands]
    moves = []
    for i, (seat, move) in enumerate(zip(seats, game.moves, strict=True)):
        if move is None:
            moves.append("pass")
            continue
        moves.append(_text(move[0], move[1], i == 0))
        hands[seat].append(str(_tile(move[0])))
    result = game.result
    return PeerHand(hands, moves, seats, legal, ends, result.won, result.player,
                    result.points)


def record_of(hands: list[PeerHand], target: int) -> dict[str, Any]:
    """The project's record of a match the package played."""
    deals = [{"hands": h.hands, "stock": []} for h in hands]
    deal: dict[str, Any] = {**deals[0], "next": deals[1:]} if len(deals) > 1 else deals[0]
    options = {} if target == 200 else {"target": target}
    return {"game": "partnership", "options": options, "players": NAMES, "deal": deal,
            "moves": [m for h in hands for m in h.moves]}


def agree(seed: int, target: int) -> None:
    """Play `seed`'s match in the package and check the engine's replay of its record."""
    hands = peer_match(seed, target)
    record = json.loads(json.dumps(record_of(hands, target)))
    game = PartnershipGame.from_record(record)
    for number, peer in enumerate(hands):
        assert game.hand_number == number + 1
        for k, (seat, move, legal) in enumerate(zip(peer.seats, peer.moves, peer.legal,
                                                    strict=True)):
            assert game.to_move == seat, (seed, number, k)
            assert {str(m) for m in game.legal_moves()} == legal, (seed, number, k)
            game.play(move)
            if k < len(peer.moves) - 1:  # the hand goes on: the line's ends, mirrored
                assert (game.line.right, game.line.left) == peer.ends[k], (seed, number, k)
        assert game.finished_hands == number + 1, (seed, number)
        result = game.results[number]
        assert result.reason == ("domino" if peer.won else "blocked"), (seed, number)
        assert result.ender == peer.ender
        if peer.won:
            assert result.winner == pair_of(peer.ender)
            assert result.points == abs(peer.points)
        else:
            assert result.winner == (None if peer.points == 0 else 0 if peer.points > 0 else 1)
            assert result.points == abs(peer.points)
        assert list(result.pair_scores) == peer.scores, (seed, number)
        if peer.next_leader is not None:
            assert game.outcome() is None and result.next_leader == peer.next_leader
            assert game.to_move == peer.next_leader
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == game.results[-1].reason
    final = hands[-1].scores
    winner = 0 if final[0] >= target else 1
    assert outcome.winners == ((0, 2) if winner == 0 else (1, 3))
    assert outcome.scores == (final[0], final[1], final[0], final[1])
    assert game.record()["moves"] == record["moves"]
    assert game.record()["deal"] == record["deal"]


@pytest.mark.parametrize("chunk", range(4))
def test_the_engine_replays_the_packages_matches_alike(chunk: int) -> None:
    for seed in range(chunk, MATCHES, 4):
        agree(seed, TARGETS[seed % len(TARGETS)])


def test_the_peer_blocks_hands_and_ties_them_in_the_matches_checked() -> None:
    # The agreement means something only if the matches hold the cases: blocked hands
    # won by either pair and tied, and the first hand's 6-6 lead.
    blocked, ties, leads = set(), 0, 0
    for seed in range(60):
        hands = peer_match(seed, TARGETS[seed % len(TARGETS)])
        leads += hands[0].moves[0] == "6-6"
        for hand in hands:
            if hand.won:
                continue
            if hand.points == 0:
                ties += 1
            else:  # whether the blocker's own pair won it
                blocked.add(pair_of(hand.ender) == (0 if hand.points > 0 else 1))
    assert blocked == {True, False} and ties > 0 and leads == 60
