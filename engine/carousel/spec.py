"""The Carousel's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("carousel", (2, 7), solitaire=False, rated=True,
                class_name="CarouselGame", options_name="CarouselOptions",
                usual_players=4, best_score=True, pairs_seats=4,
                # hard: the README's table (2026-12-05); 5-7 players are not measured
                # and read as the usual 4, pairs (86.3%) too.
                ai_strength=(("normal", 0.98), ("hard", 0.815)),
                ai_strength_by_seats=(("hard", 2, 0.933), ("hard", 3, 0.836)),
                figures=Figures(("hands",), "engine.carousel.scoring:result_figures"))
