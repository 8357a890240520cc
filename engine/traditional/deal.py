"""How a Traditional hand is dealt and who leads it (RULES.md section 1)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.deals import LineDeal, deal_from_seed
from engine.rng import SeededRandom
from engine.tiles import MAX_PIPS, Tile, full_set
from engine.traditional.options import TraditionalOptions

SET_TOP = 6  # the Traditional game is played with the double-6 set


def is_lopsided(hand: Sequence[Tile], suit_limit: int) -> bool:
    """Whether a hand holds `suit_limit` or more tiles of one suit."""
    suits = [0] * (MAX_PIPS + 1)
    for t in hand:
        high, low = t.high, t.low
        suits[high] += 1
        if low != high:
            suits[low] += 1
    return max(suits[:SET_TOP + 1]) >= suit_limit


def opening_tile(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """Who leads and with what: the highest double, else the heaviest tile.

    Heaviest = most pips, then the larger high half. Raises ValueError if every
    hand is empty.
    """
    best: tuple[int, Tile] | None = None
    # Doubles outrank every non-double; among doubles the higher wins (the first found of
    # equals). Without a double: more pips, then the larger high half (as one integer).
    best_double = -1
    for seat, hand in enumerate(hands):
        for tile in hand:
            high = tile.high
            if high == tile.low and high > best_double:
                best_double, best = high, (seat, tile)
    if best is not None:
        return best
    best_key = -1
    for seat, hand in enumerate(hands):
        for tile in hand:
            high, low = tile.high, tile.low
            key = (high + low) * 16 + high
            if key > best_key:
                best_key, best = key, (seat, tile)
    if best is None:
        raise ValueError("nobody holds a tile")
    return best


def seeded_deal(players: int, options: TraditionalOptions, rng: SeededRandom,
                index: int) -> LineDeal:
    """A hand dealt from the seed's stream (`index`, the hand's number from 0, does not
    matter): shuffled and dealt `hand_size` a seat, and dealt again while two or more
    hands are lopsided (`lopsided_suit` tiles of one suit)."""
    while True:
        dealt = deal_from_seed(rng, full_set(SET_TOP), players, options.hand_size)
        lopsided = sum([is_lopsided(h, options.lopsided_suit) for h in dealt.hands])
        if lopsided < 2:
            return dealt
