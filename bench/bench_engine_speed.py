"""Random playouts per second: this engine against the `dominoes` package (PyPI), same run.

The game: a full 4-player, 7-tile Traditional hand on double-6 with no stock
(the block game that `dominoes.Game` plays). A playout deals and then plays a
uniformly random legal move until the hand ends; we count full hands per
second. Both engines get the same randomness, Python's `random` seeded with 1:
the 28 tiles are shuffled with `random.shuffle` and dealt 7 a seat, each move
is `random.choice` of the legal moves.
- this engine: `TraditionalGame(players, deal=LineDeal(hands, ()))`, then
  `play(random.choice(legal_moves()))` (validated and recorded: the same rules
  code the tables and the AI use);
- `dominoes` 6.1.0: `Game.new()` (it shuffles the same way), then
  `make_move(*random.choice(game.valid_moves))`.
A third row times this engine as the tables and the AI use it: a deal from a
seed (`SeededRandom`, with the lopsided-hand redeal) and moves picked by
`SeededRandom.below`, whose pure-Python generator costs more than `random`.
The next row times the hard AI's playout kernel as the search runs it
(`engine.traditional.ai.rollout.Round.finish`) with the same randomness: `random.Random(1)`
shuffles the 28 tiles' bits in `full_set` order (the first row's deals, which the run
checks on the first 200), then `Round.dealt` and `finish`, which takes its moves'
random numbers from Python's `random` too (a second generator, seeded 2, so that the
deals stay the first row's: `getrandbits(64)` where the search gives
`SeededRandom.next64`; see that module for how it draws).
tests/engine/test_traditional_rollout.py holds its playouts to the rules.
The Carousel's kernel (`engine.carousel.ai.rollout`, `engine.carousel.ai.playout.finish`)
gets two rows of its own: a 4-player, 7-tile double-6 hand (no stock, default options)
from the same `random.shuffle` of its 28 tiles, played out with `Judge.pick`'s guided
moves on `SeededRandom(1)`, by the rules engine as the generic search's playouts run
(`engine.ai.hard.playout` on a `CarouselGame`) and by the kernel: the same random
numbers, so the same hands (the run checks the scores of the first 200).

Run from the repository root:
    .venv/bin/python bench/bench_engine_speed.py [--seconds 10]
        [--dominoes-python /tmp/dominoes-venv/bin/python]
`dominoes` lives in its own venv (see bench/README.md); without it only this
engine is timed.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.hard import playout  # noqa: E402
from engine.carousel import JUDGE, CarouselGame, CarouselOptions  # noqa: E402
from engine.carousel.ai.playout import finish  # noqa: E402
from engine.carousel.ai.rollout import Round as CarouselRound  # noqa: E402
from engine.carousel.tables import mask  # noqa: E402
from engine.deals import LineDeal  # noqa: E402
from engine.rng import SeededRandom  # noqa: E402
from engine.tiles import full_set  # noqa: E402
from engine.traditional import TraditionalGame  # noqa: E402
from engine.traditional.ai.rollout import BIT, CUT, RANK, Round  # noqa: E402

PLAYERS = ("A", "B", "C", "D")

DOMINOES_SCRIPT = """
import json, random, sys, time
from importlib.metadata import version
import dominoes
random.seed(1)
seconds = float(sys.argv[1])
games = 0
start = time.process_time()
while time.process_time() - start < seconds:
    game = dominoes.Game.new()
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))
    games += 1
elapsed = time.process_time() - start
print(json.dumps({"games": games, "seconds": elapsed, "version": version("dominoes")}))
"""


def ours(seconds: float) -> tuple[int, float]:
    """Random 4-player hands for `seconds` with Python's `random`, as `dominoes` is timed;
    returns (hands played, seconds taken)."""
    chance = random.Random(1)
    tiles = list(full_set(6))
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        chance.shuffle(tiles)
        hands = tuple(tuple(tiles[i:i + 7]) for i in range(0, 28, 7))
        game = TraditionalGame(PLAYERS, deal=LineDeal(hands, ()))
        while game.to_move is not None:
            game.play(chance.choice(game.legal_moves()))
        games += 1
    return games, time.process_time() - start


def _dealt(chance: random.Random, bits: list[int]) -> Round:
    # Shuffled as `ours`' tiles; the bits of one hand are distinct: their sum is its mask.
    chance.shuffle(bits)
    return Round.dealt([sum(bits[0:7]), sum(bits[7:14]), sum(bits[14:21]), sum(bits[21:28])])


class _Chance(random.Random):
    """Python's `random` as `Round.finish`'s source of 64-bit words."""

    def next64(self) -> int:
        return self.getrandbits(64)


def kernel(seconds: float) -> tuple[int, float]:
    """The kernel's `finish` as the search runs it, on `ours`' deals, its moves' numbers
    from `random` too: (hands, seconds)."""
    chance, moves = random.Random(1), _Chance(2)
    bits = [BIT[RANK[t.code]] for t in full_set(6)]  # shuffled as `ours`' tiles
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _dealt(chance, bits).finish(moves)
        games += 1
    return games, time.process_time() - start


def same_deals(hands: int) -> bool:
    """Whether the kernel's row deals `ours`' hands, and ends each (not cut short)."""
    engine, fast, moves = random.Random(1), random.Random(1), _Chance(2)
    tiles = list(full_set(6))
    bits = [BIT[RANK[t.code]] for t in tiles]
    for _ in range(hands):
        engine.shuffle(tiles)
        game = TraditionalGame(PLAYERS, deal=LineDeal(tuple(tuple(tiles[i:i + 7])
                                                            for i in range(0, 28, 7)), ()))
        dealt = _dealt(fast, bits)
        if dealt.hands != Round.of_game(game).hands or dealt.finish(moves) == CUT:
            return False
    return True


def _carousel_hands(chance: random.Random, tiles: list[Any]) -> tuple[tuple[Any, ...], ...]:
    chance.shuffle(tiles)
    return tuple(tuple(tiles[i:i + 7]) for i in range(0, 28, 7))


def carousel_engine(seconds: float, hands: int = 0) -> tuple[int, float, list[list[int]]]:
    """Carousel hands by the rules engine with the guided playout of the generic search:
    (hands, seconds, the side scores of each hand when `hands` caps the count)."""
    chance, rng = random.Random(1), SeededRandom(1)
    tiles = list(full_set(6))
    games = 0
    scores = []
    start = time.perf_counter()
    while (games < hands) if hands else (time.perf_counter() - start < seconds):
        game = CarouselGame(PLAYERS, deal=LineDeal(_carousel_hands(chance, tiles), (), 0))
        playout(game, 0, rng, 0, mark=JUDGE.mark(game), judge=JUDGE, pick=JUDGE.pick)
        scores.append(list(game.side_scores))
        games += 1
    return games, time.perf_counter() - start, scores


def carousel_kernel(seconds: float, hands: int = 0) -> tuple[int, float, list[list[int]]]:
    """The same hands by the Carousel kernel (`finish`, as the kernel search plays them)."""
    chance, rng = random.Random(1), SeededRandom(1)
    tiles = list(full_set(6))
    options = CarouselOptions()
    games = 0
    scores = []
    start = time.perf_counter()
    while (games < hands) if hands else (time.perf_counter() - start < seconds):
        fast = CarouselRound([mask(h) for h in _carousel_hands(chance, tiles)], (), turn=0,
                             scores=[0, 0, 0, 0], options=options)
        finish(fast, rng)
        scores.append(fast.scores)
        games += 1
    return games, time.perf_counter() - start, scores


def ours_seeded(seconds: float) -> tuple[int, float]:
    """The same with seeded deals and `SeededRandom` choices (as the AI plays)."""
    rng = SeededRandom(1)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = TraditionalGame(PLAYERS, seed=games)
        while game.to_move is not None:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        games += 1
    return games, time.process_time() - start


def theirs(python: str, seconds: float) -> tuple[int, float, str] | None:
    """The same for `dominoes`, in its own interpreter; None when it is not installed."""
    if not Path(python).exists():
        return None
    done = subprocess.run([python, "-c", DOMINOES_SCRIPT, str(seconds)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        return None
    report = json.loads(done.stdout)
    return report["games"], report["seconds"], str(report["version"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--dominoes-python", default="/tmp/dominoes-venv/bin/python")
    args = parser.parse_args(argv)
    rows = []
    mine = ours(args.seconds)
    rows.append(("this engine, `random` (as dominoes)", *mine))
    other = theirs(args.dominoes_python, args.seconds)
    if other is not None:
        rows.append((f"dominoes {other[2]}, `random`", other[0], other[1]))
    rows.append(("this engine, seeded deals + SeededRandom", *ours_seeded(args.seconds)))
    fast = kernel(args.seconds)
    rows.append(("playout kernel, `Round.finish`, `random` (as dominoes)", *fast))
    rows.append(("Carousel: rules engine, guided playouts (the generic search's)",
                 *carousel_engine(args.seconds)[:2]))
    rows.append(("Carousel: playout kernel (rollout + playout.finish), guided",
                 *carousel_kernel(args.seconds)[:2]))
    sys.stdout.write(f"Playouts of a 4-player, 7-tile double-6 hand, "
                     f"{args.seconds:g} s each, Python {sys.version.split()[0]}\n\n")
    sys.stdout.write("| engine | hands | seconds | hands/s |\n|---|---:|---:|---:|\n")
    for name, games, secs in rows:
        sys.stdout.write(f"| {name} | {games} | {secs:.1f} | {games / secs:,.0f} |\n")
    if other is not None:
        ratio = (mine[0] / mine[1]) / (other[0] / other[1])
        sys.stdout.write(f"\nratio: this engine is {ratio:.2f}x the speed of dominoes\n")
        ratio = (fast[0] / fast[1]) / (other[0] / other[1])
        sys.stdout.write(f"ratio: the playout kernel is {ratio:.2f}x the speed of dominoes\n")
    if not same_deals(200):
        sys.stdout.write("the kernel's deals differ from the engine's!\n")
        return 1
    if carousel_engine(0, 200)[2] != carousel_kernel(0, 200)[2]:
        sys.stdout.write("the Carousel kernel's hands differ from the engine's!\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
