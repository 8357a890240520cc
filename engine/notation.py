"""How people read tiles and moves: ONE notation for messages, buttons and pictures.

A tile is shown as `[6|4]` (the higher half first in a hand; as laid, left half
first, on a line). A move is shown with its tiles in that notation and Big Clock's
moves as arrows: `[6|4] L`, `draw`, `→ 4` (the drawn tile onto hour 4), `9 → 11`
(the top of hour 9 onto hour 11). The record notation (`6-4 L`, `place 4`,
`move 9 11`; RULES.md) stays what is stored and what /domino play reads; the
parsers also read the shown form (`[6|4]` is a tile). The notation's words (`draw`,
`pass`, the end letters...) are English here; a reader's display passes its own words
(`move_text(text, say)`), so the engine never knows the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.tiles import Tile

#: The words of the move notation a display may put in its reader's words: the moves
#: without a tile, then the end letters (Traditional's L R, Carousel's L R U D).
WORDS: tuple[str, ...] = ("draw", "pass", "discard", "resign")
ENDS: tuple[str, ...] = ("L", "R", "U", "D")

_RECORD_TILE = re.compile(r"(?<![\d|])(\d{1,2})-(\d{1,2})(?![\d|])", re.ASCII)
_PLACE = re.compile(r"^\s*place\s+(\d{1,3})\s*$", re.IGNORECASE | re.ASCII)
_MOVE = re.compile(r"^\s*move\s+(\d{1,3})\s+(\d{1,3})\s*$", re.IGNORECASE | re.ASCII)
_AT_END = re.compile(r"^(\S+) ([LRUD])$", re.ASCII)


def piece_text(first: int, second: int) -> str:
    """Two halves as people read them, in the order given: `[6|4]`."""
    return f"[{first}|{second}]"


def tile_text(tile: Tile | str) -> str:
    """A tile (or its record text, `6-4`) as people read it: `[6|4]`, higher half first."""
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    return piece_text(tile.high, tile.low)


def hours_text(source: int | str, target: int | str | None = None) -> str:
    """Big Clock's arrows: `→ 4` onto an hour, `9 → 11` from one hour onto another."""
    return f"→ {source}" if target is None else f"{source} → {target}"


def move_text(text: str, say: Callable[[str], str] | None = None) -> str:
    """A move's record text as people read it: `6-4 L` -> `[6|4] L`, `place 4` -> `→ 4`,
    `move 9 11` -> `9 → 11`; words (`draw`, `pass`, `discard`, `resign`) and end letters
    stay as they are unless `say` gives a word of `WORDS` or `ENDS` in the reader's words
    (`say("L")` -> "Л")."""
    place = _PLACE.match(text)
    if place is not None:
        return hours_text(place[1])
    move = _MOVE.match(text)
    if move is not None:
        return hours_text(move[1], move[2])
    shown = tiles_in(text.strip())
    if say is None:
        return shown
    if shown.lower() in WORDS:
        return say(shown.lower())
    at_end = _AT_END.match(shown)
    return shown if at_end is None else f"{at_end[1]} {say(at_end[2])}"


def tiles_in(text: str) -> str:
    """Every record tile (`5-0`) inside a text shown as people read it (`[5|0]`)."""
    return _RECORD_TILE.sub(lambda m: piece_text(max(int(m[1]), int(m[2])),
                                                 min(int(m[1]), int(m[2]))), text)
