"""The Traditional game's guided playouts (engine.traditional.ai.guided) against the real rules:
from seeded positions (2-4 players, every option that changes a hand's play, at the lead,
mid-hand and in a match's later hands) a plain re-statement of the guided choice
(`Guide`: scores read off `TraditionalGame`'s hands and line with `Tile`'s methods) picks
each move of the rules engine's hand, which a `Round` plays alongside; `finish_guided` on
a copy of the start with the same generator must end the hand with the same winner and
counts and spend the same random numbers, for several weightings."""

from __future__ import annotations

from itertools import product

from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.ai.guided import finish_guided
from engine.traditional.ai.rollout import Round, line_move, mask, move_of

NAMES = ["A", "B", "C", "D"]
OPTIONS = [TraditionalOptions(hand_size=size, fish_winner=fish, lone_blank=blank, lead=lead,
                              target=101)
           for size, fish, blank, lead in [(7, "maker", 24, "highest_double"),
                                           (5, "lowest", 24, "winner"),
                                           (6, "lowest", 0, "highest_double"),
                                           (7, "lowest", 50, "winner")]]
# (greedy of 256, follow, block): as shipped, with the block bonus, doubles then the
# heaviest tile every time, and random moves that still spend a byte a choice.
WEIGHTS = [(192, 6, 0), (192, 6, 12), (256, 0, 0), (0, 6, 0), (128, 3, 40)]
SEEDS = range(16)
DEPTHS = (0, 1, 3, 6, 12, 30, -1)  # random moves before the playout (30: often a later
# hand; -1: to the start of the second hand, which its first's winner may lead freely)


def position(players: int, options: TraditionalOptions, seed: int, depth: int) -> TraditionalGame:
    game = TraditionalGame(NAMES[:players], options, seed=seed)
    rng = SeededRandom(seed * 7 + depth)
    for _ in range(depth if depth >= 0 else 200):
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
        if depth < 0 and game.results:
            break
    return game


class Guide:
    """`finish_guided`'s choice, written plainly (its module docstring)."""

    def __init__(self, rng: SeededRandom, greedy: int, follow: int, block: int) -> None:
        self.rng, self.greedy, self.follow, self.block = rng, greedy, follow, block
        self.bytes: list[int] = []
        self.greedy_picks = 0

    def byte(self) -> int:
        if not self.bytes:
            word = self.rng.next64()
            self.bytes = [word >> shift & 255 for shift in range(0, 64, 8)]
        return self.bytes.pop(0)

    def score(self, game: TraditionalGame, move: LineMove) -> int:
        tile = move.tile
        assert tile is not None and game.turn is not None
        if game.line.tiles:
            left, right = game.line.left, game.line.right
            if move.end == "R":
                right = tile.other(right)
            else:
                left = tile.other(left)
        else:
            left, right = tile.high, tile.low
        rest = list(game.hands[game.turn])
        rest.remove(tile)
        follows = sum(1 for t in rest if t.has(left) or t.has(right))
        after = game.hands[(game.turn + 1) % len(game.hands)]
        blocked = not any(t.has(left) or t.has(right) for t in after)
        return (tile.pips + (18 if tile.is_double else 0) + self.follow * follows
                + (self.block if blocked else 0))

    def best(self, game: TraditionalGame, moves: list[LineMove]) -> LineMove:
        self.greedy_picks += 1
        scores = [self.score(game, m) for m in moves]
        return moves[scores.index(max(scores))]  # the first of the best

    def __call__(self, game: TraditionalGame) -> LineMove:
        moves = game.legal_moves()
        k = len(moves)
        if k == 1:
            return moves[0]
        if not game.line.tiles:  # the lead: a fresh word decides, another picks
            self.bytes = []
            if self.rng.next64() & 255 < self.greedy:
                return self.best(game, moves)
            return moves[self.rng.next64() % k]
        if self.byte() < self.greedy:
            return self.best(game, moves)
        while True:
            byte = self.byte()
            if byte < 256 - 256 % k:
                return moves[byte % k]


def test_guided_playouts_follow_the_rules_and_their_statement() -> None:
    cases = moves = greedy = leads = differ = 0
    for k, (players, options, seed, depth) in enumerate(
            product((2, 3, 4), OPTIONS, SEEDS, DEPTHS)):
        weights = WEIGHTS[k % len(WEIGHTS)]
        game = position(players, options, seed, depth)
        if game.to_move is None:
            continue
        hands = len(game.results)
        fast = Round.of_game(game)
        twin, plain = fast.copy(), fast.copy()
        rng = SeededRandom(seed + 1000 * depth)
        same = rng.copy()
        guide = Guide(rng, *weights)
        leads += not game.line.tiles and len(game.legal_moves()) > 1
        while len(game.results) == hands:
            move = guide(game)
            legal = fast.legal_moves()
            assert [move_of(m) for m in game.legal_moves()] == legal
            assert move_of(move) in legal
            assert game.play(line_move(fast, move_of(move))) is not None
            fast.play(move_of(move))
            moves += 1
        assert fast.legal_moves() == []
        result = game.results[-1]
        assert fast.winner == result.winner and fast.counts() == list(result.counts)
        greedy_, follow, block = weights
        assert finish_guided(twin, same, greedy=greedy_, follow=follow,
                             block=block) == result.winner
        assert twin.counts() == list(result.counts)
        assert same.next64() == rng.next64()  # the same random numbers spent
        differ += plain.finish(SeededRandom(seed)) != result.winner
        greedy += guide.greedy_picks
        cases += 1
    assert cases >= 1100 and moves > cases * 8 and greedy > cases * 2
    assert leads >= 20 and differ > cases // 10


def test_a_guided_playout_leaves_the_round_it_copied_alone() -> None:
    fast = Round.of_game(position(3, OPTIONS[1], 3, 6))
    before = (list(fast.hands), fast.pos, fast.left, fast.right, fast.turn, fast.last)
    assert finish_guided(fast.copy(), SeededRandom(1)) >= -1
    assert (fast.hands, fast.pos, fast.left, fast.right, fast.turn, fast.last) == before


def test_the_greedy_play_lays_the_double_first() -> None:
    # 2 players, line 6|2, no stock; seat 0 holds 6-6 and 6-5, seat 1 only 5-4. The double
    # (12 + 18 + 6 for 6-5 still fitting) goes first, seat 1 cannot follow 6|2 and seat 0
    # goes out with 6-5; 6-5 first (11, nothing fits after) lets seat 1 out with 5-4.
    hands = [mask([Tile.of(6, 6), Tile.of(6, 5)]), mask([Tile.of(5, 4)])]
    start = Round(hands, [], turn=0, left=6, right=2, last=1)
    greedy = [finish_guided(start.copy(), SeededRandom(seed), greedy=256) for seed in range(20)]
    random = [finish_guided(start.copy(), SeededRandom(seed), greedy=0) for seed in range(20)]
    assert greedy == [0] * 20
    assert 1 in random and 0 in random
