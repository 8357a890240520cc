"""Every registered game has every layer's part: one test, naming each game and each part
it lacks (docs/adding-a-game.md is the list a new game follows).

A game is found through engine/registry.py (its package engine/<name>/ and its spec);
each other layer finds the game's part by the spec's name, in a module of the game's
own: render's drawer and samples (render/games/<name>.py's DRAWER and samples()), the
cogs' presentation (cogs/table/games/<name>.py's PRESENTATION, which a game whose
public view is a line game's may go without), the catalog's words, the help page with
its pictures and the docs' sections. No layer lists the games.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

from catalog import EN, has
from catalog.check import TRANSLATED
from cogs.table.presentation import GAMES_PACKAGE, own_presentation
from engine.line_game import LineView
from engine.registry import GAMES, GameSpec
from render import games
from render.__main__ import sample_boards, sample_hands

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
    drawer = games.drawer(name)
    if drawer is None or drawer.game != name:
        missing.append("render: a drawer (render/games/<game>.py DRAWER)")
    elif drawer.hand == spec.solitaire:
        missing.append("render: a hand drawn exactly when the game is no solitaire "
                       "(render/games/<game>.py DRAWER)")
    boards, hands = samples()
    middle = next((view for sample, view, _ in boards
                   if sample == f"{name}-middle" and view.game == name), None)
    if own_presentation(name) is None and not isinstance(middle, LineView):
        missing.append("cogs: a presentation (cogs/table/games/<game>.py PRESENTATION), "
                       "for a game whose view is not a line game's")
    keys = [f"game.{name}", f"rules.{name}", f"help.game.{name}"]
    for info in spec.options if name in GAMES else ():  # a ghost has no package to ask
        keys += [info.key, f"{info.key}.name", *(info.choice_key(c) for c in info.choices)]
    missing += [f"catalog: the text {key}" for key in dict.fromkeys(keys) if not has(key)]
    for picture in (f"{name}.png", *(f"{name}.{code}.png" for code in TRANSLATED)):
        if not (DOCS / "pictures" / picture).is_file():
            missing.append(f"help page: docs/pictures/{picture} (python -m render docs)")
    title = EN.get(f"game.{name}", name)
    if not any(line.startswith(f"## {title}")
               for line in (DOCS / "rules.md").read_text(encoding="utf-8").splitlines()):
        missing.append(f"docs: a section '## {title}' in docs/rules.md")
    if f"(`engine/{name}/options.py`)" not in (DOCS / "options.md").read_text(encoding="utf-8"):
        missing.append(f"docs: a section for engine/{name}/options.py in docs/options.md")
    if middle is None:
        missing.append(f"samples: a board '{name}-middle' in render/games/<game>.py samples()")
    if drawer is not None and drawer.hand and not any(view.game == name for _, view, _ in hands):
        missing.append("samples: a hand in render/games/<game>.py samples()")
    return [f"{name}: {part}" for part in missing]


def test_every_registered_game_has_every_layers_part() -> None:
    missing = [part for spec in GAMES.values() for part in missing_parts(spec)]
    assert missing == [], "parts missing:\n" + "\n".join(missing)
    # ...and no layer holds a part for a game the registry does not know.
    for package in (Path(games.__file__).parent,
                    ROOT.parent.joinpath(*GAMES_PACKAGE.split("."))):
        modules = {p.stem for p in package.glob("*.py")} - {"__init__"}
        assert modules <= set(GAMES), (package, modules - set(GAMES))


def test_a_game_of_no_layer_lacks_every_part() -> None:
    ghost = dataclasses.replace(GAMES["traditional"], name="nonesuch")
    found = missing_parts(ghost)
    assert all(part.startswith("nonesuch: ") for part in found)
    for layer in ("render", "cogs", "catalog", "help page", "docs", "samples"):
        assert any(part.startswith(f"nonesuch: {layer}: ") for part in found), layer
