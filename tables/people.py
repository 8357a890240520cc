"""People and servers as the pickup features need them: profiles, server settings, lists.

The cogs never touch storage: they ask `People` for a player's profile (time
zone, quiet hours, turn DMs), a server's settings, the caller's active games in
every server, and a server's open lobbies. Every user mistake is a
`TableError` with a message meant for them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from storage import Storage
from storage.models import DM_MODES, GuildSettings, Player, format_hhmm
from tables.errors import NotAllowed, TableError
from tables.live import DAY, TIMEOUT_ACTIONS, LiveTable
from tables.quiet import zone
from tables.service import TableService

MIN_TURN, MAX_TURN = 60, 7 * DAY
PRESETS = {"live": 2 * 60, "casual": 12 * 3600, "correspondence": 48 * 3600}
_HHMM = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_clock(text: str) -> int:
    """'7', '07:30' or '23:00' -> minutes after midnight. Raises TableError."""
    match = _HHMM.match(text)
    if match is None:
        raise TableError("error.bad_clock", text=text.strip())
    hours, minutes = int(match[1]), int(match[2] or 0)
    if hours > 23 or minutes > 59:
        raise TableError("error.bad_clock", text=text.strip())
    return hours * 60 + minutes


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """'23:00-07:30' -> (1380, 450); 'off'/'none'/'' -> (None, None). Raises TableError."""
    cleaned = text.strip().lower()
    if cleaned in ("", "off", "none", "no"):
        return None, None
    start, sep, end = cleaned.replace("–", "-").partition("-")
    if not sep:
        raise TableError("error.bad_quiet")
    first, last = parse_clock(start), parse_clock(end)
    if first == last:
        return None, None
    return first, last


def quiet_text(player: Player) -> str:
    """'23:00-07:30', or '' when the player has no quiet hours."""
    if player.quiet_start is None or player.quiet_end is None:
        return ""
    return f"{format_hhmm(player.quiet_start)}-{format_hhmm(player.quiet_end)}"


def parse_reminders(text: str) -> tuple[float, ...]:
    """'50 90' or '50%, 90%' or '0.5,0.9' -> (0.5, 0.9); 'none' -> (). Raises TableError."""
    cleaned = text.strip().lower()
    if cleaned in ("none", "off", "no", ""):
        return ()
    out: set[float] = set()
    for part in re.split(r"[\s,;]+", cleaned.replace("%", " ")):
        if not part:
            continue
        try:
            value = float(part)
        except ValueError:
            raise TableError("error.bad_percent", part=part[:20]) from None
        # Rounded first: 0.00001 would otherwise become a reminder at 0% of the turn.
        fraction = round(value / 100 if value >= 1 else value, 4)
        if not 0.01 <= fraction <= 0.99:
            raise TableError("error.percent_range")
        out.add(fraction)
    return tuple(sorted(out))


def check_turn_seconds(seconds: int) -> int:
    """`seconds` if it is a legal turn time (1 minute to 7 days). Raises TableError."""
    if not MIN_TURN <= seconds <= MAX_TURN:
        raise TableError("error.turn_range")
    return seconds


@dataclass(frozen=True, slots=True)
class GameLine:
    """One of a player's active tables: whose turn, by when (UTC seconds), and where."""

    table: LiveTable
    my_turn: bool
    whose: str
    deadline: float | None


class People:
    """Profiles, server settings and listings, over a `TableService` and its storage."""

    def __init__(self, service: TableService, store: Storage) -> None:
        self.service = service
        self.store = store

    # -- profiles --------------------------------------------------------------------------
    async def profile(self, user_id: int, name: str = "") -> Player:
        """The player's stored profile, or the defaults."""
        return await self.store.get_player(user_id) or Player(user_id, name)

    async def set_profile(self, user_id: int, name: str, *, tz: str | None = None,
                          quiet: str | None = None, wants_dms: bool | None = None,
                          dm_mode: str | None = None) -> Player:
        """Change what was given; a profile change also retries DMs. Raises TableError.

        `dm_mode` is which DMs they get (storage.models.DM_MODES); `wants_dms` False is
        the same as "none", True as "turns"."""
        player = await self.profile(user_id, name)
        changes: dict[str, object] = {"dms_failed": False}
        if name:
            changes["name"] = name
        if tz is not None:
            try:
                changes["tz"] = zone(tz.strip()).key
            except ValueError:
                raise TableError("error.bad_zone", name=tz.strip()[:40]) from None
        if quiet is not None:
            changes["quiet_start"], changes["quiet_end"] = parse_quiet(quiet)
        if wants_dms is not None and dm_mode is None:
            dm_mode = "turns" if wants_dms else "none"
        if dm_mode is not None:
            if dm_mode not in DM_MODES:
                raise TableError("error.dm_modes", modes=", ".join(DM_MODES))
            changes["dm_mode"], changes["wants_dms"] = dm_mode, dm_mode != "none"
        updated = dataclasses.replace(player, **changes)  # type: ignore[arg-type]
        await self.store.upsert_player(updated)
        return updated

    async def dm_failed(self, user_id: int, name: str = "") -> None:
        """Discord refused a DM: stop trying until the player changes their profile."""
        if not await self.store.set_dms_failed(user_id, True):
            await self.store.upsert_player(Player(user_id, name or str(user_id),
                                                  dms_failed=True))

    # -- server settings ---------------------------------------------------------------
    async def server(self, guild_id: int | None) -> GuildSettings:
        """The server's settings (the defaults outside a server)."""
        if guild_id is None:
            return GuildSettings(0)
        return await self.store.get_guild_settings(guild_id)

    async def set_server(self, guild_id: int | None, *, is_manager: bool,
                         turn_minutes: int | None = None, reminders: str | None = None,
                         timeout_action: str | None = None,
                         channels: frozenset[int] | None = None,
                         lobby_role_id: int | None = None, clear_role: bool = False,
                         lobby_minutes: int | None = None,
                         web_public: bool | None = None,
                         pickup_channel_id: int | None = None,
                         pickup_threads: bool | None = None,
                         host_role_id: int | None = None,
                         clear_host_role: bool = False,
                         reviews: bool | None = None) -> GuildSettings:
        """Change what was given (Manage Server only). `host_role_id`: the role whose
        members host tournaments (`clear_host_role`: none); `reviews`: whether the
        computer reviews the server's finished games. Raises TableError."""
        if guild_id is None:
            raise TableError("error.server_only")
        if not is_manager:
            raise NotAllowed("error.managers_only")
        current = await self.store.get_guild_settings(guild_id)
        changes: dict[str, object] = {}
        if turn_minutes is not None:
            changes["default_turn_seconds"] = check_turn_seconds(turn_minutes * 60)
        if lobby_minutes is not None:
            if not 1 <= lobby_minutes <= 7 * 24 * 60:
                raise TableError("error.lobby_range")
            changes["default_lobby_seconds"] = lobby_minutes * 60
        if reminders is not None:
            changes["reminders"] = parse_reminders(reminders)
        if timeout_action is not None:
            if timeout_action not in TIMEOUT_ACTIONS:
                raise TableError("error.timeout_actions", actions=", ".join(TIMEOUT_ACTIONS))
            changes["timeout_action"] = timeout_action
        if channels is not None:
            changes["allowed_channels"] = channels
        if clear_role:
            changes["lobby_role_id"] = None
        elif lobby_role_id is not None:
            changes["lobby_role_id"] = lobby_role_id
        if web_public is not None:
            changes["web_public"] = web_public
        if pickup_channel_id is not None:
            changes["pickup_channel_id"] = pickup_channel_id
        if pickup_threads is not None:
            changes["pickup_threads"] = pickup_threads
        if clear_host_role:
            changes["tournament_role_id"] = None
        elif host_role_id is not None:
            changes["tournament_role_id"] = host_role_id
        if reviews is not None:
            changes["reviews"] = reviews
        updated = dataclasses.replace(current, **changes)  # type: ignore[arg-type]
        await self.store.set_guild_settings(updated)
        return updated

    async def turn_seconds(self, guild_id: int | None, preset: str | None,
                           minutes: int | None) -> int:
        """A new table's turn time: custom minutes, else the preset, else the server's."""
        if minutes is not None:
            return check_turn_seconds(minutes * 60)
        if preset is not None:
            if preset not in PRESETS:
                raise TableError("error.turn_presets", presets=", ".join(PRESETS))
            return PRESETS[preset]
        server = await self.server(guild_id)
        return max(MIN_TURN, min(MAX_TURN, server.default_turn_seconds))

    async def lobby_seconds(self, guild_id: int | None, minutes: int | None) -> int:
        """A new lobby's wait: the minutes given, else the server's default."""
        if minutes is not None:
            return minutes * 60
        server = await self.server(guild_id)
        return max(60, min(7 * DAY, server.default_lobby_seconds))

    # -- listings ------------------------------------------------------------------------
    def my_games(self, user_id: int) -> list[GameLine]:
        """The player's lobbies and games in progress in every server, soonest deadline first."""
        lines = []
        for table in self.service.held_tables.values():
            seat = table.seat_of(user_id)
            if seat is None or not table.is_live:
                continue
            to_move = table.game.to_move if table.game is not None else None
            lines.append(GameLine(table, to_move == seat and to_move is not None,
                                  table.to_move_name() if table.game is not None else "",
                                  table.deadline))
        return sorted(lines, key=lambda g: (not g.my_turn, g.deadline or float("inf"),
                                            g.table.id))

    def open_lobbies(self, guild_id: int | None) -> list[LiveTable]:
        """The server's lobbies with a free seat, oldest first."""
        return sorted((t for t in self.service.held_tables.values()
                       if t.status == "lobby" and t.guild_id == guild_id
                       and len(t.seats) < t.settings.seats), key=lambda t: t.id)
