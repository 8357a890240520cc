"""Who showed up at a tournament's round tables (tables.tournament.service has the rules
it keeps): the seats whose person moved (or came back), the no-show rule, and a forfeit's
hand-over to the AI. The base of tables.tournament.rounds.RoundRunner.

**The no-show rule.** Games here last days across time zones, so a turn that runs out
while its person sleeps is no forfeit. A no-show is a person seated at a round table who
has made no move of their own there (nor come back to their seat) within the round's
no-show grace: the smaller of 12 hours and a third of the round, from the round's
opening (`no_show_grace`). Before the grace is over, a turn of theirs that runs out is an
ordinary timeout: the table's AI plays that turn (and the third in a row hands the seat to
the AI until they come back, as at any table). At the grace's end (and at any timeout
after it) each person who still has not moved forfeits the table: placed last, the hard AI
plays the seat on. The rest of the round (two thirds or more) is left for the AI's game,
so the round still ends by its deadline. A table that ends (or is played out at the
deadline) with a person who never moved there is a forfeit of theirs too, however soon it
ended: the AI's play alone earns nobody points. A one-player deal (Big Clock) runs no turn
clock and is decided at the deadline. With the tournament's quiet clock
(tables.turn_clock) the grace, like a turn, counts only each person's waking hours (those
outside their profile's quiet hours: `no_show_at`): a day's round opening at 22:00 for
someone asleep 23:00-08:00 judges them at 15:00 the next day, not at 06:00 in their
sleep (within the round: at its deadline the deadline rule decides).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from storage import Storage
from storage.tournaments import RoundTableRow
from tables.errors import NoSuchTable, TableError
from tables.live import TableEvent, TableSettings
from tables.turn_clock import Quiet, quiet_of, turn_deadline

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)

NO_SHOW_GRACE = 12 * 3600.0  # a no-show's grace: at most this, and a third of the round
# Moves at a seat this soon after its timeout are the timeout's own (the table's AI plays
# the whole turn at once, a draw at a time); a person's next move there comes after
# another seat's, which ends the window at once.
TIMEOUT_MOVES = 30.0


def no_show_grace(round_seconds: float) -> float:
    """How long after a round opens a person seated there may make their first move before
    they are a no-show: the smaller of NO_SHOW_GRACE (12 h: a night's sleep in any zone)
    and a third of the round (so the AI that then plays their seat has the rest)."""
    return min(NO_SHOW_GRACE, round_seconds / 3)


def no_show_at(opened: float, round_seconds: float, quiet: Quiet | None = None) -> float:
    """When the no-show rule judges a person at a round table opened at `opened`: the
    grace's end; with the tournament's quiet clock (`quiet` their quiet hours), the grace
    counted in their waking hours only, as a turn is (tables.turn_clock.turn_deadline).
    Raises ValueError for an unknown zone."""
    return turn_deadline(opened, no_show_grace(round_seconds), quiet)


class Attendance:
    """The tables a process watches for a tournament, and who showed up there."""

    def __init__(self, service: TableService, store: Storage, *, ai_level: str) -> None:
        """`ai_level`: who plays a no-show's seat (and the deadline's)."""
        self.service = service
        self.store = store
        self.clock = service.clock
        self.ai_level = ai_level
        # bot table id -> (tournament, round, index) of the tables this process watches,
        # and the seats seen moving there (stored too: `RoundTableRow.moved`).
        self._known: dict[int, tuple[int, int, int]] = {}
        self._moved: dict[int, set[int]] = {}
        # bot table id -> (seat, when) of its latest timeout (see TIMEOUT_MOVES)
        self._timed_out: dict[int, tuple[int, float]] = {}
        service.listeners.append(self._on_event)

    async def _step(self, tournament_id: int) -> None:
        """Do what is due now for the tournament (RoundRunner)."""
        raise NotImplementedError

    def _later(self, tournament_id: int) -> None:
        """Step the tournament in the background, soon (RoundRunner)."""
        raise NotImplementedError

    async def _hand_to_ai(self, table_id: int, user_id: int | None) -> None:
        """Give the seat of `user_id` (None: of every person) at the table to the AI."""
        try:
            live = await self.service.table(table_id)
        except NoSuchTable:
            return
        for seat, held in enumerate(live.seats):
            if held.user_id is None or (user_id is not None and held.user_id != user_id):
                continue
            try:
                await self.service.replace_with_ai(table_id, seat, live.host_id,
                                                   is_manager=True, level=self.ai_level)
            except TableError as exc:  # it ended meanwhile
                log.info("table %d: seat %d not handed to the AI: %s", table_id, seat, exc)

    async def _forfeit(self, rt: RoundTableRow, user_id: int) -> None:
        """`user_id` forfeits their seat at a playing round table: placed last there, the
        AI plays it on."""
        seat = rt.seats.index(user_id)
        await self.store.mark_table(rt.tournament_id, rt.round, rt.index, decided_by="forfeit",
                                    forfeit=[seat])
        await self.store.update_entrant(rt.tournament_id, user_id, replaced_by_ai=True)
        if rt.table_id is not None:
            await self._hand_to_ai(rt.table_id, user_id)

    # -- what the tables tell -----------------------------------------------------------
    async def _on_event(self, event: TableEvent) -> None:
        """A watched table's person moved or came back (once noted: they showed up), their
        turn timed out (a no-show once the grace is over, `_no_show`), or the table ended
        (the round goes on). The work runs beside the table's lock, which the teller may
        hold."""
        table_id = event.table.id
        if event.kind in ("finished", "cancelled", "abandoned"):
            self._timed_out.pop(table_id, None)
            known = self._known.get(table_id)
            if known is not None:
                self._later(known[0])
            else:
                self.service.scheduler.spawn(self._ended_elsewhere(table_id),
                                             f"tournament-table-{table_id}")
            return
        known = self._known.get(table_id)
        if known is None or event.seat is None:
            return
        seat = event.seat
        moved = self._moved.setdefault(table_id, set())
        if event.kind == "timeout":
            self._timed_out[table_id] = (seat, self.clock())
            user = event.table.seats[seat].user_id
            if user is not None and seat not in moved:
                self.service.scheduler.spawn(self._no_show(known, user),
                                             f"tournament-noshow-{table_id}")
            return
        if event.kind == "move" and not self._own_move(event, seat):
            return
        if event.kind in ("move", "back") and seat not in moved:
            moved.add(seat)
            self.service.scheduler.spawn(
                self._note_moved(known, seat), f"tournament-moved-{table_id}")

    def _own_move(self, event: TableEvent, seat: int) -> bool:
        """Whether a move event is the seat's person's own: not forced, not an AI's, not
        played for them by their turn's timeout (TIMEOUT_MOVES)."""
        timed = self._timed_out.get(event.table.id)
        if timed is not None and timed[0] != seat:
            del self._timed_out[event.table.id]  # another seat moved: that timeout is over
            timed = None
        if timed is not None and self.clock() - timed[1] < TIMEOUT_MOVES:
            return False
        return not event.forced and not event.table.played_by_ai(seat)

    async def _note_moved(self, known: tuple[int, int, int], seat: int) -> None:
        await self.store.mark_table(*known, moved=[seat])

    async def _no_show(self, known: tuple[int, int, int], user_id: int) -> None:
        """`user_id`'s turn timed out and they have not moved at the table: once the
        no-show rule judges them (`_judged_at`) they forfeit it; before, it was an ordinary
        timeout (the table's AI played that turn) and nothing more."""
        t = await self.store.get_tournament(known[0])
        rounds = await self.store.tournament_rounds(known[0])
        r = next((x for x in rounds if x.number == known[1]), None)
        if t is None or r is None or self.clock() < r.starts_at + no_show_grace(t.round_seconds):
            return
        if TableSettings.from_json(t.table_settings).quiet_clock and \
                self.clock() < await self._judged_at(user_id, r.starts_at, t.round_seconds):
            return
        rt = next((x for x in await self.store.round_tables(known[0], known[1])
                   if x.index == known[2]), None)
        if rt is not None and rt.state == "playing" and user_id in rt.seats:
            seat = rt.seats.index(user_id)
            if seat not in self._showed(rt) and seat not in rt.forfeits:
                await self._forfeit(rt, user_id)

    def _showed(self, rt: RoundTableRow) -> set[int]:
        """The seats of a round table whose person has moved there (or come back): as
        stored, and as this process saw it (stored a moment later)."""
        seen = self._moved.get(rt.table_id, set()) if rt.table_id is not None else set()
        return set(rt.moved) | seen

    async def _no_shows(self, tables: list[RoundTableRow], opened: float,
                        round_seconds: float, *, quiet_clock: bool = False) -> float | None:
        """The no-show rule once the round's grace is over: every person seated at a table
        in play who has made no move of their own there (nor come back) forfeits it. With
        the tournament's `quiet_clock` each person's grace counts their waking hours only
        (`no_show_at`): one whose grace is not over yet is left for later. Returns the
        earliest such end (None: nobody is left for later)."""
        later: list[float] = []
        for rt in tables:
            if rt.state != "playing" or rt.table_id is None or len(rt.seats) < 2:
                continue  # a one-player deal runs no turn clock: the deadline decides it
            showed = self._showed(rt)
            for seat, user in enumerate(rt.seats):
                if seat in showed or seat in rt.forfeits:
                    continue
                if quiet_clock:
                    judged = await self._judged_at(user, opened, round_seconds)
                    if judged > self.clock():
                        later.append(judged)
                        continue
                log.info("tournament %d round %d: %d made no move in the grace: a no-show",
                         rt.tournament_id, rt.round, user)
                await self._forfeit(rt, user)
        return min(later, default=None)

    async def _judged_at(self, user_id: int, opened: float, round_seconds: float) -> float:
        """When the no-show rule judges `user_id` at a quiet-clock round table opened at
        `opened` (`no_show_at`, in their profile's quiet hours)."""
        quiet = await quiet_of(self.store, user_id)
        try:
            return no_show_at(opened, round_seconds, quiet)
        except ValueError:  # a zone no longer known: the plain grace
            return no_show_at(opened, round_seconds)

    async def _never_came(self, rt: RoundTableRow) -> RoundTableRow:
        """A table that ended with people who never moved there (nor came back): they are
        no-shows too, however soon it ended (the AI played every turn of theirs). Returns
        the row with their forfeits (as stored)."""
        showed = self._showed(rt)
        absent = [seat for seat in range(len(rt.seats))
                  if seat not in showed and seat not in rt.forfeits]
        if not absent:
            return rt
        for seat in absent:
            await self.store.update_entrant(rt.tournament_id, rt.seats[seat],
                                            replaced_by_ai=True)
        marked = await self.store.mark_table(rt.tournament_id, rt.round, rt.index,
                                             decided_by="forfeit", forfeit=absent)
        return marked if marked is not None else rt

    async def _ended_elsewhere(self, table_id: int) -> None:
        rt = await self.store.round_table_of(table_id)
        if rt is not None and rt.state == "playing":
            await self._step(rt.tournament_id)
