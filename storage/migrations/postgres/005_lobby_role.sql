-- 005 (PostgreSQL): as migrations/005 for SQLite: the lobby role and default lobby time.
ALTER TABLE guild_settings ADD COLUMN lobby_role_id BIGINT;
ALTER TABLE guild_settings ADD COLUMN default_lobby_seconds INTEGER NOT NULL DEFAULT 86400;
