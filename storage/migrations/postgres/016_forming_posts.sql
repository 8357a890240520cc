-- 016 (PostgreSQL): as migrations/016 for SQLite: the queue's forming posts.
CREATE TABLE forming_posts (
    guild_id   BIGINT NOT NULL,
    game       TEXT   NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game)
);

CREATE TABLE forming_off (
    guild_id BIGINT PRIMARY KEY
);
