"""The turn clock of a tournament table (issue 49): a turn's deadline that stands still
during its mover's quiet hours and never passes the round's deadline.

A tournament's round table has `ends_by` in its settings (the round's deadline when it
opened: tables.tournament.rounds.fitted_settings), and `quiet_clock` unless the host
turned it off. Every turn there ends by the round's deadline. With `quiet_clock` a
turn's time counts only while its mover is outside their quiet hours (their profile's,
in their zone: tables.quiet). A turn that begins in them starts counting when they end;
one running into them stops there and goes on when they end. Whatever that gives, the
turn ends at the latest at the round's deadline, as it stands when the turn begins (an
extension moves the turns begun after it; while the tournament is paused there is no
such limit). Any other table's turn is simply `turn_seconds` from its start.

**The fit.** A round table's longest turn is also at most a TURNS_PER_ROUND-th (24th) of
the time its least-awake player is awake during the round (`awake_seconds`; a day's
round with nine quiet hours: 15 h / 24, turns of 37.5 minutes), so that one player's 24
full turns fit in their own waking hours of the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tables.quiet import quiet_begins, quiet_until

if TYPE_CHECKING:
    from storage import Storage
    from tables.live import LiveTable

MAX_WINDOWS = 400  # quiet windows a turn may wait out (a year of nights); then it ends


@dataclass(frozen=True, slots=True)
class Quiet:
    """A person's quiet hours: their zone and the window in minutes after local midnight
    (start == end, or either None: none)."""

    tz: str | None
    start: int | None
    end: int | None

    @property
    def none(self) -> bool:
        return self.start is None or self.end is None or self.start == self.end


def turn_deadline(start: float, turn_seconds: float, quiet: Quiet | None = None,
                  ends_by: float | None = None) -> float:
    """When a turn beginning at `start` runs out: after `turn_seconds` outside `quiet`,
    at the latest at `ends_by` (an `ends_by` not after `start` is no limit: the round's
    deadline is being decided, which hands the seats to the AI anyway).
    With quiet hours covering all but a moment a day the turn may wait out at most
    MAX_WINDOWS of them. Raises ValueError for an unknown zone."""
    at, left = start, float(turn_seconds)
    if quiet is not None and not quiet.none:
        for _ in range(MAX_WINDOWS):
            woken = quiet_until(at, quiet.tz, quiet.start, quiet.end)
            if woken is not None:
                at = woken
            if ends_by is not None and start < ends_by <= at:
                break
            sleeps = quiet_begins(at, quiet.tz, quiet.start, quiet.end)
            awake = left if sleeps is None or sleeps <= at else min(left, sleeps - at)
            at, left = at + awake, left - awake
            if left <= 0:
                break
        else:
            at += left
    else:
        at += left
    return at if ends_by is None or ends_by <= start else min(at, ends_by)


def awake_seconds(start: float, end: float, quiet: Quiet | None) -> float:
    """Seconds from `start` to `end` outside `quiet` (all of them without quiet hours;
    after MAX_WINDOWS quiet windows, the rest). Raises ValueError for an unknown zone."""
    if quiet is None or quiet.none or end <= start:
        return max(0.0, end - start)
    total, at = 0.0, start
    for _ in range(MAX_WINDOWS):
        woken = quiet_until(at, quiet.tz, quiet.start, quiet.end)
        if woken is not None:
            at = woken
        if at >= end:
            break
        sleeps = quiet_begins(at, quiet.tz, quiet.start, quiet.end)
        stop = end if sleeps is None or sleeps <= at else min(end, sleeps)
        total, at = total + stop - at, stop
        if at >= end:
            break
    else:  # past MAX_WINDOWS quiet windows the rest counts as awake (as turn_deadline has it)
        total += max(0.0, end - at)
    return total


async def quiet_of(store: Storage, user_id: int | None) -> Quiet | None:
    """The quiet hours of `user_id` as their profile has them (None: no profile, or an AI)."""
    player = await store.get_player(user_id) if user_id is not None else None
    return Quiet(player.tz or None, player.quiet_start, player.quiet_end) if player else None


async def round_deadline(store: Storage, table: LiveTable) -> float | None:
    """The deadline of the tournament round the table is played for: as stored, or, while
    the table is not yet stored as the round's (it is being started), `ends_by` of its
    settings. None: not a round table, the round is no longer open, or the tournament is
    paused (resuming moves the deadline by the pause, so until then it is no limit)."""
    rt = await store.round_table_of(table.id)
    if rt is None:
        return table.settings.ends_by
    t = await store.get_tournament(rt.tournament_id)
    if t is None or t.status != "running":
        return None
    for r in await store.tournament_rounds(rt.tournament_id):
        if r.number == rt.round and r.status == "open":
            return r.deadline
    return None


async def next_deadline(store: Storage, table: LiveTable, seat: int | None,
                        now: float) -> float:
    """The deadline of the turn of `seat` beginning `now` at `table` (see the module): a
    `quiet_clock` table pauses it in the mover's quiet hours and ends it by its round's
    deadline; any other table's is now + its turn time."""
    settings = table.settings
    if not settings.quiet_clock and settings.ends_by is None:
        return now + settings.turn_seconds
    user = table.seats[seat].user_id if seat is not None and seat < len(table.seats) else None
    quiet = await quiet_of(store, user) if settings.quiet_clock else None
    ends_by = await round_deadline(store, table)
    try:
        return turn_deadline(now, settings.turn_seconds, quiet, ends_by)
    except ValueError:  # a zone no longer known: the plain clock, still within the round
        return turn_deadline(now, settings.turn_seconds, None, ends_by)
