"""The table service by composition (tables/service.py): parts with one job each, which
know each other only through the protocols they declare, wired by the facade alone."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Protocol

import tables.lobby
import tables.moves
import tables.seats
import tables.shards
import tables.turns
from storage import Storage
from tables.live import Person, TableSettings
from tables.service import TableService

TABLES = Path(tables.moves.__file__).parent
# Each part, and the classes that are parts (what the facade wires).
PARTS = {"lobby": "LobbyActions", "moves": "MovePipeline", "seats": "Seats",
         "shards": "HeldTables", "timers": "Scheduler", "turns": "TurnsDue",
         "events": "Events"}


def imported_names(module: str) -> set[tuple[str, str]]:
    """(module, name) of every `from tables.x import name` in tables/<module>.py."""
    tree = ast.parse((TABLES / f"{module}.py").read_text(encoding="utf-8"))
    return {(node.module.removeprefix("tables."), alias.name)
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
            and node.module.startswith("tables.") for alias in node.names}


def test_no_part_imports_another_part_nor_the_facade() -> None:
    for module in PARTS:
        named = imported_names(module)
        wired = {(m, n) for m, n in named if PARTS.get(m) == n}
        assert not wired, f"tables/{module}.py builds on {wired}: only its protocols may"
        assert not any(m == "service" for m, _ in named), module


def test_what_a_part_needs_of_another_is_a_protocol_declared_beside_it() -> None:
    for module in (tables.lobby, tables.moves, tables.seats, tables.shards, tables.turns):
        needs = [c for _, c in inspect.getmembers(module, inspect.isclass)
                 if c.__module__ == module.__name__ and Protocol in c.__mro__]
        assert needs, module.__name__
        for need in needs:  # narrow: a few methods each
            methods = [n for n in vars(need) if not n.startswith("_")]
            assert 1 <= len(methods) <= 5, (need, methods)


def test_the_facade_has_no_mixin_bases() -> None:
    assert TableService.__bases__ == (object,)


async def test_every_way_to_a_table_by_id_gives_the_one_table(tmp_path: Path) -> None:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    try:
        table = await service.open_lobby(guild_id=None, channel_id=1, host=Person(1, "Ann"),
                                         game="traditional", settings=TableSettings(),
                                         options={})
        held = await service.table(table.id)
        assert held is table
        assert service.held(table.id) is held
        assert service.held_tables[table.id] is held
    finally:
        await service.close()
        await store.close()


def test_tables_reads_the_seat_state_apart_from_the_settings() -> None:
    # `table.settings.away` still reads (cogs and tests ask it so), but tables/ itself
    # asks the seat state: the options fixed at opening are one thing, the seats another.
    for path in TABLES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("away", "timeouts", "resigned"):
            assert f"settings.{name}" not in text, (path.name, name)
