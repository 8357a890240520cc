"""A lobby's changes are checked as they commit (storage/lobbies.py), on both backends:
seats only if still those read, a start only from the lobby with those seats, a close
only from the statuses allowed, one live rematch per finished table."""

from __future__ import annotations

import pytest

from storage import InvalidState, RematchOpen, SeatsChanged, Storage, TableNotFound
from tests.storage.test_storage_tables import AI, ANN, BOB, CY, clock, store

__all__ = ["clock", "store"]  # the fixtures


async def lobby(store: Storage, **kw: object) -> int:
    args: dict[str, object] = {"guild_id": 10, "channel_id": 20, "game": "traditional",
                               "host_id": 1, "seats": [ANN]}
    args.update(kw)
    return (await store.create_table(**args)).id  # type: ignore[arg-type]


async def seats_of(store: Storage, table_id: int) -> tuple[object, ...]:
    row = await store.get_table(table_id)
    assert row is not None
    return row.seats


async def test_seats_change_only_if_still_those_read(store: Storage) -> None:
    table_id = await lobby(store)
    await store.update_seats(table_id, [ANN, BOB], expected=[ANN])
    with pytest.raises(SeatsChanged):  # read [ANN] before Bob's seat was committed
        await store.update_seats(table_id, [ANN, CY], expected=[ANN])
    assert await seats_of(store, table_id) == (ANN, BOB)
    await store.update_seats(table_id, [ANN, BOB, AI], expected=[ANN, BOB])
    assert await seats_of(store, table_id) == (ANN, BOB, AI)


async def test_lobby_seats_change_only_in_the_lobby(store: Storage) -> None:
    table_id = await lobby(store, seats=[ANN, BOB])
    await store.start_table(table_id, deadline=None, seed=1)
    with pytest.raises(InvalidState, match="playing"):
        await store.update_seats(table_id, [ANN], statuses=("lobby",))
    assert await seats_of(store, table_id) == (ANN, BOB)
    await store.update_seats(table_id, [ANN, AI])  # any live table (an AI takes a seat)
    assert await seats_of(store, table_id) == (ANN, AI)


async def test_a_start_needs_the_seats_it_was_dealt_for(store: Storage) -> None:
    table_id = await lobby(store, seats=[ANN, BOB, CY])
    await store.update_seats(table_id, [ANN, BOB])
    with pytest.raises(SeatsChanged):
        await store.start_table(table_id, deadline=None, seed=1, expected=[ANN, BOB, CY])
    row = await store.get_table(table_id)
    assert row is not None and row.status == "lobby" and row.seed is None
    await store.start_table(table_id, deadline=None, seed=1, expected=[ANN, BOB])
    row = await store.get_table(table_id)
    assert row is not None and row.status == "playing" and row.seed == 1


async def test_a_close_only_from_the_statuses_allowed(store: Storage) -> None:
    table_id = await lobby(store, seats=[ANN, BOB])
    await store.start_table(table_id, deadline=50.0, seed=1)
    with pytest.raises(InvalidState, match="playing"):  # an expired lobby, started meanwhile
        await store.set_status(table_id, "abandoned", only_from=("lobby",))
    row = await store.get_table(table_id)
    assert row is not None and row.status == "playing" and row.deadline == 50.0
    await store.set_status(table_id, "cancelled", only_from=("lobby", "playing"))
    with pytest.raises(InvalidState, match="cancelled"):  # cancelled twice
        await store.set_status(table_id, "cancelled", only_from=("lobby", "playing"))
    with pytest.raises(TableNotFound):
        await store.set_status(999, "cancelled", only_from=("lobby",))


async def test_one_live_rematch_per_finished_table(store: Storage) -> None:
    old = await lobby(store, seats=[ANN, BOB])
    await store.set_status(old, "finished")
    first = await lobby(store, settings={"rematch_of": old})
    with pytest.raises(RematchOpen) as raised:
        await lobby(store, settings={"rematch_of": old}, rematch_of=old)
    assert raised.value.table_id == first
    other = await lobby(store, settings={"rematch_of": old + 100}, rematch_of=old + 100)
    assert other != first  # another table's rematch
    await store.set_status(first, "abandoned")
    again = await lobby(store, settings={"rematch_of": old}, rematch_of=old)  # none live now
    assert again not in (first, other)
