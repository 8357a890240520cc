"""The hard level of the line games: determinized Monte Carlo search, for any game.

The search deals the hidden tiles from the game's sampler (`GameSpec.sampler`, the
game package's `hidden` module): each root is one full game consistent with the view.
A move is judged by playing it on a copy of a root followed by a playout to the end of
the hand (each seat picks a random legal move, a tile play more often than a draw),
scored for the seat by the game's judge (`GameSpec.judge`).

`choose_hard` spends its playouts by successive halving (`engine.ai.allocate`): every
move at first, then only the better half, and so on, so the close moves get most of
the budget; the best mean reward of the last survivors wins (ties: the earlier move of
`view.legal_moves`). `choose_flat`, the search before it (kept for the bench, which
plays the two against each other at the same budget), gives every move one playout on
each root and picks the best mean.

Either stops after `budget.playouts` playouts or when `budget.seconds` have passed,
whichever comes first. Only the playout count depends on nothing but the seed, so a
move is deterministic for a given seed as long as the time cap is not reached (the
default cap is generous).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.ai.allocate import halving
from engine.registry import game_spec
from engine.rng import SeededRandom


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one move may use: at most `playouts` playouts, and never
    (much) more than `seconds` of wall-clock time (checked between rounds), as read by
    `clock` (a test may give one of its own, so that the guard is deterministic)."""

    playouts: int = 600
    seconds: float = 1.0
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.playouts < 1 or self.seconds <= 0:
            raise ValueError("a budget needs at least one playout and some time")


DEFAULT_BUDGET = Budget()


class _Kinded(Protocol):
    @property
    def kind(self) -> str: ...  # "play", "draw" or "pass"


M = TypeVar("M", bound=_Kinded)
MAX_PLAYOUT_MOVES = 2000  # a guard only: a hand ends long before


class HandJudge(Protocol):
    """How a game tells the search what a hand was worth to a seat.

    A playout ends with the game or with the hand: a line game appends to its
    `results` list when a hand ends, whatever the game.
    """

    def mark(self, game: Any) -> Any:
        """Where the hand stands before the move being judged (e.g. the scores)."""

    def reward(self, game: Any, me: int, mark: Any) -> float:
        """`me`'s reward in [0, 1] for that hand, once it is over (or the guard hit)."""


class PlayoutPicker(Protocol):
    """A game's own choice of a playout's moves (optional: a judge may have a `pick`
    method, `choose_hard` then plays its playouts with it)."""

    def __call__(self, game: Any, moves: list[Any], rng: SeededRandom) -> Any:
        """One of `moves`, the legal moves of `game` (not changed)."""


def choose_hard(view: Any, rng: SeededRandom, budget: Budget = DEFAULT_BUDGET,
                options: Any = None, *, guided: bool = True) -> Any:
    """The move of `view.legal_moves` that did best by successive halving (see the module
    docstring); it spends exactly `budget.playouts` playouts unless the time cap cuts it
    short (or there are more moves than playouts: one each then).

    Reads only the view and `options` (the table's; None: the view's). With one
    legal move it is returned at once. The playouts use the judge's `pick`
    (`PlayoutPicker`) when it has one and `guided` is true, else random moves.
    Raises ValueError for a view without a hand (a spectator).
    """
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    sampler, evaluate = _search(view, options, guided)
    return moves[halving(len(moves), sampler.sample, evaluate, rng, budget)]


def choose_flat(view: Any, rng: SeededRandom, budget: Budget = DEFAULT_BUDGET,
                options: Any = None) -> Any:
    """The flat search (see the module docstring): every move on every root, the best
    mean reward wins. Same promises and errors as `choose_hard`."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    sampler, evaluate = _search(view, options, guided=False)
    totals = [0.0] * len(moves)
    for root in sampled_rounds(sampler, rng, budget, len(moves)):
        for k in range(len(moves)):
            totals[k] += evaluate(root, k, rng)
    best = max(range(len(moves)), key=lambda k: (totals[k], -k))
    return moves[best]


def _search(view: Any, options: Any, guided: bool) -> tuple[
        Any, Callable[[Any, int, SeededRandom], float]]:
    """The view's sampler of roots (`GameSpec.sampler`), and the reward of legal move k
    on a root: the move, then a playout (the judge's `pick` when it has one and
    `guided`, else random)."""
    spec = game_spec(view.game)
    judge: HandJudge = spec.judge
    me = view.seat
    moves = view.legal_moves
    pick: PlayoutPicker | None = getattr(judge, "pick", None) if guided else None

    def evaluate(root: Any, k: int, rng: SeededRandom) -> float:
        game = root.copy()
        mark = judge.mark(game)
        hands = len(game.results)
        game.play(moves[k])
        return playout(game, me, rng, hands, mark=mark, judge=judge, pick=pick)

    return spec.sampler(view, options), evaluate


def sampled_rounds(sampler: Any, rng: SeededRandom, budget: Budget,
                   per_round: int) -> Iterator[Any]:
    """One game from `sampler` a round (`sampler.sample(rng)`), each round spending
    `per_round` playouts, until `budget.playouts` are spent or `budget.seconds` have
    passed (checked between rounds; the first round always runs)."""
    clock = budget.clock
    start = clock()
    done = 0
    while done < budget.playouts:
        if done and clock() - start >= budget.seconds:
            return
        yield sampler.sample(rng)
        done += per_round


def playout(game: Any, me: int, rng: SeededRandom, hands: int, *, mark: Any,
            judge: HandJudge, pick: PlayoutPicker | None = None) -> float:
    """Play legal moves to the end of the hand being played before the move judged
    (while `game.results` still holds `hands` finished hands; the move itself may have
    ended it), chosen by `pick` (None: `random_pick`); `me`'s reward in [0, 1] from
    `judge` and its `mark`."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if game.outcome() is not None or len(game.results) != hands:
            break
        moves = game.legal_moves()
        game.play(random_pick(moves, rng) if pick is None else pick(game, moves, rng))
    return judge.reward(game, me, mark)


def hard(view: Any, rng: SeededRandom, budget: Budget | None, options: Any) -> Any:
    """The hard level as a policy (`engine.ai.simple.Policy`): `choose_hard`, at
    `DEFAULT_BUDGET` when given none."""
    return choose_hard(view, rng, budget or DEFAULT_BUDGET, options)


def random_pick(moves: list[M], rng: SeededRandom) -> M:
    """A random move of `moves`; with must_play off a draw beside tile plays is taken
    only 1 time in 8."""
    if len(moves) > 1 and moves[-1].kind == "draw" and rng.below(8):
        return moves[rng.below(len(moves) - 1)]
    return moves[rng.below(len(moves))]
