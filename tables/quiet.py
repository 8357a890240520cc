"""Quiet hours and reminder times: when a player may be disturbed.

Pure time arithmetic, in UTC unix seconds outside and the player's IANA zone
inside. Quiet hours are a daily window of local wall-clock time, given as
minutes after midnight; a window may cross midnight (23:00-07:30).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones


def zone(name: str | None) -> ZoneInfo:
    """The zone called `name`, UTC when it is empty. Raises ValueError for an unknown one."""
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name[:40]!r} is not a time zone (try one like Europe/Kyiv)") from None


def zone_names(prefix: str, limit: int = 25) -> list[str]:
    """Up to `limit` IANA zone names containing `prefix` (case-insensitive), for autocomplete."""
    wanted = prefix.strip().lower().replace(" ", "_")
    names = sorted(n for n in available_timezones() if wanted in n.lower())
    return names[:limit]


def _local_instant(day: date, minutes: int, tz: ZoneInfo) -> datetime:
    """The UTC instant when local wall clocks on `day` show `minutes` after midnight.

    In a spring-forward gap the wall time does not exist; zoneinfo then reads it
    with the offset from before the change, which lands just after the gap:
    the natural "as soon as the clock gets there".
    """
    local = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=tz)
    return local.astimezone(UTC)


def quiet_until(moment: float, tz_name: str | None, start: int | None,
                end: int | None) -> float | None:
    """If `moment` falls in the quiet hours, when they end (UTC seconds); else None.

    `start`/`end` are minutes after local midnight; equal values or None mean no
    quiet hours. Raises ValueError for an unknown zone.
    """
    if start is None or end is None or start == end:
        return None
    tz = zone(tz_name)
    at = datetime.fromtimestamp(moment, UTC)
    today = at.astimezone(tz).date()
    # The window that contains `moment` began today or, across midnight, yesterday.
    for day in (today - timedelta(days=1), today):
        begins = _local_instant(day, start, tz)
        ends_day = day if end > start else day + timedelta(days=1)
        ends = _local_instant(ends_day, end, tz)
        if begins <= at < ends:
            return ends.timestamp()
    return None


def reminder_times(turn_start: float, deadline: float, fractions: Sequence[float], *,
                   tz_name: str | None, quiet_start: int | None,
                   quiet_end: int | None) -> list[float]:
    """When each reminder of a turn goes out, moved out of the quiet hours.

    A reminder due in quiet hours goes out when they end, unless the deadline
    comes first: then it is dropped. The result is sorted and has no duplicates.
    """
    out: set[float] = set()
    for fraction in fractions:
        due = turn_start + fraction * (deadline - turn_start)
        later = quiet_until(due, tz_name, quiet_start, quiet_end)
        if later is not None:
            due = later
        if due < deadline:
            out.add(due)
    return sorted(out)


def quiet_begins(moment: float, tz_name: str | None, start: int | None,
                 end: int | None) -> float | None:
    """The first instant at or after `moment` when quiet hours begin (UTC seconds); None
    when there are none (`start`/`end` None or equal). Raises ValueError for an unknown zone.
    """
    if start is None or end is None or start == end:
        return None
    tz = zone(tz_name)
    at = datetime.fromtimestamp(moment, UTC)
    today = at.astimezone(tz).date()
    for offset in range(3):  # today's window, else tomorrow's (a DST day: the one after)
        begins = _local_instant(today + timedelta(days=offset), start, tz)
        if begins >= at:
            return begins.timestamp()
    return None
