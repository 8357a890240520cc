-- How a table runs, apart from the game's rules: seats wanted, turn time, lobby
-- time, auto-start (JSON). Kept apart from `options`, which the game record holds.
ALTER TABLE game_tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
