"""Partnership Dominó's facts, as the registry (engine/registry.py) reads them."""

from __future__ import annotations

from engine.figures import Figures
from engine.registry import GameSpec

SPEC = GameSpec("partnership", (4, 4), solitaire=False, rated=True,
                class_name="PartnershipGame", options_name="PartnershipOptions",
                usual_players=4, pairs_seats=4, always_pairs=True,
                # 2026-12-07, matches to 200, each deal from both sides, each level at
                # its table budget: normal won 362 of 400 against easy, hard 237 of 274
                # against normal (a first measurement, before bench/bench_ai.py plays
                # this game; it goes in the README's table then).
                ai_strength=(("normal", 0.905), ("hard", 0.865)),
                figures=Figures(("hands",), "engine.partnership.scoring:result_figures"))
