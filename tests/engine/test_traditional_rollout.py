"""The Traditional game's fast playouts (engine.traditional.ai.rollout) against the real rules:
from a few thousand seeded positions (2-4 players, every option that changes a hand's
play, at the lead, mid-hand and in a match's later hands) the same random choices are
played through `TraditionalGame` and through a `Round`, which must offer the same legal
moves in the same order at every step and end the hand with the same winner and counts;
`Round.finish` with the same generator must end it the same way."""

from __future__ import annotations

from itertools import product

from engine.rng import SeededRandom
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.ai.rollout import CUT, DRAW, PASS, Round, line_move, move_of

NAMES = ["A", "B", "C", "D"]
# (hand size, fish winner, lone blank, lead): small hands leave a bigger stock.
OPTIONS = [TraditionalOptions(hand_size=size, fish_winner=fish, lone_blank=blank, lead=lead,
                              target=101)
           for size, fish, blank, lead in [(7, "maker", 24, "highest_double"),
                                           (5, "lowest", 24, "winner"),
                                           (6, "lowest", 0, "highest_double"),
                                           (7, "lowest", 50, "winner")]]
SEEDS = range(40)
DEPTHS = (0, 1, 3, 6, 12, 30)  # random moves before the playout (30: often a later hand)


def position(players: int, options: TraditionalOptions, seed: int, depth: int) -> TraditionalGame:
    game = TraditionalGame(NAMES[:players], options, seed=seed)
    rng = SeededRandom(seed * 7 + depth)
    for _ in range(depth):
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


class Picks:
    """`Round.finish`'s choices, written plainly (its module docstring): no random number
    for a move that is the only one, else the bytes of `rng.next64()`, lowest first, until
    one is below 256 - 256 % k; it picks move byte % k."""

    def __init__(self, rng: SeededRandom) -> None:
        self.rng = rng
        self.bytes: list[int] = []

    def __call__(self, moves: list[int]) -> int:
        k = len(moves)
        while k > 1:
            if not self.bytes:
                word = self.rng.next64()
                self.bytes = [word >> shift & 255 for shift in range(0, 64, 8)]
            byte = self.bytes.pop(0)
            if byte < 256 - 256 % k:
                return moves[byte % k]
        return moves[0]


def test_the_playouts_follow_the_rules_over_2800_positions() -> None:
    cases = moves = stocked = 0
    ends: set[tuple[str, bool]] = set()
    kinds: set[int] = set()
    for players, options, seed, depth in product((2, 3, 4), OPTIONS, SEEDS, DEPTHS):
        game = position(players, options, seed, depth)
        if game.to_move is None:
            continue
        hands = len(game.results)
        fast = Round.of_game(game)
        stocked += fast.left >= 0 and fast.pos < len(fast.stock)  # mid-hand, stock left
        twin = fast.copy()
        rng = SeededRandom(seed + 1000 * depth)
        same = rng.copy()
        legal = fast.legal_moves()
        pick = Picks(rng)
        while len(game.results) == hands:
            assert [move_of(m) for m in game.legal_moves()] == legal
            move = pick(legal)
            assert game.play(line_move(fast, move)) is not None
            kinds.add(move if move < 0 else 0)
            fast.play(move)
            legal = fast.legal_moves()
            moves += 1
        assert legal == []
        assert fast.legal_moves() == []
        result = game.results[-1]
        assert fast.winner == result.winner
        assert fast.counts() == list(result.counts)
        assert twin.finish(same) == result.winner
        assert twin.counts() == list(result.counts) and same.next64() == rng.next64()
        ends.add((result.reason, result.winner == -1))
        cases += 1
    assert cases >= 2800 and moves > cases * 10 and stocked >= 1800
    assert ends == {("domino", False), ("fish", False), ("fish", True)}
    assert kinds == {0, DRAW, PASS}


def test_a_playout_from_a_blocked_position_is_cut() -> None:
    # No real hand gets here (it ends as a fish first): 6-6 and 5-5 can't go on 0|0.
    fast = Round([1 << 0, 1 << 7], [], turn=0, left=0, right=0, last=1)
    rng = SeededRandom(5)
    assert fast.finish(rng) == CUT and fast.turn == -1
    assert rng.next64() == SeededRandom(5).next64()  # no random number spent


def test_a_playout_leaves_the_round_it_copied_alone() -> None:
    fast = Round.of_game(position(2, OPTIONS[1], 3, 6))
    before = (list(fast.hands), fast.pos, fast.left, fast.right, fast.turn, fast.last)
    assert fast.copy().finish(SeededRandom(1)) >= -1
    assert (fast.hands, fast.pos, fast.left, fast.right, fast.turn, fast.last) == before


def test_a_dealt_round_leads_as_the_game_does() -> None:
    for seed in range(50):
        game = TraditionalGame(NAMES, seed=seed)
        fast = Round.dealt([Round.of_game(game).hands[s] for s in range(4)])
        assert fast.turn == game.turn
        assert fast.legal_moves() == [move_of(m) for m in game.legal_moves()]
