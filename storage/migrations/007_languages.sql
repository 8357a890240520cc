-- 007: the language each person and each server chose (issue 16). No row, or a NULL
-- language, means "as Discord says": a person's client locale, a server's preferred one.
-- `client` keeps a person's last client locale, for DMs sent outside an interaction.
CREATE TABLE person_languages (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT,
    client    TEXT
);
CREATE TABLE server_languages (
    guild_id  INTEGER PRIMARY KEY,
    language  TEXT NOT NULL
);
