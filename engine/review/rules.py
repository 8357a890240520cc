"""What the review counts as a point lost, per game: the grade thresholds and the sign.

A decision's *loss* is the best candidate's mean value minus the played move's, in
the hand's points for the seat's side (`engine.review.value`). A loss earns a grade
only when it is both at least the game's `inaccuracy` threshold and larger than
`SIGMAS` standard errors of the paired difference, and the best move's chance to win
(the hard search's reward) is above the played move's too (`grade`); the grade is then the
highest threshold it reaches: `inaccuracy` <= loss < `mistake`, `mistake` <= loss <
`blunder`, `blunder` <= loss. The thresholds are in each game's own points: a
Traditional or Partnership hand scores the losers' pips (tens of points), a Carousel
hand its fives (a point a five, a few to a dozen a hand), Mexican Train's pips count
against the seat (the sign flips: fewer is better).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

SIGMAS = 2.0  # a loss must exceed this many standard errors of the paired difference


class Grade(StrEnum):
    """A decision's verdict, in words people know (the catalog names them by value)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class ReviewRules:
    """One game's thresholds (points lost, at least) and whether more points are better."""

    inaccuracy: float
    mistake: float
    blunder: float
    higher_is_better: bool = True

    def grade(self, loss: float, stderr: float, chance_lost: float = 1.0) -> Grade:
        """The grade of a decision that lost `loss` points (mean, paired) with standard
        error `stderr` and `chance_lost` of the hard search's reward (the best move's
        less the played one's): GOOD unless loss >= `inaccuracy`, loss > SIGMAS *
        stderr and chance_lost > 0 (a move that kept the best chance to win the hand or
        match is no mistake, whatever points it gave up)."""
        if loss < self.inaccuracy or loss <= SIGMAS * stderr or chance_lost <= 0:
            return Grade.GOOD
        if loss >= self.blunder:
            return Grade.BLUNDER
        if loss >= self.mistake:
            return Grade.MISTAKE
        return Grade.INACCURACY

    def sure(self, loss: float, stderr: float) -> bool:
        """Whether more samples could hardly change the flag: the interval loss +- SIGMAS
        standard errors lies wholly below the inaccuracy threshold or wholly above both
        it and zero (`engine.review.value`'s sequential budget reads it)."""
        low, high = loss - SIGMAS * stderr, loss + SIGMAS * stderr
        return high < self.inaccuracy or (low >= self.inaccuracy and low > 0)


RULES: dict[str, ReviewRules] = {
    "traditional": ReviewRules(inaccuracy=3.0, mistake=8.0, blunder=15.0),
    "partnership": ReviewRules(inaccuracy=3.0, mistake=8.0, blunder=15.0),
    "carousel": ReviewRules(inaccuracy=1.5, mistake=3.0, blunder=6.0),
    "mexican": ReviewRules(inaccuracy=3.0, mistake=8.0, blunder=15.0, higher_is_better=False),
}


def rules_of(game: str) -> ReviewRules:
    """The review rules of a multiplayer game by its record name; raises KeyError for a
    game the point review does not cover (Big Clock has `engine.review.clock`)."""
    return RULES[game]
