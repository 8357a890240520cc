"""Properties of the Carousel over random matches (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.carousel import CarouselGame, CarouselOptions
from engine.errors import IllegalMove
from engine.fives import SIDES
from engine.moves import LineMove
from engine.records import replay
from engine.tiles import Tile, full_set

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
MAX_MOVES = 20000


@st.composite
def games(draw: st.DrawFn) -> CarouselGame:
    players = draw(st.integers(2, 7))
    top = draw(st.sampled_from([0, 6, 9, 12]))
    if top == 6 and players > 4:
        top = 9
    options = CarouselOptions(
        set=top,
        hand_size=draw(st.integers(1, 7)),
        pairs=players == 4 and draw(st.booleans()),
        spinner_first=draw(st.booleans()),
        must_play=draw(st.booleans()),
        keep_in_stock=draw(st.booleans()),
        tile_bonus=draw(st.booleans()),
        blocked=draw(st.sampled_from(["difference", "sum"])),
        target=draw(st.integers(11, 61)),
        exact_finish=draw(st.booleans()),
    )
    return CarouselGame(NAMES[:players], options, seed=draw(st.integers(0, 2**64 - 1)))


def layout_tiles(game: CarouselGame) -> list[Tile]:
    if game.layout is None:
        return []
    return [game.layout.tile] + [p.tile for arm in game.layout.arms for p in arm]


def all_tiles(game: CarouselGame) -> Counter[Tile]:
    tiles = [t for hand in game.hands for t in hand] + game.stock[game.stock_pos:]
    return Counter(tiles + layout_tiles(game))


def candidate_moves(game: CarouselGame) -> list[str]:
    """Every move in full notation that could be written now, legal or not."""
    tiles = full_set(game.top)
    moves = ["draw", "pass"]
    if game.layout is None:
        moves += [str(t) for t in tiles] + [f"{t} L" for t in tiles[:5]]
    else:
        moves += [f"{t} {side}" for t in tiles for side in SIDES]
    return moves


def check_invariants(game: CarouselGame, before: tuple[int, ...], rng: random.Random) -> None:
    # Tiles are conserved within a hand: each tile once, all of the set dealt.
    counted = all_tiles(game)
    assert max(counted.values()) == 1
    assert set(counted) == set(full_set(game.top))
    # Match scores only grow.
    scores = game.scores
    assert all(a >= b for a, b in zip(scores, before, strict=True))
    target = game.options.target
    # The match ends exactly when a side reaches the target.
    assert game.is_over() == (max(scores) >= target)
    if game.options.exact_finish:
        assert max(scores) <= target
    if game.is_over():
        assert game.legal_moves() == [] and game.to_move is None
        return
    legal = [str(m) for m in game.legal_moves()]
    assert legal and len(set(legal)) == len(legal)
    if rng.random() < 0.2:
        # A refused move changes nothing: one copy takes every refusal, and still equals
        # the game after them (a copy for each refusal cost a third of this test).
        # (try/except, not pytest.raises: it is entered a quarter of a million times.)
        probe = game.copy()
        for text in candidate_moves(game):
            if text not in legal:
                try:
                    probe.play(text)
                except IllegalMove:
                    continue
                raise AssertionError(f"{text} was played, not refused")
        assert probe.summary() == game.summary() and probe.moves == game.moves
        assert probe.hands == game.hands and probe.stock_pos == game.stock_pos
        for text in legal:
            assert str(game.copy().play(text)) == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.randoms(use_true_random=False))
def test_random_matches_keep_every_rule(game: CarouselGame, rng: random.Random) -> None:
    hands_seen = 1
    moves_in_hand = 0
    for _ in range(MAX_MOVES):
        if game.is_over():
            break
        before = game.scores
        hand = game.hand_number
        move = rng.choice(game.legal_moves())
        game.play(move)
        moves_in_hand = moves_in_hand + 1 if game.hand_number == hand else 0
        # Every hand ends: no hand runs longer than its tiles allow.
        assert moves_in_hand <= 3 * 91 + 7 * 91
        hands_seen = max(hands_seen, game.hand_number)
        check_invariants(game, before, rng)
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None and outcome.reason in ("won", "domino", "blocked")
    assert replay(game.record()).summary() == game.summary()


@settings(max_examples=30, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(0, 60))
def test_replay_of_record_mid_match_gives_the_same_summary(
        game: CarouselGame, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    assert replay(game.record()).summary() == game.summary()
    copy = game.copy()
    assert copy.summary() == game.summary()
    # Seats never see the others' tiles in their view.
    for seat in range(len(game.players)):
        view = game.view(seat)
        assert view.hand == tuple(game.hands[seat])
        assert view.legal_moves == (tuple(game.legal_moves()) if seat == game.to_move else ())
        assert isinstance(view.text(), str)


def test_legal_moves_parse_back() -> None:
    game = CarouselGame(NAMES[:3], seed=5)
    for move in game.legal_moves():
        assert LineMove.parse(str(move)) == move
