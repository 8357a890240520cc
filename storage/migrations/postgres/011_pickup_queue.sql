-- 011 (PostgreSQL): as migrations/011 for SQLite: the pickup queue, its parties,
-- scheduled tables and their RSVPs, the server's pickup channel.
CREATE TABLE queue_parties (
    id         BIGSERIAL PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    leader_id  BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE queue_party_members (
    party_id  BIGINT NOT NULL REFERENCES queue_parties (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    confirmed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (party_id, user_id)
);

CREATE TABLE queue_entries (
    id           BIGSERIAL PRIMARY KEY,
    guild_id     BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    name         TEXT   NOT NULL,
    game         TEXT   NOT NULL,
    seats        TEXT   NOT NULL,
    longest_turn INTEGER NOT NULL,
    rated        INTEGER NOT NULL DEFAULT 1,
    ai_after     DOUBLE PRECISION,
    party_id     BIGINT REFERENCES queue_parties (id) ON DELETE SET NULL,
    variant      TEXT   NOT NULL DEFAULT '',
    created_at   DOUBLE PRECISION NOT NULL,
    expires_at   DOUBLE PRECISION NOT NULL,
    drop_others  INTEGER NOT NULL DEFAULT 1,
    warned       INTEGER NOT NULL DEFAULT 0,
    UNIQUE (guild_id, user_id, game, variant)
);
CREATE INDEX queue_entries_by_guild ON queue_entries (guild_id, created_at);

CREATE TABLE schedules (
    table_id  BIGINT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    starts_at DOUBLE PRECISION NOT NULL,
    repeat    TEXT    NOT NULL DEFAULT '' CHECK (repeat IN ('', 'weekly')),
    grace     INTEGER NOT NULL DEFAULT 0,
    ai_fill   INTEGER NOT NULL DEFAULT 0,
    reminded  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX schedules_by_start ON schedules (starts_at);

CREATE TABLE rsvps (
    table_id   BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    answer     TEXT   NOT NULL CHECK (answer IN ('going', 'maybe', 'cant')),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

ALTER TABLE guild_settings ADD COLUMN pickup_channel_id BIGINT;
ALTER TABLE guild_settings ADD COLUMN pickup_threads INTEGER NOT NULL DEFAULT 0;
