"""The Carousel fives game with a spinner («Карусель», RULES.md section 2), as one package.

- `game`: the rules (`CarouselGame`), on `legality` (its legal moves and why a
  move is illegal, `CarouselLegality`); `options`: its options; `spinner`: its
  moves on the layout of the fives games (`engine.fives`: the spinner, its arms
  and the open-end count); `scoring`: its scoring rules; `view`: what a seat may
  see; `policy`: its computer players by level; `hidden`: how the computer
  guesses the hidden tiles (`Sampler`); `search`: the hard level, on fast playouts
  of a hand (`rollout`, its tables in `tables`, its playout loop in `playout`: bitmask
  hands, held to the rules by tests/engine/test_carousel_rollout.py).
- `spec`: its facts for the registry (`SPEC`).
"""

from engine.carousel.ai.policy import JUDGE, POLICIES, choose_normal
from engine.carousel.game import CarouselEnd, CarouselGame
from engine.carousel.hidden import Sampler
from engine.carousel.options import OPTIONS, CarouselOptions
from engine.carousel.scoring import blocked_scores, domino_score
from engine.carousel.spec import SPEC
from engine.carousel.view import CarouselView
from engine.fives import SIDES, ArmTile, Spinner, round_pips
from engine.game import ScoreEvent

__all__ = [
    "JUDGE",
    "OPTIONS",
    "POLICIES",
    "SIDES",
    "SPEC",
    "ArmTile",
    "CarouselEnd",
    "CarouselGame",
    "CarouselOptions",
    "CarouselView",
    "Sampler",
    "ScoreEvent",
    "Spinner",
    "blocked_scores",
    "choose_normal",
    "domino_score",
    "round_pips",
]
