"""Deals of the line games: from a seed, or explicit as a record gives them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
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


class Deals:
    """The deals of a line game, one per hand (a Carousel redeal counts as a hand): the
    explicit ones first (a record's `deal`, then `deal.next`), then deals from the seed.

    The seed makes a stream of deals (`make(rng, index)`, `index` counting every deal
    of the game from 0). A deal from the seed takes the stream's next one. An explicit
    deal that *is* the stream's next deal (a record this engine wrote of a seeded game)
    takes its place in the stream, so that the record goes on exactly as the seeded
    game would; from the first explicit deal that is not, the stream is left where it
    is (RULES.md: later hands are dealt from the seed; without a seed, seed 0). The
    comparison is made only once a deal from the seed is needed.
    """

    __slots__ = ("_checked", "_following", "_make", "_rng", "dealt", "explicit")

    def __init__(self, explicit: Sequence[LineDeal], seed: int | None,
                 make: Callable[[SeededRandom, int], LineDeal]) -> None:
        self.explicit = tuple(explicit)
        self._make = make
        self._rng = SeededRandom(seed if seed is not None else 0)
        self._checked = 0  # explicit deals compared with the stream so far
        self._following = True  # whether each of those was the stream's own
        self.dealt: list[LineDeal] = []

    def next(self) -> LineDeal:
        """The deal of the next hand (and remember it for the record)."""
        index = len(self.dealt)
        if index < len(self.explicit):
            deal = self.explicit[index]
        else:
            while self._following and self._checked < len(self.explicit):
                trial = self._rng.copy()
                if self._make(trial, self._checked) == self.explicit[self._checked]:
                    self._rng = trial
                    self._checked += 1
                else:
                    self._following = False
            deal = self._make(self._rng, index)
        self.dealt.append(deal)
        return deal

    def all(self) -> list[LineDeal]:
        """Every deal known so far: those dealt, then the explicit ones still to come."""
        return self.dealt + list(self.explicit[len(self.dealt):])

    def to_json(self) -> dict[str, Any] | None:
        """The record's `deal` (with `next` for every later deal); None before any deal."""
        deals = self.all()
        return deals[0].to_json(deals[1:]) if deals else None

    def copy(self) -> Deals:
        """A copy that will deal the same hands from here on."""
        other = object.__new__(Deals)
        other.explicit, other._make = self.explicit, self._make
        other._rng = self._rng.copy()
        other._checked, other._following = self._checked, self._following
        other.dealt = list(self.dealt)
        return other
