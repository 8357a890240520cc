"""bench/bench_bot.py still measures what it says: a small run times every click both
outside and inside the bot (its hook on the move handler broke once, unnoticed, when
the cogs were reorganised by feature)."""

from __future__ import annotations

import pytest

from bench import bench_bot


async def test_the_bot_bench_times_every_move_inside_and_outside_the_bot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_bot, "TABLES", 2)
    monkeypatch.setattr(bench_bot, "MOVES", 4)
    timings, whole, inside, active = await bench_bot.measure()
    assert len(timings) == len(whole) == len(inside) == 4
    assert all(t > 0 for t in timings + inside)
    assert active == 2
