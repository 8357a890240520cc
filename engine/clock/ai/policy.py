"""The computer players of Big Clock, by level: easy (a random legal move), normal
(the hint, `engine.clock.ai.hint`) and hard (`engine.clock.ai.montecarlo`: the planner of
`engine.clock.ai.planner`, with playouts where it has a choice). Playing alone, a
computer gives a double up when its search finds no rescue, so that its game ends."""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget
from engine.ai.simple import Policy, easy
from engine.clock.ai.hint import hint
from engine.clock.ai.montecarlo import hard_move, player_budget
from engine.clock.view import ClockMove, ClockView
from engine.rng import SeededRandom


def _normal(view: ClockView, rng: SeededRandom, budget: Budget, options: Any) -> ClockMove:
    return hint(view, give_up=True)


def _hard(view: ClockView, rng: SeededRandom, budget: Budget, options: Any) -> ClockMove:
    # The table's budget, else the computer player's own (more than the Hint's).
    return hard_move(view, give_up=True, budget=budget or player_budget(view.hours))


POLICIES: dict[str, Policy] = {"easy": easy, "normal": _normal, "hard": _hard}
