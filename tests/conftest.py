"""Shared test set-up: make the project's packages importable however pytest is started."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Some storage connections opened inside simcord runs are not closed by the
# library's teardown; aiosqlite's worker threads are not daemons, so the
# interpreter would wait for them forever after the last test. End the process
# once pytest (and pytest-cov) have finished and reported.
_EXIT_STATUS = 0


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    global _EXIT_STATUS  # noqa: PLW0603
    _EXIT_STATUS = int(exitstatus)


def pytest_unconfigure(config):  # type: ignore[no-untyped-def]
    import os

    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_EXIT_STATUS)
