-- 015 (PostgreSQL): as migrations/015 for SQLite: the tournament host role.
ALTER TABLE guild_settings ADD COLUMN tournament_role_id BIGINT;
