"""A scheduled table's start, read from what the host typed, in the host's own time zone.

Accepted (in English, Russian, Ukrainian, Spanish or Portuguese words, accents optional):
a time of day `20:00` or `20h`, `20h30` (its next occurrence), `tomorrow 19:30` /
`завтра 19:30` / `mañana 19:30` / `amanhã 19:30`, a weekday `fri 21:00` / `пт 21:00` /
`vie 21:00` / `sexta 21:00` (the coming one: today if that time is still ahead), with
or without a little word before the time (`at`, `в`, `о`, `a las`, `às`), `in 3h`,
`in 1h30m`, `in 2d` / `через 3ч` / `en 3h` / `em 3 horas` / `dentro de 2 días` /
`daqui a 1h`, and an ISO date-time `2026-12-05 20:00` (with an offset, `+03:00`, it is
read as given). Pure: the clock and the zone are passed in; the answer is UTC seconds.

A wall time that does not exist in the zone (the clocks jump over it) or occurs twice
(they go back over it) is refused with both readings named, each typed as an ISO time
with its offset, which is accepted as is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from catalog import Phrase
from tables.errors import TableError
from tables.quiet import zone

# How far ahead a table may be scheduled.
MOST_DAYS_AHEAD = 30
# The forms an unreadable time's answer shows, in the host's words.
EXAMPLES = Phrase("start.examples")

# Words are compared without accents (people type «manana», «amanha», «sabado»), so
# each is written here without them.
_DAY_WORDS = {
    "today": 0, "сегодня": 0, "сьогодні": 0, "hoy": 0, "hoje": 0,
    "tomorrow": 1, "завтра": 1, "manana": 1, "amanha": 1,
}
_WEEKDAYS = {
    0: ("mon", "monday", "пн", "понедельник", "пон", "понеділок", "lun", "lunes", "seg",
        "segunda", "segunda-feira"),
    1: ("tue", "tues", "tuesday", "вт", "вторник", "вів", "вівторок", "mar", "martes", "ter",
        "terca", "terca-feira"),
    2: ("wed", "wednesday", "ср", "среда", "середа", "mie", "miercoles", "qua", "quarta",
        "quarta-feira"),
    3: ("thu", "thur", "thurs", "thursday", "чт", "четверг", "чет", "четвер", "jue", "jueves",
        "qui", "quinta", "quinta-feira"),
    4: ("fri", "friday", "пт", "пятница", "п'ятниця", "пʼятниця", "пят", "vie", "viernes",
        "sex", "sexta", "sexta-feira"),
    5: ("sat", "saturday", "сб", "суббота", "субота", "sab", "sabado"),
    6: ("sun", "sunday", "вс", "воскресенье", "нд", "неділя", "нед", "dom", "domingo"),
}
_WEEKDAY = {word: day for day, words in _WEEKDAYS.items() for word in words}
_UNITS = {
    "d": 86400, "day": 86400, "days": 86400, "д": 86400, "дн": 86400, "дня": 86400,
    "дней": 86400, "день": 86400, "днів": 86400, "дні": 86400, "dia": 86400, "dias": 86400,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "ч": 3600,
    "час": 3600, "часа": 3600, "часов": 3600, "г": 3600, "год": 3600, "години": 3600,
    "годин": 3600, "година": 3600, "hora": 3600, "horas": 3600,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "м": 60, "мин": 60,
    "минут": 60, "минуты": 60, "хв": 60, "хвилин": 60, "хвилини": 60, "minuto": 60,
    "minutos": 60,
}
# The little words before a time of day ("завтра в 19:30", "mañana a las 19:30",
# "sexta às 20h", "el viernes"), and between amounts ("1 hora y 30 minutos").
_BEFORE_TIME = frozenset({"at", "on", "в", "во", "о", "об", "a", "las", "la", "el", "as",
                          "no", "na"})
_AND = frozenset({"and", "и", "і", "та", "y", "e"})
_CLOCK = re.compile(r"^(\d{1,2})(?::(\d{2})h?|h(\d{2})?)?$")
_IN = re.compile(r"^(?:in|через|en|em|dentro de|daqui a)\s+(.+)$")
_AMOUNT = re.compile(r"(\d+)\s*([a-zа-яіїєґ']+)")
_ACCENTS = str.maketrans("áàâãäéêèíîóôõöúüñç", "aaaaaeeeiioooouunc")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}[ t]\d{1,2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?$")


class StartRefused(TableError):
    """A start time that cannot be used: the key says why, the values what to type."""


@dataclass(frozen=True)
class _Wall:
    """A wall-clock time in the host's zone, not yet placed on the time line."""

    day: date
    clock: time


def read_start(text: str, zone: ZoneInfo, now: float) -> float:
    """The UTC unix second the host means by `text`, read in `zone` at `now`.

    Raises StartRefused: "error.start.unreadable" (with the accepted forms), "…past",
    "…too_far", "…gap" (a wall time the clocks skip) or "…twice" (one they pass twice;
    both readings given)."""
    words = " ".join(text.strip().lower().replace(",", " ").translate(_ACCENTS).split())
    if not words or len(words) > 40:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    at = _relative(words, now)
    if at is None:
        at = _absolute(words, zone, now)
    if at <= now:
        raise StartRefused("error.start.past", when=_stamp(at))
    if at - now > MOST_DAYS_AHEAD * 86400:
        raise StartRefused("error.start.too_far", days=MOST_DAYS_AHEAD)
    return at


def read_host_start(text: str, tz: str | None, now: float) -> float:
    """`read_start` in the host's profile zone `tz`. Raises TableError
    ("error.schedule.no_zone") before any time is read when they chose none (None or
    "": no profile, a profile of quiet hours only, or the name an RSVP left), else
    StartRefused as read_start does."""
    if not tz:
        raise TableError("error.schedule.no_zone", text=f"`{text[:40]}`")
    return read_start(text, zone(tz), now)


def _relative(words: str, now: float) -> float | None:
    """`in 3h`, `in 1h30m`, `через 2 дня`: now plus the amounts; None for another form."""
    matched = _IN.match(words)
    if matched is None:
        return None
    said = " ".join(word for word in matched[1].split(" ") if word not in _AND)
    rest = said.replace(" ", "")
    amounts = _AMOUNT.findall(said)
    if not amounts or "".join(n + u for n, u in amounts) != rest:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    seconds = 0
    for number, unit in amounts:
        if unit not in _UNITS or len(number) > 5:
            raise StartRefused("error.start.unreadable", examples=EXAMPLES)
        seconds += int(number) * _UNITS[unit]
    return now + seconds


def _absolute(words: str, zone: ZoneInfo, now: float) -> float:
    if _ISO.match(words):
        return _iso(words, zone)
    local_now = datetime.fromtimestamp(now, zone)
    parts = [word for word in words.split(" ") if word not in _BEFORE_TIME]
    if not parts:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    clock = _clock(parts[-1])
    if len(parts) == 1:
        wall = _Wall(local_now.date(), clock)
        if _place(wall, zone, strict=False) <= now:  # already past today: tomorrow's
            wall = _Wall(local_now.date() + timedelta(days=1), clock)
        return _place(wall, zone)
    if len(parts) != 2:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    word = parts[0].rstrip(".")
    if word in _DAY_WORDS:
        return _place(_Wall(local_now.date() + timedelta(days=_DAY_WORDS[word]), clock), zone)
    if word in _WEEKDAY:
        ahead = (_WEEKDAY[word] - local_now.weekday()) % 7
        wall = _Wall(local_now.date() + timedelta(days=ahead), clock)
        if ahead == 0 and _place(wall, zone, strict=False) <= now:
            wall = _Wall(wall.day + timedelta(days=7), clock)  # today's is past: next week's
        return _place(wall, zone)
    raise StartRefused("error.start.unreadable", examples=EXAMPLES)


def _clock(word: str) -> time:
    matched = _CLOCK.match(word)
    if matched is None:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    hours, minutes = int(matched[1]), int(matched[2] or matched[3] or 0)
    if hours > 23 or minutes > 59:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES)
    return time(hours, minutes)


def _iso(words: str, zone: ZoneInfo) -> float:
    try:
        parsed = datetime.fromisoformat(words.upper().replace(" ", "T"))
    except ValueError:
        raise StartRefused("error.start.unreadable", examples=EXAMPLES) from None
    if parsed.tzinfo is not None:  # an offset given: exactly that instant
        return parsed.timestamp()
    return _place(_Wall(parsed.date(), parsed.time()), zone)


def _place(wall: _Wall, zone: ZoneInfo, *, strict: bool = True) -> float:
    """The instant the zone's clocks show `wall`. With `strict`, a wall time the clocks
    skip or show twice is refused, naming both readings."""
    naive = datetime.combine(wall.day, wall.clock)
    first = naive.replace(tzinfo=zone, fold=0)
    second = naive.replace(tzinfo=zone, fold=1)
    if not strict or first.utcoffset() == second.utcoffset():
        return first.timestamp()
    # A skipped time reads back as another wall time; a doubled one reads back as itself.
    skipped = first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != naive
    readings = sorted((first, second), key=lambda d: d.timestamp())
    offered = [_typed(d) for d in readings]
    key = "error.start.gap" if skipped else "error.start.twice"
    raise StartRefused(key, time=naive.strftime("%Y-%m-%d %H:%M"), zone=zone.key,
                       first=offered[0], second=offered[1])


def _typed(moment: datetime) -> str:
    """A reading as the host could type it back (ISO with its offset, the wall time the
    clocks really show then), and its Discord timestamp."""
    shown = datetime.fromtimestamp(moment.timestamp(), moment.tzinfo)
    offset = shown.strftime("%z")
    iso = shown.strftime("%Y-%m-%d %H:%M") + f"{offset[:3]}:{offset[3:]}"
    return f"`{iso}` ({_stamp(moment.timestamp())})"


def _stamp(at: float) -> str:
    """A Discord timestamp: each reader sees it in their own zone."""
    return f"<t:{int(at)}:F>"
