"""Strength of the AI levels: hard vs normal and normal vs easy, with 95% confidence intervals.

Run from the repository root:
    .venv/bin/python bench/bench_ai.py [--games 1000] [--playouts 200] [--workers 2]
        [--configs trad2,trad4,car2,car4,mex2,mex4,mex6] (also trad3, car3, carpairs)
        [--pairings hard-normal,normal-easy] [--mexican-playouts 1000] [--mexican-rounds 5]
        [--mexican-set 12] [--max-minutes 8] [--first 0]

Game k of a pairing A vs B deals seed k // 2 and seats the levels A B (A B A B
with 4 players) for even k and B A (B A B A) for odd k: every deal is played
from both sides (with 3 players A B A, then B A B: A holds two seats of three in
one game of the deal and one in the other, so 50% is still an even result).
Traditional: one hand with the default options (the hand's winner wins).
Carousel: a match to 61 with the default options; `carpairs` plays it in pairs
(seats 0 and 2 against 1 and 3, each pair one level). A game counts
as a win for A when a seat played by A wins it. Mexican Train: a game of
`--mexican-rounds` rounds (5, the short game; 13 the full one) on the double-
`--mexican-set` set (12 or 9), other options the defaults, won by A when A's best
total is lower than B's best (a tie counts for neither). The hard level searches a
fixed number of playouts per move (`--playouts` in the Traditional game,
`--carousel-playouts` in the Carousel, `--mexican-playouts` in Mexican Train; a 5 s
time cap is never reached), so every result is reproducible; `--mexican-playouts 0`
plays Mexican Train's hard level at its own budget instead (1,000 playouts within a
0.9 s wall guard, as at the tables: results then depend on the machine's load).
The table gives the first level's decision time (median and 95th percentile, only
decisions with more than one legal move), in wall time and in the worker's CPU time
(`time.process_time`: what the decision cost, whatever else the machine runs). A
pairing stops early after `--max-minutes` and reports the games it finished (the
table says how many). `--first K` starts at game K (even: a deal's two sides stay
together), to add games to an earlier run's.
The pairing `hardinf-hard` plays the hard level with the inference weighting
(`engine.inference.ENABLED`) on against itself as shipped (off), at the same playouts.
The interval is Wilson's 95% score interval.

Besides the levels of `engine.ai.LEVELS` a pairing may name `hardflat`: the flat
search the hard level used before successive halving (`engine.ai.hard.choose_flat`),
at the same budget as hard, so that `--pairings hard-hardflat` measures the
allocation alone (in Mexican Train, its own search with `halving=False`); and
`hardrandom`: the hard level with random playouts, not its game's guided ones;
`hardnoend`: the hard level without its exact endgame (Traditional's
`engine.traditional.ai.endgame`, the Carousel's `engine.carousel.ai.endgame`); `hardallend`:
the Carousel's hard level with its exact endgame applied to 3 or more sides too
(paranoid, so pessimistic there; as shipped it solves only two sides);
`hardselfish`, `hardmatch`, `hardmean`: the Carousel's hard level without its endgame,
each playout rewarded otherwise (bench/rewards.py): by the seat's own points rather
than its pair's (`--pairings hardnoend-hardselfish` in `carpairs` measures what playing
for the partner is worth), by the side's chance to win the match from the scores, or by
its gain less the other sides' mean gain rather than the best one's; `hardmodel`: the
same, its playouts playing every seat as the normal level would (bench/modelled.py); and
`hardgeneric`: `engine.ai.hard.choose_hard`, the generic search on the rules engine
that the Traditional game's and the Carousel's kernel searches replaced (the same
moves at the same playouts, at more CPU). For
the Traditional and Carousel hard levels (and `hardnoend`) a line under the row says
how the first level chose its moves (`choose_hard`'s `used`: exact, exact then sampled
among tied moves, the solver out of nodes or time then sampled, sampled) and the CPU
time of the decisions the solver made or tried (median / p95 / worst), then the worst
wall and CPU time of all its decisions.
`hardg`, `hardgb`, `hardgbb`, `hardgd`, `hardgall`, `hardgl`: Traditional's hard level with
guided playouts (`engine.traditional.ai.guided`; see `GUIDED` for each one's weights).
A level may carry its own playouts, `hard@2400-hardflat@600`, to meet two searches
at the same time budget rather than the same playout count.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from multiprocessing.pool import Pool as WorkerPool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import wilson
from bench.modelled import choose_modelled
from bench.rewards import REWARDS, choose_rewarded
from engine import inference
from engine.ai import DEFAULT_BUDGET, Budget, choose
from engine.ai.hard import choose_flat, choose_hard
from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.ai import search as carousel_search
from engine.carousel.ai.endgame import TWO_SIDES
from engine.game import Game
from engine.mexican import MexicanGame, MexicanOptions
from engine.mexican.ai import search
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame
from engine.traditional.ai import search as traditional_search
from engine.traditional.ai.guided import finish_guided
from engine.traditional.ai.rollout import Round, Words

CONFIGS = {"trad2": ("Traditional", 2), "trad3": ("Traditional", 3),
           "trad4": ("Traditional", 4), "car2": ("Carousel", 2), "car3": ("Carousel", 3),
           "car4": ("Carousel", 4), "carpairs": ("Carousel", 4),
           "mex2": ("Mexican Train", 2), "mex4": ("Mexican Train", 4),
           "mex6": ("Mexican Train", 6)}
PAIRS = {"carpairs"}  # 4 players in two pairs (seats 0 and 2 against 1 and 3)
MEXICAN_ROUNDS = 5  # the short game; `--mexican-rounds` sets it (in each worker's job)


def _guided(**weights: int) -> traditional_search.Finish:
    def finish(round_: Round, rng: Words) -> int:
        return finish_guided(round_, rng, **weights)
    return finish


# Traditional's hard level with guided playouts (`engine.traditional.ai.guided`), by variant:
# hardg the normal level's score 6 times in 8; hardgb the same + 2 points when the next
# seat cannot follow; hardgbb + 6 points for it; hardgd doubles then the heaviest tile
# (no follows); hardgall the normal score every time; hardgl hardgb's 3 times in 8.
GUIDED = {"hardg": _guided(), "hardgb": _guided(block=12), "hardgd": _guided(follow=0),
          "hardgall": _guided(greedy=256), "hardgbb": _guided(block=36),
          "hardgl": _guided(greedy=96, block=12)}
WEIGHTED = inference.ENABLED  # the switch as shipped, for the plain "hard" level
Times = list[tuple[float, float, str]]  # (wall, CPU) seconds of each decision, and how


def new_game(config: str, seed: int, rounds: int = MEXICAN_ROUNDS, top: int = 12) -> Game[Any]:
    """A new game of `config` (seats P0, P1, ...) dealt from `seed`; Mexican Train with
    `rounds` rounds of the double-`top` set."""
    game_name, n = CONFIGS[config]
    names = [f"P{i}" for i in range(n)]
    if game_name == "Traditional":
        return TraditionalGame(names, seed=seed)
    if game_name == "Carousel":
        return CarouselGame(names, CarouselOptions(pairs=config in PAIRS), seed=seed)
    return MexicanGame(names, MexicanOptions(rounds=rounds, set=top), seed=seed)


def play_game(job: tuple[str, str, str, int, int, int, int]) -> tuple[bool, Times]:
    """Play game `k` of a pairing; whether level `a` wins it, and a's decision times."""
    config, a, b, k, playouts, rounds, top = job
    game_name, n = CONFIGS[config]
    seed = k // 2
    game = new_game(config, seed, rounds, top)
    levels = [(a, b)[(i + k) % 2] for i in range(n)]
    budget = Budget(playouts=playouts, seconds=5.0) if playouts else None  # None: its own
    rng = SeededRandom(seed * 7919 + k % 2)
    times: Times = []
    while (seat := game.to_move) is not None:
        view = game.view(seat)
        start, cpu = time.perf_counter(), time.process_time()
        level = levels[seat]
        # hardinf: the hard level with the inference weighting on; the others as shipped.
        inference.ENABLED = level.partition("@")[0] == "hardinf" or WEIGHTED
        used: list[str] = []
        move = _choose(level.partition("@")[0], view, rng, _budget_of(level, budget), used)
        if levels[seat] == a and len(view.legal_moves) > 1:
            times.append((time.perf_counter() - start, time.process_time() - cpu,
                          used[0] if used else ""))
        game.play(move)  # one of its own legal moves
    outcome = game.outcome()
    assert outcome is not None
    if game_name == "Mexican Train":  # lowest total: A's best against B's best
        best = {level: min(s for i, s in enumerate(outcome.scores) if levels[i] == level)
                for level in (a, b)}
        return best[a] < best[b], times
    return any(levels[w] == a for w in outcome.winners), times


def _budget_of(level: str, budget: Budget | None) -> Budget | None:
    # `hard@2400`: that level at 2,400 playouts a move, whatever `--playouts` says.
    playouts = level.partition("@")[2]
    return Budget(playouts=int(playouts), seconds=5.0) if playouts else budget


def _choose(level: str, view: Any, rng: SeededRandom, budget: Budget | None,
            used: list[str]) -> Any:
    # `hardflat`, `hardrandom`, `hardnoend`, `hardgeneric`: see the module docstring;
    # others: their own.
    if level in ("hard", "hardnoend") and view.game == "traditional":
        return traditional_search.choose_hard(view, rng, budget, exact=level == "hard",
                                              used=used)
    if level in ("hard", "hardnoend", "hardallend") and view.game == "carousel":
        return carousel_search.choose_hard(view, rng, budget, exact=level != "hardnoend",
                                           sides=7 if level == "hardallend" else TWO_SIDES,
                                           used=used)
    if level in REWARDS and view.game == "carousel":
        return choose_rewarded(level, view, rng, budget)
    if level == "hardmodel" and view.game == "carousel":
        return choose_modelled(view, rng, budget)
    if level in GUIDED and view.game == "traditional":
        return traditional_search.choose_hard(view, rng, budget, used=used,
                                              finish=GUIDED[level])
    if level == "hardflat" and view.game == "mexican":
        return search.choose_hard(view, rng, budget, halving=False)
    if level == "hardflat":
        return choose_flat(view, rng, budget or DEFAULT_BUDGET)
    if level == "hardgeneric" and view.game != "mexican":
        return choose_hard(view, rng, budget or DEFAULT_BUDGET)
    if level == "hardrandom" and view.game != "mexican":
        return choose_hard(view, rng, budget or DEFAULT_BUDGET, guided=False)
    return choose("hard" if level.startswith("hard") else level, view, rng, budget)


def run_pairing(pool: WorkerPool, config: str, *, a: str, b: str, games: int, playouts: int,
                max_seconds: float, rounds: int = MEXICAN_ROUNDS, top: int = 12,
                first: int = 0) -> tuple[int, int, float, Times]:
    """(wins of a, games finished, seconds, a's decision times) for one pairing, its
    games `first` to `first + games - 1`."""
    start = time.perf_counter()
    jobs = [(config, a, b, k, playouts, rounds, top) for k in range(first, first + games)]
    wins = done = 0
    times: Times = []
    for won, taken in pool.imap(play_game, jobs, chunksize=2):
        wins += won
        done += 1
        times += taken
        if time.perf_counter() - start > max_seconds and done % 2 == 0:
            break
    return wins, done, time.perf_counter() - start, times


def percentiles(times: list[float]) -> str:
    """`median / p95` of decision times, in ms."""
    if not times:
        return "-"
    ordered = sorted(times)
    return (f"{1000 * ordered[len(ordered) // 2]:.1f} / "
            f"{1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]:.1f} ms")


def usage(times: Times) -> str:
    """How the first level chose (share of its decisions by `used`), and the CPU time
    of the decisions the exact endgame made or tried (median / p95 / worst, in ms), and
    the worst wall and CPU time of all its decisions."""
    shares = ", ".join(f"{how} {100 * sum(h == how for _, _, h in times) / len(times):.1f}%"
                       for how in ("exact", "tied", "out", "sampled"))
    cpu = sorted(c for _, c, how in times if how in ("exact", "tied", "out"))
    worst = f"{percentiles(cpu)} / {1000 * cpu[-1]:.1f} ms" if cpu else "-"
    return (f"  ({len(times)} decisions: {shares}; solver decisions' CPU median / p95 / "
            f"worst {worst}; all decisions' worst wall / CPU "
            f"{1000 * max(w for w, _, _ in times):.1f} / "
            f"{1000 * max(c for _, c, _ in times):.1f} ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--carousel-playouts", type=int, default=100)
    parser.add_argument("--mexican-playouts", type=int, default=1000)
    parser.add_argument("--mexican-rounds", type=int, default=MEXICAN_ROUNDS)
    parser.add_argument("--mexican-set", type=int, choices=(12, 9), default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--configs", default="trad2,trad4,car2,car4,mex2,mex4,mex6")
    parser.add_argument("--pairings", default="hard-normal,normal-easy")
    parser.add_argument("--max-minutes", type=float, default=8.0)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    mexican = args.mexican_playouts or "its own budget"
    print(f"AI strength; hard = {args.playouts} playouts per move (Traditional), "
          f"{args.carousel_playouts} (Carousel), {mexican} (Mexican Train, "
          f"{args.mexican_rounds} rounds of double-{args.mexican_set}); {args.workers} "
          f"workers; Python {sys.version.split()[0]}", flush=True)
    print("\n| game | pairing | games | wins of the first | win rate | 95% CI | "
          "first's decision median / p95: wall | CPU | time |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|", flush=True)
    playouts_of = {"Traditional": args.playouts, "Carousel": args.carousel_playouts,
                   "Mexican Train": args.mexican_playouts}
    for pairing in args.pairings.split(","):
        a, b = pairing.split("-")
        for config in args.configs.split(","):
            game_name, n = CONFIGS[config]
            with Pool(args.workers) as pool:
                wins, done, secs, times = run_pairing(
                    pool, config, a=a, b=b, games=args.games, playouts=playouts_of[game_name],
                    max_seconds=args.max_minutes * 60, rounds=args.mexican_rounds,
                    top=args.mexican_set, first=args.first)
                pool.terminate()
            low, high = wilson(wins, done)
            kind = f"{game_name}, {n} players" + (" in pairs" if config in PAIRS else "")
            print(f"| {kind} | {a} vs {b} | {done} | {wins} | "
                  f"{100 * wins / max(done, 1):.1f}% | {100 * low:.1f}-{100 * high:.1f}% | "
                  f"{percentiles([w for w, _, _ in times])} | "
                  f"{percentiles([c for _, c, _ in times])} | {secs:.0f} s |", flush=True)
            if any(how for _, _, how in times):
                print(usage(times), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
