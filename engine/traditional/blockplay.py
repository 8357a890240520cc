"""One whole Traditional hand without stock (a block game) in one call, for bench loops.

`play_block(hands, choice)` plays from a deal (a bitmask a seat, `engine.traditional.
rollout`'s ranks) to the hand's end, calling `choice` once for every move with the legal
moves in `TraditionalGame.legal_moves`'s order, the lead and each pass included, so that
`random.Random(s).choice` makes the very hand that `TraditionalGame` makes with
`play(rng.choice(game.legal_moves()))` (bench/bench_engine_speed.py's loop). It is
`rollout.Round.dealt` then `step` until the end, written as one loop over locals.

Covered: 2-4 seats, any hand sizes, the default options and `fish_winner`/`lone_blank`.
Not covered: a stock (draws), a position in mid-hand, an opening other than the highest
double else the heaviest tile (`lead` options that name another seat), history or records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.traditional.rollout import (
    _PLAYS,
    BIT,
    DOUBLES,
    ENDS,
    HEAVIEST,
    LONE_BLANK,
    OTHER,
    PASS,
    TILES,
    _plays,
    count_of,
)
from engine.traditional.scoring import NO_WINNER

_PASSES = (PASS,)
_LEADS = tuple((rank * 2,) for rank in range(len(TILES)))
_OPENERS = DOUBLES + HEAVIEST  # who leads: the highest double, else the heaviest tile


def _after(move: int, left: int, right: int) -> int:
    """The ends (`left * 7 + right`) once `move` is laid at them; -1 if it does not fit."""
    rank = move >> 1
    if move & 1:
        other = OTHER[rank * 7 + right]
        return -1 if other < 0 else left * 7 + other
    other = OTHER[rank * 7 + left]
    return -1 if other < 0 else other * 7 + right


# By `move * 49 + ends`: `_after`, read from a table in the loop.
_AFTER = tuple(_after(m, left, right)
               for m in range(2 * len(TILES)) for left in range(7) for right in range(7))
_HALF = 14  # a count is two table reads, of the low and the high 14 ranks' bits
_PIPS_LOW = [0] * (1 << _HALF)
_PIPS_HIGH = [0] * (1 << _HALF)
for _bits in range(1, 1 << _HALF):
    _low = _bits & -_bits
    _PIPS_LOW[_bits] = _PIPS_LOW[_bits ^ _low] + count_of(_low, 0)
    _PIPS_HIGH[_bits] = _PIPS_HIGH[_bits ^ _low] + count_of(_low << _HALF, 0)
_FULL = (1 << _HALF) - 1


def play_block(hands: list[int], choice: Callable[[Sequence[int]], int], *,
               lowest: bool = False, blank: int = 24) -> tuple[int, list[int]]:
    """Play the hand dealt as `hands` (changed in place: each seat's tiles left) to its end;
    (winner, each seat's count). The winner is the seat that went out or, in a fish, the
    last to lay a tile, or with `lowest` the single lowest count (NO_WINNER on a tie);
    a count is the pips held, `blank` for a hand of only 0-0. Raises ValueError for a
    deal of no tiles."""
    held = 0
    for hand in hands:
        held |= hand
    for rank in _OPENERS:
        if held & BIT[rank]:
            break
    else:
        raise ValueError("nobody holds a tile")
    bit = BIT[rank]
    turn = 0
    while not hands[turn] & bit:
        turn += 1
    choice(_LEADS[rank])  # the engine offers the lead alone: one random number all the same
    left, right = TILES[rank]
    ends = left * 7 + right
    hand = hands[turn] = hands[turn] ^ bit
    held ^= bit
    n = len(hands)
    get = _PLAYS.get
    last = turn
    # The hand goes on while the mover has tiles and someone can play (no stock: a fish).
    while hand and held & ENDS[ends]:
        turn = turn + 1 if turn + 1 < n else 0
        hand = hands[turn]
        fits = hand & ENDS[ends]
        if fits:
            plays = get(fits * 64 + ends)
            if plays is None:
                plays = _plays(fits, ends // 7, ends % 7)
            move = choice(plays)
            ends = _AFTER[move * 49 + ends]
            bit = BIT[move >> 1]
            hand = hands[turn] = hand ^ bit
            held ^= bit
            last = turn
        else:
            choice(_PASSES)
            hand = -1  # a passer's hand is not empty: only the layer's is looked at
    counts = [blank if h == LONE_BLANK else _PIPS_LOW[h & _FULL] + _PIPS_HIGH[h >> _HALF]
              for h in hands]
    winner = last
    if lowest and hands[last]:
        low = min(counts)
        winner = counts.index(low) if counts.count(low) == 1 else NO_WINNER
    return winner, counts
