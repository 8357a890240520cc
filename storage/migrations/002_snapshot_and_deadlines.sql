-- 002: an optional state snapshot, kept in the same transaction as the move that
-- produced it (NULL = rebuild from deal + moves), and an index for the deadline scheduler.

ALTER TABLE game_tables ADD COLUMN snapshot TEXT;

CREATE INDEX game_tables_deadline ON game_tables (deadline)
    WHERE deadline IS NOT NULL AND status IN ('lobby', 'playing');
