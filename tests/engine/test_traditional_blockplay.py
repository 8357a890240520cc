"""`engine.traditional.blockplay.play_block` against the real rules: 2,400 block games
(2, 3 and 4 players, 7-tile hands, no stock; both fish rules) dealt and played with
`random.Random(seed)` as bench/bench_engine_speed.py plays them, through `TraditionalGame`
and through the kernel, which must offer the same legal moves in the same order at every
step (so `random.choice` makes the same hand) and end with the same winner and counts."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.deals import LineDeal
from engine.tiles import full_set
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.blockplay import play_block
from engine.traditional.rollout import BIT, PASS, RANK, move_of

NAMES = ("A", "B", "C", "D")
FISH = (("maker", 24), ("lowest", 0))


def engine_hand(players: int, fish: str, blank: int, seed: int
                ) -> tuple[list[list[int]], int, tuple[int, ...]]:
    """The engine's hand: each step's legal moves (as the kernel's ints), winner, counts."""
    chance = random.Random(seed)
    tiles = list(full_set(6))
    chance.shuffle(tiles)
    hands = tuple(tuple(tiles[i:i + 7]) for i in range(0, 7 * players, 7))
    options = TraditionalOptions(fish_winner=fish, lone_blank=blank)
    game = TraditionalGame(NAMES[:players], options, deal=LineDeal(hands, ()))
    steps = []
    while game.to_move is not None:
        legal = game.legal_moves()
        steps.append([move_of(m) for m in legal])
        game.play(chance.choice(legal))
    result = game.results[0]
    return steps, result.winner, result.counts


def kernel_hand(players: int, fish: str, blank: int, seed: int
                ) -> tuple[list[list[int]], int, tuple[int, ...]]:
    chance = random.Random(seed)
    ranks = [RANK[t.code] for t in full_set(6)]  # shuffled as the engine's tiles
    chance.shuffle(ranks)
    hands = [sum(BIT[r] for r in ranks[i:i + 7]) for i in range(0, 7 * players, 7)]
    steps: list[list[int]] = []

    def choice(moves: Sequence[int]) -> int:
        steps.append(list(moves))
        return chance.choice(moves)

    winner, counts = play_block(hands, choice, lowest=fish == "lowest", blank=blank)
    return steps, winner, tuple(counts)


def test_block_hands_match_the_engine_over_2400_deals() -> None:
    ends: set[tuple[int, bool, bool]] = set()
    for players in (2, 3, 4):
        for fish, blank in FISH:
            for seed in range(400):
                mine = kernel_hand(players, fish, blank, seed)
                assert mine == engine_hand(players, fish, blank, seed), (players, fish, seed)
                ends.add((players, min(mine[2]) == 0, [PASS] in mine[0]))
    # Both ends (out and fish) and passes were seen at every table size.
    assert len(ends) >= 9

