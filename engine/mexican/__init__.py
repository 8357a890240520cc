"""Mexican Train («Мексиканский поезд», RULES.md section 4), as one package.

- `game`: the rules (`MexicanGame`), on `legality` (its legal moves and why a move is
  illegal, `MexicanLegality`); `moves`: its notation (`MexicanMove`, trains `T1`..`Tn`
  and `M`); `options`: its options; `view`: what a seat may see and how a round ended;
  `policy`: its computer players by level; `search`: the hard level (the generic search
  at its own budget, `HARD_BUDGET`) on `rollout`'s fast playouts of a round; `hidden`:
  how the computer guesses the hidden tiles (`Sampler`); `scoring`: what its results
  carry (`result_figures`).
- `spec`: its facts for the registry (`SPEC`).
"""

from engine.mexican.ai.policy import JUDGE, POLICIES, choose_normal, own_run
from engine.mexican.game import MexicanEnd, MexicanGame, engine_of
from engine.mexican.hidden import Sampler
from engine.mexican.moves import MEXICAN, MexicanMove, train_index, train_name
from engine.mexican.options import OPTIONS, MexicanOptions
from engine.mexican.spec import SPEC
from engine.mexican.view import MexicanView, RoundResult

__all__ = [
    "JUDGE",
    "MEXICAN",
    "OPTIONS",
    "POLICIES",
    "SPEC",
    "MexicanEnd",
    "MexicanGame",
    "MexicanMove",
    "MexicanOptions",
    "MexicanView",
    "RoundResult",
    "Sampler",
    "choose_normal",
    "engine_of",
    "own_run",
    "train_index",
    "train_name",
]
