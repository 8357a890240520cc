"""The soft inference on hidden hands (engine.inference): likelihoods under the model,
hard constraints kept, and only the seat's view read."""

from __future__ import annotations

import math

import pytest

from engine import inference
from engine.inference import Play, likelihood
from engine.line import LineBoard
from engine.rng import SeededRandom
from engine.tiles import Tile
from engine.traditional import TraditionalGame
from engine.traditional.hidden import Sampler, constraints


def test_likelihood_is_the_product_of_softmax_choices() -> None:
    a, b = Tile(6, 6), Tile(1, 0)
    e = Play(seat=1, chosen=math.exp(12 / 2), known=math.exp(12 / 2),
             weight={a: 0.0, b: math.exp(1 / 2)})
    # Holding [1|0] as well, the 12-pip play had chance e^6 / (e^6 + e^0.5).
    want = math.exp(6) / (math.exp(6) + math.exp(0.5))
    assert likelihood([(), (b,)], [e]) == pytest.approx(want)
    assert likelihood([(), ()], [e]) == pytest.approx(1.0)
    assert likelihood([(), (b,)], [e, e]) == pytest.approx(want * want)


def _midgame(seed: int) -> TraditionalGame:
    game = TraditionalGame(["A", "B"], seed=seed)
    rng = SeededRandom(seed)
    for _ in range(8):
        if game.to_move is None:
            break
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


@pytest.fixture
def enabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inference, "ENABLED", True)


@pytest.mark.usefixtures("enabled")
def test_weighted_deals_keep_the_hard_constraints_and_read_only_the_view() -> None:
    swapped = 0
    for seed in range(6):
        game = _midgame(seed)
        if game.to_move is None:
            continue
        view = game.view(game.to_move)
        sampler = Sampler(view)
        assert sampler.pool is not None
        lacks = constraints(view)
        drawn = []
        for k in range(20):
            sampled = sampler.sample(SeededRandom(k))
            for s in range(2):
                assert len(sampled.hands[s]) == view.hand_sizes[s]
                assert all(lacks[s].allows(t) for t in sampled.hands[s])
            drawn.append(tuple(tuple(h) for h in sampled.hands))
        # Swap hidden tiles between the other hand and the undrawn stock of the true
        # game: the seat's view is the same, and so must the samples be.
        other = 1 - view.seat
        rest = game.stock[game.stock_pos:]
        if rest and game.hands[other]:
            game.hands[other][0], rest[0] = rest[0], game.hands[other][0]
            game.stock[game.stock_pos:] = rest
            swapped += 1
        assert game.view(view.seat) == view
        again = Sampler(game.view(view.seat))
        assert drawn == [tuple(tuple(h) for h in again.sample(SeededRandom(k)).hands)
                         for k in range(20)]
    assert swapped >= 3


def test_plays_weigh_each_unseen_tile_by_its_placements() -> None:
    game = _midgame(3)
    assert game.to_move is not None
    view = game.view(game.to_move)
    sampler = Sampler(view)
    events = inference.plays(view, sampler.unseen, LineBoard())
    assert events, "the position has modelled plays"
    for e in events:
        assert e.seat != view.seat
        for tile, w in e.weight.items():
            # A tile fits 0, 1 or 2 ends, each placement worth exp(pips / T).
            assert w / math.exp(tile.pips / inference.TEMPERATURE) in (
                pytest.approx(0), pytest.approx(1), pytest.approx(2))
