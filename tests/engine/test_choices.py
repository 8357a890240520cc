"""Forced moves and end choices: what the player is asked, and what plays itself."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.choices import end_choices
from engine.records import new_game, replay
from engine.rng import SeededRandom


def game(kind: str, hands: list[str], stock: str = "", moves: list[str] | None = None,
         **options: Any) -> Any:
    deal = {"hands": [h.split() for h in hands], "stock": stock.split()}
    players = [f"p{i}" for i in range(len(hands))]
    return replay({"game": kind, "options": options, "players": players, "deal": deal,
                   "moves": moves or []})


def test_reading_a_tile_fitting_two_equal_ends_is_not_asked() -> None:
    # 3-3 leads: 3-5 on either end leaves the ends 3 and 5, mirrored.
    g = game("traditional", ["3-3 1-0", "5-3 2-1"], moves=["3-3"])
    choices = end_choices(g, "5-3")
    assert [c.move for c in choices] == ["5-3 L"]
    assert g.legal_moves() and len([m for m in g.legal_moves() if str(m.tile) == "5-3"]) == 2


def test_ends_that_lead_to_different_lines_are_both_offered() -> None:
    # The line 6-3 3-2 shows 6 and 2: 6-2 on L leaves 2 and 2, on R 6 and 6.
    g = game("traditional", ["6-3 6-2 1-0", "3-2 4-1 5-0"], moves=["6-3", "3-2 R"])
    assert [c.move for c in end_choices(g, "6-2")] == ["6-2 L", "6-2 R"]
    assert end_choices(g, "1-0") == []  # fits no end


def test_carousel_choices_show_what_each_end_scores() -> None:
    # Spinner 5-5: 5-0 along the line (L, R alike) or across it (U, D alike).
    g = game("carousel", ["5-5 1-1 2-2", "5-0 6-6 4-4"], "3-1 4-1", moves=["5-5"])
    choices = end_choices(g, "5-0")
    assert [c.end for c in choices] == ["L", "U"]
    # On L: spinner 5+5 (R still free) + 0 = 10; on U: 5+5 + 0 = 10: two points each.
    assert [c.points for c in choices] == [2, 2]
    g2 = game("carousel", ["5-5 5-2 1-1", "5-3 6-6 4-4"], "3-1 4-1", moves=["5-5", "5-3 L"])
    # 5-2 on R covers the spinner: 3 + 2 = 5, one point; on U (or D, alike) the
    # spinner still counts: 5 + 5 + 3 + 2 = 15, three points.
    assert [(c.move, c.points) for c in end_choices(g2, "5-2")] == [("5-2 R", 1), ("5-2 U", 3)]


def test_forced_moves_are_lone_draws_and_passes_only() -> None:
    g = game("traditional", ["6-6 1-1", "5-5 0-0", "6-4 3-3"])
    g.play("6-6")
    assert g.forced_move() == "pass"  # 5-5 and 0-0 fit nothing and there is no stock
    stocked = game("traditional", ["6-6 1-1", "5-5 0-0"], "4-4 6-1 3-3")
    stocked.play("6-6")
    assert stocked.forced_move() == "draw"
    single = game("traditional", ["6-6 1-1", "6-5 0-0"])
    single.play("6-6")
    assert single.forced_move() is None  # one tile to play is still the player's choice
    assert [c.move for c in end_choices(single, "6-5")] == ["6-5 L"]  # either end alike


@pytest.mark.parametrize(("kind", "options", "players"), [
    ("traditional", {"target": 61}, 3), ("carousel", {"target": 31}, 3),
    ("carousel", {"target": 21, "pairs": True}, 4)])
def test_every_finished_hand_of_a_match_has_its_summary(kind: str, options: dict[str, Any],
                                                        players: int) -> None:
    g = new_game({"game": kind, "options": options, "players": [f"p{i}" for i in range(players)],
                  "seed": 11})
    summaries = []
    while not g.is_over():
        before = g.finished_hands
        g.play(g.legal_moves()[0])
        summaries += [g.hand_summary(i) for i in range(before, g.finished_hands)]
    assert [s.number for s in summaries] == list(range(1, g.finished_hands + 1))
    assert len(summaries) >= 2  # a match of several hands
    assert summaries[-1].scores == g.outcome().scores
    totals = [(0,) * players] + [s.scores for s in summaries]
    for (before, after), summary in zip(itertools.pairwise(totals), summaries, strict=True):
        if not options.get("pairs"):  # with pairs, each partner shows the pair's total
            assert [b - a for a, b in zip(before, after, strict=True)] == list(summary.points)
    for summary in summaries:
        assert len(summary.tiles) == players and len(summary.counts) == players
        if summary.reason == "domino":
            assert all(not summary.tiles[w] for w in summary.winners)
    with pytest.raises(IndexError):
        g.hand_summary(g.finished_hands)


def test_big_clock_forces_a_lone_draw_but_never_a_lone_place_or_discard() -> None:
    # Issue 14: in Big Clock a `draw` that is the only legal move may be played for the
    # player; a lone `place` or `discard` stays theirs (Game.forced_move). Seed 0 of the
    # double-6 clock, played by a seeded random walk, reaches each lone move in turn.
    g = new_game({"game": "clock", "options": {"set": 6}, "players": ["p"], "seed": 0})
    rng = SeededRandom(0)
    lone: dict[str, str | None] = {}
    while not g.is_over():
        moves = g.legal_moves()
        if len(moves) == 1:
            lone.setdefault(str(moves[0]), g.forced_move())
        else:
            assert g.forced_move() is None
        g.play(moves[rng.below(len(moves))])
    assert lone["draw"] == "draw"
    assert lone["discard"] is None
    assert any(move.startswith("place") and forced is None for move, forced in lone.items())
