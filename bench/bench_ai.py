"""Strength of the AI levels: hard vs normal and normal vs easy, with 95% confidence intervals.

Run from the repository root:
    .venv/bin/python bench/bench_ai.py [--games 1000] [--playouts 200] [--workers 2]
        [--configs trad2,trad4,car2,car4] [--pairings hard-normal,normal-easy]
        [--max-minutes 8]

Game k of a pairing A vs B deals seed k // 2 and seats the levels A B (A B A B
with 4 players) for even k and B A (B A B A) for odd k: every deal is played
from both sides. Traditional: one hand with the default options (the hand's
winner wins). Carousel: a match to 61 with the default options. A game counts
as a win for A when a seat played by A wins it. The hard level searches a
fixed number of playouts per move (`--playouts` in the Traditional game,
`--carousel-playouts` in the Carousel; a 5 s time cap is never reached), so
every result is reproducible. A pairing stops early after
`--max-minutes` and reports the games it finished (the table says how many).
The interval is Wilson's 95% score interval.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import wilson
from engine.ai import Budget, choose
from engine.carousel import CarouselGame
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame

CONFIGS = {"trad2": ("Traditional", 2), "trad4": ("Traditional", 4),
           "car2": ("Carousel", 2), "car4": ("Carousel", 4)}


def play_game(job: tuple[str, str, str, int, int]) -> bool:
    """Play game `k` of a pairing; True when level `a` wins it."""
    config, a, b, k, playouts = job
    game_name, n = CONFIGS[config]
    names = [f"P{i}" for i in range(n)]
    seed = k // 2
    game: TraditionalGame | CarouselGame
    if game_name == "Traditional":
        game = TraditionalGame(names, seed=seed)
    else:
        game = CarouselGame(names, seed=seed)
    levels = [(a, b)[(i + k) % 2] for i in range(n)]
    budget = Budget(playouts=playouts, seconds=5.0)
    rng = SeededRandom(seed * 7919 + k % 2)
    while (seat := game.to_move) is not None:
        game.play(choose(levels[seat], game.view(seat), rng, budget))
    outcome = game.outcome()
    assert outcome is not None
    return any(levels[w] == a for w in outcome.winners)


def run_pairing(pool: Pool, config: str, *, a: str, b: str, games: int, playouts: int,
                max_seconds: float) -> tuple[int, int, float]:
    """(wins of a, games finished, seconds) for one pairing."""
    start = time.perf_counter()
    jobs = [(config, a, b, k, playouts) for k in range(games)]
    wins = done = 0
    for won in pool.imap(play_game, jobs, chunksize=2):
        wins += won
        done += 1
        if time.perf_counter() - start > max_seconds and done % 2 == 0:
            break
    return wins, done, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--carousel-playouts", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--configs", default="trad2,trad4,car2,car4")
    parser.add_argument("--pairings", default="hard-normal,normal-easy")
    parser.add_argument("--max-minutes", type=float, default=8.0)
    args = parser.parse_args(argv)
    print(f"AI strength; hard = {args.playouts} playouts per move (Traditional), "
          f"{args.carousel_playouts} (Carousel); {args.workers} workers; "
          f"Python {sys.version.split()[0]}", flush=True)
    print("\n| game | pairing | games | wins of the first | win rate | 95% CI | time |")
    print("|---|---|---:|---:|---:|---:|---:|", flush=True)
    for pairing in args.pairings.split(","):
        a, b = pairing.split("-")
        for config in args.configs.split(","):
            game_name, n = CONFIGS[config]
            playouts = args.carousel_playouts if game_name == "Carousel" else args.playouts
            with Pool(args.workers) as pool:
                wins, done, secs = run_pairing(pool, config, a=a, b=b, games=args.games,
                                               playouts=playouts,
                                               max_seconds=args.max_minutes * 60)
                pool.terminate()
            low, high = wilson(wins, done)
            print(f"| {game_name}, {n} players | {a} vs {b} | {done} | {wins} | "
                  f"{100 * wins / max(done, 1):.1f}% | {100 * low:.1f}-{100 * high:.1f}% | "
                  f"{secs:.0f} s |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
