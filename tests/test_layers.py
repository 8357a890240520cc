"""The layers, read from the source: no import cycle between modules, no upward import.

The import graph is built with `ast` from every module of the project (tests/ and
bench/ may import anything, so they are left out). Every import counts, wherever it
is written: at the top, inside a function, or under `if TYPE_CHECKING:` (a cycle
for type hints only is still a cycle a reader has to untangle). Relative imports
are resolved; `from package import name` is an import of `package.name` when that
is a module, else of `package`.

The layers (arrows: what a layer may import; nothing imports upward):

    bot.py -> cogs/ -> tables/ -> storage/ -> engine/
              cogs/ -> render/ -> engine/          tables/ -> render/ (charts, replays)

A layer may skip those below it (cogs/ may name engine/'s registry); storage/ uses
engine/'s one record writer and its registry. The shared leaves may be imported by
every layer: catalog/ imports nothing of the project, settings.py only storage/'s
URL helpers (to read DATABASE_URL).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEAVES = frozenset({"catalog", "settings"})
# What each layer may import besides itself and the leaves (its transitive floor).
ALLOWED: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "storage": frozenset({"engine"}),
    "render": frozenset({"engine"}),
    "tables": frozenset({"engine", "storage", "render"}),
    "cogs": frozenset({"tables", "render", "engine", "storage"}),
    "web": frozenset({"tables", "render", "engine", "storage"}),
    "bot": frozenset({"cogs", "web", "tables", "render", "engine", "storage"}),
    "catalog": frozenset(),
    "settings": frozenset({"storage"}),
}


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the layers (packages by __init__)."""
    found: dict[str, Path] = {}
    for layer in ALLOWED:
        single = root / f"{layer}.py"
        if single.is_file():
            found[layer] = single
        for path in sorted((root / layer).rglob("*.py")) if (root / layer).is_dir() else ():
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, list[str]]]:
    """(imported module, names taken from it) for every import statement in the tree."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                base = package[:len(package) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            yield target, [alias.name for alias in node.names]


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    files = module_files(root)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: set[str] = set()
        for target, names in _imports(tree, module, path.name == "__init__.py"):
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in files]
            if subs:
                edges.update(subs)
                if len(subs) < len(names) and target in files:
                    edges.add(target)  # names taken from the package itself too
            elif target in files:
                edges.add(target)
            else:  # `import a.b.c` of a module inside a package: its nearest module
                parts = target.split(".")
                while parts and ".".join(parts) not in files:
                    parts.pop()
                if parts:
                    edges.add(".".join(parts))
        edges.discard(module)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """"a -> b" for every import a layer may not make."""
    bad = []
    for module, targets in sorted(graph.items()):
        layer = module.split(".")[0]
        for target in sorted(targets):
            other = target.split(".")[0]
            if other == layer or (other in LEAVES and layer not in LEAVES):
                continue
            if other not in ALLOWED[layer]:
                bad.append(f"{module} -> {target}")
    return bad


def test_no_module_is_on_an_import_cycle() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_layer_imports_one_above_it() -> None:
    assert upward_imports(import_graph()) == []


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A relative import, one under TYPE_CHECKING and one inside a function all count,
    and a cycle and an upward import are reported."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "tables").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "a.py").write_text("from . import b\n")
    (tmp_path / "engine" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.a import X\n")
    (tmp_path / "tables" / "__init__.py").write_text("")
    (tmp_path / "engine" / "c.py").write_text("def f():\n    import tables.d\n")
    (tmp_path / "tables" / "d.py").write_text("from ..engine import b\n")
    graph = import_graph(tmp_path)
    assert graph["engine.a"] == {"engine.b"} and graph["engine.b"] == {"engine.a"}
    assert graph["engine.c"] == {"tables.d"}
    assert cycles(graph) == [["engine.a", "engine.b"]]
    assert upward_imports(graph) == ["engine.c -> tables.d"]

