"""For operators (issue 52): `/healthz` says whether storage answers (503 when not), and
`bench/bench_web.py --help` prints its help instead of starting the bench."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.web import test_web_faults
from tests.web.test_web_faults import Site

site = test_web_faults.site  # the same site, a fixture
ROOT = Path(__file__).resolve().parents[2]


async def test_healthz_is_ok_while_storage_answers_and_503_when_not(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    ok = await site.client.get("/healthz")
    assert ok.status == 200 and await ok.text() == "ok\n"
    assert ok.headers["Cache-Control"] == "no-store"

    async def broken(_guild_id: int) -> None:
        raise OSError("database is locked")

    monkeypatch.setattr(site.store, "get_guild_settings", broken)
    down = await site.client.get("/healthz")
    assert down.status == 503
    assert "locked" not in await down.text()
    assert "script-src 'self'" in down.headers["Content-Security-Policy"]


def test_bench_web_help_prints_help_and_runs_nothing() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_web.py"), "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0
    assert done.stdout.startswith("usage:") and "--write" in done.stdout
    assert "== SQLite" not in done.stdout  # the bench itself never started
