-- 017 (PostgreSQL): as migrations/017 for SQLite: the entries asked about a near match.
CREATE TABLE queue_offers (
    entry_id BIGINT PRIMARY KEY REFERENCES queue_entries (id) ON DELETE CASCADE
);
