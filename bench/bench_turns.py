"""Turns benchmark, through simcord: Discord API calls per move and DMs per game.

Scripted humans (tests/bot/scripted.py) play whole games from their latest hand
message: GAMES seeded 4-player Traditional games (no stock: blocked players must
pass) and GAMES seeded 2-player Traditional games (a stock of 14: draws). The same
seeds on any branch, so "before" and "after" play the same deals (the humans'
choices may still part ways once forced moves stop being clicks).
Run: .venv/bin/python bench/bench_turns.py [--label before|after] [--write]

With --write, the figures go into bench/README.md under "## Turns" (the row of
the label given, replacing an older row of the same label).
"""

from __future__ import annotations

import asyncio
import os
import platform
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402

import tables.lobby  # noqa: E402
from bench.common import README, write_section  # noqa: E402
from cogs.domino_bot import create_bot  # noqa: E402
from tests.bot.scripted import Tally, play_game  # noqa: E402

GAMES = int(os.environ.get("BENCH_GAMES", "4"))
NAMES = ("ann", "bob", "cy", "dee")


class Seeds:
    """Stands in for `secrets` in tables.lobby: the deals come from fixed seeds."""

    def __init__(self, first: int) -> None:
        self.next = first

    def randbits(self, _bits: int) -> int:
        self.next += 1
        return self.next


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


async def one_game(seats: int, seed: int) -> Tally:
    tables.lobby.secrets = Seeds(seed)  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(database_path=Path(folder) / "bench.sqlite3", ai_delay=0,
                         clock=virtual_clock)
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("bench")
            members = [guild.add_member(env.create_user(n)) for n in NAMES[:seats]]
            await members[0].slash(channel, "domino new traditional", seats=seats,
                                   pace="casual")
            table = bot.service.held_tables[max(bot.service.held_tables)]
            message = env.backend.get_message(table.channel_id, table.message_id)
            for member in members[1:]:
                await member.click(simcord.results.ResponseMessage(env, message), label="Join")
            await env.settle()
            try:
                return await play_game(env, table, members)
            finally:
                await bot.close_tables()


def summarise(name: str, tallies: list[Tally]) -> dict[str, Any]:
    moves = sum(t.moves for t in tallies)
    calls: Counter[str] = Counter()
    for t in tallies:
        calls.update(t.calls)
    humans = [(t.dms[u], t.decisions[u]) for t in tallies for u in set(t.dms) | set(t.decisions)]
    over = max((dms - decisions for dms, decisions in humans), default=0)
    return {
        "name": name, "games": len(tallies), "moves": moves / len(tallies),
        "per_move": sum(calls.values()) / moves,
        "sends": (calls["send"] + calls["dm"] + calls["interaction"]) / moves,
        "edits": (calls["edit"] + calls["interaction-edit"]) / moves,
        "dms": sum(sum(t.dms.values()) for t in tallies) / len(tallies),
        "decisions": sum(sum(t.decisions.values()) for t in tallies) / len(tallies),
        "forced": sum(sum(t.forced_clicks.values()) for t in tallies) / len(tallies),
        "opens": sum(t.hand_opens for t in tallies) / len(tallies),
        "over": over,
    }


async def measure() -> list[dict[str, Any]]:
    rows = []
    for seats, name in ((4, "Traditional, 4 players, no stock"),
                        (2, "Traditional, 2 players, stock of 14")):
        tallies = [await one_game(seats, 1000 * seats + g * 7) for g in range(GAMES)]
        rows.append(summarise(name, tallies))
    return rows


def row_text(label: str, row: dict[str, Any]) -> str:
    return (f"| {label} | {row['name']} | {row['moves']:.1f} | {row['per_move']:.2f} | "
            f"{row['sends']:.2f} | {row['edits']:.2f} | {row['dms']:.1f} | "
            f"{row['decisions']:.1f} | {row['forced']:.1f} | {row['over']} |")


HEADER = ("| Branch | Game | Moves a game | API calls a move | sends a move | edits a move | "
          "DMs a game | real decisions a game | Draw/Pass clicks a game | "
          "most DMs over decisions (one human) |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")


NOTES = (
    "\"Before\" was measured on main at 5ef9ca0, \"after\" on the branch of issue 14 (the "
    "same seeds, so the same deals and records). After: nobody clicks Draw or Pass (the "
    "table plays them), and each human gets one DM per real decision plus one at the "
    "game's end (the \"+1\" of the last column; before, a blocked player got a DM for "
    "each forced draw and pass too). In the 4-player game (no stock) the game-over DMs to "
    "all four outweigh the forced passes' DMs saved, so DMs a game rise slightly there. "
    "API calls a move fall although each player's hand message is now kept current: a "
    "click on a hand message is answered by updating that message (one call instead of "
    "an acknowledgement and an edit), and a run of forced moves updates the table "
    "message once.\n"
)


def write_readme(label: str, rows: list[dict[str, Any]]) -> None:
    text = README.read_text(encoding="utf-8")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    pattern = re.compile(r"## Turns\n.*?(?=\n## |\Z)", re.S)
    found = pattern.search(text)
    kept = [line for line in (found.group(0).splitlines() if found else [])
            if line.startswith("| ") and not line.startswith(("| Branch", f"| {label} |"))]
    kept += [row_text(label, row) for row in rows]
    section = (
        "## Turns\n\n"
        f"Run: `.venv/bin/python bench/bench_turns.py --label {label} --write` "
        f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load:.1f}). Scripted humans "
        f"(tests/bot/scripted.py) play {GAMES} seeded games of each kind through simcord, "
        "each from their latest hand message (first enabled move button, first end). "
        "API calls are every REST call the bot made during the game (message sends and DMs, "
        "interaction responses and follow-ups, edits), divided by the moves of the record "
        "(draws and passes included). \"Before\" is main before issue 14.\n\n"
        f"{HEADER}\n" + "\n".join(kept) + "\n\n" + NOTES
    )
    write_section("Turns", section)


def main(argv: list[str]) -> int:
    label = argv[argv.index("--label") + 1] if "--label" in argv else "this branch"
    rows = asyncio.run(measure())
    print(HEADER)
    for row in rows:
        print(row_text(label, row))
    if "--write" in argv:
        write_readme(label, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
