-- 006: the daily Big Clock deal. One row per person and day in a guild, written when
-- they start (so nobody plays a day twice) and completed when the game ends; and per
-- guild the channel its boards go to and the last day whose board was posted there.
CREATE TABLE daily_results (
    guild_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    table_id INTEGER,
    started_at REAL NOT NULL,
    finished_at REAL,
    hours_home INTEGER,
    hours INTEGER NOT NULL,
    moves INTEGER,
    won INTEGER,
    PRIMARY KEY (guild_id, day, user_id)
);
CREATE INDEX daily_results_table ON daily_results (table_id);
CREATE INDEX daily_results_user ON daily_results (guild_id, user_id, day);

CREATE TABLE daily_channels (
    guild_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    posted_day TEXT
);
