-- The members a memory is about: their sender ids. Memories written
-- before say so only by a "member:<sender id>" tag; they get the same
-- subjects.
ALTER TABLE memory_versions ADD COLUMN subjects text[] NOT NULL DEFAULT '{}';
UPDATE memory_versions SET subjects = ARRAY(SELECT DISTINCT substr(t, 8) FROM unnest(tags) AS t WHERE starts_with(t, 'member:') AND length(t) > 7 ORDER BY 1)
    WHERE EXISTS (SELECT 1 FROM unnest(tags) AS t WHERE starts_with(t, 'member:') AND length(t) > 7);
