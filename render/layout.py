"""Laying chains of tiles out: a snake inside a band (`lay_chain`: the Traditional line's
arms and the spinner's); the `Frame` a board sits in.

A chain starts at a point and runs along a direction `d`; when the next tile
would cross the band's far edge (or, running back, its inner edge) the chain
turns: the next strip lies one `pitch` further along `n` and runs the other
way, its first tile stacked against the last one, so the picture stays compact.
Doubles lie crosswise. Everything here is arithmetic; nothing is drawn. A chain is
laid a tile at a time (`begin`, `extend`) and remembered, so that a board laid after
every move lays only the move's tile.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.tiles import Tile

Vec = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Link:
    """A tile of a chain: `inner` touches the tile before it, `outer` faces onward."""

    tile: Tile
    inner: int
    outer: int


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile placed on the picture: body top-left (x, y), showing `a` then `b`."""

    x: int
    y: int
    a: int
    b: int
    vertical: bool
    tile: Tile
    index: int

    def size(self, unit: int) -> tuple[int, int]:
        return (unit, 2 * unit) if self.vertical else (2 * unit, unit)

    def centre(self, unit: int) -> tuple[float, float]:
        w, h = self.size(unit)
        return (self.x + w / 2, self.y + h / 2)


@dataclass(frozen=True, slots=True)
class Chain:
    """A laid-out chain: its tiles, the joints where it turns, and where its end lies."""

    tiles: tuple[Placed, ...]
    joints: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    end: tuple[float, float]  # just past the chain's open end: where its label goes
    end_dir: Vec


@dataclass(frozen=True, slots=True)
class Band:
    """Where a chain is laid: from `origin + d * start` along `d`, turning towards `n`
    inside [near, far] (`lay_chain`'s keyword arguments)."""

    origin: tuple[float, float]
    d: Vec
    n: Vec
    start: float
    near: float
    far: float
    unit: int
    gap: int
    pitch: int
    label: float
    crosswise: bool = True

    def to_xy(self, u: float, v: float) -> tuple[float, float]:
        """The point `u` along `d` and `v` along `n` from the origin."""
        (ox, oy), d, n = self.origin, self.d, self.n
        return (ox + d[0] * u + n[0] * v, oy + d[1] * u + n[1] * v)


@dataclass(frozen=True, slots=True)
class Laying:
    """A chain laid so far, and where laying it stopped: its strip, the position `cur`
    along `d` where the next tile starts, the way `sign` the strip runs, and the middle
    of its last tile's outer half (where a turn's joint starts)."""

    chain: Chain
    strip: int
    cur: float
    sign: int
    last_outer_half: tuple[float, float] | None


def begin(band: Band) -> Laying:
    """An empty chain in `band`: its `end` `label` pixels past the start point."""
    return Laying(Chain((), (), band.to_xy(band.start + band.label, 0), band.d), 0,
                  band.start, 1, None)


def extend(band: Band, laying: Laying, link: Link) -> Laying:
    """`laying` with `link` laid after its last tile: a tile's place depends only on the
    tiles before it, so a chain grown by one tile is laid by laying that tile alone."""
    d, unit, gap = band.d, band.unit, band.gap
    strip, cur, sign = laying.strip, laying.cur, laying.sign
    placed, joints = laying.chain.tiles, laying.chain.joints
    double = band.crosswise and link.tile.is_double
    length = unit if double else 2 * unit
    turned = False
    if placed and ((sign > 0 and cur + length > band.far)
                   or (sign < 0 and cur - length < band.near)):
        strip += 1
        sign = -sign
        cur += gap * sign  # back to the last tile's outer edge: stack against it
        turned = True
    u0, u1 = (cur, cur + length) if sign > 0 else (cur - length, cur)
    cur = (u1 + gap) if sign > 0 else (u0 - gap)
    v = strip * band.pitch
    uc = (u0 + u1) / 2
    cx, cy = band.to_xy(uc, v)
    # Along the canvas axis, does this tile run towards +x / +y?
    forward = (d[0] + d[1]) * sign > 0
    vertical = double == (d[0] != 0)
    a, b = (link.inner, link.outer) if forward else (link.outer, link.inner)
    w, h = (unit, 2 * unit) if vertical else (2 * unit, unit)
    tile = Placed(round(cx - w / 2), round(cy - h / 2), a, b, vertical, link.tile,
                  len(placed))
    half = 0.0 if double else unit / 2
    if turned and laying.last_outer_half is not None:
        joints = (*joints, (laying.last_outer_half, band.to_xy(uc - sign * half, v)))
    end = band.to_xy(cur - sign * gap + sign * band.label, v)
    chain = Chain((*placed, tile), joints, end, (d[0] * sign, d[1] * sign))
    return Laying(chain, strip, cur, sign, band.to_xy(uc + sign * half, v))


def lay_chain(links: tuple[Link, ...] | list[Link], *, origin: tuple[float, float], d: Vec,
              n: Vec, start: float, near: float, far: float, unit: int, gap: int,
              pitch: int, label: float, crosswise: bool = True) -> Chain:
    """Lay `links` from `origin + d * start` along `d`, turning towards `n` inside [near, far].

    `d` and `n` are unit axis vectors (one horizontal, one vertical). Tiles are
    `unit` by `2 * unit`; `gap` pixels separate neighbours; strips lie `pitch`
    apart. `end` is `label` pixels past the open end of the last tile (or of
    the start point for an empty chain). Doubles lie crosswise unless `crosswise` is
    False (then strips may lie closer: a tile's width apart and a little).

    A chain only grows at its end, so it is laid as its one-shorter chain (remembered:
    `_laid`) and one tile more: a board drawn after every move lays one tile, not the
    whole line again.
    """
    band = Band(origin, d, n, start, near, far, unit, gap, pitch, label, crosswise)
    return _laid(band, tuple(links)).chain


@functools.lru_cache(maxsize=4096)  # a few boards' chains and their shorter chains
def _laid(band: Band, links: tuple[Link, ...]) -> Laying:
    """`lay_chain`'s laying of `links` in `band` (equal bands lay equal chains)."""
    if not links:
        return begin(band)
    return extend(band, _laid(band, links[:-1]), links[-1])


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a board sits on its picture: the board's bounds in layout coordinates
    (min_x, min_y, max_x, max_y) and the header's height above it. A replay draws every
    frame in the union of their frames, so that no tile moves from frame to frame."""

    box: tuple[int, int, int, int]
    top: int

    def union(self, other: Frame) -> Frame:
        a, b = self.box, other.box
        return Frame((min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])),
                     max(self.top, other.top))


def bounds(tiles: tuple[Placed, ...] | list[Placed], unit: int,
           points: tuple[tuple[float, float], ...] = (), pad: int = 0
           ) -> tuple[int, int, int, int]:
    """The box holding every tile and, `pad` around each, every point."""
    xs0 = [p.x for p in tiles] + [round(x) - pad for x, _ in points]
    ys0 = [p.y for p in tiles] + [round(y) - pad for _, y in points]
    xs1 = [p.x + p.size(unit)[0] for p in tiles] + [round(x) + pad for x, _ in points]
    ys1 = [p.y + p.size(unit)[1] for p in tiles] + [round(y) + pad for _, y in points]
    return (min(xs0), min(ys0), max(xs1), max(ys1))
