-- 013: PostgreSQL tells a table's changes on a channel of its schema (postgres/013). SQLite
-- tells nobody (one process holds the file), so nothing changes here; the file keeps the
-- two dialects' numbers in step.
SELECT 1;
