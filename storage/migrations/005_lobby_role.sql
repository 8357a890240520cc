-- 005: pickup lobbies. The role a new lobby mentions (none: no mention) and how long a
-- lobby waits for players unless `/domino new` says otherwise.
ALTER TABLE guild_settings ADD COLUMN lobby_role_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN default_lobby_seconds INTEGER NOT NULL DEFAULT 86400;
