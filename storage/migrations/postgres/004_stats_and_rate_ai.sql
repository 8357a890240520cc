-- 004 (PostgreSQL): as migrations/004 for SQLite: what the leaderboards and stats need.
ALTER TABLE ratings ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET rated_games = games;

DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC, user_id, ai_level)
    WHERE rated_games > 0;

CREATE INDEX results_user_game ON results (user_id, game, finished_at, table_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX solitaire_user_game ON solitaire_results (user_id, game, finished_at, id);

ALTER TABLE guild_settings ADD COLUMN rate_ai INTEGER NOT NULL DEFAULT 0;
