"""Guided playouts of one Traditional hand (`finish_guided`), for the hard search: the
moves of `engine.traditional.ai.rollout.Round.finish` but, of several plays, the one of
best heuristic score `greedy` times in 256, else a random one as `finish` picks it.

A play's score (in sixths of the normal level's, `engine.traditional.ai.policy`): its pips
+ 18 for a double (doubles fit one number only: lay them while they can go), + `follow`
per tile left in the hand that fits the new ends (keep the suits the hand holds), +
`block` when the next seat holds no tile for the new ends (the playout sees the deal:
that seat must draw or pass). Ties go to the first play in `legal_moves`' order.

Random numbers as in `finish` (bytes of `rng.next64()`, lowest first): of several
plays, one byte decides (below `greedy`: the best play, without another byte), else
the random move is drawn as `finish` draws it. A move that is the only one spends none.
A draw or a pass always comes alone, so they are made as `finish` makes them; the fish
and the domino end the hand as `Round.play` ends it. The lead (rare here: the search
plays it as its root move) is scored the same way against both of its numbers; of
several leads a fresh word's lowest byte decides, and when it says random a second
word picks the lead (its value modulo their number).

It shares `rollout`'s tables (the plays of a hand at two ends, the bytes' picks) so that
both kernels read the same moves in the same order.

tests/engine/test_traditional_guided.py replays these playouts through the rules engine.
"""

from __future__ import annotations

from engine.traditional.ai.rollout import (
    _FRESH,
    _INDEX,
    _NEXT,
    _STEPS,
    BIT,
    CUT,
    ENDS,
    PIPS,
    TILES,
    Round,
    Words,
    _steps,
)

GREEDY = 192  # of 256: the best play 6 times in 8, as the Carousel's playouts do
FOLLOW = 6  # a point of the normal level's score
BLOCK = 0  # the next seat unable to follow: off by default (the bench's variants)
STATIC = tuple(PIPS[rank] + (18 if high == low else 0) for rank, (high, low) in enumerate(TILES))
"""By rank: a play's score before its follows (pips, + 18 for a double)."""
_STATIC_OF_BIT = {BIT[rank]: STATIC[rank] for rank in range(len(TILES))}


def finish_guided(round_: Round, rng: Words, *, greedy: int = GREEDY, follow: int = FOLLOW,
                  block: int = BLOCK) -> int:
    """Play `round_` to the end of the hand with guided moves (the module docstring);
    the hand's winner then (NO_WINNER for none; CUT if the position was blocked already,
    which a real hand never is). `greedy` is of 256 (0: `finish`'s random moves with
    one more byte spent a choice; 256: always the best play)."""
    if round_.turn < 0:
        return round_.winner
    if round_.left < 0 and _lead(round_, rng, greedy, follow, block):
        return round_.winner
    hands, stock, pos, size = round_.hands, round_.stock, round_.pos, len(round_.stock)
    turn, last, following, fitting = round_.turn, round_.last, _NEXT[round_.n], ENDS
    next64, word, picks, static = rng.next64, 1, _INDEX, _STATIC_OF_BIT
    ends = round_.left * 7 + round_.right
    if pos == size:  # a position blocked already (not one of a real hand) never ends
        held = 0
        for hand in hands:
            held |= hand
        if not held & fitting[ends]:
            round_.turn, round_.winner = -1, CUT
            return CUT
    passes, seats = 0, round_.n
    while True:
        hand = hands[turn]
        fits = hand & fitting[ends]
        if not fits:
            if pos < size:  # draw until a tile fits (the turn stays)
                hands[turn] = hand | stock[pos]
                pos += 1
                continue
            passes += 1  # as many passes in a row as seats: a fish (they change nothing)
            if passes == seats:
                break
            turn = following[turn]
            continue
        try:
            steps = _STEPS[ends][fits]
        except KeyError:
            steps = _steps(fits, ends)
        count = len(steps)
        if count > 1:
            if word < 256:
                word = next64() | _FRESH
            byte = word & 255
            word >>= 8
            if byte < greedy:
                others = hands[following[turn]]
                best = -1
                for after, bit in steps:
                    score = static[bit] + follow * ((hand ^ bit) & fitting[after]).bit_count()
                    if block and not others & fitting[after]:
                        score += block
                    if score > best:
                        best, ends, chosen = score, after, bit
            else:
                while True:
                    if word < 256:
                        word = next64() | _FRESH
                    index = picks[count << 8 | word & 255]
                    word >>= 8
                    if index >= 0:
                        break
                ends, chosen = steps[index]
        else:
            ends, chosen = steps[0]
        hand ^= chosen
        hands[turn] = hand
        last, passes = turn, 0
        if not hand:
            break
        turn = following[turn]
    round_.pos, round_.left, round_.right = pos, ends // 7, ends % 7
    round_._end(last)
    return round_.winner


def _lead(round_: Round, rng: Words, greedy: int, follow: int, block: int) -> bool:
    # The lead by `legal_moves` and `play`, scored as a play (both numbers are new ends).
    moves = round_.legal_moves()
    move = moves[0]
    if len(moves) > 1:
        word = rng.next64()  # this playout's first word: its bytes after the first are lost
        if word & 255 < greedy:
            others = round_.hands[(round_.turn + 1) % round_.n]
            hand = round_.hands[round_.turn]
            best = -1
            for candidate in moves:
                rank = candidate >> 1
                high, low = TILES[rank]
                after = ENDS[high * 7 + low]
                score = STATIC[rank] + follow * ((hand ^ BIT[rank]) & after).bit_count()
                if block and not others & after:
                    score += block
                if score > best:
                    best, move = score, candidate
        else:
            move = moves[rng.next64() % len(moves)]
    return round_.play(move)
