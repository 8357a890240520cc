-- 010: a server's web pages open without a signed link when its admins chose so
-- (/domino settings web:public); private (0) unless they did.
ALTER TABLE guild_settings ADD COLUMN web_public INTEGER NOT NULL DEFAULT 0;
