"""Properties of the Traditional game over random seeds, player counts and option sets."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.moves import LineMove
from engine.records import replay
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional import TraditionalGame, TraditionalOptions

FULL_SET = full_set(6)
NAMES = ("A", "B", "C", "D")
CANDIDATES = (
    [LineMove.put(t, end) for t in FULL_SET for end in (None, "L", "R", "U")]
    + [LineMove.put(Tile.of(9, 0)), LineMove.put(Tile.of(7, 7), "L")]
    + [LineMove.draw(), LineMove.pass_()]
)
MAX_MOVES = 4000  # far more than any match to these targets needs

options_strategy = st.fixed_dictionaries({
    "hand_size": st.integers(5, 7),
    "lopsided_suit": st.integers(4, 7),
    "lead": st.sampled_from(["highest_double", "winner"]),
    "fish_winner": st.sampled_from(["maker", "lowest"]),
    "lone_blank": st.sampled_from([24, 0, 10, 50]),
    "target": st.sampled_from([0, 0, 20, 60]),
})
PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def accepted(game: TraditionalGame) -> set[LineMove]:
    """What play() must accept: the legal moves, and a tile without END where one end fits."""
    legal = game.legal_moves()
    ok = set(legal)
    if game.line.tiles:
        per_tile = Counter(m.tile for m in legal if m.kind == "play")
        ok |= {LineMove.put(t) for t, n in per_tile.items() if n == 1}
    return ok


def check_state(game: TraditionalGame, tile_set: Counter, scores_before: list[int]) -> None:
    # tiles are conserved: hands + line + stock = the set (of the deal)
    in_play = [t for h in game.hands for t in h] + [p.tile for p in game.line.tiles]
    in_play += game.stock[game.stock_pos:]
    assert Counter(in_play) == tile_set
    # scores never negative, never go down
    assert all(s >= 0 for s in game.scores)
    assert all(a >= b for a, b in zip(game.scores, scores_before, strict=True))
    assert all(r.points >= 0 for r in game.results)
    # every legal move is accepted by play(), in its written form too; nothing else is
    ok = accepted(game)
    for move in CANDIDATES:
        reason = game.illegal_reason(move)
        assert (reason is None) == (move in ok), (str(move), reason)
    for move in game.legal_moves():
        twin = game.copy()
        assert str(twin.play(str(move))) == str(move)
        assert twin.moves[-1] == str(move)


def play_out(game: TraditionalGame, chooser: int, tile_set: Counter) -> None:
    rng = SeededRandom(chooser)
    passes = 0
    # Every state is checked once: the deal here, each later one right after its move
    # (checking it again before the next move found nothing new and cost half the test).
    check_state(game, tile_set, list(game.scores))
    for _ in range(MAX_MOVES):
        if game.is_over():
            break
        # a whole round of passes means everyone was blocked: that hand should be a fish
        assert passes < len(game.players), "a round of passes was played out"
        if game.line.tiles == type(game.line.tiles)() and game.options.lead == "highest_double":
            # a hand's first move: the highest double, else the heaviest tile
            (lead,) = game.legal_moves()
            every = [t for h in game.hands for t in h]
            doubles = [t for t in every if t.is_double]
            best = max(doubles) if doubles else max(every, key=lambda t: (t.pips, t.high))
            assert lead.tile == best
        scores_before = list(game.scores)
        moves = game.legal_moves()
        move = moves[rng.below(len(moves))]
        text = str(move)
        if move in accepted(game) and LineMove.put(move.tile) in accepted(game) and rng.below(2):
            text = str(move.tile)  # leave END out where the rules allow it
        game.play(text)
        passes = passes + 1 if text == "pass" else 0
        check_state(game, tile_set, scores_before)
    # every game ends
    assert game.is_over(), "the game did not end"
    assert game.to_move is None and game.legal_moves() == []
    assert all(str(game.illegal_reason(m)) == "the game is over" for m in CANDIDATES)
    result = game.results[-1]
    if result.reason == "domino":
        assert game.hands[result.winner] == []
    else:
        assert result.reason == "fish" and game.stock_size == 0
        ends = (game.line.left, game.line.right)
        assert not any(t.has(n) for h in game.hands for t in h for n in ends)
    if game.options.target:
        assert max(game.scores) >= game.options.target
        assert game.outcome().winners == (game.scores.index(max(game.scores)),)


def same_state(a: TraditionalGame, b: TraditionalGame) -> None:
    assert a.summary() == b.summary()
    assert a.hands == b.hands and a.stock[a.stock_pos:] == b.stock[b.stock_pos:]
    assert list(a.line.tiles) == list(b.line.tiles)
    assert a.results == b.results and a.moves == b.moves
    assert a.outcome() == b.outcome()
    for seat in (None, *range(len(a.players))):
        assert a.view(seat) == b.view(seat)


@PROPERTY
@given(seed=st.integers(0, 2**64), players=st.integers(2, 4), options=options_strategy,
       chooser=st.integers(0, 2**32))
def test_property_seeded_games_end_conserve_tiles_and_accept_exactly_the_legal_moves(
        seed, players, options, chooser):
    game = TraditionalGame(NAMES[:players], TraditionalOptions(**options), seed=seed)
    play_out(game, chooser, Counter(FULL_SET))


@PROPERTY
@given(seed=st.integers(0, 2**64), players=st.integers(2, 4), options=options_strategy,
       chooser=st.integers(0, 2**32), stop=st.integers(0, 200))
def test_property_replay_of_the_record_gives_the_same_state(seed, players, options, chooser,
                                                            stop):
    game = TraditionalGame(NAMES[:players], TraditionalOptions(**options), seed=seed)
    rng = SeededRandom(chooser)
    for _ in range(stop):
        if game.is_over():
            break
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    same_state(replay(game.record()), game)


@st.composite
def explicit_deals(draw):
    players = draw(st.integers(2, 4))
    tiles = draw(st.permutations(FULL_SET))
    sizes = [draw(st.integers(1, 7)) for _ in range(players)]
    stock_size = draw(st.integers(0, 28 - sum(sizes)))
    hands, at = [], 0
    for size in sizes:
        hands.append([str(t) for t in tiles[at:at + size]])
        at += size
    stock = [str(t) for t in tiles[at:at + stock_size]]
    return hands, stock


@PROPERTY
@given(deal=explicit_deals(), options=options_strategy, chooser=st.integers(0, 2**32))
def test_property_explicit_deals_play_as_given_and_replay(deal, options, chooser):
    hands, stock = deal
    record = {"game": "traditional", "options": options, "players": list(NAMES[:len(hands)]),
              "deal": {"hands": hands, "stock": stock}, "moves": []}
    game = replay(record)
    assert [sorted(str(t) for t in h) for h in game.hands] == [sorted(h) for h in hands]
    dealt = Counter(Tile.parse(t) for t in [*stock, *(t for h in hands for t in h)])
    if options["target"]:
        # later hands come from seed 0 and hold the whole set
        record["options"] = dict(options, target=0)
        game = replay(record)
    play_out(game, chooser, dealt)
    same_state(replay(game.record()), game)
