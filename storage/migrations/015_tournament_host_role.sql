-- 015: a server's tournament host role (issue 49): its members may create and run
-- tournaments as Manage Server may (none: Manage Server only).
ALTER TABLE guild_settings ADD COLUMN tournament_role_id INTEGER;
