"""render/'s seams: no import cycle, committed palettes, one Picture type, drawers by game."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from engine.registry import GAME_NAMES
from render import Picture, games, render_board, render_replay_gif
from render.board import drawer_for_game, drawer_for_view
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import traditional_record
from render.palette_build import DATA, data_source
from render.samples import replayed

RENDER = Path(__file__).resolve().parents[2] / "render"
# render/ draws views into bytes: it may use the engine, never a layer above it or I/O.
FORBIDDEN = ("bot", "cogs", "tables", "storage", "discord", "sqlite3", "aiosqlite", "asyncio")


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, wherever the import stands (functions and
    TYPE_CHECKING blocks included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def render_graph(folder: Path = RENDER) -> dict[str, set[str]]:
    modules = {}
    for p in folder.rglob("*.py"):
        parts = ["render", *p.relative_to(folder).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = p
    return {name: {m for m in imports_of(path) if m in modules and m != name}
            for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_find_cycle_sees_a_cycle_through_a_function_level_import() -> None:
    graph = {"render.a": {"render.b"}, "render.b": {"render.c"}, "render.c": {"render.a"},
             "render.d": set()}
    assert find_cycle(graph) == ["render.a", "render.b", "render.c", "render.a"]
    assert find_cycle({"render.a": {"render.b"}, "render.b": set()}) is None


def test_render_has_no_import_cycle() -> None:
    assert find_cycle(render_graph()) is None


def test_render_imports_nothing_above_it() -> None:
    for path in RENDER.rglob("*.py"):
        bad = sorted(m for m in imports_of(path) if m.split(".")[0] in FORBIDDEN)
        assert not bad, f"{path.name} imports {bad}"


def test_committed_palettes_are_what_the_build_makes() -> None:
    # Stale palettes would still encode, only with wrong colours: run
    # `python -m render.palette_build` after changing what the pictures draw.
    assert DATA.read_text(encoding="utf-8") == data_source()


def test_a_registered_game_finds_its_drawer() -> None:
    # That every registered game has one, and no other game: tests/test_game_parts.py.
    for name in GAME_NAMES:
        found = games.drawer(name)
        assert found is not None and drawer_for_game(name) is found and found.game == name


def test_a_view_finds_the_drawer_of_its_game() -> None:
    records = {"traditional": traditional_record(), "carousel": carousel_record(players=3),
               "clock": clock_record(seed=1)}
    for name, record in records.items():
        assert record["game"] == name
        assert drawer_for_view(replayed(record, 3).view(None)).game == name
    with pytest.raises(TypeError):
        drawer_for_view(object())
    with pytest.raises(TypeError):
        render_board("6-6")


def test_one_picture_type_for_png_and_gif() -> None:
    board = render_board(replayed(traditional_record(), 4).view(None))
    gif = render_replay_gif(traditional_record(seed=2, players=2))
    for pic, fmt, magic in ((board, "png", b"\x89PNG"), (gif, "gif", b"GIF8")):
        assert type(pic) is Picture
        assert pic.format == fmt and pic.mime == f"image/{fmt}"
        assert pic.data.startswith(magic)
        assert pic.size == (pic.width, pic.height) and pic.alt
        assert pic.filename.endswith(f".{fmt}")
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.alt = "changed"  # type: ignore[misc]
    with pytest.raises(ValueError):
        Picture(b"", "jpeg", 1, 1, "")
