-- Purging a group. An outbox entry of kind 'purge' tells the relay to
-- remove every index point of its group (memory_id is then the nil UUID);
-- 'memory' entries project one version, as before. Every removal is
-- recorded without the text it removed.
ALTER TABLE outbox ADD COLUMN kind text NOT NULL DEFAULT 'memory' CHECK (kind IN ('memory', 'purge'));

CREATE TABLE removals (
    id         bigserial   PRIMARY KEY,
    group_id   text        NOT NULL,
    kind       text        NOT NULL,
    actor      text        NOT NULL DEFAULT '',
    rows       jsonb       NOT NULL DEFAULT '{}',
    removed_at timestamptz NOT NULL
);
CREATE INDEX removals_group ON removals (group_id, removed_at DESC);
