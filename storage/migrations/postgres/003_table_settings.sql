-- 003 (PostgreSQL): as migrations/003 for SQLite: how a table runs (JSON).
ALTER TABLE game_tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
