-- 014: tournaments across days (issue 49). A tournament (its server, channel, host, game,
-- table options and settings, format, rounds and their length, table size, status and
-- the stages of its notices), its entrants, its rounds (one row per round: the primary
-- key makes a round paired once, whichever process pairs it first), each round's tables
-- with their results (a bye is a table of one, decided_by 'bye'), and every host action.
CREATE TABLE tournaments (
    id                   INTEGER PRIMARY KEY,
    guild_id             INTEGER,
    channel_id           INTEGER NOT NULL,
    host_id              INTEGER NOT NULL,
    title                TEXT    NOT NULL DEFAULT '',
    game                 TEXT    NOT NULL,
    options              TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    table_settings       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(table_settings)),
    format               TEXT    NOT NULL,
    rounds               INTEGER NOT NULL,
    round_seconds        INTEGER NOT NULL,
    seats                INTEGER NOT NULL,
    min_seats            INTEGER,
    advance              INTEGER NOT NULL DEFAULT 1,
    teams                INTEGER NOT NULL DEFAULT 0,
    check_in             INTEGER NOT NULL DEFAULT 0,
    starts_at            REAL    NOT NULL,
    status               TEXT    NOT NULL DEFAULT 'signup'
        CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    current_round        INTEGER NOT NULL DEFAULT 0,
    signup_message_id    INTEGER,
    standings_message_id INTEGER,
    created_at           REAL    NOT NULL,
    paused_at            REAL,
    paused_seconds       REAL    NOT NULL DEFAULT 0,
    finished_at          REAL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);

CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    seed            INTEGER NOT NULL,
    rating          REAL    NOT NULL DEFAULT 0,
    joined_at       REAL    NOT NULL,
    active          INTEGER NOT NULL DEFAULT 1,
    checked_in      INTEGER NOT NULL DEFAULT 0,
    withdrawn_round INTEGER,
    replaced_by_ai  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    starts_at     REAL    NOT NULL,
    deadline      REAL    NOT NULL,
    pairing       TEXT    NOT NULL CHECK (json_valid(pairing)),
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
    stage         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    idx           INTEGER NOT NULL,
    table_id      INTEGER,
    seats         TEXT    NOT NULL CHECK (json_valid(seats)),
    state         TEXT    NOT NULL DEFAULT 'waiting'
        CHECK (state IN ('waiting', 'opening', 'playing', 'done')),
    result        TEXT    CHECK (result IS NULL OR json_valid(result)),
    decided_by    TEXT    NOT NULL DEFAULT 'played'
        CHECK (decided_by IN ('played', 'deadline', 'forfeit', 'bye')),
    forfeits      TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(forfeits)),
    moved         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(moved)),
    PRIMARY KEY (tournament_id, round, idx),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
        ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX tournament_tables_by_table ON tournament_tables (table_id);

CREATE TABLE tournament_actions (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    detail        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    acted_at      REAL    NOT NULL
);
CREATE INDEX tournament_actions_by_tournament ON tournament_actions (tournament_id, acted_at);
