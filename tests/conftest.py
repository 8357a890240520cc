"""Shared test set-up: the project's packages importable however pytest is started, the
Hypothesis profile of CI, and a check that every test closes the storage connections it
opened."""

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
