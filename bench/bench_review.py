"""The computer's review of a finished game (engine/review, docs/review.md): what it costs
and how sure its verdicts are.

Run from the repository root (one core):
    .venv/bin/python bench/bench_review.py [--games 6] [--slow-games 1] [--plants 20]
        [--hard-games 4] [--clock-deals 3] [--write]

- CPU: games from seeds 0, 1, ... played by the normal level at every seat, each
  reviewed at the default budget (16 samples, doubled up to 128 where unsure): CPU
  (`time.process_time`) per analysed game and per judged decision. Traditional 2 and 4
  players (`--games` each), the Carousel 4 players and in pairs (a match to 61) and
  Mexican Train 4 players (one round of double-12; `--slow-games` each), Big Clock
  double-12 deals (`--clock-deals`, the last winnable position).
- Agreement: each of those games reviewed again with another seed; of the decisions
  marked (inaccuracy or worse) by either analysis, the share marked by both
  (2|A and B| / (|A| + |B|)). Goal >= 90%.
- Planted: Traditional 2 and 4 players; in a normal game, the first decision (from the
  third move) where a legal move is valued at least 5 points below the best by an
  independent valuation of 512 samples (the review's evaluator at 4x its budget, another
  seed: the hard search's sampler, common determinizations) is played instead, the rest
  by the normal level; share of those planted moves the review marks. Goal >= 95%.
- Hard: games played by the hard level at every seat (Traditional 2 and 4 players);
  share of its decisions the review marks. Goal <= 5%.
`--write` puts the table into bench/README.md under "## Review".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ai import new_game
from bench.common import wilson, write_section
from engine.ai import choose
from engine.records import new_game as record_game
from engine.review import Grade, Review, review, rules_of
from engine.review.value import Evaluator, sides
from engine.rng import SeededRandom

NAMES = {"trad2": "Traditional, 2 players", "trad4": "Traditional, 4 players",
         "car4": "Carousel, 4 players (match to 61)", "carpairs": "Carousel, pairs (match to 61)",
         "mex4": "Mexican Train, 4 players (1 round, double-12)"}
PLANT_SAMPLES = 512
PLANT_LOSS = 5.0


def played(config: str, seed: int, level: str = "normal",
           plant: tuple[int, int] | None = None) -> Any:
    """Game `seed` of `config` played to its end by `level` at every seat (at ply
    `plant[0]` the legal move of index `plant[1]` instead)."""
    game = new_game(config, seed, rounds=1)
    rng = SeededRandom(seed * 31 + 7)
    while (seat := game.to_move) is not None:
        if plant is not None and len(game.moves) == plant[0]:
            game.play(game.legal_moves()[plant[1]])
        else:
            game.play(choose(level, game.view(seat), rng))
    return game


def marked(result: Review) -> set[int]:
    return {d.ply for d in result.decisions if d.grade is not Grade.GOOD}


def cost_rows(config: str, games: int) -> tuple[str, int, int]:
    """A table row of CPU and agreement for `config`; (row, marked by both, marked)."""
    cpu = decisions = both = either = 0.0
    for seed in range(games):
        record = played(config, seed).record()
        start = time.process_time()
        first = review(record, seed=1)
        cpu += time.process_time() - start
        second = review(record, seed=2)
        decisions += len(first.decisions)
        a, b = marked(first), marked(second)
        both += 2 * len(a & b)
        either += len(a) + len(b)
    share = f"{both / either:.0%} of {either:.0f}" if either else "none marked"
    row = (f"| {NAMES[config]} | {games} | {decisions / games:.0f} | {cpu / games:.2f} s | "
           f"{1000 * cpu / max(decisions, 1):.1f} ms | {share} |")
    return row, int(both), int(either)


def plant_for(config: str, seed: int) -> tuple[dict[str, Any], int] | None:
    """Game `seed` of `config` with a planted move (see the module docstring), or None
    when no decision of the game has one that loses `PLANT_LOSS` points."""
    game = new_game(config, seed, rounds=1)
    rng = SeededRandom(seed * 31 + 7)
    rules = rules_of(game.kind)
    while (seat := game.to_move) is not None:
        legal = game.legal_moves()
        if len(legal) > 1 and len(game.moves) >= 2:
            evaluator = Evaluator(game.view(seat), getattr(game, "options", None), 0,
                                  side_of=sides(len(game.players), False),
                                  sign=1.0 if rules.higher_is_better else -1.0,
                                  seed=10_000 + seed)
            evaluator.add(PLANT_SAMPLES)
            means = evaluator.estimate().means
            worst = min(range(len(means)), key=lambda k: means[k])
            if max(means) - means[worst] >= PLANT_LOSS:
                ply = len(game.moves)
                return played(config, seed, plant=(ply, worst)).record(), ply
        game.play(choose("normal", game.view(seat), rng))
    return None


def clock_row(deals: int) -> str:
    cpu = 0.0
    exact = lost = 0
    for seed in range(deals):
        game = record_game({"game": "clock", "players": ["P"], "seed": seed, "moves": []})
        rng = SeededRandom(seed)
        while game.outcome() is None:
            game.play(choose("normal", game.view(0), rng))
        start = time.process_time()
        result = review(game.record(), seed=1)
        cpu += time.process_time() - start
        assert result.clock is not None
        lost += not result.clock.won
        exact += result.clock.exact and not result.clock.won
    return (f"| Big Clock, double-12 (normal level) | {deals} | {lost} lost | "
            f"{cpu / deals:.2f} s | | last winnable exact in {exact} of {lost} lost |")


def main(argv: list[str]) -> int:
    """Run the bench (see the module docstring); prints the table."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--slow-games", type=int, default=1)
    parser.add_argument("--plants", type=int, default=20)
    parser.add_argument("--hard-games", type=int, default=4)
    parser.add_argument("--clock-deals", type=int, default=3)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    started = time.process_time()
    lines = ["| Game | Games | Decisions a game | CPU a game | CPU a decision | "
             "Marked by both analyses |", "|---|---|---|---|---|---|"]
    both = either = 0
    for config in ("trad2", "trad4", "car4", "carpairs", "mex4"):
        count = args.games if config.startswith("trad") else args.slow_games
        row, b, e = cost_rows(config, count)
        both, either = both + b, either + e
        print(row, flush=True)
        lines.append(row)
    lines.append(clock_row(args.clock_deals))
    print(lines[-1], flush=True)
    low, high = wilson(both // 2, either // 2) if either else (0.0, 1.0)
    summary = [f"Agreement, all games: {both / max(either, 1):.1%} of {either} marks "
               f"(pairs: {low:.0%}-{high:.0%}); goal >= 90%."]
    flagged = plants = 0
    seed = 0
    while plants < args.plants and seed < 10 * args.plants:
        config = ("trad2", "trad4")[seed % 2]
        found = plant_for(config, seed // 2)
        seed += 1
        if found is None:
            continue
        record, ply = found
        decision = review(record, seed=3).decision_at(ply)
        plants += 1
        flagged += decision is not None and decision.grade is not Grade.GOOD
    low, high = wilson(flagged, plants)
    summary.append(f"Planted moves >= {PLANT_LOSS:.0f} points worse (Traditional 2/4): "
                   f"{flagged} of {plants} marked, {flagged / max(plants, 1):.0%} "
                   f"({low:.0%}-{high:.0%}); goal >= 95%.")
    hard_marked = hard_decisions = 0
    for k in range(args.hard_games):
        result = review(played(("trad2", "trad4")[k % 2], 100 + k, "hard").record(), seed=4)
        hard_decisions += len(result.decisions)
        hard_marked += len(marked(result))
    low, high = wilson(hard_marked, hard_decisions)
    summary.append(f"Hard level's own moves marked (Traditional 2/4, {args.hard_games} games):"
                   f" {hard_marked} of {hard_decisions}, "
                   f"{hard_marked / max(hard_decisions, 1):.1%} ({low:.1%}-{high:.1%}); "
                   "goal <= 5%.")
    summary.append(f"Bench CPU: {time.process_time() - started:.0f} s.")
    for line in summary:
        print(line, flush=True)
    if args.write:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_section("Review", "\n".join([
            "## Review", "",
            f"Run: `.venv/bin/python bench/bench_review.py {' '.join(argv)}` ({when}, one core"
            " via /work/bin/cpuslot; CPU by `time.process_time`). docs/review.md explains.",
            "", *lines, "", *[f"- {line}" for line in summary], ""]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
