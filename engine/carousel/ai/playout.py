"""The Carousel kernel's playout (`finish`): `engine.carousel.ai.rollout.Round`'s `pick` and
`play` to the end of the hand, in one loop on local ints, for the hard search.

It makes the moves `Round.pick` would, with the same random numbers (a move that is the
only one spends one, `SeededRandom.skip`, as `Judge.pick` spends `below(1)`), so a
playout ends exactly as the rules engine's playout with `JUDGE.pick` does
(tests/engine/test_carousel_rollout.py). Once nothing may be drawn it keeps every hand's
tiles together (`held`) to see a blocked hand at once.
"""

from __future__ import annotations

from engine.carousel.ai.rollout import DRAW, GUARD, PASS, Round
from engine.carousel.tables import BIT, BONUS, DOUBLE, GREEDY, OTHER, PIP, SIDE, TILES
from engine.rng import SeededRandom


def finish(game: Round, rng: SeededRandom) -> None:
    """Play `game` to the end of its hand, or of the match (see the module docstring);
    `game.cut` is set when the guard stopped it."""
    moves_made = 0
    while game.value < 0:  # the opening: rare here (the search plays it as its root move)
        if game.turn < 0:
            return
        game.play(game.pick(game.legal_moves(), rng))
        moves_made += 1
    if game.turn < 0:
        return
    hands, stock, ends, mult = game.hands, game.stock, game.ends, game.mult
    pos, limit, n, turn = game.pos, game.limit, game.n, game.turn
    taken, count, value = game.taken, game.count, game.value
    opens, must, bonus = game.opens, game.must, game.bonus
    below, skip = rng.below, rng.skip
    held = 0  # every hand's tiles together, kept once nothing may be drawn
    if pos >= limit:
        for hand in hands:
            held |= hand
    for _ in range(GUARD - moves_made):
        hand = hands[turn]
        sides = opens[taken]
        wanted = 0
        for i in sides:
            wanted |= PIP[ends[i]]
        fits = hand & wanted
        moves = []
        while fits:
            rank = fits.bit_length() - 1
            fits ^= BIT[rank]
            high, low = TILES[rank]
            for i in sides:
                if high == ends[i] or low == ends[i]:
                    moves.append(rank * 4 + i)
        drawable = pos < limit
        if drawable and (not moves or not must):
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        size = len(moves)
        # Judge.pick: the best-scoring play GREEDY times in 8, else random_pick's move.
        move = PASS
        if size == 1:
            skip()
            move = moves[0]
        else:
            if below(8) < GREEDY:
                best = 0
                for play in moves:
                    if play >= 0:
                        side = play & 3
                        if taken >> side & 1:
                            after = count - ends[side] * mult[side]
                        elif side < 2 and taken & (2 >> side):
                            after = count - 2 * value
                        else:
                            after = count
                        rank = play >> 2
                        outer = OTHER[rank * SIDE + ends[side]]
                        after += 2 * outer if DOUBLE[rank] else outer
                        if after % 5 == 0 and after // 5 > best:
                            best = after // 5
                            move = play
            if move == PASS:
                if moves[-1] == DRAW and below(8):
                    move = moves[below(size - 1)]
                else:
                    move = moves[below(size)]
        if move == DRAW:
            hands[turn] = hand | stock[pos]
            pos += 1
            if pos >= limit:
                for hand in hands:
                    held |= hand
                if not held & wanted:  # the last draw left nobody able to play
                    game.pos, game.turn = pos, turn
                    game.end_blocked()
                    return
            continue
        if move == PASS:
            turn = turn + 1 if turn + 1 < n else 0
            continue
        rank = move >> 2
        side = move & 3
        bit = BIT[rank]
        hand ^= bit
        hands[turn] = hand
        if taken >> side & 1:
            count -= ends[side] * mult[side]
        elif side < 2 and taken & (2 >> side):
            count -= 2 * value  # both L and R taken: the spinner's halves stop counting
        outer = OTHER[rank * SIDE + ends[side]]
        if DOUBLE[rank]:
            count += 2 * outer
            mult[side] = 2
        else:
            count += outer
            mult[side] = 1
        ends[side] = outer
        taken |= 1 << side
        scored = (count // 5 if count % 5 == 0 else 0) + (BONUS[rank] if bonus else 0)
        if scored and game.score(turn, scored):
            break
        if not hand:
            game.pos, game.turn, game.taken, game.count = pos, turn, taken, count
            game.end_domino(turn)
            return
        if pos >= limit:
            held ^= bit
            wanted = 0
            for i in opens[taken]:
                wanted |= PIP[ends[i]]
            if not held & wanted:
                game.pos, game.turn, game.taken, game.count = pos, turn, taken, count
                game.end_blocked()
                return
        turn = turn + 1 if turn + 1 < n else 0
    else:
        game.cut = True
    game.pos, game.taken, game.count = pos, taken, count
    game.turn = -1
