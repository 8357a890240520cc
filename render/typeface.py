"""The fonts shipped in render/fonts/ and per-character fallback across them.

Pictures use only these files, so they look the same on every machine: DejaVu Sans
(Latin, Cyrillic, Greek and much more), Noto Emoji (monochrome emoji) and Droid Sans
Fallback (Chinese, Japanese, Korean). A text is cut into runs, each drawn with the
first font whose character map has its characters; a character none of them has
becomes PLACEHOLDER (U+FFFD, drawn by DejaVu), and an invisible format character
(a joiner, a variation selector) none of them has is left out: never a box.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
# In fallback order; each entry: (regular file, bold file, weight axis value for bold).
FACES: tuple[tuple[str, str, int | None], ...] = (
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", None),
    ("NotoEmoji-VF.ttf", "NotoEmoji-VF.ttf", 700),
    ("DroidSansFallback.ttf", "DroidSansFallback.ttf", None),
)
PLACEHOLDER = "\ufffd"
EMOJI = 1  # the index of Noto Emoji in FACES
_EMOJI_STYLE = "\ufe0f"
Run = tuple[str, int]  # (text, index into FACES)


def _cmap_subtable(data: bytes) -> bytes:
    """The best Unicode subtable of a TrueType file's 'cmap' (full repertoire first)."""
    (tables,) = struct.unpack_from(">H", data, 4)
    cmap = None
    for i in range(tables):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = data[offset:offset + length]
    if cmap is None:
        raise ValueError("the font has no character map")
    (count,) = struct.unpack_from(">H", cmap, 2)
    found: dict[tuple[int, int], bytes] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        found[(platform, encoding)] = cmap[offset:]
    for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3)):
        if key in found:
            return found[key]
    raise ValueError("the font has no Unicode character map")


def _format4(table: bytes) -> set[int]:
    (seg_x2,) = struct.unpack_from(">H", table, 6)
    n = seg_x2 // 2
    ends = struct.unpack_from(f">{n}H", table, 14)
    starts = struct.unpack_from(f">{n}H", table, 16 + seg_x2)
    deltas = struct.unpack_from(f">{n}h", table, 16 + 2 * seg_x2)
    range_at = 16 + 3 * seg_x2
    ranges = struct.unpack_from(f">{n}H", table, range_at)
    codes: set[int] = set()
    for i, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, ranges,
                                                        strict=True)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                # idRangeOffset counts bytes from its own slot into glyphIdArray.
                at = range_at + 2 * i + offset + 2 * (code - start)
                (glyph,) = struct.unpack_from(">H", table, at)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                codes.add(code)
    return codes


def _format12(table: bytes) -> set[int]:
    (groups,) = struct.unpack_from(">I", table, 12)
    codes: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", table, 16 + 12 * i)
        codes.update(range(start + (glyph == 0), end + 1))
    return codes


@lru_cache(maxsize=8)
def coverage(file_name: str) -> frozenset[int]:
    """The code points the shipped font `file_name` maps to a real glyph (not .notdef).

    Raises ValueError for a file with no Unicode character map (format 4 or 12).
    """
    table = _cmap_subtable((FONT_DIR / file_name).read_bytes())
    (fmt,) = struct.unpack_from(">H", table, 0)
    if fmt == 4:
        return frozenset(_format4(table))
    if fmt == 12:
        return frozenset(_format12(table))
    raise ValueError(f"unsupported character map format {fmt} in {file_name}")


def _invisible(char: str) -> bool:
    """A format character (joiners, marks of direction) or a variation selector."""
    code = ord(char)
    return (unicodedata.category(char) == "Cf" or 0xFE00 <= code <= 0xFE0F
            or 0xE0100 <= code <= 0xE01EF)


@lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """`text` cut into (text, face) runs: each run's characters are all in the character
    map of its face's file (the bold one for `bold`). Uncovered characters become
    PLACEHOLDER in face 0; uncovered invisible ones are dropped; an invisible one stays
    with the run before it when that run's face has it (so an emoji sequence stays
    whole), and a character asking for emoji style (U+FE0F after it) takes the emoji
    face when that has it."""
    maps = [coverage(bold_file if bold else regular) for regular, bold_file, _ in FACES]
    out: list[tuple[list[str], int]] = []
    for at, char in enumerate(text):
        code = ord(char)
        if _invisible(char):
            if out and code in maps[out[-1][1]]:
                out[-1][0].append(char)
            continue
        covering = [i for i, cmap in enumerate(maps) if code in cmap]
        if text[at + 1:at + 2] == _EMOJI_STYLE and EMOJI in covering:
            covering.insert(0, EMOJI)
        shown, index = (char, covering[0]) if covering else (PLACEHOLDER, 0)
        if out and out[-1][1] == index:
            out[-1][0].append(shown)
        else:
            out.append(([shown], index))
    return tuple(("".join(chars), index) for chars, index in out)


Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=128)
def face(index: int, size: int, bold: bool = False) -> Font:
    """Face `index` of FACES at `size` px, bold or regular."""
    regular, bold_file, weight = FACES[index]
    loaded = ImageFont.truetype(str(FONT_DIR / (bold_file if bold else regular)), size)
    if bold and weight is not None:
        loaded.set_variation_by_axes([weight])
    return loaded


def font(size: int, bold: bool = False) -> Font:
    """The main text font (DejaVu Sans) at `size` px: for texts of digits and Latin only."""
    return face(0, size, bold)
