-- 017: the queue entries whose person was asked whether another seat count would do
-- (issue 51): asked once an entry, whatever they answered.
CREATE TABLE queue_offers (
    entry_id INTEGER PRIMARY KEY REFERENCES queue_entries (id) ON DELETE CASCADE
);
