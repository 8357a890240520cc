"""Every registered game has every layer's part: one test, naming each game and each part
it lacks (docs/adding-a-game.md is the list a new game follows).

A game is found through engine/registry.py (its package engine/<name>/ and its spec);
each other layer keeps the game's part in one place, by the spec's name: render's
drawer (render/<name>.py's DRAWER, in render/board.py's DRAWERS), the cogs'
presentation (cogs/games.py's PRESENTATIONS), the catalog's words, the help page with
its pictures, the docs' sections and the gallery's samples.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

from catalog import EN, has
from cogs.games import PRESENTATIONS
from engine.registry import GAMES, GameSpec
from render.__main__ import sample_boards, sample_hands
from render.board import DRAWERS

ROOT = Path(__file__).resolve().parent
DOCS = ROOT.parent / "docs"


@cache
def samples() -> tuple[list[tuple[str, Any, str]], list[tuple[str, Any, str]]]:
    """The gallery's boards and hands (python -m render gallery), made once."""
    return sample_boards(), sample_hands()


def missing_parts(spec: GameSpec) -> list[str]:
    """What `spec`'s game lacks in each layer, each as "<game>: <layer>: <part>"."""
    name = spec.name
    missing: list[str] = []
    drawer = DRAWERS.get(name)
    if drawer is None or drawer.game != name:
        missing.append("render: a drawer (render/<game>.py DRAWER, in render/board.py DRAWERS)")
    shown = PRESENTATIONS.get(name)
    if shown is None:
        missing.append("cogs: a presentation (cogs/games.py PRESENTATIONS)")
    elif shown.private_hand == spec.solitaire or (
            drawer is not None and drawer.hand != shown.private_hand):
        missing.append("cogs: a presentation whose private hand matches the drawer's hand "
                       "(a solitaire has none)")
    keys = [f"game.{name}", f"rules.{name}", f"help.game.{name}"]
    if shown is not None:
        keys.append(shown.rules_key)
    for info in spec.options if name in GAMES else ():  # a ghost has no package to ask
        keys += [info.key, f"{info.key}.name", *(info.choice_key(c) for c in info.choices)]
    missing += [f"catalog: the text {key}" for key in dict.fromkeys(keys) if not has(key)]
    for picture in (f"{name}.png", f"{name}.ru.png", f"{name}.uk.png"):
        if not (DOCS / "pictures" / picture).is_file():
            missing.append(f"help page: docs/pictures/{picture} (python -m render docs)")
    title = EN.get(f"game.{name}", name)
    if not any(line.startswith(f"## {title}")
               for line in (DOCS / "rules.md").read_text(encoding="utf-8").splitlines()):
        missing.append(f"docs: a section '## {title}' in docs/rules.md")
    if f"(`engine/{name}/options.py`)" not in (DOCS / "options.md").read_text(encoding="utf-8"):
        missing.append(f"docs: a section for engine/{name}/options.py in docs/options.md")
    boards, hands = samples()
    if not any(sample == f"{name}-middle" and view.game == name for sample, view, _ in boards):
        missing.append(f"samples: a board '{name}-middle' in render/__main__.py sample_boards")
    if drawer is not None and drawer.hand and not any(view.game == name for _, view, _ in hands):
        missing.append("samples: a hand in render/__main__.py sample_hands")
    return [f"{name}: {part}" for part in missing]


def test_every_registered_game_has_every_layers_part() -> None:
    missing = [part for spec in GAMES.values() for part in missing_parts(spec)]
    assert missing == [], "parts missing:\n" + "\n".join(missing)
    # ...and no layer holds a part for a game the registry does not know.
    assert set(DRAWERS) == set(GAMES) and set(PRESENTATIONS) == set(GAMES)


def test_a_game_of_no_layer_lacks_every_part() -> None:
    ghost = dataclasses.replace(GAMES["traditional"], name="nonesuch")
    found = missing_parts(ghost)
    assert all(part.startswith("nonesuch: ") for part in found)
    for layer in ("render", "cogs", "catalog", "help page", "docs", "samples"):
        assert any(part.startswith(f"nonesuch: {layer}: ") for part in found), layer
