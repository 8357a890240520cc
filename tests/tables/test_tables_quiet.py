"""Quiet hours and reminder times, across midnight and across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tables.quiet import quiet_until, reminder_times, zone, zone_names


def ts(text: str) -> float:
    return datetime.fromisoformat(text).astimezone(UTC).timestamp()


def iso(moment: float | None, tz: str) -> str | None:
    if moment is None:
        return None
    return datetime.fromtimestamp(moment, UTC).astimezone(zone(tz)).isoformat()


def test_a_moment_outside_quiet_hours_is_not_held_back() -> None:
    assert quiet_until(ts("2026-06-01T12:00:00+03:00"), "Europe/Kyiv", 23 * 60, 7 * 60) is None


def test_quiet_hours_across_midnight_end_next_morning() -> None:
    moment = ts("2026-06-01T23:30:00+03:00")
    assert iso(quiet_until(moment, "Europe/Kyiv", 23 * 60, 7 * 60 + 30),
               "Europe/Kyiv") == "2026-06-02T07:30:00+03:00"


def test_quiet_hours_after_midnight_belong_to_the_window_of_the_day_before() -> None:
    moment = ts("2026-06-02T03:00:00+03:00")
    assert iso(quiet_until(moment, "Europe/Kyiv", 23 * 60, 7 * 60),
               "Europe/Kyiv") == "2026-06-02T07:00:00+03:00"


def test_a_daytime_window_that_does_not_cross_midnight() -> None:
    moment = ts("2026-06-01T13:00:00+00:00")
    assert iso(quiet_until(moment, "UTC", 12 * 60, 14 * 60), "UTC") == "2026-06-01T14:00:00+00:00"
    assert quiet_until(ts("2026-06-01T14:00:00+00:00"), "UTC", 12 * 60, 14 * 60) is None


def test_quiet_hours_across_the_spring_forward_switch_end_at_local_wall_time() -> None:
    # New York springs forward on 2026-03-08 at 02:00 (EST -5 -> EDT -4): the
    # night is an hour shorter, yet quiet hours still end at 07:00 on the wall.
    moment = ts("2026-03-08T01:00:00-05:00")
    ends = quiet_until(moment, "America/New_York", 22 * 60, 7 * 60)
    assert iso(ends, "America/New_York") == "2026-03-08T07:00:00-04:00"
    assert ends is not None and ends - moment == 5 * 3600  # 01:00 EST to 07:00 EDT


def test_quiet_hours_across_the_fall_back_switch_last_an_hour_longer() -> None:
    # Berlin falls back on 2026-10-25 at 03:00 (CEST +2 -> CET +1).
    moment = ts("2026-10-25T00:00:00+02:00")
    ends = quiet_until(moment, "Europe/Berlin", 23 * 60, 6 * 60)
    assert iso(ends, "Europe/Berlin") == "2026-10-25T06:00:00+01:00"
    assert ends is not None and ends - moment == 7 * 3600


def test_a_window_ending_in_the_spring_forward_gap_ends_right_after_it() -> None:
    # 02:30 does not exist in New York on 2026-03-08; the window ends at 03:30 EDT
    # (= 02:30 read with the old offset), the first moment clocks reach it.
    moment = ts("2026-03-08T01:30:00-05:00")
    ends = quiet_until(moment, "America/New_York", 0, 2 * 60 + 30)
    assert iso(ends, "America/New_York") == "2026-03-08T03:30:00-04:00"


def test_reminders_fall_at_half_and_nine_tenths_of_the_turn() -> None:
    start = ts("2026-06-01T00:00:00+00:00")
    deadline = start + 48 * 3600
    assert reminder_times(start, deadline, (0.5, 0.9), tz_name="UTC", quiet_start=None,
                          quiet_end=None) == [
        start + 24 * 3600, start + 0.9 * 48 * 3600]


def test_a_reminder_in_quiet_hours_waits_for_them_to_end() -> None:
    start = ts("2026-06-01T12:00:00+00:00")
    deadline = start + 30 * 3600  # half-way: 03:00 UTC, 23:00 the evening before in New York
    times = reminder_times(start, deadline, (0.5,), tz_name="America/New_York",
                           quiet_start=19 * 60, quiet_end=8 * 60)
    assert [iso(t, "America/New_York") for t in times] == ["2026-06-02T08:00:00-04:00"]


def test_a_reminder_whose_quiet_hours_outlast_the_deadline_is_dropped() -> None:
    start = ts("2026-06-01T20:00:00+00:00")
    deadline = start + 4 * 3600
    assert reminder_times(start, deadline, (0.5, 0.9), tz_name="UTC",
                          quiet_start=21 * 60, quiet_end=9 * 60) == []


def test_unknown_zones_are_refused_and_names_autocomplete() -> None:
    with pytest.raises(ValueError, match="Mars/Olympus"):
        zone("Mars/Olympus")
    assert "Europe/Kyiv" in zone_names("kyiv")
    assert zone(None).key == "UTC"
