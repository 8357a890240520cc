-- 010 (PostgreSQL): as migrations/010 for SQLite: whether a server's web pages are public.
ALTER TABLE guild_settings ADD COLUMN web_public INTEGER NOT NULL DEFAULT 0;
