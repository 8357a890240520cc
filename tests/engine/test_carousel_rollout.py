"""The Carousel's fast playouts (engine.carousel.ai.rollout) against the real rules: from a
few thousand seeded positions (2-7 players, pairs, every option that changes a hand's
play, at the opening, mid-hand and in a match's later hands, near a low target) the
same playout is played through `CarouselGame` with `JUDGE.pick` and through a `Round`
with `Round.pick` on twin generators: they must offer the same legal moves in the same
order, pick the same move at every step, end the hand (or the match) at the same move
with the same scores, hands and reward; `engine.carousel.ai.playout.finish` must end it
the same way. The kernel search must choose the generic search's moves."""

from __future__ import annotations

from itertools import product

from engine.ai.hard import Budget
from engine.ai.hard import choose_hard as generic_hard
from engine.carousel import JUDGE, CarouselGame, CarouselOptions, blocked_scores, domino_score
from engine.carousel.ai.playout import finish
from engine.carousel.ai.rollout import DRAW, PASS, Round, move_of
from engine.carousel.ai.search import choose_hard
from engine.carousel.tables import mask
from engine.carousel.view import CarouselView
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile

NAMES = ["A", "B", "C", "D", "E", "F", "G"]
# Each row changes what a hand plays or scores; small hands leave a bigger stock, a low
# target wins matches mid-hand and refuses scores past it (exact_finish).
OPTIONS = [CarouselOptions(),
           CarouselOptions(pairs=True, target=25),
           CarouselOptions(spinner_first=False, tile_bonus=True, hand_size=5),
           CarouselOptions(must_play=False, blocked="sum", hand_size=4),
           CarouselOptions(keep_in_stock=True, blocked="sum", target=15, hand_size=3),
           CarouselOptions(exact_finish=False, target=11, must_play=False, tile_bonus=True),
           CarouselOptions(pairs=True, keep_in_stock=True, spinner_first=False,
                           blocked="sum", hand_size=5, target=30),
           CarouselOptions(set=9, hand_size=6, keep_in_stock=True)]
PLAYERS = (2, 3, 4, 5, 7)
SEEDS = range(12)
DEPTHS = (0, 1, 5, 30)  # random moves before the playout (30: often a later hand)


def position(players: int, options: CarouselOptions, seed: int, depth: int) -> CarouselGame:
    game = CarouselGame(NAMES[:players], options, seed=seed)
    rng = SeededRandom(seed * 7 + depth)
    for _ in range(depth):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[rng.below(len(moves))])
    return game


def cases() -> list[tuple[int, CarouselOptions, int, int]]:
    out = []
    for players, options, seed, depth in product(PLAYERS, OPTIONS, SEEDS, DEPTHS):
        if options.pairs and players != 4:
            continue
        if players * options.hand_size > len(range((options.set_top(players) + 1)
                                                   * (options.set_top(players) + 2) // 2)):
            continue
        out.append((players, options, seed, depth))
    return out


def test_the_playouts_follow_the_rules_over_thousands_of_positions() -> None:
    played = moves = 0
    ends: set[str] = set()
    kinds: set[int] = set()
    for players, options, seed, depth in cases():
        game = position(players, options, seed, depth)
        if game.to_move is None:
            continue
        hands, mark = len(game.results), JUDGE.mark(game)
        fast = Round.of_game(game)
        twin = fast.copy()
        rng = SeededRandom(seed + 1000 * depth + players)
        same, kernel_rng = rng.copy(), rng.copy()
        while game.outcome() is None and len(game.results) == hands:
            legal = game.legal_moves()
            assert fast.turn == game.turn
            assert fast.legal_moves() == [move_of(m) for m in legal]
            move = JUDGE.pick(game, legal, rng)
            assert fast.pick(fast.legal_moves(), kernel_rng) == move_of(move)
            game.play(move)
            kinds.add(move_of(move) if move.kind != "play" else 0)
            assert fast.play(move_of(move)) == (game.outcome() is not None
                                                or len(game.results) != hands)
            moves += 1
        assert fast.turn == -1 and fast.legal_moves() == [] and not fast.cut
        assert fast.scores == game.side_scores
        assert fast.hands == [mask(h) for h in game.hand_ends[-1]]
        outcome = game.outcome()
        assert fast.won == (-1 if outcome is None else game.side_of(outcome.winners[0]))
        for me in range(players):
            assert fast.reward(me, mark[1]) == JUDGE.reward(game, me, mark)
        finish(twin, same)
        assert (twin.scores, twin.hands, twin.won, twin.turn, twin.cut) \
            == (fast.scores, fast.hands, fast.won, -1, False)
        assert same.next64() == rng.next64()
        ends.add("won" if outcome is not None else game.results[-1])
        played += 1
    assert played >= 1500 and moves > played * 8
    assert ends == {"won", "domino", "blocked"}
    assert kinds == {0, DRAW, PASS}


def test_a_playout_leaves_the_round_it_copied_alone() -> None:
    fast = Round.of_game(position(4, OPTIONS[1], 3, 5))
    before = (list(fast.hands), fast.pos, fast.ends[:], fast.mult[:], fast.taken, fast.count,
              fast.turn, fast.scores[:])
    finish(fast.copy(), SeededRandom(1))
    assert (fast.hands, fast.pos, fast.ends, fast.mult, fast.taken, fast.count, fast.turn,
            fast.scores) == before


def test_the_kernel_search_chooses_the_generic_searchs_moves() -> None:
    budget = Budget(playouts=40, seconds=60.0)
    compared = 0
    for players, options, seed, depth in cases()[::23]:
        game = position(players, options, seed, depth)
        if game.to_move is None or len(game.legal_moves()) < 2:
            continue
        view = game.view(game.to_move)
        assert choose_hard(view, SeededRandom(seed), budget, exact=False) \
            == generic_hard(view, SeededRandom(seed), budget)
        compared += 1
    assert compared >= 20


def test_the_hand_ends_score_as_the_rules_on_tied_and_untied_pips() -> None:
    # Ties for fewest pips are rare in playouts: every small pip vector, each mode.
    rng = SeededRandom(5)
    checked = 0
    for players, pairs, summed in product((2, 3, 4, 5, 7), (False, True), (False, True)):
        if pairs and players != 4:
            continue
        options = CarouselOptions(pairs=pairs, blocked="sum" if summed else "difference",
                                  target=250)
        for _ in range(60):
            pips = [rng.below(5) * 3 for _ in range(players)]  # 0-12: one tile p-0 each
            for seat in (None, *range(players)):
                fast = Round([mask([Tile.of(p, 0)]) for p in pips], (), turn=0,
                             scores=[0] * (2 if pairs else players), options=options)
                expected = [0] * len(fast.scores)
                if seat is None:
                    fast.end_blocked()
                    scored = [(s, points) for s, points, _ in
                              blocked_scores(pips, pairs, options.blocked, NAMES)]
                else:
                    fast.end_domino(seat)
                    scored = [domino_score(pips, seat, pairs)[:2]]
                for s, points in scored:
                    if s is not None:
                        expected[s % 2 if pairs else s] += points
                assert fast.scores == expected, (pips, seat, pairs, summed)
                checked += 1
    assert checked > 2000


def _hooked_choice(view: CarouselView, wanted: Tile) -> tuple[LineMove, dict[str, int]]:
    """The search's move with no playouts and a reward of 1 for laying `wanted` now."""
    bit = mask([wanted])
    calls = {"start": 0, "finish": 0}

    def start(base: Round) -> Round:
        calls["start"] += 1
        return base.copy()

    def stay(played: Round, rng: SeededRandom) -> None:
        calls["finish"] += 1  # no playout: the reward reads the root move alone

    def laid(played: Round, me: int, before: object) -> float:
        return 0.0 if played.hands[me] & bit else 1.0

    move = choose_hard(view, SeededRandom(7), Budget(playouts=60, seconds=5.0),
                       exact=False, start=start, finish=stay, reward=laid)
    return move, calls


def test_the_search_plays_out_and_rewards_with_the_hooks_it_is_given() -> None:
    # The bench's variants swap these in; a reward that wants one tile laid now must
    # make the search lay it, whatever the shipped playouts and reward would prefer.
    game = CarouselGame(["A", "B", "C", "D"], CarouselOptions(), seed=3)
    rng = SeededRandom(3)
    while True:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        tiles = {m.tile for m in view.legal_moves if m.tile is not None}
        if view.spinner is not None and len(tiles) > 1:
            break
        game.play(choose_hard(view, rng, Budget(playouts=40, seconds=5.0)))
    for wanted in sorted(tiles):
        move, calls = _hooked_choice(view, wanted)
        assert move.tile == wanted
        assert calls["start"] >= calls["finish"] > 0
