"""Names for AI seats: a few per level, so an AI reads like a player at the table.

The level is not in the name (the lobby and the table say "(AI)" and the level
beside it); a name already seated is skipped, and only when every name of the
level is taken does a number follow (`Pip (2)`).
"""

from __future__ import annotations

from collections.abc import Collection

NAMES: dict[str, tuple[str, ...]] = {
    "easy": ("Pip", "Dot", "Bean", "Tuck"),
    "normal": ("Mira", "Otto", "Nadia", "Lev"),
    "hard": ("Vera", "Boris", "Ada", "Magnus"),
}


def ai_name(level: str, taken: Collection[str]) -> str:
    """The first name of `level` not in `taken` (numbered once all are taken).

    Raises ValueError for an unknown level.
    """
    names = NAMES.get(level)
    if names is None:
        raise ValueError(f"unknown AI level {level!r} (one of {', '.join(NAMES)})")
    for name in names:
        if name not in taken:
            return name
    n = 2
    while f"{names[0]} ({n})" in taken:
        n += 1
    return f"{names[0]} ({n})"
