"""The review of a finished game: every real decision judged from its seat's view.

`review(record, seed=..., budget=...)` replays the record. At each move made with a
choice (more than one legal move; a lone move, a forced draw or pass is never judged)
it values every legal move from the mover's view (`engine.review.value.Evaluator`),
with a sequential budget: `START_SAMPLES` samples first, then, while the verdict is
unsure (`ReviewRules.sure`: the loss +- 2 standard errors straddles the inaccuracy
threshold or zero) or a mark would stand on fewer than `CONFIRM` samples, twice as
many, up to `budget` samples. The grade is
`ReviewRules.grade` (engine/review/rules.py).

The turning point is the decision whose move cost its side the most: the greatest
loss (in points) among the decisions of seats that did not win (every seat when nobody
did), ties to the earlier; when none of them lost anything, the greatest loss of any
decision; None when there was no decision at all. Each seat's costliest moves are its
graded decisions (inaccuracy or worse), the greatest loss first, at most `COSTLIEST`.

Big Clock is a solitaire with its stock known after the game: its review is
`engine.review.clock.last_winnable` instead (no decision is graded).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from engine.records import new_game
from engine.registry import game_spec
from engine.review.clock import ClockReview, last_winnable
from engine.review.rules import Grade, rules_of
from engine.review.value import Evaluator, mix, sides

START_SAMPLES = 16
CONFIRM = 64  # a mark stands on at least this many samples: 16 paired differences, mostly
# zeros and a few large swings, often understate the standard error
DEFAULT_BUDGET = 128
COSTLIEST = 3


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision: move number `ply` (from 0, in the record's `moves`) made by
    `seat`; `played` and `best` in record notation; values in points for the seat's
    side (the hand's expected points, `engine.review.value`), `loss` = value_best -
    value_played, `stderr` its paired standard error, `grade`, `samples` spent;
    `chance_played` / `chance_best` the hard search's reward (hand or match won, 0-1);
    `candidates` how many legal moves there were."""

    ply: int
    seat: int
    played: str
    best: str
    value_played: float
    value_best: float
    loss: float
    stderr: float
    grade: Grade
    samples: int
    chance_played: float
    chance_best: float
    candidates: int


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game's review: `decisions` in move order, `turning_point` the ply of
    the turning point (None: no decision), `costliest[seat]` the plies of each seat's
    costliest graded moves, `winners` the game's winning seats, `clock` Big Clock's
    review (None for the other games)."""

    game: str
    seed: int
    budget: int
    decisions: tuple[Decision, ...]
    turning_point: int | None
    costliest: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    clock: ClockReview | None = None

    def decision_at(self, ply: int) -> Decision | None:
        """The decision judged at move `ply`, None when that move was not judged."""
        return next((d for d in self.decisions if d.ply == ply), None)


def review(record: dict[str, Any], *, seed: int, budget: int = DEFAULT_BUDGET,
           seats: Collection[int] | None = None) -> Review:
    """Review a finished game's record (see the module docstring); deterministic for a
    given `seed`. `budget` is the most samples a decision may take (at least
    `START_SAMPLES`); `seats` limits the judged decisions to those seats (None: all, as
    when every seat was a person). Raises RecordError or ReplayError for a bad record,
    ValueError for an unfinished game or a budget below `START_SAMPLES`."""
    if budget < START_SAMPLES:
        raise ValueError(f"a review needs a budget of at least {START_SAMPLES} samples")
    spec = game_spec(record.get("game"))
    game = new_game(record)
    moves: list[str] = list(record.get("moves", []))
    if spec.solitaire:
        clock = last_winnable(record)
        return Review(spec.name, seed, budget, (), None, ((),), clock.winners, clock)
    rules = rules_of(spec.name)
    side_of = sides(len(game.players), spec.in_pairs(record.get("options") or {}))
    decisions: list[Decision] = []
    for ply, text in enumerate(moves):
        seat = game.to_move
        legal = game.legal_moves() if seat is not None else []
        if seat is not None and len(legal) > 1 and (seats is None or seat in seats):
            played = str(game.copy().play(text))
            index = [str(m) for m in legal].index(played)
            view = game.view(seat)
            evaluator = Evaluator(view, getattr(game, "options", None), index,
                                  side_of=side_of,
                                  sign=1.0 if rules.higher_is_better else -1.0,
                                  seed=mix(seed, ply))
            evaluator.add(START_SAMPLES)
            est = evaluator.estimate()
            while ((not rules.sure(est.loss, est.stderr)
                    or (est.loss >= rules.inaccuracy and est.samples < CONFIRM))
                   and est.samples * 2 <= budget):
                evaluator.add(est.samples)
                est = evaluator.estimate()
            decisions.append(Decision(
                ply, seat, played, str(legal[est.best]), est.means[index],
                est.means[est.best], est.loss, est.stderr,
                rules.grade(est.loss, est.stderr, est.chances[est.best] - est.chances[index]),
                est.samples, est.chances[index],
                est.chances[est.best], len(legal)))
        game.play(text)
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("only a finished game can be reviewed")
    winners = tuple(outcome.winners)
    return Review(spec.name, seed, budget, tuple(decisions),
                  turning_point(decisions, winners, side_of),
                  costliest(decisions, len(game.players)), winners)


def turning_point(decisions: list[Decision], winners: tuple[int, ...],
                  side_of: tuple[int, ...]) -> int | None:
    """The ply of the turning point (see the module docstring), None without decisions."""
    won = {side_of[w] for w in winners}
    losers = [d for d in decisions if side_of[d.seat] not in won]
    pool = losers if any(d.loss > 0 for d in losers) else decisions
    if not pool:
        return None
    return min(pool, key=lambda d: (-d.loss, d.ply)).ply


def costliest(decisions: list[Decision], players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the plies of its graded decisions, greatest loss first (ties: earlier),
    at most `COSTLIEST`."""
    out = []
    for seat in range(players):
        graded = [d for d in decisions if d.seat == seat and d.grade is not Grade.GOOD]
        graded.sort(key=lambda d: (-d.loss, d.ply))
        out.append(tuple(d.ply for d in graded[:COSTLIEST]))
    return tuple(out)
