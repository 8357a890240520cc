"""A tournament's table options (issue 49: "opens a tournament for one game with its table
options"): typed by the host as name:value (tables/tournament/typed_options.py), refused
with the catalog's words in the reader's language, and every round table seated with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog import t
from catalog.reader import reading
from engine.registry import GAMES, game_spec
from tables.errors import TableError
from tables.live import TableSettings
from tables.tournament.typed_options import MOST, option_pairs, typed_options
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import VirtualTime
from tests.tables.test_tournament_service import HOUR, PEOPLE, _create, _setup


def refusal(game: str, text: str) -> TableError:
    with pytest.raises(TableError) as refused:
        typed_options(game, text)
    return refused.value


def test_typed_options_read_as_the_engine_takes_them() -> None:
    assert typed_options("traditional", None) == {}
    assert typed_options("traditional", "   ") == {}
    assert typed_options("traditional", "target:100 lead:winner") == {
        "target": 100, "lead": "winner"}
    # `=`, commas, a space after the colon, hyphens and capitals are all read
    assert typed_options("traditional", "Hand-Size = 5, fish_winner: LOWEST") == {
        "hand_size": 5, "fish_winner": "lowest"}
    # a default given is no change: a table stores only what differs
    assert typed_options("traditional", "hand_size:7 target:0") == {}
    assert option_pairs("a:1;b=2") == [("a", "1"), ("b", "2")]


def test_flags_take_on_and_off() -> None:
    flags = [(g, info) for g in GAMES for info in game_spec(g).options if info.type is bool]
    assert flags  # some game has a flag to test with
    game, info = flags[0]
    on = typed_options(game, f"{info.name}:{'off' if info.default else 'yes'}")
    assert on == {info.name: not info.default}
    assert refusal(game, f"{info.name}:maybe").key == "error.tournament.option_flag"


@pytest.mark.parametrize(("text", "key"), [
    ("target", "error.tournament.option_form"),
    ("target:", "error.tournament.option_form"),
    ("colour:red", "error.tournament.option_unknown"),
    ("target:5 target:6", "error.tournament.option_twice"),
    ("target:lots", "error.tournament.option_number"),
    ("target:99999", "error.tournament.option_range"),
    ("hand_size:4", "error.tournament.option_range"),
    ("lead:loser", "error.tournament.option_choice"),
    ("target:1" + " " * MOST, "error.tournament.option_long"),
])
def test_what_a_host_mistyped_is_refused_with_its_key(text: str, key: str) -> None:
    assert refusal("traditional", text).key == key


def test_a_refusal_reads_in_the_readers_language() -> None:
    unknown = refusal("traditional", "colour:red")
    assert "`hand_size`" in unknown.values["names"] and "`target`" in unknown.values["names"]
    english = t(unknown.key, "en", **unknown.values)
    with reading("ru"):
        russian = t(unknown.key, None, **unknown.values)
    assert "colour" in english and "colour" in russian and english != russian
    assert english.startswith(t("game.traditional", "en"))
    ranged = refusal("traditional", "hand_size:9")
    assert ranged.values["low"] == 5 and ranged.values["high"] == 7
    assert "5" in t(ranged.key, "uk", **ranged.values)


def test_an_unknown_game_is_refused() -> None:
    assert refusal("chess", "target:1").key == "error.unknown_game"


async def test_options_the_engine_refuses_are_refused_at_create(
        services: Services, tmp_path: Path) -> None:
    """The service checks what it is given again (a caller that typed nothing)."""
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    with pytest.raises(TableError) as refused:
        await _create(tournaments, options={"target": 100, "hand_size": 9})
    assert refused.value.key == "error.bad_options"
    assert await tournaments.store.tournaments(statuses=("signup",)) == []


async def test_every_round_table_is_seated_with_the_tournaments_options(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    chosen = typed_options("traditional", "hand_size:5 lead:winner")
    tid = await _create(tournaments, entrants=4, rounds=1, options=chosen)
    assert (await tournaments.get(tid)).options == chosen  # stored with the tournament
    await vt.advance(HOUR + 60)
    tables = await tournaments.store.round_tables(tid, 1)
    assert len(tables) == 2 and all(rt.table_id is not None for rt in tables)
    for rt in tables:
        assert rt.table_id is not None
        row = await service.row(rt.table_id)
        assert row.options == chosen
        live = await service.table(rt.table_id)
        assert live.game is not None  # the game itself plays by them: 5 tiles a hand
        assert (live.game.options.hand_size, live.game.options.lead) == (5, "winner")
    assert {p for rt in tables for p in rt.seats} == {p.user_id for p in PEOPLE[:4]}
    assert TableSettings.from_json((await tournaments.get(tid)).table_settings).seats == 2
