"""What the games' exact endgames (`engine.traditional.ai.endgame`, `engine.carousel.ai.endgame`)
share: a solver's bounds on its work (nodes and a clock, and the most deals and nodes
any budget allows), and the anytime loop that sums each root move's exact value over the
consistent deals.

Each game keeps its own solver (its kernel's state, moves and leaf values); this is
only the bookkeeping around it, so that both stop, and fall back to sampling, alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import islice
from typing import Any, Protocol, TypeVar

from engine.ai.allocate import halving
from engine.ai.hard import Budget
from engine.hidden import Deal, UnseenDeals, count_deals, deals
from engine.rng import SeededRandom

TICK = 512  # nodes between two readings of the clock
SPAN = 10  # deals counted ignoring the lacks may exceed the limit this many times
MAX_DEALS = 5_000  # deals a decision solves at most, whatever its budget's playouts (a
# huge budget must not list millions)
MAX_NODES = 300_000  # nor more nodes (the memo holds one entry a node: some 60 MB)
Solved = TypeVar("Solved")
Played = TypeVar("Played", bound="Playable")


class Playable(Protocol):
    """A kernel's round (`engine.traditional.ai.rollout.Round`,
    `engine.carousel.ai.rollout.Round`)."""

    def copy(self: Played) -> Played: ...
    def play(self, move: int) -> bool: ...


def played(base: Played, move: int) -> Played:
    """A copy of `base` (not changed) once `move`, one of its legal moves, is made."""
    game = base.copy()
    game.play(move)
    return game


def listed_deals(sampler: UnseenDeals, cap: int) -> list[Deal] | None:
    """Every deal consistent with `sampler`'s view (`engine.hidden.deals`), or None when
    there is none (the sampler then relaxes its constraints) or more than `cap` (not
    listed one by one when even their count ignoring the lacks passes `SPAN` x `cap`)."""
    if count_deals(sampler) > SPAN * cap:
        return None
    dealt = list(islice(deals(sampler), cap + 1))
    return dealt if dealt and len(dealt) <= cap else None


class OutOfWork(Exception):
    """The node limit ("node limit") or the clock ("time") stopped a solve."""


class Bounded:
    """A solver's work so far (`nodes`) and its bounds: `limit` nodes, and `clock`
    reaching `deadline` (no clock: no time bound). A solver counts its nodes and calls
    `check` every `TICK` of them (inline: it is the solver's hot loop)."""

    def __init__(self, *, limit: int = 10**9, clock: Callable[[], float] | None = None,
                 deadline: float = 0.0) -> None:
        self.limit = limit
        self.clock = clock
        self.deadline = deadline
        self.nodes = 0

    def check(self) -> None:
        """Raises OutOfWork when the nodes reached the limit or the clock the deadline."""
        if self.nodes >= self.limit:
            raise OutOfWork("node limit")
        if self.clock is not None and self.clock() >= self.deadline:
            raise OutOfWork("time")

    def past_deadline(self) -> bool:
        """Whether the clock has reached the deadline (never without a clock)."""
        return self.clock is not None and self.clock() >= self.deadline


def mean_values(dealt: Sequence[Solved], solve: Callable[[Solved], list[float]], work: Bounded,
                *, projected: float = 0.0) -> tuple[list[float], int] | None:
    """The sums over the deals solved of `solve(deal)` (one exact value a root move),
    solving `dealt` in order, and how many deals that was; anytime: once `work`'s clock
    passes its deadline (read after each deal, and by the solver within one) the deals
    solved so far count. None when the node limit stopped a solve, when the clock did
    before any deal was solved, or, with `projected` above 0, once the nodes per deal
    so far, times the deals, pass `projected` times the limit (it would run out: better
    to leave the time to the sampling). `dealt` must not be empty."""
    totals: list[float] = []
    solved = 0
    for deal in dealt:
        try:
            values = solve(deal)
        except OutOfWork as cut:
            if str(cut) == "time" and solved:
                break  # anytime: the deals solved so far, a random sample of them all
            return None
        totals = values if not totals else [t + v for t, v in zip(totals, values, strict=True)]
        solved += 1  # only once the deal is solved for every move
        if projected and work.nodes * len(dealt) > projected * work.limit * solved:
            return None
        if work.past_deadline():
            break
    return totals, solved


def best_moves(totals: list[float], solved: int) -> tuple[list[int], bool]:
    """The indices of the moves whose total ties for the best, in order, and whether the
    best won every deal solved (values in [0, 1]: a sure win)."""
    best = max(totals)
    return ([k for k, total in enumerate(totals) if total >= best - 1e-9],
            best >= solved - 1e-9)


def then_sample(count: int, exact: tuple[list[int] | None, float | None], budget: Budget, *,
                sample: Callable[[SeededRandom], Any],
                evaluate: Callable[[Any, int, SeededRandom], float], rng: SeededRandom,
                used: list[str] | None = None) -> int:
    """The index (of `count` moves) a hard level plays after its exact endgame: `exact`
    is `choose_exact`'s answer (the best moves or None, and the clock's reading when
    the solving began or None). One best move, or no time left, is played; otherwise
    successive halving (`sample`, then `evaluate(deal, move index, rng)`) chooses among
    the tied moves, or among all when the solver did not apply or ran out, in the
    seconds the solver left. `used`, when given, gets how: "exact", "tied", "out" (the
    solver ran out) or "sampled" (it did not apply)."""
    best, start = exact
    # The solver's time is the halving's less (no reading at all when it did not start).
    left = budget.seconds if start is None else budget.seconds - (budget.clock() - start)
    if best is not None and (len(best) == 1 or left <= 0):
        _note(used, "exact")
        return best[0]
    _note(used, "tied" if best is not None else "sampled" if start is None else "out")
    field = best if best is not None else list(range(count))
    if left < budget.seconds:  # the halving evaluates one root at least, whatever is left
        budget = replace(budget, seconds=max(left, 1e-9))
    return field[halving(len(field), sample, lambda deal, k, r: evaluate(deal, field[k], r),
                         rng, budget)]


def _note(used: list[str] | None, how: str) -> None:
    if used is not None:
        used.append(how)
