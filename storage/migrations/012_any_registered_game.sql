-- 012: a table's game is any registered game's name (issue 25: Mexican Train), not one of
-- the three of 001: the engine's registry says which games exist, storage only that the
-- name is a name. SQLite cannot alter a CHECK, so the table's stored definition is
-- rewritten in place (SQLite's documented way for a constraint that only loosens), and a
-- throwaway table bumps the schema cookie so that every connection reads it again.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (game IN (''traditional'', ''carousel'', ''clock''))',
                     'CHECK (game GLOB ''[a-z]*'' AND game NOT GLOB ''*[^a-z_]*'')')
 WHERE type = 'table' AND name = 'game_tables';
PRAGMA writable_schema = RESET;
CREATE TABLE migration_012_cookie (x INTEGER);
DROP TABLE migration_012_cookie;
