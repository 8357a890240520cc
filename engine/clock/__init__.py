"""Big Clock («Большие часы», RULES.md section 3), the solitaire, as one package.

- `game`: the rules (`ClockGame`); `options`: its option; `deal`: its deals;
  `view`: its moves and what the player sees; `hint`: the suggested move (the
  normal level); `solver`: the hard level; `policy`: its computer players by level;
  `hidden`: how the solver guesses the hidden tiles (`Sampler`).
"""

from engine.clock.deal import ClockDeal, clock_tiles
from engine.clock.game import ClockGame
from engine.clock.hidden import Sampler
from engine.clock.hint import hint
from engine.clock.options import OPTIONS, ClockOptions
from engine.clock.policy import POLICIES
from engine.clock.solver import solve
from engine.clock.view import DRAWN, ClockMove, ClockView

__all__ = [
    "DRAWN",
    "OPTIONS",
    "POLICIES",
    "ClockDeal",
    "ClockGame",
    "ClockMove",
    "ClockOptions",
    "ClockView",
    "Sampler",
    "clock_tiles",
    "hint",
    "solve",
]
