"""Big Clock («Большие часы», RULES.md section 3), the solitaire, as one package.

- `game`: the rules (`ClockGame`); `options`: its option; `deal`: its deals;
  `view`: its moves and what the player sees; `hint`: the suggested move (the
  normal level, and `hint_at` for every level); `planner`: the hard level's board
  value and searches, on `board`, a compact board for search; `montecarlo`: the
  hard level, the planner with playouts on sampled stocks where it has a choice;
  `policy`: its computer players by level;
  `play`: whole games by a level; `hidden`: a full game consistent with a view
  (`Sampler`).
- `spec`: its facts for the registry (`SPEC`).
"""

from engine.clock.ai.hint import HINT_LEVELS, hint, hint_at
from engine.clock.ai.policy import POLICIES
from engine.clock.deal import ClockDeal, clock_tiles
from engine.clock.game import ClockEnd, ClockGame
from engine.clock.hidden import Sampler
from engine.clock.options import OPTIONS, ClockOptions
from engine.clock.spec import SPEC
from engine.clock.view import DRAWN, ClockMove, ClockView

__all__ = [
    "DRAWN",
    "HINT_LEVELS",
    "OPTIONS",
    "POLICIES",
    "SPEC",
    "ClockDeal",
    "ClockEnd",
    "ClockGame",
    "ClockMove",
    "ClockOptions",
    "ClockView",
    "Sampler",
    "clock_tiles",
    "hint",
    "hint_at",
]
