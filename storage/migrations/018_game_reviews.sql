-- 018: the computer's review of a finished game (issue 53), stored as figures with the
-- game: one row per table, made when a worker claims the table (`claimed_by` the process,
-- until `claim_until`: a claim that outlived its process expires and the game is claimed
-- again, at most a few `attempts`), then `done` with the review (JSON, engine.review's
-- figures) or `skipped` (nothing to judge: no person seated, a game the review does not
-- cover) or `failed`. The row goes with its table. A server may switch reviews off.
CREATE TABLE game_reviews (
    table_id     INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    status       TEXT    NOT NULL DEFAULT 'working'
                 CHECK (status IN ('working', 'done', 'skipped', 'failed')),
    claimed_by   TEXT,
    claim_until  REAL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    review       TEXT    CHECK (review IS NULL OR json_valid(review)),
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL
);
-- The worker looks for the games finished lately that have no review yet.
CREATE INDEX game_tables_finished ON game_tables (updated_at, id) WHERE status = 'finished';

ALTER TABLE guild_settings ADD COLUMN reviews INTEGER NOT NULL DEFAULT 1;
