"""Deals of the line games: from a seed, or explicit as a record gives them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RecordError
from engine.rng import SeededRandom
from engine.tiles import Tile, check_once_each, read_tile_list


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
    # A list comprehension, not a generator: this runs for every seeded hand.
    hands = tuple([tuple(shuffled[i * hand_size:(i + 1) * hand_size]) for i in range(players)])
    return LineDeal(hands, tuple(shuffled[players * hand_size:]))


def read_one_deal(raw: object, tile_set: Sequence[Tile], players: int) -> LineDeal:
    """One explicit deal `{"hands": [...], "stock": [...], "first": k}`; raises RecordError.

    The tiles must be distinct and of the set; they need not be all of it.
    """
    if not isinstance(raw, dict):
        raise RecordError("`deal` must be an object with `hands` and `stock`")
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError(f"`deal.hands` must list one hand for each of the {players} players")
    hands = tuple(read_tile_list(h, f"deal.hands[{i}]") for i, h in enumerate(hands_raw))
    stock = read_tile_list(raw.get("stock", []), "deal.stock")
    every = [t for hand in hands for t in hand] + list(stock)
    allowed = set(tile_set)
    strangers = [str(t) for t in every if t not in allowed]
    if strangers:
        raise RecordError(f"the deal has tiles outside the set: {', '.join(strangers)}")
    check_once_each(every)
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


class SeedStream:
    """The deals a seed makes for a line game, in order (a Carousel redeal counts as a deal).

    A game deals its hands from a record's explicit deals first (`deal`, then
    `deal.next`), then from here. The seed makes a stream of deals (`make(rng,
    index)`, `index` counting every deal of the game from 0). A deal from the seed
    takes the stream's next one. An explicit deal that *is* the stream's next deal
    (a record this engine wrote of a seeded game) takes its place in the stream, so
    that the record goes on exactly as the seeded game would; from the first
    explicit deal that is not, the stream is left where it is (RULES.md: later
    hands are dealt from the seed; without a seed, seed 0). The comparison is made
    only once a deal from the seed is needed.
    """

    __slots__ = ("_checked", "_following", "_make", "_rng", "_seed")

    def __init__(self, seed: int | None, make: Callable[[SeededRandom, int], LineDeal], *,
                 compare: bool = True) -> None:
        """`make` deals from the stream; it must not hold the game (a game's bound method
        here would make every game a reference cycle, freed only by the collector, and
        games are made by the thousand in the AI's search): a `functools.partial` over
        the game's facts does. `compare` False: the explicit deals are known not to be
        the seed's (a deal sampled by the AI), so none is compared with the stream."""
        self._seed = seed if seed is not None else 0
        self._make = make
        self._rng: SeededRandom | None = None  # made when first needed (games are made often)
        self._checked = 0  # explicit deals compared with the stream so far
        self._following = compare  # whether each of those was the stream's own

    def deal(self, index: int, explicit: Sequence[LineDeal]) -> LineDeal:
        """The deal number `index` (from 0), which `explicit` does not give."""
        make = self._make
        if self._rng is None:
            self._rng = SeededRandom(self._seed)
        while self._following and self._checked < len(explicit):
            trial = self._rng.copy()
            if make(trial, self._checked) == explicit[self._checked]:
                self._rng = trial
                self._checked += 1
            else:
                self._following = False
        return make(self._rng, index)

    def copy(self) -> SeedStream:
        """A stream that will make the same deals from here on."""
        other = object.__new__(SeedStream)
        other._seed, other._make = self._seed, self._make
        other._rng = None if self._rng is None else self._rng.copy()
        other._checked, other._following = self._checked, self._following
        return other


def deals_json(dealt: Sequence[LineDeal], explicit: Sequence[LineDeal]) -> dict[str, Any] | None:
    """A record's `deal`: every deal dealt so far, then the explicit ones still to come
    (the first as the deal, the others as `next`); None when there is none."""
    deals = [*dealt, *explicit[len(dealt):]]
    return deals[0].to_json(deals[1:]) if deals else None
