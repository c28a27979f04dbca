-- The members a memory is about: their sender ids, a JSON array. Memories
-- written before say so only by a "member:<sender id>" tag; they get the
-- same subjects.
ALTER TABLE memory_versions ADD COLUMN subjects TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(subjects));
UPDATE memory_versions SET subjects = (SELECT json_group_array(s) FROM (
        SELECT DISTINCT substr(t.value, 8) AS s FROM json_each(memory_versions.tags) t
        WHERE t.value LIKE 'member:_%' ORDER BY 1))
    WHERE EXISTS (SELECT 1 FROM json_each(memory_versions.tags) t WHERE t.value LIKE 'member:_%');
