"""Deals of the line games: from a seed, or explicit as a record gives them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import NotationError, RecordError
from engine.rng import SeededRandom
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class LineDeal:
    """Each seat's hand and the stock in draw order (first = first drawn).

    `first` is the carousel's first opener (None: not given).
    """

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    first: int | None = None

    def to_json(self, next_deals: Sequence[LineDeal] = ()) -> dict[str, Any]:
        """The record's `deal` object, with `next` when later hands were given."""
        out: dict[str, Any] = {
            "hands": [[str(t) for t in hand] for hand in self.hands],
            "stock": [str(t) for t in self.stock],
        }
        if self.first is not None:
            out["first"] = self.first
        if next_deals:
            out["next"] = [d.to_json() for d in next_deals]
        return out


def deal_from_seed(rng: SeededRandom, tiles: Sequence[Tile], players: int,
                   hand_size: int) -> LineDeal:
    """Shuffle `tiles` with `rng`, deal `hand_size` to each seat in turn, the rest is the stock.

    Raises ValueError when the set is too small for the hands.
    """
    if players * hand_size > len(tiles):
        raise ValueError(f"{players} hands of {hand_size} need more than {len(tiles)} tiles")
    shuffled = rng.shuffled(tiles)
    hands = tuple(tuple(shuffled[i * hand_size:(i + 1) * hand_size]) for i in range(players))
    return LineDeal(hands, tuple(shuffled[players * hand_size:]))


def _tiles(raw: object, what: str) -> tuple[Tile, ...]:
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RecordError(f"{what} must be a list of tiles like \"6-0\"")
    try:
        return tuple(Tile.parse(t) for t in raw)
    except NotationError as exc:
        raise RecordError(f"{what}: {exc}") from None


def read_one_deal(raw: object, tile_set: Sequence[Tile], players: int) -> LineDeal:
    """One explicit deal `{"hands": [...], "stock": [...], "first": k}`; raises RecordError.

    The tiles must be distinct and of the set; they need not be all of it.
    """
    if not isinstance(raw, dict):
        raise RecordError("`deal` must be an object with `hands` and `stock`")
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError(f"`deal.hands` must list one hand for each of the {players} players")
    hands = tuple(_tiles(h, f"deal.hands[{i}]") for i, h in enumerate(hands_raw))
    stock = _tiles(raw.get("stock", []), "deal.stock")
    every = [t for hand in hands for t in hand] + list(stock)
    allowed = set(tile_set)
    strangers = [str(t) for t in every if t not in allowed]
    if strangers:
        raise RecordError(f"the deal has tiles outside the set: {', '.join(strangers)}")
    twice = sorted(str(t) for t, n in Counter(every).items() if n > 1)
    if twice:
        raise RecordError(f"the deal has a tile more than once: {', '.join(twice)}")
    first = raw.get("first")
    if first is not None and (type(first) is not int or not 0 <= first < players):
        raise RecordError(f"`deal.first` must be a seat from 0 to {players - 1}")
    return LineDeal(hands, stock, first)


def read_line_deal(raw: object, tile_set: Sequence[Tile],
                   players: int) -> tuple[LineDeal, tuple[LineDeal, ...]]:
    """A record's `deal` and its `next` deals for later hands; raises RecordError."""
    first = read_one_deal(raw, tile_set, players)
    assert isinstance(raw, dict)
    later = raw.get("next", [])
    if not isinstance(later, list):
        raise RecordError("`deal.next` must be a list of deals")
    return first, tuple(read_one_deal(d, tile_set, players) for d in later)
