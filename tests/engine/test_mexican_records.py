"""Mexican Train's notation, records, options and words (RULES.md section 4, the record format)."""

from __future__ import annotations

import pytest

from catalog import t
from engine.errors import IllegalMove, NotationError, OptionError, RecordError
from engine.mexican import MexicanGame, MexicanMove, MexicanOptions
from engine.records import new_game, replay, upgraded_options
from engine.tiles import Tile
from tests.engine.test_mexican import game, moves, reason


# -- notation ---------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "shown"), [
    ("12-5 M", "12-5 M"), ("5:12 m", "12-5 M"), ("[5|12] t3", "12-5 T3"), ("6-4 T12", "6-4 T12"),
    ("12-5", "12-5"), (" DRAW ", "draw"), ("Pass", "pass"),
    # Cyrillic train letters, as a Russian or Ukrainian keyboard types them (issue 54)
    ("12-5 \u041c", "12-5 M"), ("12-5 \u043c", "12-5 M"), ("6-4 \u04222", "6-4 T2"),
    ("[4|6] \u044212", "6-4 T12")])
def test_moves_read_and_write_in_record_notation(text: str, shown: str) -> None:
    move = MexicanMove.parse(text)
    assert str(move) == shown and MexicanMove.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "12-5 X", "T1", "12-5 T0", "13-1 M", "draw M", "12-5 T100",
                                  "12-5 \u04220", "12-5 \u041c1", "12-5 \u0422"])
def test_what_is_not_a_move_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        MexicanMove.parse(text)


def test_the_train_may_be_left_out_only_when_one_train_takes_the_tile() -> None:
    g = game([["9-3", "3-1"], ["9-5", "4-2"]], ["8-8"])
    assert reason(g, "9-3") == "illegal.mexican_fits_several"
    assert reason(g, "3-1") == "illegal.mexican_fits_none"
    assert reason(g, "9-3 T7") == "illegal.mexican_no_train"
    assert reason(g, "9-5 M") == "illegal.not_held"
    g.play("9-3 T1")
    g.play("9-5 T2")
    assert str(g.play("3-1")) == "3-1 T1" and g.moves[-1] == "3-1 T1"


def test_the_reasons_read_in_every_language() -> None:
    g = game([["9-4", "4-1", "8-8"], ["4-2", "9-3"]], ["1-1"])
    g.play("9-4 T1")
    with pytest.raises(IllegalMove) as caught:
        g.play("4-2 T1")
    phrase = caught.value.reason
    assert str(caught.value) == "Ann's train (T1) is closed: only its owner plays on it until " \
                                "it carries a marker"
    assert "Ann" in t(phrase.key, "ru", **phrase.values) != str(phrase)
    g.play("9-3 T2")
    g.play("4-1 T1")
    g.play("draw")
    assert reason(g, "1-1 T5") == "illegal.mexican_no_train"
    g.play("pass")
    assert g.markers == [False, True] and g.turn == 0


# -- records ----------------------------------------------------------------------------------
def test_the_record_gives_every_rounds_deal_and_replays() -> None:
    g = MexicanGame(("Ann", "Bob"), MexicanOptions(rounds=3), seed=11)
    while g.round < 3:
        g.play(g.legal_moves()[0])
    record = g.record()
    assert record["game"] == "mexican" and record["options"] == {"rounds": 3}
    assert len(record["deal"]["next"]) == 2
    for one in [record["deal"], *record["deal"]["next"]]:
        assert "next" not in one or one is record["deal"]
    del record["seed"]
    assert replay(record).summary() == g.summary()


def test_a_deal_that_holds_the_rounds_engine_is_refused() -> None:
    record = {"game": "mexican", "options": {"set": 9}, "players": ["A", "B"],
              "deal": {"hands": [["9-3"], ["8-1"]], "stock": [],
                       "next": [{"hands": [["8-8"], ["7-1"]], "stock": []}]}, "moves": []}
    with pytest.raises(RecordError, match="round 2 holds its engine 8-8"):
        new_game(record)
    record["deal"]["next"] = [{"hands": [[], ["7-1"]], "stock": []}]
    with pytest.raises(RecordError, match="at least one tile"):
        new_game(record)
    record["deal"]["next"] = [{"hands": [["9-9"], ["7-1"]], "stock": ["10-1"]}]
    with pytest.raises(RecordError, match="outside the set"):
        new_game(record)


def test_reading_more_deals_than_rounds_is_refused() -> None:
    # RULES.md checks every deal before the first move; a deal for a round the game never
    # plays is taken as a mistake in the record, not ignored.
    one = {"hands": [["9-3"], ["8-1"]], "stock": []}
    record = {"game": "mexican", "options": {"set": 9, "rounds": 1}, "players": ["A", "B"],
              "deal": {**one, "next": [one]}, "moves": []}
    with pytest.raises(RecordError, match="2 deals for a game of 1 rounds"):
        new_game(record)


# -- options --------------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "key"), [
    ({"set": 6}, "mexican.option_choice"), ({"set": 10}, "mexican.option_choice"),
    ({"rounds": -1}, "mexican.option_range"), ({"rounds": 14}, "mexican.option_range"),
    ({"rounds": 0}, "mexican.option_range"), ({"hand_size": 0}, "mexican.option_range"),
    ({"hand_size": -1}, "mexican.option_range"), ({"hand_size": 46}, "mexican.option_range"),
    ({"blank_double": 25}, "mexican.option_choice"),
    ({"set": 9, "rounds": 11}, "mexican.too_many_rounds")])
def test_every_option_out_of_range_is_refused_with_a_catalog_reason(options: dict[str, int],
                                                                   key: str) -> None:
    with pytest.raises(OptionError) as caught:
        new_game({"game": "mexican", "options": options, "players": ["A", "B"], "seed": 1})
    assert caught.value.reason.key == key
    assert t(key, "ru", **caught.value.reason.values) != str(caught.value)


@pytest.mark.parametrize(("options", "recorded"), [
    ({"set": 12, "rounds": 13}, {"rounds": 13}), ({"set": 9, "rounds": 10}, None),
    ({"rounds": 1}, None), ({"hand_size": 45}, None), ({"hand_size": 1}, None),
    ({"blank_double": 50}, None), ({"blank_double": 0, "set": 9}, {"set": 9})])
def test_every_option_at_the_ends_of_its_range_plays_and_is_recorded(
        options: dict[str, int], recorded: dict[str, int] | None) -> None:
    g = new_game({"game": "mexican", "options": options, "players": ["A", "B"], "seed": 1})
    assert g.record()["options"] == (options if recorded is None else recorded)
    assert replay(g.record()).summary() == g.summary()


@pytest.mark.parametrize(("players", "top", "size", "ok"), [
    (8, 9, 15, False), (8, 9, 6, True), (8, 9, 7, False), (8, 12, 11, True), (8, 12, 12, False),
    (2, 12, 45, True), (2, 9, 27, True), (2, 9, 28, False), (7, 12, 12, True)])
def test_hands_must_fit_in_the_set_less_the_engine(players: int, top: int, size: int,
                                                   ok: bool) -> None:
    record = {"game": "mexican", "options": {"set": top, "hand_size": size},
              "players": [f"P{i}" for i in range(players)], "seed": 1}
    if ok:
        assert [len(h) for h in new_game(record).hands] == [size] * players  # type: ignore
        return
    with pytest.raises(OptionError) as caught:
        new_game(record)
    assert caught.value.reason.key == "mexican.hands_too_big"
    assert caught.value.reason.values["most"] == ((top + 1) * (top + 2) // 2 - 1) // players


def test_reading_rounds_and_hand_size_left_out_are_their_defaults_and_zero_is_refused() -> None:
    # RULES.md section 4: `rounds` 1 to N+1 (default: all of them), `hand_size` 1 up
    # (default by players and set). The default is said by leaving the option out; a
    # record that says 0 is refused (issue 54: it used to mean the default).
    assert MexicanOptions().round_count == 13 and MexicanOptions(set=9).round_count == 10
    assert MexicanOptions().size_for(5) == 12 and MexicanOptions(hand_size=3).size_for(5) == 3
    g = MexicanGame(("A", "B"), MexicanOptions(rounds=13, hand_size=15), seed=2)
    assert g.record()["options"] == {"rounds": 13, "hand_size": 15}
    assert MexicanGame(("A", "B"), MexicanOptions(), seed=2).record()["options"] == {}
    for name in ("rounds", "hand_size"):
        with pytest.raises(OptionError) as caught:
            replay({"game": "mexican", "options": {name: 0}, "players": ["A", "B"],
                    "seed": 2, "moves": []})
        assert caught.value.reason.values["low"] == 1


def test_an_old_stored_zero_is_read_as_the_default() -> None:
    # Tables stored before issue 54 hold `rounds: 0` for "the whole game" and
    # `hand_size: 0` for "by players and set": read, they are left out, so the record
    # is one RULES.md reads and replays as the game was played.
    old = {"rounds": 0, "hand_size": 0, "blank_double": 50}
    assert upgraded_options("mexican", old) == {"blank_double": 50}
    assert upgraded_options("mexican", {"rounds": 5}) == {"rounds": 5}
    assert upgraded_options("traditional", {"target": 0}) == {"target": 0}
    record = {"game": "mexican", "options": upgraded_options("mexican", old),
              "players": ["A", "B"], "seed": 3, "moves": []}
    g = replay(record)
    assert g.summary()["engine"] == "12-12" and len(g.hands[0]) == 15  # type: ignore[attr-defined]


def test_the_terminal_view_shows_trains_markers_and_the_waiting_double() -> None:
    g = game([["9-5", "5-5", "8-8"], ["9-2", "5-0", "2-1"]], ["4-4", "3-3"])
    for move in ["9-5 T1", "9-2 M", "5-5 T1", "draw", "pass"]:
        g.play(move)
    text = g.view(1).text()
    assert "T1 Ann's train (open) — the double 5-5 waits: 9-5 5-5 → 5" in text
    assert "M Mexican train: 9-2 → 2" in text and " > Bob: 2 tiles, total 0" in text
    assert "legal: 5-0 T1" in text and "your hand: 9-2" not in text
    assert "your hand" not in g.view(None).text()


def test_reading_the_words_for_train_marker_hub_and_engine() -> None:
    # The game's own words: a train is «поезд» / «потяг» (as in the game's name), a marker
    # «маркер», the hub «станция» / «станція» (where every train starts) and the engine,
    # the round's double in the hub, «паровоз» / «паротяг» (it pulls every train).
    words = ("train", "marker", "hub", "engine")
    assert [t(f"mexican.word.{w}", "en") for w in words] == list(words)
    assert [t(f"mexican.word.{w}", "ru") for w in words] == ["поезд", "маркер", "станция",
                                                            "паровоз"]
    assert [t(f"mexican.word.{w}", "uk") for w in words] == ["потяг", "маркер", "станція",
                                                            "паротяг"]
    assert t("game.mexican", "ru") == "Мексиканский поезд"
    assert t("game.mexican", "uk") == "Мексиканський потяг"


def test_reading_the_legal_moves_list_tiles_in_hand_order_then_trains_t1_to_m() -> None:
    # RULES.md lists `TILE TRAIN` once for each train that accepts the tile; the order is
    # the hand's (highest tile first), each tile's trains as the notation numbers them.
    g = game([["8-8", "7-7"], ["9-2", "9-1", "5-5"]], [])
    g.play("pass")
    assert moves(g)[:3] == ["9-2 T1", "9-2 T2", "9-2 M"]


def test_reading_after_a_draw_that_fits_only_the_drawn_tile_can_be_played() -> None:
    # "If the drawn tile can be played, they must play it": nothing else fitted before the
    # draw and a draw changes no train, so the plays listed are the drawn tile's.
    g = game([["8-8", "7-7"], ["9-3", "3-2"]], ["9-1"])
    g.play("draw")
    assert {m.tile for m in g.legal_moves()} == {Tile.of(9, 1)}


def test_a_tile_that_fits_several_trains_is_asked_by_the_trains_owners() -> None:
    from catalog import t
    from engine.choices import end_choices

    g = game([["9-5", "5-4"], ["8-2", "2-0"]], ["3-3"], rounds=1)
    assert g.to_move == 0
    choices = end_choices(g, "9-5")
    assert [(c.move, t(c.words.key, "en", **c.words.values)) for c in choices
            if c.words is not None] == [("9-5 T1", "on your train"),
                                        ("9-5 M", "on the Mexican train")]
    assert t("hand.end", "en", tile="[9|5]", end=choices[0].words) == "[9|5] on your train"
    assert t(g.end_words("T2", 0).key, "en", **g.end_words("T2", 0).values) == (
        f"on {g.players[1]}'s train")
    assert g.end_words("T2", 1).key == "place.mexican_own"
