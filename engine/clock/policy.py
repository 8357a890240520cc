"""The computer players of Big Clock, by level: easy (a random legal move), normal
(the hint, `engine.clock.hint`) and hard (the Monte Carlo solver, `engine.clock.solver`)."""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget
from engine.ai.simple import Policy, easy
from engine.clock.hint import hint
from engine.clock.solver import solve
from engine.clock.view import ClockMove, ClockView
from engine.rng import SeededRandom


def _normal(view: ClockView, rng: SeededRandom, budget: Budget, options: Any) -> ClockMove:
    return hint(view)


def _hard(view: ClockView, rng: SeededRandom, budget: Budget, options: Any) -> ClockMove:
    return solve(view, rng, budget)


POLICIES: dict[str, Policy] = {"easy": easy, "normal": _normal, "hard": _hard}
