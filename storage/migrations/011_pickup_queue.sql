-- 011: pickup games across time zones (issue 24). A server's queue: each entry is what
-- one person accepts (seat counts, the longest turn, rated, when AI seats may fill their
-- table, the variant), with when it expires and whether being seated by it drops the
-- person's other entries. A party (up to 3 friends) queues together once each member
-- has confirmed. A scheduled table's start (its time, weekly repeat, the grace after it,
-- whether AI seats fill it) and each person's RSVP. The server's pickup channel.
CREATE TABLE queue_parties (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    leader_id  INTEGER NOT NULL,
    created_at REAL    NOT NULL
);

CREATE TABLE queue_party_members (
    party_id  INTEGER NOT NULL REFERENCES queue_parties (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    confirmed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (party_id, user_id)
) WITHOUT ROWID;

CREATE TABLE queue_entries (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    game         TEXT    NOT NULL,
    seats        TEXT    NOT NULL CHECK (json_valid(seats)),
    longest_turn INTEGER NOT NULL,
    rated        INTEGER NOT NULL DEFAULT 1,
    ai_after     REAL,
    party_id     INTEGER REFERENCES queue_parties (id) ON DELETE SET NULL,
    variant      TEXT    NOT NULL DEFAULT '',
    created_at   REAL    NOT NULL,
    expires_at   REAL    NOT NULL,
    drop_others  INTEGER NOT NULL DEFAULT 1,
    warned       INTEGER NOT NULL DEFAULT 0,
    UNIQUE (guild_id, user_id, game, variant)
);
CREATE INDEX queue_entries_by_guild ON queue_entries (guild_id, created_at);

CREATE TABLE schedules (
    table_id  INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    starts_at REAL    NOT NULL,
    repeat    TEXT    NOT NULL DEFAULT '' CHECK (repeat IN ('', 'weekly')),
    grace     INTEGER NOT NULL DEFAULT 0,
    ai_fill   INTEGER NOT NULL DEFAULT 0,
    reminded  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX schedules_by_start ON schedules (starts_at);

CREATE TABLE rsvps (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    answer     TEXT    NOT NULL CHECK (answer IN ('going', 'maybe', 'cant')),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

ALTER TABLE guild_settings ADD COLUMN pickup_channel_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN pickup_threads INTEGER NOT NULL DEFAULT 0;
