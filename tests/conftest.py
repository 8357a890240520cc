"""Shared test set-up: the project's packages importable however pytest is started, the
Hypothesis profile of CI, the slowest tests run first (so that the workers end together),
and a check that every test closes the storage connections it opened."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# CI (CI=true, as .ci/run is started) draws the same examples on every run and keeps no
# example database; each test still sets how many examples it draws. A loaded machine
# makes drawing slow, which says nothing of the code under test.
settings.register_profile("ci", derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")

# tests/slow_tests.txt lists the tests of a second or more (seconds with coverage, one
# process: `--durations` lines, or "SECONDS NODEID"); every other test counts as 0. A long
# test that starts last makes the whole run wait for it, so each worker starts with its
# share of them, longest first (pytest-xdist hands worker k the k-th slice of the order,
# and a worker with nothing left steals from the end of another's slice).
SLOW_TESTS = ROOT / "tests" / "slow_tests.txt"


def known_seconds(path: Path = SLOW_TESTS) -> dict[str, float]:
    """Node id -> seconds, from `path` (missing file: none known)."""
    seconds: dict[str, float] = {}
    if not path.exists():
        return seconds
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split(None, 2)
        if len(fields) < 2 or line.startswith("#"):
            continue
        if fields[1] in ("setup", "call", "teardown") and len(fields) == 3:
            nodeid = fields[2]  # a --durations line
        else:
            nodeid = line.split(None, 1)[1]  # a node id may hold spaces: "...[render --help]"
        nodeid = nodeid.strip()
        seconds[nodeid] = seconds.get(nodeid, 0.0) + float(fields[0].rstrip("s"))
    return seconds


def slowest_first(items: list[pytest.Item], seconds: dict[str, float],
                  workers: int) -> list[pytest.Item]:
    """`items` reordered for `workers` workers: the known-slow ones dealt out longest first,
    each to the worker with the fewest seconds so far, at the head of that worker's slice;
    the rest in their order after them (slice sizes as pytest-xdist cuts them)."""
    slow = sorted((i for i in items if seconds.get(i.nodeid)),
                  key=lambda i: -seconds[i.nodeid])
    rest = [i for i in items if not seconds.get(i.nodeid)]
    sizes, left = [], len(items)
    for k in range(workers):
        sizes.append(left // (workers - k))
        left -= sizes[-1]
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for item in slow:
        open_ = [k for k in range(workers) if len(heads[k]) < sizes[k]]
        k = min(open_, key=lambda k: load[k])
        heads[k].append(item)
        load[k] += seconds[item.nodeid]
    ordered: list[pytest.Item] = []
    for k in range(workers):
        fill = sizes[k] - len(heads[k])
        ordered += heads[k] + rest[:fill]
        rest = rest[fill:]
    return ordered


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", None)
    workers = int(workerinput["workercount"]) if workerinput else 1
    items[:] = slowest_first(items, known_seconds(), max(workers, 1))


# aiosqlite runs each connection in a worker thread of this name; the thread is not a
# daemon, so one left open would keep the interpreter alive after the last test.
_WORKER = "_connection_worker_thread"
_JOIN_SECONDS = 5.0


def _workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if _WORKER in t.name and t.is_alive()}


@pytest.fixture(autouse=True)
def closes_its_connections() -> Iterator[None]:
    """Fail the test that leaves a storage connection open (after its fixtures closed)."""
    before = _workers()
    yield
    left = _workers() - before
    for thread in left:
        # A closed connection's thread ends on its own just after close() returns.
        thread.join(_JOIN_SECONDS)
    still = [t.name for t in left if t.is_alive()]
    assert not still, f"storage connections left open: {still}"


@pytest.fixture(autouse=True)
def quick_clock_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard Big Clock level is its planner alone in tests, unless a test gives it a
    budget (its own would make every hard clock game of the suite take seconds, and
    even one sampled stock a choice ten times what the planner takes);
    tests/engine/test_clock_montecarlo.py tests the search with budgets of its own."""
    from engine.clock.ai import montecarlo

    monkeypatch.setattr(montecarlo, "DEFAULT_PLAYOUTS", 0)
