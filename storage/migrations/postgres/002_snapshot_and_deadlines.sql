-- 002 (PostgreSQL): as migrations/002 for SQLite: the state snapshot and the deadline index.
ALTER TABLE game_tables ADD COLUMN snapshot TEXT;

CREATE INDEX game_tables_deadline ON game_tables (deadline)
    WHERE deadline IS NOT NULL AND status IN ('lobby', 'playing');
