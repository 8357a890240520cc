-- 018 (PostgreSQL): as migrations/018 for SQLite: each finished game's review (JSONB
-- here), claimed by one process at a time; a server's switch.
CREATE TABLE game_reviews (
    table_id     BIGINT  PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    status       TEXT    NOT NULL DEFAULT 'working'
                 CHECK (status IN ('working', 'done', 'skipped', 'failed')),
    claimed_by   TEXT,
    claim_until  DOUBLE PRECISION,
    attempts     INTEGER NOT NULL DEFAULT 0,
    review       JSONB,
    created_at   DOUBLE PRECISION NOT NULL,
    updated_at   DOUBLE PRECISION NOT NULL
);
CREATE INDEX game_tables_finished ON game_tables (updated_at, id) WHERE status = 'finished';

ALTER TABLE guild_settings ADD COLUMN reviews INTEGER NOT NULL DEFAULT 1;
