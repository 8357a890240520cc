"""bench/pickup_sim.py, the pickup bench's simulation (issue 51): the scenarios' arrivals
are as described, each feature does what its row says and nothing of the next one."""

from __future__ import annotations

from pathlib import Path

from bench.pickup_sim import DAY, people, simulate
from tests.tables.test_tables_timers import START


def test_spread_arrivals_come_over_three_days_and_synchronised_ones_at_once() -> None:
    spread = [s.next_want for s in people(3, "spread")]
    assert all(START <= w < START + 3 * DAY for w in spread)
    assert max(spread) - min(spread) > DAY  # spread, not bunched
    assert {s.next_want for s in people(3, "synchronised")} == {START}
    assert {s.offset for s in people(3, "spread")} == {-5, 0, 3, 8}


async def test_each_feature_adds_only_its_own_effect(tmp_path: Path) -> None:
    alone = await simulate("spread", "queue", tmp_path, 2)
    assert alone["clicks_per_day"] == 0 and alone["with_ai"] == 0
    assert alone["tables_per_day"] > 0 and 0 < alone["within_24h"] <= 1
    with_ai = await simulate("spread", "ai", tmp_path, 2)
    assert with_ai["clicks_per_day"] == 0 and with_ai["with_ai"] > 0
    forming = await simulate("spread", "forming", tmp_path, 2)
    assert forming["clicks_per_day"] > 0
    assert forming["queued_median_h"] <= forming["median_h"]
