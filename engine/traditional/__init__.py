"""The Traditional draw game («Козёл», RULES.md section 1), as one package.

- `game`: the rules (`TraditionalGame`), on `legality` (its legal moves and why a
  move is illegal, `TraditionalLegality`); `deal`: dealing and the lead; `scoring`:
  how a hand is scored; `options`: its options; `view`: what a seat may see and
  how a hand ended; `fastpath`: the tables of the hot paths; `policy`: its
  computer players by level; `hidden`: how the computer guesses the hidden tiles
  (`Sampler`); `search`: the hard level, on `rollout`'s fast playouts of a hand
  (bitmask hands, held to the rules by tests/engine/test_traditional_rollout.py),
  and on `endgame`'s exact solution when few tiles are hidden.
- `spec`: its facts for the registry (`SPEC`).
"""

from engine.traditional.ai.policy import JUDGE, POLICIES, choose_normal
from engine.traditional.deal import SET_TOP, is_lopsided, opening_tile
from engine.traditional.game import TraditionalEnd, TraditionalGame
from engine.traditional.hidden import Sampler
from engine.traditional.options import OPTIONS, TraditionalOptions
from engine.traditional.scoring import NO_WINNER, hand_goats, hand_places
from engine.traditional.spec import SPEC
from engine.traditional.view import HandResult, TraditionalView, describe_result

__all__ = [
    "JUDGE",
    "NO_WINNER",
    "OPTIONS",
    "POLICIES",
    "SET_TOP",
    "SPEC",
    "HandResult",
    "Sampler",
    "TraditionalEnd",
    "TraditionalGame",
    "TraditionalOptions",
    "TraditionalView",
    "choose_normal",
    "describe_result",
    "hand_goats",
    "hand_places",
    "is_lopsided",
    "opening_tile",
]
