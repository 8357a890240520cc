"""The computer's review of a finished game (issue 53's engine part): every decision a
person made valued from that seat's view, graded, the turning point and each seat's
costliest moves; Big Clock's last winnable position. Pure and deterministic for a seed.

- `value`: the candidates of one decision on shared determinizations (`Evaluator`);
- `rules`: the grades and each game's thresholds (`ReviewRules`, `Grade`);
- `core`: `review(record, seed=..., budget=...) -> Review`;
- `clock`: Big Clock's exact search for the last winnable position.

docs/review.md says how it decides and what it costs.
"""

from engine.review.clock import ClockReview, last_winnable, winnable
from engine.review.core import DEFAULT_BUDGET, START_SAMPLES, Decision, Review, review
from engine.review.rules import RULES, SIGMAS, Grade, ReviewRules, rules_of

__all__ = ["DEFAULT_BUDGET", "RULES", "SIGMAS", "START_SAMPLES", "ClockReview", "Decision",
           "Grade", "Review", "ReviewRules", "last_winnable", "review", "rules_of",
           "winnable"]
