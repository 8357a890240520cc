"""Laying chains of tiles out: a snake inside a band (`lay_chain`, the Traditional line's
arms) and a straight arm that turns once at a corner (`lay_bent`, the spinner's arms);
the `Frame` a board sits in.

A chain starts at a point and runs along a direction `d`; when the next tile
would cross the band's far edge (or, running back, its inner edge) the chain
turns: the next strip lies one `pitch` further along `n` and runs the other
way, its first tile stacked against the last one, so the picture stays compact.
Doubles lie crosswise. Everything here is arithmetic; nothing is drawn.
"""

from __future__ import annotations

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


def lay_chain(links: tuple[Link, ...] | list[Link], *, origin: tuple[float, float], d: Vec,
              n: Vec, start: float, near: float, far: float, unit: int, gap: int,
              pitch: int, label: float) -> Chain:
    """Lay `links` from `origin + d * start` along `d`, turning towards `n` inside [near, far].

    `d` and `n` are unit axis vectors (one horizontal, one vertical). Tiles are
    `unit` by `2 * unit`; `gap` pixels separate neighbours; strips lie `pitch`
    apart. `end` is `label` pixels past the open end of the last tile (or of
    the start point for an empty chain).
    """
    ox, oy = origin
    horizontal = d[0] != 0

    def to_xy(u: float, v: float) -> tuple[float, float]:
        return (ox + d[0] * u + n[0] * v, oy + d[1] * u + n[1] * v)

    placed: list[Placed] = []
    joints: list[tuple[tuple[float, float], tuple[float, float]]] = []
    strip, cur, sign = 0, start, 1
    last_outer_half: tuple[float, float] | None = None
    for index, link in enumerate(links):
        double = link.tile.is_double
        length = unit if double else 2 * unit
        turned = False
        if placed and ((sign > 0 and cur + length > far) or (sign < 0 and cur - length < near)):
            strip += 1
            sign = -sign
            cur += gap * sign  # back to the last tile's outer edge: stack against it
            turned = True
        u0, u1 = (cur, cur + length) if sign > 0 else (cur - length, cur)
        cur = (u1 + gap) if sign > 0 else (u0 - gap)
        v = strip * pitch
        uc = (u0 + u1) / 2
        cx, cy = to_xy(uc, v)
        # Along the canvas axis, does this tile run towards +x / +y?
        forward = (d[0] + d[1]) * sign > 0
        vertical = double == horizontal
        a, b = (link.inner, link.outer) if forward else (link.outer, link.inner)
        w, h = (unit, 2 * unit) if vertical else (2 * unit, unit)
        placed.append(Placed(round(cx - w / 2), round(cy - h / 2), a, b, vertical, link.tile,
                             index))
        half = 0.0 if double else unit / 2
        inner_half = to_xy(uc - sign * half, v)
        if turned and last_outer_half is not None:
            joints.append((last_outer_half, inner_half))
        last_outer_half = to_xy(uc + sign * half, v)
    if placed:
        v = strip * pitch
        end = to_xy(cur - sign * gap + sign * label, v)
        end_dir = (d[0] * sign, d[1] * sign)
    else:
        end = to_xy(start + label, 0)
        end_dir = d
    return Chain(tuple(placed), tuple(joints), end, end_dir)


def lay_bent(links: tuple[Link, ...] | list[Link], *, d: Vec, turn: Vec, start: float,
             limit: float, unit: int, gap: int, label: float) -> Chain:
    """Lay `links` from the origin + `d * start` straight along `d`; when the next tile
    would pass `limit` (measured along `d`), turn once, a right angle towards `turn`, and
    run straight on. Returns the chain with no joints (each tile touches the one before).

    The turn is a corner: the first tile after it stands on the last tile's outer half,
    flush with its outer edge, so the matching halves touch. A double lies crosswise
    wherever it falls. `d` and `turn` are unit axis vectors, at right angles.
    """
    placed: list[Placed] = []
    axis, cur, across = d, start, 0.0  # running along `axis`, `cur` along it, `across` off it
    centre_line = 0.0  # where along `d` the turned column is centred
    turned = False
    last_half = 0.0  # half the last tile's extent towards `turn`, before the corner
    for index, link in enumerate(links):
        double = link.tile.is_double
        length = unit if double else 2 * unit
        if not turned and placed and cur + length > limit:
            turned = True
            centre_line = cur - gap - unit / 2
            cur = last_half + gap
            axis = turn
        lo, hi = cur, cur + length
        cur = hi + gap
        mid = (lo + hi) / 2
        if turned:
            cx = d[0] * centre_line + turn[0] * mid
            cy = d[1] * centre_line + turn[1] * mid
        else:
            cx = d[0] * mid + turn[0] * across
            cy = d[1] * mid + turn[1] * across
            last_half = unit if double else unit / 2
        running_x = axis[0] != 0
        vertical = double == running_x
        forward = axis[0] + axis[1] > 0
        a, b = (link.inner, link.outer) if forward else (link.outer, link.inner)
        w, h = (unit, 2 * unit) if vertical else (2 * unit, unit)
        placed.append(Placed(round(cx - w / 2), round(cy - h / 2), a, b, vertical, link.tile,
                             index))
    end_u = cur - gap + label if placed else start + label
    if turned:
        end = (d[0] * centre_line + turn[0] * end_u, d[1] * centre_line + turn[1] * end_u)
    else:
        end = (d[0] * end_u, d[1] * end_u)
    return Chain(tuple(placed), (), end, axis)


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
