"""The hard Big Clock level's look ahead: determinized Monte Carlo over the stock's order.

Where the planner (`engine.clock.ai.planner`) has several reasonable choices (where to
lay a drawn tile, after which rearranging; which rescue of a drawn double to follow;
whether to rearrange before a drawn double goes home), each choice, a *macro*
(rearranging steps, then the placement; `engine.clock.ai.macros` lists them), is played
out to the game's end on sampled stocks: shuffles of the unseen tiles (the view's
stock, whose order the player does not know), the same shuffles for every candidate.
The planner plays each game out. The candidate that wins most often is followed (ties: the
planner's own); the samples go to the candidates still close by successive halving
(`engine.ai.allocate.halving`) within a budget of playouts and of time.

It reads only the view: the samples are seeded from what the player sees, so two
positions that look the same give the same move whatever their real stock (as long
as the time cap, `DEFAULT_SECONDS` a decision for the Hint and more for a computer
player on some sets (`player_budget`), is not what stops the playouts; the playouts
read it before each move, so a decision ends within one move of it).
Per set (`RULES_BY_SET`), the search may start only late in the stock, play its
rollouts at other search limits, or follow a challenger only on a paired margin over
the planner's choice (`paired`). Measured over seeds 0-999 (bench/README.md, "Big
Clock levels"): double-6, 300 playouts at every choice, 43.8% won against the
planner's 37.2%; double-12, searching with at most 30 tiles in the stock, 16.4%
against 12.7%.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.ai.allocate import OutOfTime, halving
from engine.ai.hard import Budget
from engine.clock.ai.macros import Macro, apply_macro, candidates
from engine.clock.ai.planner import (
    DISCARD,
    DRAW,
    NOTHING,
    PLACE,
    WEIGHTS_BY_SET,
    Move,
    Policy,
    Unseen,
    Weights,
    position_of,
    to_clock_move,
)
from engine.clock.board import IS_DOUBLE, Board, all_home, is_home, lost_after, place, step
from engine.clock.view import ClockMove, ClockView
from engine.rng import SeededRandom

PLAYOUT_MOVES = 5000  # a guard only: a game ends long before
HOME_CREDIT = 0.0  # a lost playout scores nothing: crediting hours home (0.1 for all) measured
# 41.0% against 49.5% (double-6 seeds 100-299; the planner alone 41.5%)


def playout(policy: Policy, board: Board, drawn: int, stock: list[int],
            credit: float = HOME_CREDIT, *, clock: Callable[[], float] | None = None,
            until: float = 0.0) -> float:
    """The reward of playing the position out with `policy` (the stock drawn from its
    end; `stock` is not changed): 1.0 for a win, else `credit` times the share of
    hours home at the loss. With a `clock`, raises `OutOfTime` once it reads `until`
    or later (read before each move: a playout is tens of moves, each a planner's
    decision of a few ms, so the search stops within one of them of its cap)."""
    stock = list(stock)
    n = len(board) - 1
    for _ in range(PLAYOUT_MOVES):
        if all_home(board):
            return 1.0
        if clock is not None and clock() >= until:
            raise OutOfTime
        move, hopeless = policy.decide(board, drawn, len(stock), stock)
        if hopeless or move == NOTHING:
            break
        kind = move[0]
        if kind == DRAW[0]:
            drawn = stock.pop()
        elif kind == PLACE:
            board = place(board, move[1], drawn)
            drawn = -1
        elif kind == DISCARD[0]:
            if IS_DOUBLE[drawn]:
                break
            drawn = -1
        else:
            board = step(board, move[1], move[2])
        if lost_after(board, drawn, len(stock)):
            break
    if all_home(board):
        return 1.0
    return credit * sum(is_home(board, h) for h in range(1, n + 1)) / n


def position_seed(board: Board, drawn: int, unseen: list[int]) -> int:
    """A seed for the samples, from what the player sees alone."""
    text = repr((board, drawn, sorted(unseen))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@dataclass(frozen=True, slots=True)
class Rules:
    """How a set's search decides (the defaults: at every choice, the best mean)."""

    late: int | None = None  # search only with at most this many tiles in the stock
    lead: float = 0.0  # above 0: `paired`'s margin over the planner's choice
    credit: float = HOME_CREDIT  # a lost playout's reward for all hours home
    rollout: tuple[int, int] | None = None  # the playouts' search limits (None: ROLLOUT_*)


def paired(count: int, sample: Callable[[SeededRandom], list[int]],
           evaluate: Callable[[list[int], int], float], rng: SeededRandom,
           budget: Budget, *, lead: float, spent: list[int] | None = None) -> int:
    """Index 0 (the planner's choice) unless a challenger earned at least `lead` more
    reward than it (and more than nothing), summed over the same sampled stocks.

    Every sample is played for choice 0 and for each challenger still in contention,
    so each challenger's gain (its reward minus choice 0's, sample by sample) is
    measured on common stocks: a sample both win or both lose counts nothing, so the
    gain is a sign test's count over the samples where they differ. The challengers
    are halved as in `engine.ai.allocate.halving` (by mean gain, ties: the earlier),
    with choice 0 never cut; the budget's playouts (at least one sample) and seconds
    (read after each sample; an `evaluate` raising `OutOfTime` drops its sample) bound
    the search. Raises ValueError when `count` < 1."""
    if count < 1:
        raise ValueError("there is no move to choose from")
    gain = [0.0] * count
    played = [0] * count
    alive = list(range(1, count))
    rounds = max(1, (len(alive) - 1).bit_length())
    left = budget.playouts
    clock = budget.clock
    start = clock()
    done = 0
    timed_out = False
    for round_no in range(rounds if alive else 0):
        last = round_no == rounds - 1
        share = left if last else left // (rounds - round_no)
        width = len(alive) + 1
        # The last round rounds up, so that the playouts spend the budget (whole samples).
        for _ in range(max(1, -(-share // width) if last else share // width)):
            stock = sample(rng)
            try:
                base = evaluate(stock, 0)
                gains = [evaluate(stock, k) - base for k in alive]
            except OutOfTime:  # the sample is dropped, as in `halving`
                timed_out = True
                break
            for k, g in zip(alive, gains, strict=True):
                gain[k] += g
                played[k] += 1
            left -= width
            done += width
            timed_out = clock() - start >= budget.seconds
            if timed_out:
                break
        alive = sorted(alive, key=lambda k: (-gain[k] / played[k] if played[k] else 0.0, k))
        if timed_out:
            break
        if not last:
            alive = alive[:(len(alive) + 1) // 2]
    if spent is not None:
        spent.append(done)
    return alive[0] if alive and gain[alive[0]] >= max(lead, 1e-9) else 0


def choose(board: Board, drawn: int, unseen: list[int], options: list[Macro], *,
           w: Weights, budget: Budget, spent: list[int] | None = None,
           rules: Rules | None = None) -> int:
    """The index of the macro among `options` (the planner's first) that the playouts
    on sampled stocks rate best (see the module docstring); with a `rules.lead`,
    `paired`'s choice."""
    rules = rules or Rules()
    # The rollouts' plans are learnt afresh: the choice depends on the position alone.
    rollout = Policy(w, *(rules.rollout or (ROLLOUT_RESCUE, ROLLOUT_IMPROVE)))
    roots = [apply_macro(board, drawn, m) for m in options]
    credit = rules.credit
    clock = budget.clock
    until = clock() + budget.seconds

    def sample(rng: SeededRandom) -> list[int]:
        return rng.shuffled(sorted(unseen))

    def evaluate(stock: list[int], k: int) -> float:
        b, t = roots[k]
        if lost_after(b, t, len(stock)):
            return 0.0
        return playout(rollout, b, t, stock, credit, clock=clock, until=until)

    rng = SeededRandom(position_seed(board, drawn, unseen))
    if rules.lead > 0:
        return paired(len(options), sample, evaluate, rng, budget, lead=rules.lead,
                      spent=spent)
    return halving(len(options), sample, lambda stock, k, _: evaluate(stock, k), rng,
                   budget, spent=spent)


class Searcher:
    """The hard level: the planner, with the playouts' choice where it has several
    (`candidates`). A chosen macro is remembered and followed to its end, as the
    planner's own plans are."""

    def __init__(self, w: Weights) -> None:
        self.base = Policy(w)

    def decide(self, board: Board, drawn: int, stock: int, unseen: list[int],
               budget: Budget | None = None) -> tuple[Move, bool]:
        """As `Policy.decide`; `budget` (None: `default_budget`) bounds the playouts,
        which are made only where `candidates` offers more than one choice."""
        base = self.base
        hours = len(board) - 1
        budget = budget or default_budget(hours)
        rules = RULES_BY_SET.get(hours, Rules())
        if (budget is not None and (board, drawn, stock) not in base.plans and stock
                and (rules.late is None or stock <= rules.late)):
            start = budget.clock()
            options = candidates(board, drawn, base.w, Unseen(unseen))
            # The candidates' searches count against the decision's time too.
            left = budget.seconds - (budget.clock() - start)
            if len(options) > 1 and left > 0:
                k = choose(board, drawn, unseen, options, w=base.w,
                           budget=Budget(budget.playouts, left, budget.clock), rules=rules)
                path, last = options[k]
                return base._follow(board, drawn, stock, list(path), last), False
        return base.decide(board, drawn, stock, unseen)


# The rollouts play a cheaper planner (smaller searches: 1.6 ms a double-6 playout from
# the deal, 8.5 ms a double-12, against 13 and 61 ms at the planner's own limits; it wins
# about as often from the deal: 37% against 41% of 200 double-6 playouts).
ROLLOUT_RESCUE, ROLLOUT_IMPROVE = 300, 20
DEFAULT_PLAYOUTS = 1  # 0: no search, the planner alone (as the test suite plays)
# Playouts a decision, by set (0: the planner alone). A double-12 playout costs five
# double-6 ones: the 60 that fit the time at every choice measured 12.5% of double-12
# seeds 0-119 won against the planner's 16.7%, the cheap rollouts winning a third as
# often as the planner from the early stock. So double-12 searches only with at most 30
# tiles in the stock, where playouts are cheap and often won, with rollouts that search
# before placing (300/150 boards): 164 of seeds 0-999 won (16.4%) against the planner's
# 127 (12.7%); of the 121 seeds only one won, 79 were the search's. Double-9 plays the
# same rules: 249 of seeds 0-955 won against the planner's 207 (26.0% against 21.7%; 100
# seeds won by the search alone, 66 by the planner alone), decisions p95 355 ms (its
# worst, 1.9 s, came at load 5; idle, seeds 0-39 had a worst of 514 ms).
# Double-6 at 300 at every choice: 43.8% of seeds 0-999 against 37.2%. More time or
# better rollouts do not lift it: on seeds 0-199 (the planner 82 won, this 91), the 300
# playouts never cut by the cap won 90, and rollouts at 300/150 boards 90.
PLAYOUTS_BY_SET = {6: 300, 9: 300, 12: 300}
LATE = Rules(late=30, rollout=(300, 150))
RULES_BY_SET: dict[int, Rules] = {9: LATE, 12: LATE}
# The cap of a decision, the candidates' searches included. The playouts read it before
# each move (`OutOfTime`), so a decision ends within one rollout move of it: double-9
# seeds 0-19 at load 2-3 had a worst of 357 ms and double-12 seeds 0-14 of 354 ms (when
# it was read only after each sample, one playout a candidate, 627 ms, and 1.9 s at
# load 5). The Hint's cap.
DEFAULT_SECONDS = 0.35
# A computer player has no person waiting on its click, so where more playouts measured
# stronger it spends up to 0.9 s: (playouts, seconds) by set, others as the Hint. At 900
# playouts within 0.9 s, seeds 0-999 (bench/README.md, "Big Clock levels"): double-6
# won 458 against 442 at the Hint's budget (83 deals won only so, 67 only at the Hint's;
# decisions p95 901 ms, worst 907 ms at a load of 2), double-12 179 against 160 (64 and
# 45; p95 3-8 ms, worst 914 ms: it searches only late in the stock). Double-9 at 900
# won 51 of seeds 0-199 against 57, so it keeps the Hint's budget.
PLAYER_BUDGET_BY_SET: dict[int, tuple[int, float]] = {6: (900, 0.9), 12: (900, 0.9)}
_SEARCHERS: dict[int, Searcher] = {}


def default_budget(hours: int) -> Budget | None:
    """The level's own budget for a set, read at each decision (None when
    `DEFAULT_PLAYOUTS` is 0, the planner alone, as the test suite plays, for speed; or
    when the set's `PLAYOUTS_BY_SET` is 0)."""
    playouts = PLAYOUTS_BY_SET.get(hours, DEFAULT_PLAYOUTS)
    if DEFAULT_PLAYOUTS < 1 or playouts < 1:
        return None
    return Budget(playouts=playouts, seconds=DEFAULT_SECONDS)


def player_budget(hours: int) -> Budget | None:
    """A computer player's budget for a set: `PLAYER_BUDGET_BY_SET`'s, else the Hint's
    (`default_budget`; None as there, and when its playouts are 0: the planner alone)."""
    budget = default_budget(hours)
    found = PLAYER_BUDGET_BY_SET.get(hours)
    if budget is None or found is None:
        return budget
    playouts, seconds = found
    return replace(budget, playouts=playouts, seconds=seconds) if playouts > 0 else None


def searcher(hours: int) -> Searcher:
    """The shared searcher of a set (its memory of plans is shared, as the planner's)."""
    found = _SEARCHERS.get(hours)
    if found is None:
        found = Searcher(WEIGHTS_BY_SET[hours])
        _SEARCHERS[hours] = found
    return found


def hard_move(view: ClockView, *, give_up: bool = False,
              budget: Budget | None = None) -> ClockMove:
    """The hard level's move for the player's view (`budget`, None: the level's own).

    When no rescue exists it plays on with a move that does not lose at once, if any,
    unless `give_up` (an AI playing alone), then it gives the double up. Raises
    ValueError when the game is over.
    """
    if view.outcome is not None:
        raise ValueError("the game is over: there is nothing to suggest")
    move, hopeless = searcher(view.hours).decide(*position_of(view), budget=budget)
    if hopeless and give_up:
        return ClockMove.discard() if view.drawn is not None else ClockMove.resign()
    if move == NOTHING:
        return ClockMove.resign()
    return to_clock_move(move)
