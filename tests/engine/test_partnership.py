"""Partnership Dominó's rules (RULES.md section 5): options, leads, passes, domino,
capicúa, blocked hands and who wins them, points, the next hand's leader, match end."""

from __future__ import annotations

from typing import Any

import pytest

from engine.deals import LineDeal
from engine.errors import IllegalMove, RecordError
from engine.options import options_to_dict
from engine.partnership import (
    OPTIONS,
    SPEC,
    PartnershipGame,
    PartnershipOptions,
    pair_of,
    partner,
)
from engine.tiles import Tile

NAMES = ["Ana", "Beto", "Carla", "Dario"]
SPARE = [["5-5"], ["4-4"], ["3-3"], ["2-2"]]  # a later hand's deal, when one is needed


def game(hands: list[list[str]], *later: list[list[str]], **options: Any) -> PartnershipGame:
    """A match from an explicit deal (and the later hands' deals)."""
    deal: dict[str, Any] = {"hands": hands, "stock": []}
    if later:
        deal["next"] = [{"hands": h, "stock": []} for h in later]
    return PartnershipGame.from_record({"game": "partnership", "options": options,
                                        "players": NAMES, "deal": deal, "moves": []})


def reason(g: PartnershipGame, text: str) -> str | None:
    found = g.illegal_reason(g.parse_move(text))
    return None if found is None else found.key


def legal(g: PartnershipGame) -> list[str]:
    return [str(m) for m in g.legal_moves()]


# -- options -------------------------------------------------------------------------
def test_the_options_and_their_defaults_are_the_sections() -> None:
    defaults = PartnershipOptions()
    assert (defaults.target, defaults.scoring, defaults.capicua) == (200, "all", 0)
    facts = {info.name: (info.default, info.choices) for info in OPTIONS}
    assert facts == {"target": (200, (100, 150, 200, 500, 0)),
                     "scoring": ("all", ("all", "opponents")), "capicua": (0, (0, 25))}
    assert [info.key for info in OPTIONS] == ["option.partnership.target",
                                              "option.partnership.scoring",
                                              "option.partnership.capicua"]


@pytest.mark.parametrize("options", [{"target": 100}, {"target": 150}, {"target": 500},
                                     {"target": 0}, {"scoring": "opponents"},
                                     {"capicua": 25}])
def test_each_offered_value_is_accepted_and_recorded_as_it_differs(options: dict[str, Any]) -> None:
    g = PartnershipGame.from_record({"game": "partnership", "players": NAMES, "seed": 1,
                                     "options": options})
    assert options_to_dict(g.options) == options == g.record()["options"]


@pytest.mark.parametrize("options", [{"target": 300}, {"target": -1}, {"scoring": "mine"},
                                     {"capicua": 10}, {"target": "200"}, {"spinner": True}])
def test_values_the_section_does_not_offer_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        PartnershipGame.from_record({"game": "partnership", "players": NAMES, "seed": 1,
                                     "options": options})


def test_the_spec_seats_four_and_names_the_package() -> None:
    assert SPEC.name == "partnership" and SPEC.seats == (4, 4) and SPEC.takes(4)
    assert not SPEC.takes(3) and PartnershipGame.kind == "partnership"
    for players in (NAMES[:3], [*NAMES, "Eva"]):
        with pytest.raises(RecordError):
            PartnershipGame.from_record({"game": "partnership", "players": players, "seed": 1})


# -- pairs, lead, turns ----------------------------------------------------------------
def test_partners_sit_opposite() -> None:
    assert [pair_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]


def test_the_first_hand_is_led_by_the_6_6_with_the_6_6_only() -> None:
    for seed in range(20):
        g = PartnershipGame(NAMES, seed=seed)
        holder = next(s for s, h in enumerate(g.hands) if any(str(t) == "6-6" for t in h))
        assert g.to_move == holder and legal(g) == ["6-6"]
        assert [len(h) for h in g.hands] == [7, 7, 7, 7] and g.stock_size == 0
        other = str(g.hands[holder][1])
        assert reason(g, other) == "illegal.lead_double"
        assert reason(g, "pass") == "illegal.lead_pass"
        assert reason(g, "draw") == "illegal.lead_draw"
        assert reason(g, "6-6 L") == "illegal.first_no_end"


def test_turns_go_left_and_a_player_who_cannot_play_passes() -> None:
    g = game([["6-6", "1-0", "3-2"], ["6-5", "1-1"], ["4-2", "5-1"], ["6-4", "3-3"]])
    g.play("6-6")
    assert g.to_move == 1 and legal(g) == ["6-5 L", "6-5 R"]
    assert reason(g, "pass") == "illegal.pass_while_fits"
    assert reason(g, "draw") == "illegal.draw_while_fits"
    assert reason(g, "6-5") == "illegal.fits_both"
    g.play("6-5 R")
    assert (g.line.left, g.line.right) == (6, 5)
    assert g.to_move == 2 and legal(g) == ["5-1 R"]
    g.play("5-1")  # the end may be left out when one end takes the tile
    assert g.moves[-1] == "5-1 R" and g.to_move == 3 and legal(g) == ["6-4 L"]
    g.play("6-4 L")
    assert g.to_move == 0 and legal(g) == ["1-0 R"]
    g.play("1-0 R")
    assert g.to_move == 1 and legal(g) == ["pass"]
    assert reason(g, "draw") == "illegal.stock_empty_pass"
    assert reason(g, "1-1 L") == "illegal.not_this_end"
    assert reason(g, "4-4 L") == "illegal.not_held"
    g.play("pass")
    assert g.history[-1] == (1, "pass") and g.to_move == 2


# -- domino ----------------------------------------------------------------------------
def test_a_domino_wins_the_hand_for_the_pair_and_scores_all_four_hands() -> None:
    g = game([["6-6", "5-1"], ["6-5", "2-2"], ["5-0"], ["4-4"]], SPARE)
    for move in ("6-6", "6-5 L", "5-0 L"):
        g.play(move)
    result = g.results[0]
    assert (result.reason, result.ender, result.winner, result.winners) == \
        ("domino", 2, 0, (0, 2))
    assert result.counts == (6, 4, 0, 8) and result.points == 18
    assert g.score_of(0) == g.score_of(2) == 18 and g.score_of(1) == 0
    assert g.view(None).scores == (18, 0, 18, 0)
    # The one who went out leads the next hand, with any tile.
    assert g.hand_number == 2 and g.to_move == 2 and legal(g) == ["3-3"]


def test_with_opponents_scoring_the_winners_own_pips_do_not_count() -> None:
    g = game([["6-6", "5-1"], ["6-5", "2-2"], ["5-0"], ["4-4"]], SPARE, scoring="opponents")
    for move in ("6-6", "6-5 L", "5-0 L"):
        g.play(move)
    assert g.results[0].points == 12


CAPICUA = [["6-6", "3-1"], ["6-3", "5-5"], ["6-1", "4-4"], ["2-2"]]


@pytest.mark.parametrize(("capicua", "points"), [(0, 22), (25, 47)])
def test_going_out_with_a_tile_of_both_open_ends_is_a_capicua(capicua: int, points: int) -> None:
    g = game(CAPICUA, SPARE, capicua=capicua)
    for move in ("6-6", "6-3 L", "6-1 R", "pass"):
        g.play(move)
    assert (g.line.left, g.line.right) == (3, 1) and legal(g) == ["3-1 L", "3-1 R"]
    g.play("3-1 R")
    result = g.results[0]
    assert result.reason == "domino" and result.points == points
    assert result.capicua == capicua and g.pair_scores == [points, 0]


def test_a_tile_of_one_open_end_is_no_capicua() -> None:
    g = game([["6-6", "3-2"], ["6-3", "5-5"], ["6-1", "4-4"], ["2-2"]], SPARE, capicua=25)
    for move in ("6-6", "6-3 L", "6-1 R", "pass", "3-2"):
        g.play(move)
    assert g.results[0].capicua == 0 and g.results[0].points == 22


def test_reading_capicua_needs_two_different_open_ends() -> None:
    # Ends 3 and 3: a 3-x fits both, but the ends are one number: no capicúa.
    g = game([["6-6", "3-0"], ["6-3", "5-5"], ["3-3",
                                                 "4-4"], ["2-2"]], SPARE, capicua=25)
    g.play("6-6")
    g.play("6-3 L")
    assert (g.line.left, g.line.right) == (3, 6)
    g.play("3-3 L")  # seat 2
    g.play("pass")  # seat 3 holds 2-2
    assert (g.line.left, g.line.right) == (3, 6)
    g.play("3-0 L")
    assert g.results[0].capicua == 0


def test_reading_the_capicua_bonus_adds_to_opponents_scoring_too() -> None:
    g = game(CAPICUA, SPARE, capicua=25, scoring="opponents")
    for move in ("6-6", "6-3 L", "6-1 R", "pass", "3-1 L"):
        g.play(move)
    assert g.results[0].points == 10 + 4 + 25  # the opponents' 5-5 and 2-2, and the bonus


# -- blocked hands ---------------------------------------------------------------------
def blocked(seat3: str, **options: Any) -> PartnershipGame:
    """Seat 1 blocks the hand with 6-5: nobody else holds a 5 or a 6."""
    g = game([["6-6", "1-1"], ["6-5", "2-2"], ["3-3"], [seat3]], SPARE, **options)
    g.play("6-6")
    g.play("6-5 L")
    return g


def test_a_blocked_hand_ends_at_once_and_the_lower_pair_wins_it() -> None:
    g = blocked("4-4")  # pips: pair 0 2 + 6 = 8, pair 1 4 + 8 = 12
    result = g.results[0]
    assert (result.reason, result.ender, result.blocker, result.winner) == \
        ("blocked", 1, 1, 0)
    assert result.points == 20 and g.pair_scores == [20, 0]
    assert g.moves == ["6-6", "6-5 L"]  # no passes played out
    # The blocker's pair lost: the player after the blocker leads.
    assert result.next_leader == 2 and g.to_move == 2
    assert g.summary()["blocker"] == "Beto"


def test_a_blocked_hand_scores_only_the_losers_with_opponents_scoring() -> None:
    assert blocked("4-4", scoring="opponents").results[0].points == 12


def test_the_blocker_leads_the_next_hand_when_its_pair_won_the_block() -> None:
    g = blocked("0-0")  # pair 1: 4 + 0 = 4 < 8
    result = g.results[0]
    assert result.winner == 1 and result.points == 12 and result.next_leader == 1
    assert g.to_move == 1 and g.view(None).scores == (0, 12, 0, 12)


def test_a_blocked_hand_with_equal_counts_is_a_tie_and_the_leader_leads_again() -> None:
    g = blocked("4-0")  # pair 0: 2 + 6, pair 1: 4 + 4
    result = g.results[0]
    assert result.winner is None and result.winners == () and result.points == 0
    assert g.pair_scores == [0, 0] and result.leader == 0 and g.to_move == 0
    assert g.outcome() is None and g.hand_number == 2


def test_reading_a_single_hand_tie_ends_the_game_with_nobody_winning() -> None:
    g = blocked("4-0", target=0)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == () and outcome.places == (1, 1, 1, 1)
    assert outcome.reason == "blocked" and g.summary()["winner"] is None


def test_a_single_hand_ends_the_game_and_its_winners_are_the_pair() -> None:
    g = blocked("4-4", target=0)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.places == (1, 2, 1, 2) and outcome.scores == (20, 0, 20, 0)
    assert g.summary()["winner"] == "Ana+Carla" and g.summary()["reason"] == "blocked"
    with pytest.raises(IllegalMove):
        g.play("pass")


def test_the_match_ends_when_a_pair_reaches_the_target() -> None:
    for seed in range(10):
        g = PartnershipGame(NAMES, PartnershipOptions(target=100), seed=seed)
        while g.to_move is not None:
            g.play(g.legal_moves()[0])
        outcome = g.outcome()
        assert outcome is not None
        won = pair_of(outcome.winners[0])
        assert g.pair_scores[won] >= 100 > g.pair_scores[1 - won]
        last = g.results[-1]
        assert last.winner == won and g.pair_scores[won] - last.points < 100
        assert all(r.pair_scores[0] < 100 and r.pair_scores[1] < 100 for r in g.results[:-1])


# -- readings of explicit deals ----------------------------------------------------------
def test_reading_without_the_6_6_the_highest_double_dealt_leads() -> None:
    g = game([["1-0"], ["4-4", "3-1"], ["5-5", "2-0"], ["6-5"]])
    assert g.to_move == 2 and legal(g) == ["5-5"]
    assert reason(g, "2-0") == "illegal.lead_double"


def test_reading_without_any_double_the_heaviest_tile_leads() -> None:
    g = game([["1-0"], ["4-3", "3-1"], ["5-2"], ["6-5", "2-1"]])
    assert g.to_move == 3 and legal(g) == ["6-5"]


def test_reading_a_deal_with_a_stock_is_refused() -> None:
    with pytest.raises(RecordError, match="stock"):
        PartnershipGame.from_record({"game": "partnership", "players": NAMES, "deal": {
            "hands": [["6-6"], ["5-5"], ["4-4"], ["3-3"]], "stock": ["2-2"]}})
    hands = tuple((Tile.of(n, n),) for n in (6, 5, 4, 3))
    with pytest.raises(ValueError, match="stock"):
        PartnershipGame(NAMES, deal=LineDeal(hands, (Tile.of(2, 2),)))


def test_reading_a_deal_that_leaves_a_hand_empty_is_refused() -> None:
    with pytest.raises(RecordError, match="empty"):
        game([["6-6"], [], ["4-4"], ["3-3"]])
