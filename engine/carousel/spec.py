"""The Carousel's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("carousel", (2, 7), solitaire=False, rated=True,
                class_name="CarouselGame", options_name="CarouselOptions",
                usual_players=4, best_score=True,
                ai_strength=(("normal", 0.98), ("hard", 0.80)),  # hard: 4 players, 2026-12-05
                figures=Figures(("hands",), "engine.carousel.scoring:result_figures"))
