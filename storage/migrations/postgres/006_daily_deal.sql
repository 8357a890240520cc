-- 006 (PostgreSQL): as migrations/006 for SQLite: the daily Big Clock deal.
CREATE TABLE daily_results (
    guild_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    seed BIGINT NOT NULL,
    table_id BIGINT,
    started_at DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION,
    hours_home INTEGER,
    hours INTEGER NOT NULL,
    moves INTEGER,
    won INTEGER,
    PRIMARY KEY (guild_id, day, user_id)
);
CREATE INDEX daily_results_table ON daily_results (table_id);
CREATE INDEX daily_results_user ON daily_results (guild_id, user_id, day);

CREATE TABLE daily_channels (
    guild_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    posted_day TEXT
);
