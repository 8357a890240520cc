"""Guild settings: default turn time, reminders, timeout action, allowed channels, rate_ai,
lobby role, default lobby time, the tournament host role, the games' reviews."""

from __future__ import annotations

import json
import logging

from .backend import Backend
from .models import GuildSettings

log = logging.getLogger(__name__)


class SettingsMixin:
    """Guild settings methods of `Storage`."""

    _db: Backend

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; the defaults of GuildSettings if none were stored."""
        rows = list(await self._db.fetch(
            """
            SELECT default_turn_seconds, reminders, timeout_action, allowed_channels,
                   rate_ai, lobby_role_id, default_lobby_seconds, web_public,
                   pickup_channel_id, pickup_threads, tournament_role_id, reviews
            FROM guild_settings WHERE guild_id = ?
            """,
            (guild_id,),
        ))
        if not rows:
            return GuildSettings(guild_id)
        (seconds, reminders, action, channels, rate_ai, role, lobby_seconds, public, pickup,
         threads, hosts, reviews) = rows[0]
        return GuildSettings(
            guild_id=guild_id,
            default_turn_seconds=seconds,
            reminders=tuple(float(f) for f in json.loads(reminders)),
            timeout_action=action,
            allowed_channels=frozenset(int(c) for c in json.loads(channels)),
            rate_ai=bool(rate_ai),
            lobby_role_id=role,
            default_lobby_seconds=lobby_seconds,
            web_public=bool(public),
            pickup_channel_id=pickup,
            pickup_threads=bool(threads),
            tournament_role_id=hosts,
            reviews=bool(reviews),
        )

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        """Store every field of `settings`, replacing what the guild had."""
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO guild_settings (guild_id, default_turn_seconds, reminders,
                                            timeout_action, allowed_channels, rate_ai,
                                            lobby_role_id, default_lobby_seconds, web_public,
                                            pickup_channel_id, pickup_threads,
                                            tournament_role_id, reviews)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (guild_id) DO UPDATE SET
                    default_turn_seconds = excluded.default_turn_seconds,
                    reminders = excluded.reminders,
                    timeout_action = excluded.timeout_action,
                    allowed_channels = excluded.allowed_channels,
                    rate_ai = excluded.rate_ai,
                    lobby_role_id = excluded.lobby_role_id,
                    default_lobby_seconds = excluded.default_lobby_seconds,
                    web_public = excluded.web_public,
                    pickup_channel_id = excluded.pickup_channel_id,
                    pickup_threads = excluded.pickup_threads,
                    tournament_role_id = excluded.tournament_role_id,
                    reviews = excluded.reviews
                """,
                (settings.guild_id, settings.default_turn_seconds,
                 json.dumps(sorted(settings.reminders)), settings.timeout_action,
                 json.dumps(sorted(settings.allowed_channels)), int(settings.rate_ai),
                 settings.lobby_role_id, settings.default_lobby_seconds,
                 int(settings.web_public), settings.pickup_channel_id,
                 int(settings.pickup_threads), settings.tournament_role_id,
                 int(settings.reviews)),
            )
