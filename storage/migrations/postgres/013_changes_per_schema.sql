-- 013: a table's changes are told on a channel of its own schema. NOTIFY channels are the
-- database's, not a schema's: two bots (or two test runs) in two schemas of one database
-- heard each other's changes, and a process refreshed its table #1 from the other's
-- notice, in the middle of its own writes. The default schema keeps the channel of 001,
-- table_changes; another is table_changes.<schema> (cut to 63 bytes, the longest name).
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(
        CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'table_changes'
             ELSE left('table_changes.' || TG_TABLE_SCHEMA, 63) END,
        concat_ws(' ', NEW.id, NEW.last_seq, NEW.status, coalesce(NEW.guild_id, 0),
                  current_setting('application_name')));
    RETURN NULL;
END
$$;
