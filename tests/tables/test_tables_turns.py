"""Turns that ask only for real decisions (issue 14), without Discord.

Forced moves (a lone draw or pass) are played by the table under its lock and
committed like any move; positions that wait for a person get a deadline, the
others none; a hand that ends is told with its summary; a resigner's seat goes
to an AI at 3+ seats and the others play on.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import tables.lobby as lobby_module
import tables.service as service_module
from engine.records import replay
from storage import Storage
from tables.errors import NotAllowed
from tables.live import LiveTable, Person, TableEvent, TableSettings
from tables.service import TableService

PEOPLE = [Person(i + 1, name) for i, name in enumerate(("Ann", "Bob", "Cy", "Dee"))]


class Seeds:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randbits(self, _bits: int) -> int:
        return self.seed


class Recorder:
    """Listens to the service; notes each event with the deadline stored at that moment."""

    def __init__(self) -> None:
        self.events: list[TableEvent] = []

    async def __call__(self, event: TableEvent) -> None:
        self.events.append(event)

    def kinds(self, kind: str) -> list[TableEvent]:
        return [e for e in self.events if e.kind == kind]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[tuple[TableService, Recorder]]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    svc = TableService(store, ai_delay=0)
    seen = Recorder()
    svc.listeners.append(seen)
    yield svc, seen
    await svc.close()
    await store.close()


async def seated(svc: TableService, monkeypatch: pytest.MonkeyPatch, seats: int, *,
                 seed: int = 5, game: str = "traditional", options: dict[str, Any] | None = None,
                 **settings: Any) -> LiveTable:
    monkeypatch.setattr(lobby_module, "secrets", Seeds(seed))
    table = await svc.open_lobby(guild_id=1, channel_id=2, host=PEOPLE[0], game=game,
                                 settings=TableSettings(seats=seats, **settings),
                                 options=options or {})
    for person in PEOPLE[1:seats]:
        await svc.join(table.id, person)
    assert table.status == "playing"
    return table


async def play_first_legal(svc: TableService, table: LiveTable, *,
                           skip: frozenset[int] = frozenset()) -> list[tuple[int, list[str]]]:
    """Each person to move plays their first legal move; returns (seat, legal moves) of
    every position a person was asked about. Seats in `skip` are left to the AI."""
    asked = []
    while table.status == "playing":
        assert table.game is not None
        seat = table.game.to_move
        assert seat is not None
        if table.played_by_ai(seat) or seat in skip:
            await svc.settle()
            continue
        legal = [str(m) for m in table.game.legal_moves()]
        asked.append((seat, legal))
        assert table.deadline is not None  # a real decision waits, with its clock
        user = table.seats[seat].user_id
        assert user is not None
        await svc.play(table.id, user, table.seq, legal[0])
    return asked


@pytest.mark.parametrize(("seats", "seed"), [(4, 5), (4, 6), (2, 5), (2, 9), (3, 4)])
async def test_nobody_is_asked_to_draw_or_pass(service: tuple[TableService, Recorder],
                                               monkeypatch: pytest.MonkeyPatch, seats: int,
                                               seed: int) -> None:
    svc, seen = service
    table = await seated(svc, monkeypatch, seats, seed=seed)
    asked = await play_first_legal(svc, table)
    assert asked and all(set(legal) - {"draw", "pass"} for _, legal in asked)
    moves = seen.kinds("move")
    forced = [e.move for e in moves if e.forced]
    assert set(forced) <= {"draw", "pass"}
    stored = list(await svc._store.moves(table.id))
    assert stored == [e.move for e in moves]  # forced moves are in the record as usual
    record = table.record_base(table.seed)
    record["moves"] = stored
    assert replay(record).is_over()
    if seats == 2:  # a stock of 14: somebody drew
        assert "draw" in forced


async def test_a_forced_position_gets_no_deadline(service: tuple[TableService, Recorder],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    table = await seated(svc, monkeypatch, 2, seed=9)
    deadlines: list[tuple[bool, float | None]] = []

    async def note(event: TableEvent) -> None:
        if event.kind == "move":
            game = event.table.game
            assert game is not None
            waits = not game.is_over() and game.forced_move() is None
            deadlines.append((waits, event.table.deadline))

    svc.listeners.append(note)
    await play_first_legal(svc, table)
    assert any(not waits for waits, _ in deadlines)
    assert all((deadline is not None) == waits for waits, deadline in deadlines[:-1])


async def test_without_the_option_the_player_draws_by_hand(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, seen = service
    table = await seated(svc, monkeypatch, 2, seed=9, auto_forced=False)
    asked = await play_first_legal(svc, table)
    assert any(legal == ["draw"] for _, legal in asked)
    assert not any(e.forced for e in seen.kinds("move"))


async def test_every_hand_of_a_match_is_told_with_its_summary(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, seen = service
    table = await seated(svc, monkeypatch, 3, options={"target": 61})
    await play_first_legal(svc, table)
    assert table.game is not None
    hands = [e.hand for e in seen.kinds("hand")]
    assert [h.number for h in hands if h] == list(range(1, table.game.finished_hands + 1))
    assert len(hands) >= 2
    last = hands[-1]
    assert last is not None and max(last.scores) >= 61


async def test_reading_a_resign_at_four_seats_hands_the_seat_to_the_ai(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, seen = service
    table = await seated(svc, monkeypatch, 4, options={"target": 31})
    dee = PEOPLE[3]
    await svc.resign(table.id, dee.user_id)
    assert table.status == "playing" and table.settings.resigned == (3,)
    assert [e.seat for e in seen.kinds("resigned")] == [3]
    with pytest.raises(NotAllowed):
        await svc.play(table.id, dee.user_id, None, "pass")
    asked = await play_first_legal(svc, table)
    assert {seat for seat, _ in asked} == {0, 1, 2}  # the other three finish the match
    assert table.status == "finished"
    results = {r.seat: r.place for r in await svc._store.results_of_table(table.id)}
    assert results[3] == 4 and sorted(results[s] for s in (0, 1, 2))[0] == 1


async def test_a_rematch_after_a_resign_seats_everyone_as_a_player_again(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    table = await seated(svc, monkeypatch, 4, options={"target": 31})
    await svc.resign(table.id, PEOPLE[3].user_id)
    await play_first_legal(svc, table)
    assert table.status == "finished"
    rematch = await svc.rematch(table.id, PEOPLE[0])
    assert rematch.table.settings.resigned == ()  # a resign is of the game it ended
    for person in PEOPLE[1:]:
        await svc.join(rematch.table.id, person)
    again = svc.held_tables[rematch.table.id]
    assert again.status == "playing"
    assert [again.played_by_ai(seat) for seat in range(4)] == [False] * 4


async def test_a_resign_at_two_seats_or_with_on_resign_end_ends_the_game(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    pair = await seated(svc, monkeypatch, 2)
    await svc.resign(pair.id, PEOPLE[1].user_id)
    assert pair.status == "finished"
    four = await seated(svc, monkeypatch, 4, on_resign="end")
    await svc.resign(four.id, PEOPLE[2].user_id)
    assert four.status == "finished"
    results = {r.seat: r.place for r in await svc._store.results_of_table(four.id)}
    assert results[2] == 4


async def test_big_clock_draws_for_the_player_only_when_they_ask(
        service: tuple[TableService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    monkeypatch.setattr(service_module, "secrets", Seeds(3))  # a solitaire deals there
    plain = await svc.start_solitaire(guild_id=1, channel_id=2, person=PEOPLE[0],
                                      game="clock", options={})
    assert plain.seq == 0
    auto = await svc.start_solitaire(guild_id=1, channel_id=2, person=PEOPLE[1],
                                     game="clock", options={}, auto_draw=True)
    assert auto.game is not None and auto.seq >= 1
    assert next(iter(await svc._store.moves(auto.id))) == "draw"
    assert auto.game.forced_move() is None  # it stopped where there is a choice


async def test_forced_moves_a_crash_left_unplayed_are_played_at_start_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await Storage.open(tmp_path / "db.sqlite3")
    svc = TableService(store, ai_delay=0)
    table = await seated(svc, monkeypatch, 2, seed=9)
    # People play until a move would leave the next player only a draw or a pass.
    while True:
        assert table.game is not None and table.status == "playing"
        game = table.game
        seat = game.to_move
        assert seat is not None
        leading = [str(m) for m in game.legal_moves()
                   if (after := game.copy()).play(m) and after.forced_move() is not None]
        if leading:
            break
        await svc.play(table.id, table.seats[seat].user_id or 0, table.seq,
                       str(game.legal_moves()[0]))
    # A crash right after that move's commit: stored, but not the forced moves after it.
    seq = table.seq + 1
    await store.append_move(table.id, seq, leading[0], deadline=None)
    await svc.close()
    again = TableService(store, ai_delay=0)
    try:
        await again.load()
        await again.settle()
        resumed = again.held_tables[table.id]
        assert resumed.game is not None and resumed.seq > seq
        assert resumed.game.forced_move() is None  # waiting on a real decision…
        assert resumed.status != "playing" or resumed.deadline is not None  # …with a clock
        stored = list(await store.moves(table.id))
        assert stored[seq:] and set(stored[seq:]) <= {"draw", "pass"}
    finally:
        await again.close()
        await store.close()
