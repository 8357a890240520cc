"""The engine's command line: replay records, or play a game in the terminal.

    python -m engine replay FILE [FILE ...]
    python -m engine play traditional --seats you,ai,ai [--seed N] [--option k=v ...]
    python -m engine play carousel --seats you,ai,ai,ai
    python -m engine play mexican --seats you,ai,ai,ai [--set 12|9] [--option rounds=5]
    python -m engine play partnership --seats you,ai,ai,ai [--option target=100]
    python -m engine play clock [--set 12|9|6]
    python -m engine clock-play --set N --seeds A:B [--level easy|normal|hard]
    python -m engine hint RECORD.json [--level easy|normal|hard]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from engine.ai import LEVELS, choose
from engine.errors import IllegalMove, NotationError, RecordError
from engine.game import Game
from engine.records import new_game, replay_file
from engine.registry import GAME_NAMES, game_spec
from engine.rng import SeededRandom


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """Run the CLI; returns the exit status (0 fine, 1 a record failed, 2 bad usage)."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay game records, one JSON line each")
    replay.add_argument("files", nargs="+", metavar="FILE")
    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=GAME_NAMES)
    play.add_argument("--seats", default=None,
                      help="comma-separated: 'you' and AI levels (ai, easy, normal)")
    play.add_argument("--seed", type=int, default=None, help="deal from this seed")
    play.add_argument("--set", type=int, choices=(6, 9, 12), default=None, help="tile set")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option from RULES.md, e.g. target=101")
    clock_play = commands.add_parser(
        "clock-play", help="play seeded Big Clock deals by a level; one record line each")
    clock_play.add_argument("--set", type=int, choices=(6, 9, 12), default=12)
    clock_play.add_argument("--seeds", default="0:1", help="A:B plays seeds A..B-1")
    clock_play.add_argument("--level", choices=LEVELS, default="hard")
    hint = commands.add_parser("hint", help="the Big Clock hint after a record's moves")
    hint.add_argument("file", metavar="RECORD")
    hint.add_argument("--level", choices=LEVELS, default="normal")
    args = parser.parse_args(argv)
    out = stdout or sys.stdout
    if args.command == "replay":
        return run_replay(args.files, out)
    try:
        if args.command in ("clock-play", "hint"):
            # Big Clock's own commands; its package is loaded only for them.
            from engine.clock.play import parse_seeds, run_clock_play, run_hint
        if args.command == "clock-play":
            return run_clock_play(args.set, parse_seeds(args.seeds), args.level, out)
        if args.command == "hint":
            return run_hint(args.file, args.level, out)
        record = play_record(args.game, args.seats, args.seed, args.set, args.option)
        return run_play(record, stdin or sys.stdin, out)
    except (RecordError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def run_replay(files: Sequence[str], out: TextIO) -> int:
    """Print one JSON object a file; 1 if any record failed, else 0."""
    status = 0
    for name in files:
        line = replay_file(name)
        if "error" in line:
            status = 1
        print(json.dumps(line, ensure_ascii=False), file=out)
    return status


def _option_value(text: str) -> object:
    lowered = text.strip().lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    try:
        return int(text)
    except ValueError:
        return text.strip()


def play_record(game: str, seats: str | None, seed: int | None, tile_set: int | None,
                options: Sequence[str]) -> dict[str, Any]:
    """The record a terminal game starts from; raises ValueError for bad seats or options."""
    usual = ",".join(["you"] + ["ai"] * (game_spec(game).usual_players - 1))
    # Normalised first, so that "You, you" counts as two humans (you1, you2).
    kinds = [k.strip().lower() for k in (seats or usual).split(",")]
    names = []
    for i, kind in enumerate(kinds):
        if kind == "you":
            names.append("you" if kinds.count("you") == 1 else f"you{i + 1}")
        elif kind in ("ai", *LEVELS):
            names.append(f"{'normal' if kind == 'ai' else kind}-ai-{i + 1}")
        else:
            raise ValueError(f"unknown seat {kind!r}: use 'you', 'ai', 'easy' or 'normal'")
    parsed: dict[str, object] = {}
    for option in options:
        name, sep, value = option.partition("=")
        if not sep:
            raise ValueError(f"write options as NAME=VALUE, not {option!r}")
        parsed[name.strip()] = _option_value(value)
    if tile_set is not None:
        parsed["set"] = tile_set
    return {"game": game, "options": parsed, "players": names,
            "seed": seed if seed is not None else time.time_ns() % 2**32, "moves": []}


def run_play(record: dict[str, Any], stdin: TextIO, out: TextIO,
             pause: Callable[[], None] = lambda: None) -> int:
    """Play `record` to its end: humans type moves, AI seats answer at once."""
    game: Game[Any] = new_game(record)
    rng = SeededRandom(record.get("seed", 0))
    say: Callable[[str], None] = lambda text: print(text, file=out)  # noqa: E731
    say(f"seed {record.get('seed')}: replay this deal with --seed")
    while (seat := game.to_move) is not None:
        name = game.players[seat]
        view = game.view(seat)
        if "-ai-" in name:
            level = name.split("-ai-")[0]
            move = game.play(choose(level, view, rng))
            say(f"{name}: {move}")
            pause()
            continue
        say("")
        say(view.text())
        while True:
            out.write(f"{name}, your move: ")
            out.flush()
            text = stdin.readline()
            if not text:
                say("\nbye")
                return 0
            try:
                game.play(text.strip())
                break
            except (NotationError, IllegalMove) as exc:
                say(f"not that: {exc}")
    say("")
    say(game.view(None).text())
    say("game over: " + json.dumps({k: v for k, v in game.summary().items()
                                    if k in ("winner", "reason", "scores")}))
    return 0
