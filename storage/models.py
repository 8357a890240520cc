"""The plain, frozen dataclasses storage takes and returns (never database rows)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

GAMES: Final = ("traditional", "carousel", "clock")
STATUSES: Final = ("lobby", "playing", "finished", "cancelled", "abandoned")
ACTIVE_STATUSES: Final = ("lobby", "playing")
TIMEOUT_ACTIONS: Final = ("ai", "skip", "forfeit")


def parse_hhmm(text: str) -> int:
    """Minutes after midnight for 'HH:MM' (00:00 to 23:59); raises ValueError otherwise."""
    hours, sep, minutes = text.strip().partition(":")
    if not sep or not hours.isdigit() or not minutes.isdigit() or len(minutes) != 2:
        raise ValueError(f"not a time of day in HH:MM: {text!r}")
    h, m = int(hours), int(minutes)
    if not (0 <= h < 24 and 0 <= m < 60):
        raise ValueError(f"not a time of day in HH:MM: {text!r}")
    return h * 60 + m


def format_hhmm(minutes: int) -> str:
    """'HH:MM' for a number of minutes after midnight."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True)
class Seat:
    """A seat at a table: a person (Discord user id) or an AI level, and a display name."""

    user_id: int | None
    ai_level: str | None
    name: str

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a seat holds exactly one of user_id and ai_level")

    @property
    def is_ai(self) -> bool:
        """True for a seat held by an AI."""
        return self.ai_level is not None


@dataclass(frozen=True)
class TableRow:
    """A table as stored (without its moves). Times are UTC unix seconds."""

    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    game: str
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    host_id: int
    status: str
    seed: int | None
    deal: dict[str, Any] | None
    created_at: float
    updated_at: float
    deadline: float | None
    last_seq: int
    snapshot: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LoadedTable:
    """A table with its whole move log, in order (moves[i] has seq i + 1)."""

    table: TableRow
    moves: tuple[str, ...]


@dataclass(frozen=True)
class SeatResult:
    """How one seat finished: place 1 is best (ties share a place); team set for pairs games."""

    seat: int
    place: int
    points: int = 0
    goat: bool = False
    team: int | None = None

    def __post_init__(self) -> None:
        if self.place < 1:
            raise ValueError("place starts at 1")


@dataclass(frozen=True)
class ResultRow:
    """A recorded result of one seat, with ratings (ordinals) before and after, if rated."""

    table_id: int
    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    game: str
    guild_id: int | None
    place: int
    points: int
    goat: bool
    team: int | None
    rating_before: float | None
    rating_after: float | None
    guild_rating_before: float | None
    guild_rating_after: float | None
    finished_at: float


@dataclass(frozen=True)
class SolitaireResult:
    """A finished solitaire (Big Clock) game."""

    id: int
    table_id: int | None
    user_id: int
    guild_id: int | None
    game: str
    won: bool
    discards: int
    hours_home: int
    duration: float
    finished_at: float


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of a leaderboard; rank 1 is the best ordinal."""

    rank: int
    user_id: int | None
    ai_level: str | None
    name: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0 when no games."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class PlayerStats:
    """A player's figures for one game type (a guild's rating, or global when guild_id is None)."""

    user_id: int
    game: str
    games: int
    wins: int
    goats: int
    points: int
    rating: LeaderboardRow | None
    best_duration: float | None = None
    hours_home_avg: float | None = None

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0 when no games."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Player:
    """A person's preferences. quiet_start/quiet_end are minutes after local midnight."""

    user_id: int
    name: str
    locale: str = "en"
    tz: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    wants_dms: bool = True
    dms_failed: bool = False

    def __post_init__(self) -> None:
        for value in (self.quiet_start, self.quiet_end):
            if value is not None and not 0 <= value < 1440:
                raise ValueError("quiet hours are minutes after midnight, 0 to 1439")


@dataclass(frozen=True)
class GuildSettings:
    """A guild's settings. reminders are fractions of the turn time; no channels = all allowed."""

    guild_id: int
    default_turn_seconds: int = 86400
    reminders: tuple[float, ...] = (0.5, 0.9)
    timeout_action: str = "ai"
    allowed_channels: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.default_turn_seconds <= 0:
            raise ValueError("default_turn_seconds must be positive")
        if any(not 0 < f < 1 for f in self.reminders):
            raise ValueError("reminders are fractions of the turn, between 0 and 1")
        if self.timeout_action not in TIMEOUT_ACTIONS:
            raise ValueError(f"timeout_action must be one of {', '.join(TIMEOUT_ACTIONS)}")

    def channel_allowed(self, channel_id: int) -> bool:
        """True if tables may be opened in `channel_id`."""
        return not self.allowed_channels or channel_id in self.allowed_channels
