-- 009 (PostgreSQL): as migrations/009 for SQLite: a result's figures in one JSON object
-- (JSONB here), the old goat, discards and hours_home columns moved in; no snapshot.
ALTER TABLE results ADD COLUMN figures JSONB NOT NULL DEFAULT '{}';
UPDATE results SET figures = jsonb_build_object('goat', goat) WHERE game = 'traditional';
ALTER TABLE results DROP COLUMN goat;

ALTER TABLE solitaire_results ADD COLUMN figures JSONB NOT NULL DEFAULT '{}';
UPDATE solitaire_results
    SET figures = jsonb_build_object('hours_home', hours_home, 'discards', discards);
ALTER TABLE solitaire_results DROP COLUMN discards, DROP COLUMN hours_home;

ALTER TABLE game_tables DROP COLUMN snapshot;
