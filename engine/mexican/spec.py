"""Mexican Train's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("mexican", (2, 8), solitaire=False, rated=True,
                class_name="MexicanGame", options_name="MexicanOptions",
                usual_players=4,
                ai_strength=(("normal", 0.94), ("hard", 0.68)),
                figures=Figures(("rounds", "low_round"), "engine.mexican.scoring:result_figures"))
