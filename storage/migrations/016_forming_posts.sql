-- 016: the queue's public "forming" posts (issue 51): one message per server and game
-- being waited for, edited as the queue changes; and the servers that turned them off.
CREATE TABLE forming_posts (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game)
) WITHOUT ROWID;

CREATE TABLE forming_off (
    guild_id INTEGER PRIMARY KEY
);
