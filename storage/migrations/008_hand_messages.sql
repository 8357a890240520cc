-- 008: each player's latest hand message at a table (issue 14): the bot edits it after
-- every change that concerns the player and strips the buttons of the one it replaces,
-- across restarts. `token` is the interaction token of an ephemeral hand (editable until
-- `expires_at`); a DM's is NULL (editable always). `seq` is the move it shows;
-- `live`: it has enabled move buttons (so a newer one must strip them).
CREATE TABLE hand_messages (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    token      TEXT,
    expires_at REAL,
    seq        INTEGER NOT NULL,
    live       INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

-- Which DMs a player wants: 'turns' (one for every real decision, and the reminders),
-- 'reminders' (only the reminders and the game's end) or 'none'.
ALTER TABLE players ADD COLUMN dm_mode TEXT NOT NULL DEFAULT 'turns';
UPDATE players SET dm_mode = 'none' WHERE wants_dms = 0;
