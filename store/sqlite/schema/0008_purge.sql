-- Purging a group. An outbox entry of kind 'purge' tells the relay to
-- remove every index point of its group (memory_id is then the nil UUID);
-- 'memory' entries project one version, as before. Every removal is
-- recorded without the text it removed.
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'memory' CHECK (kind IN ('memory', 'purge'));

CREATE TABLE removals (
    id         INTEGER PRIMARY KEY,
    group_id   TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    actor      TEXT    NOT NULL DEFAULT '',
    rows       TEXT    NOT NULL DEFAULT '{}',
    removed_at INTEGER NOT NULL
) STRICT;
CREATE INDEX removals_group ON removals (group_id, removed_at DESC);
