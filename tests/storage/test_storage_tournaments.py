"""Tournaments in storage (issue 49, migration 014), on both backends: a tournament and
its status by compare-and-set, entrants, a round paired once (insert if absent), round
tables moved only from the state read, notice stages, and host actions."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import Storage
from storage.errors import InvalidState
from storage.tournaments import TournamentRow


async def _tournament(store: Storage, **kw: object) -> TournamentRow:
    fields: dict[str, object] = dict(
        guild_id=10, channel_id=20, host_id=1, game="traditional", options={"target": 0},
        table_settings={"turn_seconds": 3600}, format="swiss", rounds=3,
        round_seconds=86400, seats=2, min_seats=None, advance=1, teams=False,
        check_in=False, starts_at=1_800_000_000.0, title="December")
    fields.update(kw)
    return await store.create_tournament(**fields)  # type: ignore[arg-type]


async def test_a_tournament_is_stored_and_moves_status_only_from_where_allowed(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        made = await _tournament(store)
        assert made.status == "signup" and made.options == {"target": 0}
        assert made.table_settings == {"turn_seconds": 3600} and made.title == "December"
        assert await store.get_tournament(made.id) == made
        assert await store.get_tournament(made.id + 99) is None
        assert await store.set_tournament_status(made.id, "running", only_from=("signup",))
        assert not await store.set_tournament_status(made.id, "running", only_from=("signup",))
        assert await store.set_tournament_status(made.id, "paused", only_from=("running",),
                                                 paused_at=5.0)
        paused = await store.get_tournament(made.id)
        assert paused is not None and (paused.status, paused.paused_at) == ("paused", 5.0)
        await store.update_tournament(made.id, signup_message_id=77, standings_message_id=78)
        again = await store.get_tournament(made.id)
        assert again is not None and (again.signup_message_id, again.standings_message_id) == (
            77, 78)
        with pytest.raises(ValueError):
            await store.update_tournament(made.id, game="carousel")
        assert [t.id for t in await store.tournaments(statuses=("paused",))] == [made.id]
        assert await store.tournaments(statuses=("signup",)) == []
    finally:
        await store.close()


async def test_entrants_join_once_leave_in_signup_and_are_kept_after(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        made = await _tournament(store)
        first = await store.add_entrant(made.id, 5, "Eve", statuses=("signup",))
        assert first is not None and first.seed == 1 and first.active
        assert await store.add_entrant(made.id, 5, "Eve", statuses=("signup",)) is None
        second = await store.add_entrant(made.id, 6, "Fay", statuses=("signup",))
        assert second is not None and second.seed == 2
        assert await store.remove_entrant(made.id, 5, statuses=("signup",))
        assert not await store.remove_entrant(made.id, 5, statuses=("signup",))
        await store.set_tournament_status(made.id, "running", only_from=("signup",))
        with pytest.raises(InvalidState):
            await store.add_entrant(made.id, 7, "Gus", statuses=("signup",))
        with pytest.raises(InvalidState):
            await store.remove_entrant(made.id, 6, statuses=("signup",))
        await store.set_seeds(made.id, {6: (1, 1612.5)})
        assert await store.update_entrant(made.id, 6, active=False, withdrawn_round=2)
        [fay] = await store.entrants(made.id)
        assert (fay.seed, fay.rating, fay.active, fay.withdrawn_round) == (1, 1612.5, False, 2)
        assert [t.id for t in await store.tournaments_of(6)] == [made.id]
    finally:
        await store.close()


async def test_a_round_is_paired_once_and_its_tables_move_by_compare_and_set(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        made = await _tournament(store)
        pairing = {"tables": [[1, 2], [3, 4]], "byes": [5], "teams": False}
        add = [store.add_round(made.id, 1, starts_at=10.0, deadline=20.0, pairing=pairing,
                               tables=[[1, 2], [3, 4]], byes=[5]) for _ in range(2)]
        assert sorted(await asyncio.gather(*add)) == [False, True]
        [played] = await store.tournament_rounds(made.id)
        assert (played.number, played.pairing, played.status, played.stage) == (
            1, pairing, "open", 0)
        now = await store.get_tournament(made.id)
        assert now is not None and now.current_round == 1
        tables = await store.round_tables(made.id, 1)
        assert [(t.seats, t.state, t.decided_by) for t in tables] == [
            ((1, 2), "waiting", "played"), ((3, 4), "waiting", "played"),
            ((5,), "done", "bye")]
        assert tables[2].result == {"places": [1], "scores": []}
        assert await store.move_table(made.id, 1, 0, only_from=("waiting",), to="opening")
        assert not await store.move_table(made.id, 1, 0, only_from=("waiting",), to="opening")
        assert await store.move_table(made.id, 1, 0, only_from=("opening",), to="playing",
                                      table_id=900)
        found = await store.round_table_of(900)
        assert found is not None and (found.round, found.index) == (1, 0)
        marked = await store.mark_table(made.id, 1, 0, decided_by="forfeit", forfeit=[1],
                                        moved=[2])
        assert marked is not None and (marked.decided_by, marked.forfeits, marked.moved) == (
            "forfeit", (1,), (2,))
        again = await store.mark_table(made.id, 1, 0, decided_by="deadline", moved=[2])
        assert again is not None and again.decided_by == "forfeit" and again.moved == (2,)
        result = {"places": [2, 1], "scores": [0, 12]}
        assert await store.move_table(made.id, 1, 0, only_from=("playing",), to="done",
                                      result=result)
        assert (await store.round_tables(made.id, 1))[0].result == result
        assert await store.advance_round_stage(made.id, 1, 0, 1)
        assert not await store.advance_round_stage(made.id, 1, 0, 1)
        assert await store.move_deadline(made.id, 1, 30.0, expected=20.0)
        assert not await store.move_deadline(made.id, 1, 40.0, expected=20.0)
        assert await store.finish_round(made.id, 1)
        assert not await store.finish_round(made.id, 1)
        [done] = await store.tournament_rounds(made.id)
        assert (done.status, done.stage, done.deadline) == ("done", 1, 30.0)
    finally:
        await store.close()


async def test_host_actions_are_kept_with_who_and_what(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        made = await _tournament(store)
        await store.record_action(made.id, 1, "pause")
        await store.record_action(made.id, 1, "extend", {"round": 1, "hours": 6})
        kept = await store.tournament_actions(made.id)
        assert [(a.user_id, a.action, a.detail) for a in kept] == [
            (1, "pause", {}), (1, "extend", {"round": 1, "hours": 6})]
    finally:
        await store.close()
