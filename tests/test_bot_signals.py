"""SIGTERM and SIGINT stop the real bot.py process gracefully (issue 55): exit status 0
within 10 s, storage closed, a log without errors; the deploy files give it the time.

The process is bot.py's `main()` with Discord's side replaced by a stand-in that never
answers (tests/bot/offline_bot.py): the set-up, the signal handling and the stop are
the bot's own.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READY = "offline: set up, waiting for a stop signal"


def read_until(proc: subprocess.Popen[bytes], marker: str, within: float) -> str:
    """The process's stderr up to the line holding `marker` (its own signal that it is
    ready); fails after `within` seconds. Read from the file descriptor itself: a
    buffered reader could hold the marker while select() waits for more."""
    assert proc.stderr is not None
    fd = proc.stderr.fileno()
    seen = b""
    deadline = time.monotonic() + within
    while marker.encode() not in seen:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        chunk = os.read(fd, 65536) if ready else b""
        if not chunk:
            proc.kill()
            raise AssertionError(f"no {marker!r} within {within} s:\n" + seen.decode())
        seen += chunk
    return seen.decode()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_signal_stops_the_bot_cleanly_within_10_s(tmp_path: Path,
                                                         sig: signal.Signals) -> None:
    db = tmp_path / "data" / "dominoes.sqlite3"
    # A move a stop left queued, for a table that no longer plays: read at start-up.
    journal = db.with_name("queued_moves.json")
    journal.parent.mkdir(parents=True)
    journal.write_text('[{"key": "k", "table_id": 77, "user_id": 5, "seq": 3, '
                       '"text": "6-6"}]', encoding="utf-8")
    env = {**os.environ, "DISCORD_TOKEN": "offline.token", "DATABASE_PATH": str(db),
           "WEB_PORT": "0", "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "bot" / "offline_bot.py")],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        before = read_until(proc, READY, 60)
        sent = time.monotonic()
        proc.send_signal(sig)
        out_bytes, err_bytes = proc.communicate(timeout=15)
        out, err = out_bytes.decode(), err_bytes.decode()
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    log = before + err
    assert proc.returncode == 0, log
    assert took < 10, log
    assert f"{sig.name} received: stopping" in log and "stopped cleanly" in log
    assert "Traceback" not in log + out and " ERROR " not in log, log
    assert "table 77 is no longer in play here: a queued move" in log
    assert json.loads(journal.read_text(encoding="utf-8")) == []
    # Storage was closed: the last connection checkpointed and removed its -wal file.
    assert db.exists() and not db.with_name(db.name + "-wal").exists()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()


def test_the_deploy_files_give_the_stop_more_time_than_it_takes() -> None:
    unit = (ROOT / "deploy" / "dominoes.service").read_text(encoding="utf-8")
    assert "KillSignal=SIGTERM" in unit
    stop = [line for line in unit.splitlines() if line.startswith("TimeoutStopSec=")]
    assert stop and int(stop[0].split("=")[1]) >= 15
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    graces = [line.split(":")[1].strip() for line in compose.splitlines()
              if line.strip().startswith("stop_grace_period:")]
    assert graces and all(int(g.rstrip("s")) >= 15 for g in graces)
    assert compose.count("stop_signal: SIGTERM") == len(graces)
