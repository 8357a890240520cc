"""Big Clock's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("clock", (1, 1), solitaire=True, rated=False,
                class_name="ClockGame", options_name="ClockOptions",
                usual_players=1, daily=True, hint_name="hint_at",
                figures=Figures(("hours_home", "discards"), "engine.clock.scoring:result_figures"))
