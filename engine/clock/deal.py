"""Big Clock deals: from a seed, or explicit as a record gives them (RULES.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import RecordError
from engine.rng import SeededRandom
from engine.tiles import Tile, check_once_each, full_set, read_tile_list


def clock_tiles(top: int) -> tuple[Tile, ...]:
    """The tiles a clock of `top` hours plays with: the double-`top` set without 0-0."""
    return full_set(top)[1:]  # full_set starts with 0-0, the clock's hand


@dataclass(frozen=True, slots=True)
class ClockDeal:
    """The tile dealt to each hour (`hours[h - 1]` for hour h) and the stock in draw order."""

    hours: tuple[Tile, ...]
    stock: tuple[Tile, ...]

    @staticmethod
    def from_seed(seed: int, top: int) -> ClockDeal:
        """Shuffle the set without 0-0 and deal one tile to each hour in the order
        N, 1, 2, ..., N-1 (the first shuffled tile goes to hour N); the rest is the stock."""
        shuffled = SeededRandom(seed).shuffled(clock_tiles(top))
        return ClockDeal((*shuffled[1:top], shuffled[0]), tuple(shuffled[top:]))

    def to_json(self) -> dict[str, Any]:
        """The record's `deal` object."""
        return {"hours": [str(t) for t in self.hours], "stock": [str(t) for t in self.stock]}

    @staticmethod
    def from_json(raw: object, top: int) -> ClockDeal:
        """Read `{"hours": [one tile per hour], "stock": [...]}`; raises RecordError.

        The tiles must be distinct tiles of the set without 0-0; they need not be all of it.
        """
        if not isinstance(raw, dict):
            raise RecordError("`deal` must be an object with `hours` and `stock`")
        hours = read_tile_list(raw.get("hours"), "deal.hours")
        if len(hours) != top:
            raise RecordError(f"`deal.hours` must give one tile for each of the {top} hours")
        stock = read_tile_list(raw.get("stock", []), "deal.stock")
        every = hours + stock
        allowed = set(clock_tiles(top))
        strangers = [str(t) for t in every if t not in allowed]
        if strangers:
            raise RecordError(
                f"the deal has tiles outside the double-{top} set without 0-0: "
                + ", ".join(strangers)
            )
        check_once_each(every)
        return ClockDeal(hours, stock)
