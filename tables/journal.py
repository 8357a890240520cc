"""The journal of queued moves: a move storage was too busy for, kept in a file of its
own before the player is told it is queued, so that it survives a stop of the bot.

A click answered "your move is queued" must not be lost when the bot stops while
another process still holds the database's lock (issue 55). The database cannot take
it (that is why it is queued), so it goes to a small JSON file beside the database,
written whole to a temporary file, flushed to disk and renamed over the old one: the
file is either the old list or the new one, never half of either. At start-up the
tables' loading plays a table's journaled moves first, under its lock, before its
timers run (tables.shards.HeldTables); each move carries the move number it was made
at, so a move stored already, or overtaken, is dropped, never played twice.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QueuedMove:
    """A move of `user_id` at table `table_id`, made when the table was at move `seq`."""

    key: str
    table_id: int
    user_id: int
    seq: int
    text: str


class MoveJournal:
    """The queued moves, in memory and (with a `path`) in a file that outlives the process.

    `add` raises OSError when the file cannot be written: the move is then not queued
    (the caller says so to the player). Without a path it keeps them in memory only
    (a test's service, or a process with no data folder).
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._moves: dict[str, QueuedMove] = {}

    def load(self) -> int:
        """Read the file (a missing one is empty); returns how many moves it holds. An
        unreadable file is logged and kept aside (renamed *.bad) rather than lost."""
        if self.path is None or not self.path.exists():
            return 0
        try:
            rows = json.loads(self.path.read_text(encoding="utf-8"))
            moves = [QueuedMove(key=str(r["key"]), table_id=int(r["table_id"]),
                                user_id=int(r["user_id"]), seq=int(r["seq"]),
                                text=str(r["text"])) for r in rows]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("the queued moves' journal %s cannot be read (%s); kept aside as %s.bad",
                      self.path, exc, self.path.name)
            with contextlib.suppress(OSError):
                os.replace(self.path, self.path.with_name(self.path.name + ".bad"))
            return 0
        self._moves = {m.key: m for m in moves}
        if moves:
            log.info("%d queued moves read from %s", len(moves), self.path)
        return len(moves)

    def add(self, table_id: int, user_id: int, seq: int, text: str) -> QueuedMove:
        """Keep a move, on disk before this returns. Raises OSError (nothing is kept)."""
        move = QueuedMove(uuid.uuid4().hex, table_id, user_id, seq, text)
        self._moves[move.key] = move
        try:
            self._write()
        except OSError:
            del self._moves[move.key]
            raise
        return move

    def remove(self, move: QueuedMove) -> None:
        """Forget a move played or dropped. A file that cannot be written is logged: the
        move stays in it, and is dropped at the next start (its move number is past)."""
        if self._moves.pop(move.key, None) is None:
            return
        try:
            self._write()
        except OSError as exc:
            log.warning("the queued moves' journal %s cannot be written (%s)", self.path, exc)

    def of_table(self, table_id: int) -> list[QueuedMove]:
        """The moves queued at a table, oldest first."""
        return sorted((m for m in self._moves.values() if m.table_id == table_id),
                      key=lambda m: m.seq)

    def pending(self) -> list[QueuedMove]:
        """Every move still queued."""
        return list(self._moves.values())

    def _write(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        data = json.dumps([asdict(m) for m in self._moves.values()], indent=0)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        with contextlib.suppress(OSError):  # the rename itself made durable (POSIX)
            dir_fd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
