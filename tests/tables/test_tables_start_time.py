"""Reading a scheduled table's start in the host's zone: every accepted form, and every
refusal with what it names."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from catalog import t
from tables.start_time import MOST_DAYS_AHEAD, StartRefused, read_start

KYIV, NEW_YORK, UTC = ZoneInfo("Europe/Kyiv"), ZoneInfo("America/New_York"), ZoneInfo("UTC")


def at(text: str, zone: ZoneInfo = KYIV) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone).timestamp()


# Wednesday 2 December 2026, 18:00 in Kyiv (16:00 UTC).
NOW = at("2026-12-02 18:00")


@pytest.mark.parametrize(("typed", "meant"), [
    ("20:00", "2026-12-02 20:00"),
    ("17:00", "2026-12-03 17:00"),  # already past today: tomorrow's
    ("9", "2026-12-03 09:00"),
    ("tomorrow 19:30", "2026-12-03 19:30"),
    ("Завтра 19:30", "2026-12-03 19:30"),
    ("today 23:59", "2026-12-02 23:59"),
    ("fri 21:00", "2026-12-04 21:00"),
    ("пт 21:00", "2026-12-04 21:00"),
    ("п'ятниця 21:00", "2026-12-04 21:00"),
    ("wed 19:00", "2026-12-02 19:00"),  # today, still ahead
    ("wed 17:00", "2026-12-09 17:00"),  # today's is past: next week's
    ("mon 08:15", "2026-12-07 08:15"),
    ("2026-12-05 20:00", "2026-12-05 20:00"),
    ("2026-12-05T20:00", "2026-12-05 20:00"),
])
def test_wall_times_are_read_in_the_hosts_zone(typed: str, meant: str) -> None:
    assert read_start(typed, KYIV, NOW) == at(meant)


@pytest.mark.parametrize(("typed", "meant"), [
    ("mañana 19:30", "2026-12-03 19:30"), ("manana 19:30", "2026-12-03 19:30"),
    ("Mañana a las 8", "2026-12-03 08:00"), ("hoy 23:59", "2026-12-02 23:59"),
    ("vie 21:00", "2026-12-04 21:00"), ("viernes 21:00", "2026-12-04 21:00"),
    ("el viernes a las 21:00", "2026-12-04 21:00"), ("miércoles 19:00", "2026-12-02 19:00"),
    ("miercoles 17:00", "2026-12-09 17:00"), ("lun 8:15", "2026-12-07 08:15"),
    ("sáb. 10:00", "2026-12-05 10:00"), ("domingo 20:00h", "2026-12-06 20:00"),
    ("amanhã 19:30", "2026-12-03 19:30"), ("amanha 19h30", "2026-12-03 19:30"),
    ("hoje 20h", "2026-12-02 20:00"), ("hoje às 20h30", "2026-12-02 20:30"),
    ("sexta às 21h", "2026-12-04 21:00"), ("sexta-feira 21:00", "2026-12-04 21:00"),
    ("segunda 8:15", "2026-12-07 08:15"), ("terça 9", "2026-12-08 09:00"),
    ("quarta-feira 17:00", "2026-12-09 17:00"), ("sábado 10:00", "2026-12-05 10:00"),
    ("no domingo 20h", "2026-12-06 20:00"),
])
def test_spanish_and_portuguese_days_and_times(typed: str, meant: str) -> None:
    assert read_start(typed, KYIV, NOW) == at(meant)


@pytest.mark.parametrize(("typed", "meant"), [
    ("завтра в 19:30", "2026-12-03 19:30"), ("завтра о 19:30", "2026-12-03 19:30"),
    ("tomorrow at 19:30", "2026-12-03 19:30"), ("fri at 21:00", "2026-12-04 21:00"),
])
def test_a_little_word_before_the_time_is_read_past_in_every_language(typed: str,
                                                                      meant: str) -> None:
    assert read_start(typed, KYIV, NOW) == at(meant)


def test_reading_20h_is_a_time_of_day_and_in_3h_is_a_duration() -> None:
    # «20h», «19h30» are how Brazilians (and many Spaniards) write a time of day; a bare
    # «3h» is therefore 03:00, and a duration always needs in / en / em / через.
    assert read_start("20h", KYIV, NOW) == at("2026-12-02 20:00")
    assert read_start("3h", KYIV, NOW) == at("2026-12-03 03:00")
    assert read_start("em 3h", KYIV, NOW) == NOW + 3 * 3600


@pytest.mark.parametrize(("typed", "seconds"), [
    ("in 3h", 3 * 3600), ("in 1h30m", 5400), ("in 1h 30m", 5400), ("in 45 min", 2700),
    ("in 2d", 2 * 86400), ("через 3ч", 3 * 3600), ("через 2 години", 7200),
    ("через 15 хв", 900), ("en 3h", 3 * 3600), ("en 2 horas", 7200), ("em 3 horas", 10800),
    ("dentro de 2 días", 2 * 86400), ("daqui a 1h", 3600), ("em 45 minutos", 2700),
    ("en 1 hora y 30 minutos", 5400), ("em 1h e 30min", 5400), ("in 1h and 30m", 5400),
    ("em 1 dia", 86400),
])
def test_relative_times_count_from_now(typed: str, seconds: int) -> None:
    assert read_start(typed, KYIV, NOW) == NOW + seconds


def test_an_offset_given_is_read_as_given_whatever_the_zone() -> None:
    assert read_start("2026-12-05 20:00+00:00", KYIV, NOW) == at("2026-12-05 20:00", UTC)


@pytest.mark.parametrize("typed", ["", "soon", "25:00", "12:60", "tomorrow", "in", "in 3x",
                                   "in 3h tomorrow", "next fri 21:00", "2026-13-01 10:00",
                                   "fri 21:00 22:00", "x" * 100, "mañana", "en", "em 3x",
                                   "pasado mañana 19:30", "a las", "sexta 25h", "20h61"])
def test_an_unreadable_time_shows_three_accepted_forms(typed: str) -> None:
    with pytest.raises(StartRefused) as refused:
        read_start(typed, KYIV, NOW)
    assert refused.value.key == "error.start.unreadable"
    assert str(refused.value.values["examples"]).count("`") >= 6


@pytest.mark.parametrize(("locale", "example"), [
    ("en", "`tomorrow 19:30`"), ("ru", "`через 3ч`"), ("uk", "`через 3 год`"),
    ("es", "`mañana 19:30`"), ("pt", "`amanhã 19:30`"),
])
def test_the_accepted_forms_are_shown_in_the_hosts_words(locale: str, example: str) -> None:
    with pytest.raises(StartRefused) as refused:
        read_start("soon", KYIV, NOW)
    shown = refused.value.text(locale)
    assert example in shown and shown.count("`") >= 6
    # Each form shown is one the reader accepts.
    for form in shown.split("`")[1::2]:
        assert read_start(form, KYIV, NOW) > NOW


def test_a_time_in_the_past_and_one_too_far_ahead_are_refused() -> None:
    with pytest.raises(StartRefused) as past:
        read_start("2026-12-01 20:00", KYIV, NOW)
    assert past.value.key == "error.start.past"
    assert past.value.values["when"] == f"<t:{int(at('2026-12-01 20:00'))}:F>"
    with pytest.raises(StartRefused) as far:
        read_start(f"in {MOST_DAYS_AHEAD + 1}d", KYIV, NOW)
    assert far.value.key == "error.start.too_far"
    assert read_start(f"in {MOST_DAYS_AHEAD}d", KYIV, NOW) == NOW + MOST_DAYS_AHEAD * 86400


def test_a_wall_time_the_clocks_skip_is_named_with_both_readings() -> None:
    # Kyiv springs forward at 03:00 on 29 March 2026: 03:30 never shows.
    with pytest.raises(StartRefused) as refused:
        read_start("2026-03-29 03:30", KYIV, at("2026-03-20 12:00"))
    values = refused.value.values
    assert refused.value.key == "error.start.gap"
    assert values["zone"] == "Europe/Kyiv" and values["time"] == "2026-03-29 03:30"
    assert "`2026-03-29 02:30+02:00`" in str(values["first"])
    assert "`2026-03-29 04:30+03:00`" in str(values["second"])
    # Each reading offered is accepted as typed.
    first = str(values["first"]).split("`")[1]
    assert read_start(first, KYIV, at("2026-03-20 12:00")) == at("2026-03-29 02:30")


def test_a_wall_time_the_clocks_show_twice_is_named_with_both_readings() -> None:
    # New York falls back at 02:00 on 1 November 2026: 01:30 shows twice.
    with pytest.raises(StartRefused) as refused:
        read_start("sun 1:30", NEW_YORK, at("2026-10-29 12:00", NEW_YORK))
    values = refused.value.values
    assert refused.value.key == "error.start.twice"
    assert "`2026-11-01 01:30-04:00`" in str(values["first"])
    assert "`2026-11-01 01:30-05:00`" in str(values["second"])
    second = str(values["second"]).split("`")[1]
    assert read_start(second, NEW_YORK, at("2026-10-29 12:00", NEW_YORK)) == (
        at("2026-11-01 06:30", UTC))


def test_reading_a_bare_time_already_past_today_means_tomorrow() -> None:
    """The issue leaves `20:00` at 21:00 open: the next time the clocks show it."""
    assert read_start("20:00", KYIV, at("2026-12-02 21:00")) == at("2026-12-03 20:00")


@pytest.mark.parametrize("locale", ["en", "ru", "uk", "es", "pt"])
def test_the_start_options_examples_are_read_in_every_language(locale: str) -> None:
    # /domino new … start: shows three forms in the host's words; each is accepted.
    shown = t("new.start", locale).split(": ", 1)[1].split(", ")
    assert len(shown) == 3
    for form in shown:
        assert read_start(form, KYIV, NOW) > NOW, (locale, form)
