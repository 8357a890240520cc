"""Partnership Dominó's notation, records and replays (RULES.md section 5 and "Game
records"): moves read back from their text, records replay to the same state (from the
seed and from the deals alone), a replay gives each player the pair's score."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import NotationError, RecordError
from engine.moves import LineMove
from engine.partnership import PartnershipGame
from engine.rng import SeededRandom
from tests.engine.test_partnership import NAMES, game


def replay(record: dict[str, Any]) -> PartnershipGame:
    """The record's moves played on the game it starts (engine.records.replay, for a
    game the registry does not list yet)."""
    g = PartnershipGame.from_record(record)
    for move in record["moves"]:
        g.play(move)
    return g


def same_state(a: PartnershipGame, b: PartnershipGame) -> None:
    assert a.summary() == b.summary() and a.moves == b.moves
    for seat in (None, 0, 1, 2, 3):
        assert a.view(seat) == b.view(seat)


def random_game(seed: int, stop: int, **options: Any) -> PartnershipGame:
    g = PartnershipGame.from_record({"game": "partnership", "players": NAMES, "seed": seed,
                                     "options": options})
    rng = SeededRandom(seed)
    while g.to_move is not None and len(g.moves) < stop:
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    return g


@pytest.mark.parametrize(("text", "shown"), [("6-6", "6-6"), ("0:6 l", "6-0 L"),
                                             ("[3|5] R", "5-3 R"), (" PASS ", "pass"),
                                             ("4-2", "4-2")])
def test_moves_read_and_write_in_record_notation(text: str, shown: str) -> None:
    g = PartnershipGame(NAMES, seed=1)
    move = g.parse_move(text)
    assert str(move) == shown and g.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "6-6 X", "7-7x", "pass L", "13-1"])
def test_what_is_not_a_move_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        PartnershipGame(NAMES, seed=1).parse_move(text)


def test_every_legal_move_reads_back_from_its_text() -> None:
    for seed in range(5):
        g = random_game(seed, 0)
        rng = SeededRandom(seed)
        while g.to_move is not None:
            for move in g.legal_moves():
                assert g.parse_move(str(move)) == move and g.illegal_reason(move) is None
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])


@pytest.mark.parametrize("seed", range(8))
def test_a_record_replays_to_the_same_state_from_the_seed_and_from_the_deals(seed: int) -> None:
    g = random_game(100 + seed, 15 + 37 * seed, target=[200, 100, 0, 500][seed % 4])
    record = json.loads(json.dumps(g.record()))
    assert record["game"] == "partnership" and record["seed"] == 100 + seed
    assert record["deal"]["stock"] == [] and len(record["deal"]["hands"]) == 4
    assert len(record["deal"].get("next", [])) == len(g.dealt) - 1
    same_state(replay(record), g)
    del record["seed"]
    same_state(replay(record), g)


def test_the_record_has_the_sections_keys_and_the_replay_gives_pairs_their_score() -> None:
    g = game([["6-6", "5-1"], ["6-5", "2-2"], ["5-0"], ["4-4"]], target=0)
    for move in ("6-6", "6-5 L", "5-0"):
        g.play(move)
    record = g.record()
    assert list(record) == ["game", "options", "players", "deal", "moves"]
    assert record["options"] == {"target": 0} and record["moves"] == ["6-6", "6-5 L", "5-0 L"]
    summary = replay(record).summary()
    assert summary["finished"] and summary["winner"] == "Ana+Carla"
    assert summary["reason"] == "domino"
    assert summary["scores"] == {"Ana": 18, "Beto": 0, "Carla": 18, "Dario": 0}
    assert summary["pairs"] == ["Ana+Carla", "Beto+Dario"]
    assert summary["hands"] == {"Ana": ["5-1"], "Beto": ["2-2"], "Carla": [], "Dario": ["4-4"]}
    assert summary["to_move"] is None and summary["legal_moves"] == []
    assert summary["line"] == ["5-0", "6-5", "6-6"] and summary["stock"] == 0


def test_a_replay_in_progress_lists_each_move_in_full_notation() -> None:
    g = game([["6-6", "1-0", "3-2"], ["6-5", "1-1"], ["4-2", "5-1"], ["6-4", "3-3"]])
    g.play("6-6")
    summary = g.summary()
    assert summary["to_move"] == "Beto" and summary["legal_moves"] == ["6-5 L", "6-5 R"]
    assert summary["winner"] is None and summary["reason"] is None and not summary["finished"]


def test_a_hand_summary_shows_the_pairs_points_and_totals() -> None:
    g = game([["6-6", "1-1"], ["6-5", "2-2"], ["3-3"], ["0-0"]], [["5-5"], ["4-4"], ["3-0"],
                                                                   ["2-2"]])
    g.play("6-6")
    g.play("6-5 L")  # blocked: pair 1 holds 2 + 0 pips against 8
    first = g.hand_summary(0)
    assert (first.number, first.reason, first.winners) == (1, "blocked", (1, 3))
    assert first.points == (0, 12, 0, 12) and first.scores == (0, 12, 0, 12)
    assert first.tiles == (("1-1",), ("2-2",), ("3-3",), ("0-0",))
    assert g.finished_hands == 1 and g.to_move == 1
    with pytest.raises(IndexError):
        g.hand_summary(1)


@pytest.mark.parametrize("record", [
    {"game": "partnership", "players": NAMES},
    {"game": "traditional", "players": NAMES, "seed": 1},
    {"game": "partnership", "players": NAMES, "seed": "1"},
    {"game": "partnership", "players": NAMES, "deal": {"hands": [["6-6"]] * 4, "stock": []}},
    {"game": "partnership", "players": NAMES, "deal": {"hands": [["7-7"], [], [], []]}},
])
def test_bad_records_are_refused(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        PartnershipGame.from_record(record)


def test_reading_a_record_of_a_seeded_game_goes_on_as_the_seeded_game() -> None:
    # Only the first hand's deal with the seed: the later hands follow the seed's stream.
    g = random_game(7, 10 ** 6)
    assert g.finished_hands > 1
    first = {"game": "partnership", "players": NAMES, "seed": 7,
             "deal": {"hands": g.record()["deal"]["hands"], "stock": []}, "moves": g.moves}
    same_state(replay(first), g)


def test_a_lead_move_is_a_tile_without_end_and_a_play_is_recorded_with_its_end() -> None:
    g = PartnershipGame(NAMES, seed=4)
    played = g.play("6-6")
    assert played == LineMove.put(g.line.tiles[0].tile) and g.moves == ["6-6"]
    move = g.legal_moves()[0]
    g.play(LineMove.put(move.tile) if len(g.line.ends_for(move.tile)) == 1 else move)
    assert g.moves[-1] == str(move)
