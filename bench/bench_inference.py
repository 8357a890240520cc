"""Accuracy of the hidden-tile sampler with and without the inference weighting.

Run from the repository root:
    .venv/bin/python bench/bench_inference.py [--positions 100] [--samples 32]
        [--configs trad2,trad4,car4]

Position k plays game seed k with the normal level at every seat for a seeded
number of moves (6 to 17), then takes the view of the seat to move. For each
position the game's sampler draws `--samples` deals (as one hard decision's
rounds would); the figure is the share of the opponents' hidden tiles that a
deal puts in the right hand, over all positions, with `engine.inference.ENABLED`
off and on, and the CPU (`time.process_time`) per sample. Strength is measured
with bench/bench_ai.py (`--pairings hardinf-hard`; bench/README.md, "Inference").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import inference
from engine.ai import choose
from engine.carousel import CarouselGame
from engine.registry import game_spec
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame

CONFIGS = {"trad2": (TraditionalGame, 2), "trad4": (TraditionalGame, 4),
           "car4": (CarouselGame, 4)}


def position(config: str, k: int) -> Any:
    """Game `k` of `config` after a seeded number of normal moves (None: it ended)."""
    cls, n = CONFIGS[config]
    game = cls([f"P{i}" for i in range(n)], seed=k)
    rng = SeededRandom(k)
    for _ in range(6 + k % 12):
        if game.to_move is None or _hand_over(game):
            break
        game.play(choose("normal", game.view(game.to_move), rng))
    return game


def _hand_over(game: Any) -> bool:
    # Only the first hand's positions: a later hand would restart its history.
    if isinstance(game, TraditionalGame):
        return bool(game.results)
    return bool(game.hand_number != 1)


def accuracy(config: str, positions: int, samples: int, on: bool) -> tuple[float, float]:
    """(share of opponents' tiles in the right hand, CPU ms per sample)."""
    inference.ENABLED = on
    right = total = 0
    cpu = 0.0
    for k in range(positions):
        game = position(config, k)
        seat = game.to_move
        if seat is None:
            continue
        view = game.view(seat)
        if _hand_over(game):
            continue
        start = time.process_time()
        sampler = game_spec(view.game).sampler(view, None)
        rng = SeededRandom(k * 31 + 1)
        dealt = [sampler.sample(rng) for _ in range(samples)]
        cpu += time.process_time() - start
        for s in range(len(view.players)):
            if s == seat:
                continue
            truth = set(game.hands[s])
            for d in dealt:
                right += len(truth & set(d.hands[s]))
                total += len(truth)
    return right / max(total, 1), 1000 * cpu / (positions * samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--configs", default="trad2,trad4,car4")
    args = parser.parse_args(argv)
    print("| config | right hand, off | on | CPU ms/sample off | on |")
    print("|---|---:|---:|---:|---:|")
    for config in args.configs.split(","):
        off, cpu_off = accuracy(config, args.positions, args.samples, False)
        on, cpu_on = accuracy(config, args.positions, args.samples, True)
        print(f"| {config} | {100 * off:.1f}% | {100 * on:.1f}% | {cpu_off:.3f} | {cpu_on:.3f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
