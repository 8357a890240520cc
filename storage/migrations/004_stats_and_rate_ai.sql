-- 004: what the leaderboards and stats need.
-- ratings.rated_games: the games that moved the rating. `games`/`wins` count every game,
-- including those against AIs that were not rated; the board lists rated_games > 0 only.
ALTER TABLE ratings ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET rated_games = games;

-- The board: rated subjects of a (game, scope) by ordinal, ties by the key, so a page is
-- an index range walk and a rank is a count over the part of the range above a player.
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC, user_id, ai_level)
    WHERE rated_games > 0;

-- A player's results of one game type in time order: stats, rating history, streaks.
CREATE INDEX results_user_game ON results (user_id, game, finished_at, table_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX solitaire_user_game ON solitaire_results (user_id, game, finished_at, id);

-- Whether games against AI seats move ratings on this server (AI levels are then rated).
ALTER TABLE guild_settings ADD COLUMN rate_ai INTEGER NOT NULL DEFAULT 0;
