-- 008 (PostgreSQL): as migrations/008 for SQLite: each player's latest hand message.
CREATE TABLE hand_messages (
    table_id   BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    token      TEXT,
    expires_at DOUBLE PRECISION,
    seq        INTEGER NOT NULL,
    live       INTEGER NOT NULL DEFAULT 0,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- Which DMs a player wants: 'turns' (one for every real decision, and the reminders),
-- 'reminders' (only the reminders and the game's end) or 'none'.
ALTER TABLE players ADD COLUMN dm_mode TEXT NOT NULL DEFAULT 'turns';
UPDATE players SET dm_mode = 'none' WHERE wants_dms = 0;
