-- 009: a result's figures in one JSON object (issue 23): what each game declares that its
-- results carry beyond place and points (engine.figures: Traditional's goat, Big Clock's
-- hours home and discards ...), so a new game needs no column. The old columns move in.
-- And the state snapshot of 002 goes: nothing ever wrote one.
ALTER TABLE results ADD COLUMN figures TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(figures));
UPDATE results SET figures = json_object('goat', goat) WHERE game = 'traditional';
ALTER TABLE results DROP COLUMN goat;

ALTER TABLE solitaire_results ADD COLUMN figures TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(figures));
UPDATE solitaire_results SET figures = json_object('hours_home', hours_home, 'discards', discards);
ALTER TABLE solitaire_results DROP COLUMN discards;
ALTER TABLE solitaire_results DROP COLUMN hours_home;

ALTER TABLE game_tables DROP COLUMN snapshot;
