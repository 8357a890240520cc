"""Chosen partners at a table in pairs (tables/partners.py): where the lobby's people sit,
the choice's refusals, and the game starting with the two who chose opposite."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.models import Seat
from tables.errors import TableError, TableFull
from tables.live import Person, TableSettings
from tables.partners import arranged, lobby_seat, with_pair
from tables.service import TableService
from tests.tables.conftest import Services
from tests.tables.test_tables_service import ANN, BOB, CY, open_service

DEE, EVE = Person(4, "Dee"), Person(5, "Eve")


def seats(*users: int | None) -> list[Seat]:
    return [Seat(u, None if u else "normal", f"p{u}" if u else f"ai{i}")
            for i, u in enumerate(users)]


@pytest.mark.parametrize(("sat", "partners", "expected"), [
    ((1, 2), (), [0, 1, None, None]),  # nobody chose: as they sat down
    ((1, 2), (2, 1), [0, None, 1, None]),  # Bob chose Ann: seat 3 kept for him
    ((1, 2, 3), (2, 1), [0, 2, 1, None]),  # Cy sits on the seat left between them
    ((1, 2, 3, 4), (3, 2), [0, 1, 3, 2]),  # Cy opposite Bob: on Bob's pair of seats
    ((1, 2, 3, 4), (4, 1, 3, 2), [0, 1, 3, 2]),  # both pairs chosen
    ((1, 2, 3, 4), (1, 3), [0, 1, 2, 3]),  # already opposite: nobody moves
    ((1, 2, None), (9, 1), [0, 1, 2, None]),  # a partner not seated: no pair yet
])
def test_the_pairs_chosen_sit_opposite(sat: tuple[int | None, ...], partners: tuple[int, ...],
                                       expected: list[int | None]) -> None:
    assert arranged(seats(*sat), partners, 4) == expected


def test_a_new_choice_undoes_the_pairs_either_was_in() -> None:
    assert with_pair((1, 2, 3, 4), 3, 1) == (3, 1)
    assert with_pair((1, 2), 3, 4) == (1, 2, 3, 4)


async def partnership_lobby(service: TableService) -> int:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="partnership",
                                     settings=TableSettings(seats=4, auto_start=True),
                                     options={})
    return table.id


async def test_two_who_chose_start_opposite(tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await partnership_lobby(service)
    # Bob is not seated yet: choosing Ann seats him, opposite her.
    table = await service.partner(table_id, BOB, ANN.user_id)
    assert table.seat_of(BOB.user_id) == 1 and lobby_seat(table, BOB.user_id) == 2
    await service.join(table_id, CY)
    table = await service.join(table_id, DEE)  # the fourth: it starts by itself
    assert table.status == "playing"
    assert [s.name for s in table.seats] == ["Ann", "Cy", "Bob", "Dee"]
    assert table.game is not None and list(table.game.players) == ["Ann", "Cy", "Bob", "Dee"]
    stored = await service._store.get_table(table_id)
    assert stored is not None and [s.user_id for s in stored.seats] == [1, 3, 2, 4]


async def test_a_choice_is_refused_where_it_cannot_be(tmp_path: Path,
                                                      services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    plain = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=4, auto_start=False),
                                     options={})
    with pytest.raises(TableError) as refused:
        await service.partner(plain.id, BOB, ANN.user_id)
    assert refused.value.key == "error.partner.no_pairs"
    table_id = await partnership_lobby(service)
    await service.change_lobby(table_id, ANN.user_id, {"auto_start": False})
    for who, whom, key in ((ANN, ANN.user_id, "error.partner.self"),
                           (ANN, CY.user_id, "error.partner.not_seated")):
        with pytest.raises(TableError) as refused:
            await service.partner(table_id, who, whom)
        assert refused.value.key == key
    await service.partner(table_id, BOB, ANN.user_id)
    with pytest.raises(TableError) as refused:  # Ann's partner is chosen: Cy cannot take her
        await service.partner(table_id, CY, ANN.user_id)
    assert refused.value.key == "error.partner.taken"
    table = await service.table(table_id)
    assert table.seat_of(CY.user_id) is None  # and was not seated by the refusal
    await service.join(table_id, CY)
    table = await service.partner(table_id, ANN, CY.user_id)  # Ann changes her mind
    assert [lobby_seat(table, p.user_id) for p in (ANN, BOB, CY)] == [0, 1, 2]
    await service.join(table_id, DEE)
    with pytest.raises(TableFull):
        await service.partner(table_id, EVE, DEE.user_id)
    await service.start(table_id, ANN.user_id)
    started = await service.table(table_id)
    assert [s.name for s in started.seats] == ["Ann", "Bob", "Cy", "Dee"]
