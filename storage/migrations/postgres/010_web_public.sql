-- 010 (PostgreSQL): as migrations/010 for SQLite: whether a server's web pages are public.
ALTER TABLE guild_settings ADD COLUMN web_public INTEGER NOT NULL DEFAULT 0;
-- A web leaderboard sorted by games or wins walks an index, as the rating order does.
CREATE INDEX ratings_by_games ON ratings (game, scope, games DESC, ordinal DESC, user_id, ai_level)
    WHERE rated_games > 0;
CREATE INDEX ratings_by_wins ON ratings (game, scope, wins DESC, ordinal DESC, user_id, ai_level)
    WHERE rated_games > 0;
