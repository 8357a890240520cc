"""The Carousel playout kernel's tables (`engine.carousel.ai.rollout`): tiles as ints.

A tile is its rank among every tile up to double-12, `high * (high + 1) // 2 + low`
(0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3, ... 12-12 is 90): ascending `(high, low)`, so
a hand's bits from the highest down are the engine's hand order (`CarouselGame` sorts a
hand by `(high, low)` from the highest), and the set of any top is a prefix of the ranks
(double-6: ranks 0-27, which fit in one small int). A hand is a bitmask of ranks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tiles import MAX_PIPS, Tile

GREEDY = 6  # in 8: how often a playout takes the best-scoring play when one scores
"""`engine.carousel.ai.policy.Judge.pick`'s and the kernel's (`engine.carousel.ai.rollout`)."""
SIDE = MAX_PIPS + 1
TILES: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(SIDE) for low in range(high + 1))
"""(high, low) of each rank."""
BIT = tuple(1 << rank for rank in range(len(TILES)))
PIPS = tuple(high + low for high, low in TILES)
DOUBLE = tuple(high == low for high, low in TILES)
DOUBLES = sum(BIT[k] for k, (high, low) in enumerate(TILES) if high == low)
"""The mask of every double."""
PIP = tuple(sum(BIT[k] for k, t in enumerate(TILES) if number in t) for number in range(SIDE))
"""Per number: the mask of the tiles showing it."""
OTHER = tuple((t[1] if t[0] == number else t[0]) if number in t else -1
              for t in TILES for number in range(SIDE))
"""By `rank * SIDE + number`: the tile's other number once laid against `number`."""
BONUS = tuple(1 if pips and pips % 5 == 0 else 0 for pips in PIPS)
"""The `tile_bonus` point of each rank (a pip total that is a multiple of 5 above 0)."""
RANK = [-1] * (SIDE * SIDE)
"""By `Tile.code`: the tile's rank."""
for _rank, (_high, _low) in enumerate(TILES):
    RANK[_high * SIDE + _low] = _rank
TILE_OF = tuple(Tile.of(high, low) for high, low in TILES)
"""The engine's `Tile` of each rank."""


def mask(tiles: Sequence[Tile]) -> int:
    """Tiles as a hand's bitmask."""
    bits = 0
    for t in tiles:
        bits |= BIT[RANK[t.code]]
    return bits


def pips_of(hand: int) -> int:
    """The pips of a hand's mask."""
    pips = 0
    while hand:
        bit = hand & -hand
        hand ^= bit
        pips += PIPS[bit.bit_length() - 1]
    return pips


def points(count: int) -> int:
    """`engine.fives.count_points`: a fifth of a multiple of 5 above 0, else 0."""
    return count // 5 if count and count % 5 == 0 else 0


def rounded(pips: int) -> int:
    """`engine.fives.round_pips`: to the nearest multiple of 5, divided by 5."""
    return (pips + 2) // 5
