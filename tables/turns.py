"""What happens when a table's time comes (the scheduler fires, tables.timers): an AI
seat's move, a turn that ran out (the table's timeout action), a lobby nobody started.
Each is called under the table's lock, at the move the timer was armed for."""

from __future__ import annotations

from typing import Protocol

from engine.ai import choose
from engine.rng import SeededRandom
from tables.events import Listener
from tables.live import LiveTable, TableEvent
from tables.thinking import think


class Ending(Protocol):
    """The move pipeline (tables.moves.MovePipeline)."""

    async def commit(self, table: LiveTable, seat: int, text: str) -> str: ...

    async def finish(self, table: LiveTable) -> None: ...


class Closing(Protocol):
    """Closing a table without results (tables.lobby.LobbyActions)."""

    async def close_table(self, table: LiveTable, status: str) -> bool: ...


class TimeoutCounts(Protocol):
    """The seat state's count of timeouts in a row (tables.seats.SeatStates)."""

    async def count_timeout(self, table: LiveTable, seat: int, *,
                            reset: bool = False) -> None: ...


async def ai_move(table: LiveTable, seat: int, level: str) -> str:
    """The AI's move for `seat`, from that seat's view only (called under the table's lock).

    The search runs in a worker thread, one at a time (tables/thinking.py): the hard
    level thinks for up to a second, and neither the other tables nor anyone's click
    waits for it.
    """
    assert table.game is not None
    # Seeded by table and move number: the same position gets the same AI move.
    rng = SeededRandom((table.seed or 0) * 1_000_003 + table.seq)
    view = table.game.view(seat)
    return str(await think(choose, level, view, rng))


class TurnsDue:
    """The AI's turns and the deadlines of one table service."""

    def __init__(self, tell: Listener, *, moves: Ending, lobby: Closing,
                 timeouts: TimeoutCounts) -> None:
        self.tell = tell
        self.moves = moves
        self.lobby = lobby
        self.timeouts = timeouts

    async def ai_turn(self, table: LiveTable) -> None:
        """The seat to move is an AI's (or played by one): it moves."""
        assert table.game is not None
        seat = table.game.to_move
        if seat is None or not table.played_by_ai(seat):
            return  # its person took it back (or took the seat held for them) meanwhile
        level = table.seats[seat].ai_level or "normal"
        await self.moves.commit(table, seat, await ai_move(table, seat, level))

    async def on_deadline(self, table: LiveTable) -> None:
        """A lobby nobody started is abandoned; a turn that ran out gets the table's action."""
        if table.status == "lobby":
            await self.lobby.close_table(table, "abandoned")
            return
        assert table.game is not None
        seat = table.game.to_move
        if seat is None:
            return
        await self.tell(TableEvent("timeout", table, seat=seat))
        action = table.settings.timeout_action
        if action == "forfeit":
            table.resigned = seat
            await self.moves.finish(table)
            return
        await self.timeouts.count_timeout(table, seat)
        legal = [str(m) for m in table.game.legal_moves()]
        if action == "skip" and "pass" in legal:
            await self.moves.commit(table, seat, "pass")
            return
        # The AI plays the whole turn: a draw does not pass the turn, so it goes on
        # drawing (each draw a move of its own) until it has played or passed.
        while table.in_play and table.game is not None and table.game.to_move == seat:
            await self.moves.commit(table, seat, await ai_move(table, seat, "normal"))
