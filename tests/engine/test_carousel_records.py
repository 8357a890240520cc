"""The Carousel's views, records and summaries, and its golden records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.carousel import CarouselGame, CarouselOptions
from engine.deals import LineDeal
from engine.records import replay
from engine.tiles import Tile
from tests.engine.test_carousel import GOLDEN, NAMES, make, play_all


# -- views, records, summary -------------------------------------------------------------------
def test_view_hides_other_hands_and_the_stock() -> None:
    game = make(["5-5 1-0", "5-0 2-0"], "6-6 4-4")
    game.play("5-5")
    view = game.view(0)
    assert view.hand == (Tile(1, 0),)
    assert view.legal_moves == ()
    assert view.hand_sizes == (1, 2)
    assert view.stock_size == 2 and view.stock_drawable == 2
    assert "5-0" not in view.text() and "6-6" not in view.text()
    spectator = game.view(None)
    assert spectator.hand is None and spectator.legal_moves == ()
    mover = game.view(1)
    assert [str(m) for m in mover.legal_moves] == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert "Your moves: 5-0 L" in mover.text()


def test_view_shows_layout_count_history_and_scoring() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3")
    play_all(game, "5-5, 5-0 L")
    view = game.view(None)
    assert view.spinner == Tile(5, 5) and view.spinner_seat == 0
    assert [(t.tile, t.inner, t.outer, t.seat) for t in view.arms["L"]] == [(Tile(5, 0), 5, 0, 1)]
    assert view.arms["R"] == () and view.ends == {"L": 0, "R": 5, "U": 5, "D": 5}
    assert view.playable_sides == ("R", "U", "D")
    assert view.count == 10 and view.count_parts == (5, 5, 0)
    assert view.history == ((0, "5-5"), (1, "5-0 L"))
    assert view.last_move == (1, "5-0 L")
    assert [(e.seat, e.points, str(e.reason)) for e in view.scoring] == [
        (0, 2, "ends 5+5 = 10 -> 2 points"), (1, 2, "ends 5+5+0 = 10 -> 2 points")]
    text = view.text()
    assert "Open-end count: 5+5+0 = 10" in text
    assert "Bob +2: ends 5+5+0 = 10 -> 2 points" in text
    assert "L: [5|0]" in text and "R: (free)" in text


def test_view_text_before_opening_and_after_the_match() -> None:
    game = make(["5-5", "6-5"], "1-0", target=11, pairs=False)
    text = game.view(0).text()
    assert "No spinner yet" in text and "Your moves: 5-5" in text
    game.side_scores = [9, 0]
    game.play("5-5")
    assert "Match over (won): Ann won" in game.view(None).text()
    pairs = make(["5-5", "1-0", "2-0", "3-0"], pairs=True)
    assert "pairs Ann+Cy vs Bob+Dee" in pairs.view(None).text()
    bust = make(["5-5 1-0", "2-0"], target=11)
    bust.side_scores = [10, 0]
    bust.play("5-5")
    assert "(not recorded: past the target 11)" in bust.view(None).text()
    tie = make(["6-6 2-0", "1-1", "3-0"])
    tie.play("6-6")  # blocked: Ann and Bob tie with 2 pips
    assert "Score: nobody +0: blocked: Ann, Bob tie" in tie.view(None).text()


def test_draw_is_public_without_its_tile() -> None:
    game = make(["6-6 1-0", "2-0 3-1"], "4-0 6-2")
    play_all(game, "6-6, draw")
    assert game.view(0).history[-1] == (1, "draw")
    assert game.moves[-1] == "draw"


def test_record_replays_to_the_same_state() -> None:
    game = make(["5-5 5-4 6-5 6-2", "5-0 5-1 4-4 3-2 6-3"], first=0,
                later=[{"hands": [["1-1"], ["2-2"]], "stock": ["3-3"], "first": 1}], seed=4)
    play_all(game, "5-5, 5-0 L, 5-4 R, 5-1 U, 6-5, 4-4 R, 6-2 D")
    record = game.record()
    assert record["moves"][1] == "5-0 L" and record["seed"] == 4
    assert record["deal"]["next"] == [{"hands": [["1-1"], ["2-2"]], "stock": ["3-3"],
                                       "first": 1}]
    assert replay(json.loads(json.dumps(record))).summary() == game.summary()


def test_seeded_record_holds_its_deals_with_the_seed() -> None:
    game = CarouselGame(NAMES[:3], CarouselOptions(tile_bonus=True, target=21), seed=12)
    while game.moves.__len__() < 120 and not game.is_over():
        game.play(game.legal_moves()[-1])
    assert game.hand_number > 1  # so that later deals are written too
    record = game.record()
    assert record["seed"] == 12 and record["options"] == {"tile_bonus": True, "target": 21}
    assert len(record["deal"]["next"]) == len(game.dealt) - 1
    assert record["deal"]["first"] == game.dealt[0].first
    assert replay(record).summary() == game.summary()
    # The deals alone replay it, without this engine's shuffle.
    assert replay({k: v for k, v in record.items() if k != "seed"}).summary() == game.summary()


def test_summary_keys_and_legal_move_notation() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3")
    summary = game.summary()
    assert summary["legal_moves"] == ["5-5"]
    game.play("5-5")
    summary = game.summary()
    assert {"game", "finished", "winner", "reason", "scores", "hands", "to_move",
            "legal_moves", "count", "hand_number", "stock", "scoring"} <= summary.keys()
    assert summary["legal_moves"] == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert summary["hands"] == {"Ann": ["5-4", "1-0"], "Bob": ["5-0", "2-0"]}
    assert summary["winner"] is None and summary["reason"] is None
    assert summary["count"] == 10 and summary["spinner"] == "5-5"


def test_copy_is_independent() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3 4-4")
    game.play("5-5")
    other = game.copy()
    other.play("5-0 L")
    other.play("5-4 R")
    assert game.moves == ["5-5"] and game.scores == (2, 0)
    assert game.layout is not None and game.layout.arms[0] == []
    assert other.summary() != game.summary()
    assert game.copy().summary() == game.summary()


def test_constructor_with_deal_objects() -> None:
    deal = LineDeal(((Tile(6, 6),), (Tile(1, 0),)), ())
    game = CarouselGame(NAMES[:2], deal=deal)
    assert game.record()["deal"] == {"hands": [["6-6"], ["1-0"]], "stock": []}
    assert "seed" not in game.record()


# -- golden records ---------------------------------------------------------------------------
GOLDEN_FILES = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_golden_records_exist() -> None:
    assert len(GOLDEN_FILES) >= 7


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_record(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    game = replay(record)
    assert game.summary() == expected
    # The record the game writes replays to the same state too.
    assert replay(game.record()).summary() == expected
