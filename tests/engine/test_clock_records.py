"""Big Clock's views, summaries and records (RULES.md section 3 and the record format)."""

from __future__ import annotations

import pytest

from engine.clock import ClockDeal, ClockGame
from engine.errors import RecordError
from engine.records import replay
from engine.tiles import Tile
from tests.engine.test_clock import (
    FREEABLE,
    QUIET,
    TROUBLE,
    TWO_TROUBLES,
    game,
    moves,
    tiles,
)


# -- views, summaries, records --------------------------------------------------------------
def test_view_shows_tops_heights_home_trouble_drawn_stock_and_discards() -> None:
    g = game(TWO_TROUBLES, "6-0 1-0", ("draw", "move 3 1"))
    view = g.view(0)
    assert view.game == "clock" and view.player == "Ann" and view.seat == 0 and view.hours == 6
    assert view.tops == (Tile(4, 1), Tile(6, 3), None, Tile(4, 4), Tile(3, 3), Tile(5, 5))
    assert view.heights == (2, 1, 0, 1, 1, 1)
    assert view.home == (4,)
    assert view.in_trouble == ((Tile(3, 3), 5), (Tile(5, 5), 6))
    assert view.drawn == Tile(6, 0) and view.stock_size == 1 and view.discards == ()
    assert view.history == ("draw", "move 3 1") and view.last_move == "move 3 1"
    assert view.outcome is None
    assert [str(m) for m in view.legal_moves] == moves(g)
    assert not hasattr(view, "stock")  # the stock order is the only hidden thing
    text = view.text()
    for part in ("Big Clock (double-6): 1 of 6 hours home", "  1: 4-1  x2", "  3: (empty)",
                 "  4: 4-4  home", "drawn: 6-0   stock: 1", "discards: -",
                 "in trouble: 3-3 at hour 5, 5-5 at hour 6", "last move: move 3 1",
                 "legal: place 2, place 3, move 1 3, move 2 3, move 5 3, resign"):
        assert part in text


def test_view_text_of_a_finished_game_and_a_drawn_double() -> None:
    g = game(FREEABLE, "3-3 1-0", ("draw",))
    assert "in trouble: 3-3 drawn" in g.view(0).text()
    g.play("discard")
    text = g.view(None).text()
    assert "game over: lost" in text and "discards: 3-3" in text and "legal:" not in text


def test_spectator_view_has_no_legal_moves_and_other_seats_are_refused() -> None:
    g = game(TROUBLE, "6-0")
    assert g.view(None).legal_moves == () and g.view(None).tops == g.view(0).tops
    with pytest.raises(ValueError, match="only seat 0"):
        g.view(1)


def test_summary_keys() -> None:
    g = game(TROUBLE, "6-0 1-0", ("draw",))
    assert g.summary() == {
        "game": "clock", "finished": False, "winner": None, "reason": None,
        "scores": {"Ann": 1}, "hands": {"Ann": ["6-0"]}, "to_move": "Ann",
        "legal_moves": ["place 2", "place 6", "move 1 3", "move 2 6", "move 3 1",
                        "move 6 2"],
        "home": [4], "stock": 1, "discards": [],
        "tops": {"1": "2-1", "2": "6-3", "3": "4-1", "4": "4-4", "5": "3-3", "6": "6-5"},
        "heights": {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1},
        "in_trouble": ["3-3 at hour 5"],
    }


def test_record_of_an_explicit_deal_replays_to_the_same_state() -> None:
    g = game(TROUBLE, "6-0 1-0", ("draw", "move 3 1"))
    record = g.record()
    assert record == {"game": "clock", "options": {"set": 6}, "players": ["Ann"],
                      "deal": {"hours": TROUBLE.split(), "stock": ["6-0", "1-0"]},
                      "moves": ["draw", "move 3 1"]}
    assert replay(record).summary() == g.summary()


def test_record_of_a_seed_replays_to_the_same_state() -> None:
    g = ClockGame(("Ann",), seed=7)
    g.play("draw")
    record = g.record()
    assert record["seed"] == 7 and record["options"] == {}
    assert record["deal"] == ClockDeal.from_seed(7, 12).to_json()
    assert replay(record).summary() == g.summary()
    del record["seed"]  # the deal alone replays it, without this engine's shuffle
    assert replay(record).summary() == g.summary()


@pytest.mark.parametrize(("change", "message"), [
    ({"players": ["A", "B"]}, "1-1 players"),
    ({"options": {"set": 7}}, "set must be one of"),
    ({"options": {"hours": 7}}, "unknown option"),
    ({"deal": None}, "needs a `deal` or a `seed`"),
    ({"deal": []}, "must be an object"),
    ({"deal": {"hours": ["1-0"], "stock": []}}, "one tile for each of the 6 hours"),
    ({"deal": {"hours": "1-0"}}, "deal.hours must be a list"),
    ({"deal": {"hours": ["1-0", "2-0", "3-0", "4-0", "5-0", "six"]}}, "not a tile"),
    ({"deal": {"hours": ["1-0", "2-0", "3-0", "4-0", "5-0", "7-0"]}}, "outside the double-6"),
    ({"deal": {"hours": ["1-0", "2-0", "3-0", "4-0", "5-0", "0-0"]}}, "without 0-0: 0-0"),
    ({"deal": {"hours": ["1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], "stock": ["0-1"]}},
     "more than once: 1-0"),
    ({"deal": {"hours": ["1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], "stock": [3]}},
     "deal.stock must be a list"),
    ({"deal": None, "seed": "x"}, "`seed` must be an integer"),
])
def test_bad_records_are_refused(change: dict[str, object], message: str) -> None:
    record: dict[str, object] = {"game": "clock", "options": {"set": 6}, "players": ["Ann"],
                                 "deal": {"hours": QUIET.split(), "stock": []}, "moves": []}
    record.update(change)
    if record.get("deal") is None:
        del record["deal"]
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_constructor_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="exactly one player"):
        ClockGame(("A", "B"), seed=1)
    with pytest.raises(ValueError, match="a deal or a seed"):
        ClockGame(("A",))
    with pytest.raises(ValueError, match="each of its 12 hours"):
        ClockGame(("A",), deal=ClockDeal(tiles(QUIET), ()))


def test_copy_is_independent() -> None:
    g = game(TROUBLE, "6-0 1-0")
    other = g.copy()
    other.play("draw")
    other.play("move 3 1")
    assert g.drawn is None and g.top(3) == Tile(4, 1) and g.moves == []
    assert other.summary() == replay(other.record()).summary()


def test_the_view_carries_every_tile_laid_under_each_top() -> None:
    g = game("5-2 6-3 4-1 4-4 6-5 6-2", "5-1 6-4", ("draw", "place 1", "draw", "place 6"))
    view = g.view(0)
    assert view.piles[0] == tiles("5-2 5-1")  # bottom first, the top last
    assert view.piles[5] == tiles("6-2 6-4")
    assert all(pile[-1] == top for pile, top in zip(view.piles, view.tops, strict=True) if pile)
    assert [len(p) for p in view.piles] == list(view.heights)
