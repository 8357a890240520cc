"""The plain, frozen dataclasses storage takes and returns (never database rows)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from engine.registry import GAME_NAMES

GAMES: Final = GAME_NAMES  # the games of engine/registry.py
STATUSES: Final = ("lobby", "playing", "finished", "cancelled", "abandoned")
ACTIVE_STATUSES: Final = ("lobby", "playing")
TIMEOUT_ACTIONS: Final = ("ai", "skip", "forfeit")
# Discord's rule: a guild's shard is (guild_id >> 22) % shard_count. Said once here, for
# the processes (`shard_of`) and for SQL that picks a shard's tables (storage.tables).
SHARD_BITS: Final = 22


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard of a guild's tables; tables outside a guild (DMs) are shard 0's."""
    return ((guild_id or 0) >> SHARD_BITS) % shard_count

# The one place the shown rating is defined. OpenSkill's ordinal (mu - 3 sigma) starts at 0
# for a new player and reaches about 30-35 for the very best; people read it as
# DISPLAY_BASE + DISPLAY_SCALE * ordinal, rounded and clamped: a newcomer shows 1000,
# a strong regular about 1500-1800.
DISPLAY_BASE: Final = 1000.0
DISPLAY_SCALE: Final = 25.0
DISPLAY_MIN: Final = 0
DISPLAY_MAX: Final = 3000
# A rating is provisional until this many rated games: sigma is still large, the number moves fast.
PROVISIONAL_GAMES: Final = 10


def display_rating(ordinal: float) -> int:
    """The rating people see for an OpenSkill ordinal: 1000 + 25 * ordinal, rounded,
    clamped to 0..3000. Monotonic, so it sorts like the ordinal."""
    value = round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)
    return max(DISPLAY_MIN, min(DISPLAY_MAX, value))


def parse_hhmm(text: str) -> int:
    """Minutes after midnight for 'HH:MM' (00:00 to 23:59); raises ValueError otherwise."""
    hours, sep, minutes = text.strip().partition(":")
    digits = hours + minutes  # ASCII only: "²" is a digit to str.isdigit, not to int
    if not sep or not (digits.isascii() and digits.isdigit()) or not hours or len(minutes) != 2:
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
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LoadedTable:
    """A table with its whole move log, in order (moves[i] has seq i + 1)."""

    table: TableRow
    moves: tuple[str, ...]


@dataclass(frozen=True)
class SeatResult:
    """How one seat finished: place 1 is best (ties share a place); team set for pairs games;
    `figures`: what the game's results carry beyond place and points, by the names its
    registry spec declares (`engine.figures`), e.g. {"goat": 1, "hands": 4}."""

    seat: int
    place: int
    points: int = 0
    team: int | None = None
    figures: dict[str, int] = field(default_factory=dict)

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
    figures: dict[str, int]
    team: int | None
    rating_before: float | None
    rating_after: float | None
    guild_rating_before: float | None
    guild_rating_after: float | None
    finished_at: float


@dataclass(frozen=True)
class SolitaireResult:
    """A finished solitaire game; `figures` as in SeatResult (Big Clock: hours_home, discards)."""

    id: int
    table_id: int | None
    user_id: int
    guild_id: int | None
    game: str
    won: bool
    figures: dict[str, int]
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
    rated_games: int = 0

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0 when no games."""
        return self.wins / self.games if self.games else 0.0

    @property
    def display(self) -> int:
        """The rating as shown to people (see `display_rating`)."""
        return display_rating(self.rating)

    @property
    def provisional(self) -> bool:
        """True while fewer than PROVISIONAL_GAMES rated games were played."""
        return self.rated_games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class RatingPoint:
    """One rated game of a player: the ordinal before and after it, in one scope."""

    table_id: int
    finished_at: float
    before: float
    after: float


@dataclass(frozen=True)
class FigureTotals:
    """One figure (see SeatResult) over a player's games: its sum (0 when no game had it),
    the highest and lowest of a game, and the lowest of a won game (None: no such game)."""

    total: int
    high: int | None
    low: int | None
    low_in_win: int | None


@dataclass(frozen=True)
class GameTotals:
    """A player's totals of one game type (not solitaire), in one guild or everywhere.

    games/wins count every finished game, AI opponents included; wins are first places.
    best_points is the highest final score of a game (for Carousel, the best match score);
    streak is the current run, latest first: positive = that many wins in a row,
    negative = that many games without a win, 0 = no games; figures: the totals of each
    figure asked for, by name.
    """

    user_id: int
    game: str
    games: int
    wins: int
    points: int
    best_points: int | None
    streak: int
    figures: dict[str, FigureTotals] = field(default_factory=dict)

    @property
    def average_points(self) -> float | None:
        """Points per game, None when no games."""
        return self.points / self.games if self.games else None


@dataclass(frozen=True)
class SolitaireTotals:
    """A player's totals of a solitaire game, in one guild or everywhere.

    fastest_win: the shortest won game in seconds (None: never won); streak and figures
    as in GameTotals.
    """

    user_id: int
    game: str
    games: int
    wins: int
    fastest_win: float | None
    streak: int
    figures: dict[str, FigureTotals] = field(default_factory=dict)


@dataclass(frozen=True)
class Player:
    """A person's preferences. quiet_start/quiet_end are minutes after local midnight."""

    user_id: int
    name: str
    locale: str = "en"
    tz: str = ""  # IANA zone; "" not chosen yet (times read in UTC, a start time refused)
    quiet_start: int | None = None
    quiet_end: int | None = None
    wants_dms: bool = True
    dms_failed: bool = False
    dm_mode: str = "turns"

    def __post_init__(self) -> None:
        for value in (self.quiet_start, self.quiet_end):
            if value is not None and not 0 <= value < 1440:
                raise ValueError("quiet hours are minutes after midnight, 0 to 1439")
        if self.dm_mode not in DM_MODES:
            raise ValueError(f"dm_mode must be one of {', '.join(DM_MODES)}")


# Which DMs a player gets: one per real decision (and reminders), reminders only, none.
DM_MODES = ("turns", "reminders", "none")


@dataclass(frozen=True)
class HandMessage:
    """A player's latest hand message at a table, which the bot keeps up to date.

    A DM (`token` None) can be edited always; an ephemeral hand through its
    interaction `token` until `expires_at`. `seq` is the move number it shows;
    `live`: it has enabled move buttons.
    """

    table_id: int
    user_id: int
    channel_id: int
    message_id: int
    seq: int
    token: str | None = None
    expires_at: float | None = None
    live: bool = False

    def editable(self, now: float) -> bool:
        """Whether the bot can still edit it (a DM always; an ephemeral while its token lives)."""
        return self.token is None or (self.expires_at is not None and now < self.expires_at)


@dataclass(frozen=True)
class GuildSettings:
    """A guild's settings. reminders are fractions of the turn time; no channels = all allowed;
    rate_ai: games against AI seats move ratings (each AI level rated as a player);
    lobby_role_id: the role a new lobby mentions; default_lobby_seconds: a lobby's wait;
    web_public: the server's web pages open without a signed link;
    pickup_channel_id / pickup_threads: where the queue's tables open;
    tournament_role_id: a role whose members host tournaments as Manage Server may;
    reviews: the computer reviews the server's finished games (issue 53)."""

    guild_id: int
    default_turn_seconds: int = 86400
    reminders: tuple[float, ...] = (0.5, 0.9)
    timeout_action: str = "ai"
    allowed_channels: frozenset[int] = field(default_factory=frozenset)
    rate_ai: bool = False
    lobby_role_id: int | None = None
    default_lobby_seconds: int = 86400
    web_public: bool = False
    pickup_channel_id: int | None = None  # where the queue opens its tables (issue 24)
    pickup_threads: bool = False  # each queued table in a thread of its own
    tournament_role_id: int | None = None  # tournament hosts besides Manage Server (49)
    reviews: bool = True  # the computer's review of each finished game (issue 53)

    def __post_init__(self) -> None:
        if self.default_turn_seconds <= 0:
            raise ValueError("default_turn_seconds must be positive")
        if self.default_lobby_seconds <= 0:
            raise ValueError("default_lobby_seconds must be positive")
        if any(not 0 < f < 1 for f in self.reminders):
            raise ValueError("reminders are fractions of the turn, between 0 and 1")
        if self.timeout_action not in TIMEOUT_ACTIONS:
            raise ValueError(f"timeout_action must be one of {', '.join(TIMEOUT_ACTIONS)}")

    def channel_allowed(self, channel_id: int) -> bool:
        """True if tables may be opened in `channel_id`."""
        return not self.allowed_channels or channel_id in self.allowed_channels


RSVP_ANSWERS: Final = ("going", "maybe", "cant")
REPEATS: Final = ("", "weekly")


@dataclass(frozen=True)
class QueueEntry:
    """One person's wish in a server's pickup queue (issue 24). `seats` are the seat
    counts they accept, `longest_turn` the longest turn time (seconds), `ai_after` when
    AI seats may fill their table (UTC seconds; None: never), `party_id` the party they
    queued with, `drop_others`: being seated by this entry removes their other entries,
    `warned`: they were told it expired."""

    id: int
    guild_id: int
    user_id: int
    name: str
    game: str
    seats: tuple[int, ...]
    longest_turn: int
    rated: bool
    created_at: float
    expires_at: float
    ai_after: float | None = None
    party_id: int | None = None
    variant: str = ""
    drop_others: bool = True
    warned: bool = False


@dataclass(frozen=True)
class Party:
    """Friends who queue together: `members` maps each user id to whether they confirmed."""

    id: int
    guild_id: int
    leader_id: int
    members: dict[int, bool]

    @property
    def confirmed(self) -> bool:
        """Whether every member has confirmed."""
        return all(self.members.values())


@dataclass(frozen=True)
class Schedule:
    """A scheduled table's start: when (UTC seconds), `repeat` ("" or "weekly"), the
    `grace` (seconds) an unfilled lobby waits after it, whether AI seats fill it, and
    `reminded`: how many of its reminders (1 h, 10 min, the start) went out."""

    table_id: int
    starts_at: float
    repeat: str = ""
    grace: int = 0
    ai_fill: bool = False
    reminded: int = 0

    def __post_init__(self) -> None:
        if self.repeat not in REPEATS:
            raise ValueError(f"repeat must be one of {REPEATS}")
        if self.grace < 0:
            raise ValueError("grace must not be negative")
