"""Partnership Dominó («Dominó en parejas», «Dominó em duplas», RULES.md section 5), the
block game in pairs, as one package.

- `game`: the rules (`PartnershipGame`), on `legality` (its legal moves and why a move
  is illegal, `PartnershipLegality`); `line`: its line of play; `scoring`: the pairs, a
  hand's points and who leads the next hand; `options`: its options; `view`: what a
  seat may see and how a hand ended; `hidden`: how the computer guesses the hidden
  tiles (`Sampler`); `ai`: its computer players by level (`POLICIES`, `JUDGE`).
- `spec`: its facts for the registry (`SPEC`).
"""

from engine.partnership.ai import JUDGE, POLICIES
from engine.partnership.game import PartnershipEnd, PartnershipGame, opening
from engine.partnership.hidden import Sampler
from engine.partnership.options import OPTIONS, PartnershipOptions
from engine.partnership.scoring import PAIRS, pair_of, partner
from engine.partnership.spec import SPEC
from engine.partnership.view import HandResult, PartnershipView, describe_result

__all__ = [
    "JUDGE",
    "OPTIONS",
    "PAIRS",
    "POLICIES",
    "SPEC",
    "HandResult",
    "PartnershipEnd",
    "PartnershipGame",
    "PartnershipOptions",
    "PartnershipView",
    "Sampler",
    "describe_result",
    "opening",
    "pair_of",
    "partner",
]
