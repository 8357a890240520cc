"""A probe, not a level: Traditional's and the Carousel's hard searches told the true deal
(perfect information), to see how much of their strength the hidden tiles cost and whether
better playouts help once the deal is known.

Run from the repository root, with bench_ai.py's arguments:
    .venv/bin/python bench/probe_seeing.py --configs trad2,trad4 --games 400 --workers 1
        --playouts 600 --pairings hardseeing-hard,hardseeinggb-hardseeing

Besides bench_ai's levels it knows `hardseeing`: `engine.traditional.ai.search.choose_hard`
(without the exact endgame) whose every root is the game as it stands (the real hands and
stock order, `Round.of_game`) instead of a deal consistent with the view; random
playouts; in the Carousel, `engine.carousel.ai.search.choose_hard` (without its exact endgame)
on the real game, with its own guided playouts. `hardseeing<variant>` plays bench_ai's
guided variant `hard<variant>`'s playouts (`hardseeinggb`: `hardgb`'s) on those roots. It
patches bench_ai at import (the game being played is kept where the level can read it), so
it runs only here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import bench_ai
from engine.carousel import CarouselGame
from engine.carousel.ai import rollout as carousel_rollout
from engine.carousel.ai import search as carousel_search
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame
from engine.traditional.ai import search
from engine.traditional.ai.rollout import Round

_PLAYING: list[Any] = []  # the game whose view was asked for last
_view = TraditionalGame.view
_carousel_view = CarouselGame.view


def _seen_view(game: TraditionalGame, seat: int | None) -> Any:
    _PLAYING[:] = [game]
    return _view(game, seat)


def _seen_carousel_view(game: CarouselGame, seat: int | None) -> Any:
    _PLAYING[:] = [game]
    return _carousel_view(game, seat)


class _TrueDeal(search._Deals):
    """Every root is the real game: no hidden tile at all."""

    def sample(self, rng: SeededRandom) -> Round:
        return Round.of_game(_PLAYING[0])


class _TrueCarouselDeal(carousel_search._Deals):
    """The Carousel's: every root is the real game (one number drawn, as `sample` does)."""

    def sample(self, rng: SeededRandom) -> carousel_rollout.Round:
        rng.next64()
        return carousel_rollout.Round.of_game(_PLAYING[0])


_choose = bench_ai._choose


def _choose_seeing(level: str, view: Any, rng: SeededRandom, budget: Any,
                   used: list[str]) -> Any:
    if not level.startswith("hardseeing") or view.game not in ("traditional", "carousel"):
        return _choose(level, view, rng, budget, used)
    if view.game == "carousel":
        saved_deals = carousel_search._Deals
        carousel_search._Deals = _TrueCarouselDeal  # type: ignore[misc]
        try:
            return carousel_search.choose_hard(view, rng, budget, exact=False, used=used)
        finally:
            carousel_search._Deals = saved_deals  # type: ignore[misc]
    variant = level.removeprefix("hardseeing")
    finish = bench_ai.GUIDED["hard" + variant] if variant else None
    saved = search._Deals
    search._Deals = _TrueDeal  # type: ignore[misc]
    try:
        return search.choose_hard(view, rng, budget, exact=False, used=used, finish=finish)
    finally:
        search._Deals = saved  # type: ignore[misc]


TraditionalGame.view = _seen_view  # type: ignore[method-assign,assignment]
CarouselGame.view = _seen_carousel_view  # type: ignore[method-assign,assignment]
bench_ai._choose = _choose_seeing

if __name__ == "__main__":
    raise SystemExit(bench_ai.main())
