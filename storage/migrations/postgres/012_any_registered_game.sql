-- 012: a table's game is any registered game's name (issue 25: Mexican Train), not one of
-- the three of 001: the engine's registry says which games exist, storage only that the
-- name is a name.
ALTER TABLE game_tables DROP CONSTRAINT IF EXISTS game_tables_game_check;
ALTER TABLE game_tables ADD CONSTRAINT game_tables_game_check CHECK (game ~ '^[a-z][a-z_]*$');
