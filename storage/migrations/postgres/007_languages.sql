-- 007 (PostgreSQL): as migrations/007 for SQLite: the language each person and each
-- server chose. No row, or a NULL language, means "as Discord says".
CREATE TABLE person_languages (
    user_id   BIGINT  PRIMARY KEY,
    language  TEXT,
    client    TEXT
);
CREATE TABLE server_languages (
    guild_id  BIGINT  PRIMARY KEY,
    language  TEXT NOT NULL
);
