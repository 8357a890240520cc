-- 010: reserved for the web2 helper's migration (issue 24 lands as 011 beside it).
-- Delete this file when that migration is merged.
SELECT 1;
