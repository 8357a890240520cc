-- 001: the first schema. Times are UTC unix seconds (REAL). JSON columns hold text.

CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,              -- Discord user id
    name         TEXT    NOT NULL,
    locale       TEXT    NOT NULL DEFAULT 'en',
    tz           TEXT    NOT NULL DEFAULT 'UTC',   -- IANA time zone
    quiet_start  INTEGER CHECK (quiet_start BETWEEN 0 AND 1439),  -- minutes after local midnight
    quiet_end    INTEGER CHECK (quiet_end BETWEEN 0 AND 1439),
    wants_dms    INTEGER NOT NULL DEFAULT 1,
    dms_failed   INTEGER NOT NULL DEFAULT 0,
    updated_at   REAL    NOT NULL
);

CREATE TABLE guild_settings (
    guild_id              INTEGER PRIMARY KEY,
    default_turn_seconds  INTEGER NOT NULL CHECK (default_turn_seconds > 0),
    reminders             TEXT    NOT NULL,       -- JSON list of fractions of the turn, e.g. [0.5, 0.9]
    timeout_action        TEXT    NOT NULL CHECK (timeout_action IN ('ai', 'skip', 'forfeit')),
    allowed_channels      TEXT    NOT NULL        -- JSON list of channel ids; empty = every channel
);

CREATE TABLE game_tables (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,                          -- NULL outside a guild
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,                          -- the table's one public message
    game        TEXT    NOT NULL CHECK (game IN ('traditional', 'carousel', 'clock')),
    options     TEXT    NOT NULL DEFAULT '{}',    -- JSON object
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled', 'abandoned')),
    seed        INTEGER,                          -- the deal: a seed ...
    deal        TEXT,                             -- ... or an explicit deal (JSON)
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    deadline    REAL,                             -- the current turn's deadline
    last_seq    INTEGER NOT NULL DEFAULT 0        -- seq of the last move in the log, 0 = none
);
CREATE INDEX game_tables_status  ON game_tables (status);
CREATE INDEX game_tables_channel ON game_tables (channel_id, status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,                            -- a person ...
    ai_level  TEXT,                               -- ... or an AI
    name      TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
) WITHOUT ROWID;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The append-only move log. (table_id, seq) is unique: a move can be stored once.
CREATE TABLE moves (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    move        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_append_only_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TABLE results (
    table_id             INTEGER NOT NULL REFERENCES game_tables (id),
    seat                 INTEGER NOT NULL,
    user_id              INTEGER,
    ai_level             TEXT,
    name                 TEXT    NOT NULL,
    game                 TEXT    NOT NULL,
    guild_id             INTEGER,
    place                INTEGER NOT NULL CHECK (place >= 1),
    points               INTEGER NOT NULL,
    goat                 INTEGER NOT NULL DEFAULT 0,   -- traditional: the goat
    team                 INTEGER,                      -- pairs: 0 or 1
    rating_before        REAL,                         -- global ordinal, NULL when not rated
    rating_after         REAL,
    guild_rating_before  REAL,                         -- this guild's ordinal
    guild_rating_after   REAL,
    finished_at          REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_user ON results (user_id, finished_at DESC) WHERE user_id IS NOT NULL;

CREATE TABLE solitaire_results (
    id           INTEGER PRIMARY KEY,
    table_id     INTEGER UNIQUE REFERENCES game_tables (id),
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER,
    game         TEXT    NOT NULL DEFAULT 'clock',
    won          INTEGER NOT NULL,
    discards     INTEGER NOT NULL,
    hours_home   INTEGER NOT NULL,
    duration     REAL    NOT NULL,                     -- seconds
    finished_at  REAL    NOT NULL
);
CREATE INDEX solitaire_user ON solitaire_results (user_id, finished_at DESC);

-- OpenSkill (Plackett-Luce) ratings. scope = guild id, or 0 for global.
-- A person has ai_level ''; an AI level rated as a player has user_id 0.
CREATE TABLE ratings (
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    ai_level    TEXT    NOT NULL DEFAULT '',
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,                      -- mu - 3 sigma, what the board sorts by
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (game, scope, user_id, ai_level)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC);

-- What the scheduler has sent, so nothing is sent twice.
CREATE TABLE sent_notifications (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    sent_at   REAL    NOT NULL,
    PRIMARY KEY (table_id, seq, kind, user_id)
) WITHOUT ROWID;
