"""The path of one tile click through the project's files (issue 48's measure).

A two-person Traditional table is played through simcord until a person holds a turn
DM whose tile click hands the other person a real decision; that click is traced with
`sys.setprofile`, from the button's callback to the next player's turn DM and the
clicker's hand message brought up to date (simcord settles them all).

What it counts, over the project's own modules (not tests/, bench/ or libraries):
- files: every project file with code run for the click, in the order first entered;
- to the commit: the files entered before the move's commit returned
  (`append_move` of storage);
- hops: calls from one project file into another;
- back-and-forth: files that call each other (both A -> B and B -> A were seen, or a
  longer cycle: the strongly connected parts of the file-to-file call graph), whether
  on one stack or through a callback run later by another task;
- by layer, and the shared leaves (catalog/, settings.py) apart: a text or a setting is
  read from everywhere and is not a step of the path.

Run: .venv/bin/python -m bench.click_path [--files]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
from simcord.results import ResponseMessage  # noqa: E402

LEAVES = ("catalog/", "settings.py")
OUTSIDE = ("tests/", "bench/", ".venv/")
COMMIT = "append_move"


def project_file(filename: str) -> str | None:
    """The path of a project module relative to the root, None for anything else."""
    try:
        relative = Path(filename).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    if relative.startswith(OUTSIDE) or not relative.endswith(".py"):
        return None
    return relative


@dataclass
class Trace:
    """What the profiler saw of one click."""

    files: list[str] = field(default_factory=list)
    before_commit: list[str] = field(default_factory=list)
    hops: Counter[tuple[str, str]] = field(default_factory=Counter)
    committed: bool = False

    def see(self, frame: FrameType) -> None:
        here = project_file(frame.f_code.co_filename)
        if here is None:
            return
        if here not in self.files:
            self.files.append(here)
        if not self.committed and here not in self.before_commit:
            self.before_commit.append(here)
        caller = _caller_file(frame)
        if caller is None or caller == here:
            return
        self.hops[(caller, here)] += 1

    def returned(self, frame: FrameType) -> None:
        if frame.f_code.co_name == COMMIT and project_file(frame.f_code.co_filename):
            self.committed = True


def _caller_file(frame: FrameType) -> str | None:
    back = frame.f_back
    while back is not None:
        found = project_file(back.f_code.co_filename)
        if found is not None:
            return found
        back = back.f_back
    return None


def cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected parts (two files or more) of a call graph (Tarjan)."""
    graph: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def _is_leaf(path: str) -> bool:
    return path.startswith(LEAVES)


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out.extend(walk(c.get("components", [])))
    return out


def move_ids(message: Any) -> list[str]:
    found = [c.get("custom_id") or "" for c in walk([x.to_dict() for x in message.components])
             if not c.get("disabled")]
    return [cid for cid in found if cid.startswith(("dom:play:", "dom:tile:"))]


def latest_hand(member: Any) -> Any | None:
    for message in reversed(list(member.user.dm_channel.history())):
        if move_ids(message):
            return message
    return None


async def traced_click(seed: int) -> Trace:
    """Open a 2-person table dealt from `seed` and trace the first DM tile click after
    which the other person has a real decision."""
    from cogs.domino_bot import create_bot
    from tables import lobby as lobby_module

    class Seeds:
        def randbits(self, _bits: int) -> int:
            return seed

    lobby_module.secrets = Seeds()  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(database_path=Path(folder) / "path.sqlite3", ai_delay=0)
        async with simcord.run(bot) as env:
            try:
                return await _play_until_traced(bot, env)
            finally:
                await bot.close_tables()


async def _play_until_traced(bot: Any, env: Any) -> Trace:
    guild = env.create_guild()
    channel = guild.create_text_channel("dominoes")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    await ann.slash(channel, "domino new traditional", seats=2, pace="casual")
    table = max(bot.service.held_tables.values(), key=lambda x: x.id)
    message = ResponseMessage(env, env.backend.get_message(table.channel_id, table.message_id))
    await bob.click(message, label="Join")
    await env.settle()
    members = {ann.id: ann, bob.id: bob}
    for _ in range(200):
        if table.status != "playing":
            break
        member = members[table.seats[table.game.to_move].user_id]
        hand = latest_hand(member)
        assert hand is not None, "a person to move has no hand message with buttons"
        ids = [c for c in move_ids(hand) if f":{table.seq}:" in c and c.startswith("dom:play:")]
        if not ids:  # a tile asking for its end: not the click measured
            ids = [c for c in move_ids(hand) if f":{table.seq}:" in c]
        game = table.game.copy()
        game.play(ids[0].split(":", 4)[4].replace("_", " "))
        decides = (game.outcome() is None and len(game.legal_moves()) > 1
                   and ids[0].startswith("dom:play:"))
        trace = Trace() if decides else None
        if trace is not None:
            # Pictures are drawn in worker threads: new ones, profiled too.
            asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor())
            threading.setprofile(_profiler(trace))
            sys.setprofile(_profiler(trace))
        try:
            await member.user.click(hand, custom_id=ids[0])
            await env.settle()
        finally:
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]
        if trace is not None:
            return trace
    raise RuntimeError("no click handed the other person a real decision")


def _profiler(trace: Trace) -> Any:
    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            trace.see(frame)
        elif event == "return":
            trace.returned(frame)
    return profile


def report(trace: Trace, *, list_files: bool) -> str:
    path = [f for f in trace.files if not _is_leaf(f)]
    to_commit = [f for f in trace.before_commit if not _is_leaf(f)]
    layers = Counter(f.split("/", 1)[0] if "/" in f else f for f in path)
    hops = sum(n for (a, b), n in trace.hops.items() if not (_is_leaf(a) or _is_leaf(b)))
    loops = cycles({(a, b) for a, b in trace.hops if not (_is_leaf(a) or _is_leaf(b))})
    lines = [
        f"files: {len(path)} (and {len(trace.files) - len(path)} shared leaves)",
        f"to the commit: {len(to_commit)}",
        f"hops between files: {hops} calls over {len(trace.hops)} pairs",
        f"back-and-forth: {len(loops)} groups of files calling each other "
        f"({sum(map(len, loops))} files)",
        "by layer: " + ", ".join(f"{k} {v}" for k, v in sorted(layers.items())),
    ]
    if list_files:
        lines += ["", "files, in the order entered (* before the commit):"]
        lines += [f"  {'*' if f in to_commit else ' '} {f}" for f in path]
        lines += ["", "back-and-forth (files calling each other):"]
        lines += ["  " + " <-> ".join(group) for group in loops]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="list the files and bounces")
    parser.add_argument("--seed", type=int, default=9, help="the deal (default 9)")
    args = parser.parse_args(argv)
    trace = asyncio.run(traced_click(args.seed))
    print(report(trace, list_files=args.files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
