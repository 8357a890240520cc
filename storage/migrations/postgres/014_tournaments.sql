-- 014 (PostgreSQL): as migrations/014 for SQLite: tournaments, their entrants, rounds
-- (paired once: the primary key), round tables with results, and host actions.
CREATE TABLE tournaments (
    id                   BIGSERIAL PRIMARY KEY,
    guild_id             BIGINT,
    channel_id           BIGINT  NOT NULL,
    host_id              BIGINT  NOT NULL,
    title                TEXT    NOT NULL DEFAULT '',
    game                 TEXT    NOT NULL,
    options              TEXT    NOT NULL DEFAULT '{}',
    table_settings       TEXT    NOT NULL DEFAULT '{}',
    format               TEXT    NOT NULL,
    rounds               INTEGER NOT NULL,
    round_seconds        INTEGER NOT NULL,
    seats                INTEGER NOT NULL,
    min_seats            INTEGER,
    advance              INTEGER NOT NULL DEFAULT 1,
    teams                INTEGER NOT NULL DEFAULT 0,
    check_in             INTEGER NOT NULL DEFAULT 0,
    starts_at            DOUBLE PRECISION NOT NULL,
    status               TEXT    NOT NULL DEFAULT 'signup'
        CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    current_round        INTEGER NOT NULL DEFAULT 0,
    signup_message_id    BIGINT,
    standings_message_id BIGINT,
    created_at           DOUBLE PRECISION NOT NULL,
    paused_at            DOUBLE PRECISION,
    paused_seconds       DOUBLE PRECISION NOT NULL DEFAULT 0,
    finished_at          DOUBLE PRECISION
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);

CREATE TABLE tournament_entrants (
    tournament_id   BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id         BIGINT  NOT NULL,
    name            TEXT    NOT NULL,
    seed            INTEGER NOT NULL,
    rating          DOUBLE PRECISION NOT NULL DEFAULT 0,
    joined_at       DOUBLE PRECISION NOT NULL,
    active          INTEGER NOT NULL DEFAULT 1,
    checked_in      INTEGER NOT NULL DEFAULT 0,
    withdrawn_round INTEGER,
    replaced_by_ai  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    starts_at     DOUBLE PRECISION NOT NULL,
    deadline      DOUBLE PRECISION NOT NULL,
    pairing       TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
    stage         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE tournament_tables (
    tournament_id BIGINT  NOT NULL,
    round         INTEGER NOT NULL,
    idx           INTEGER NOT NULL,
    table_id      BIGINT,
    seats         TEXT    NOT NULL,
    state         TEXT    NOT NULL DEFAULT 'waiting'
        CHECK (state IN ('waiting', 'opening', 'playing', 'done')),
    result        TEXT,
    decided_by    TEXT    NOT NULL DEFAULT 'played'
        CHECK (decided_by IN ('played', 'deadline', 'forfeit', 'bye')),
    forfeits      TEXT    NOT NULL DEFAULT '[]',
    moved         TEXT    NOT NULL DEFAULT '[]',
    PRIMARY KEY (tournament_id, round, idx),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
        ON DELETE CASCADE
);
CREATE INDEX tournament_tables_by_table ON tournament_tables (table_id);

CREATE TABLE tournament_actions (
    id            BIGSERIAL PRIMARY KEY,
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       BIGINT  NOT NULL,
    action        TEXT    NOT NULL,
    detail        TEXT    NOT NULL DEFAULT '{}',
    acted_at      DOUBLE PRECISION NOT NULL
);
CREATE INDEX tournament_actions_by_tournament ON tournament_actions (tournament_id, acted_at);
