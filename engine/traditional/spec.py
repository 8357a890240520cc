"""The Traditional draw game's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("traditional", (2, 4), solitaire=False, rated=True,
                class_name="TraditionalGame", options_name="TraditionalOptions",
                usual_players=3,
                ai_strength=(("normal", 0.58), ("hard", 0.66)),  # hard: 2,400 playouts, 2026-12-04
                figures=Figures(("goat", "hands"), "engine.traditional.scoring:result_figures"))
