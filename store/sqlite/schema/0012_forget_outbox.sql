-- Forgetting message text through the outbox. A redaction, and retention
-- for every group whose text it expired, queue an entry of kind 'forget'
-- (memory_id is the nil UUID) in the transaction that removes the text:
-- the relay then has the group's message index drop what it holds of
-- messages that no longer have their text, even if the process that
-- removed it stopped first. A group has at most one such entry waiting
-- unclaimed; done 'forget' entries are deleted rather than kept.
--
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt
-- with its rows, ids and indexes.
CREATE TABLE outbox_next (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id      TEXT    NOT NULL,
    memory_id     TEXT    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    claimed_until INTEGER,
    done_at       INTEGER,
    kind          TEXT    NOT NULL DEFAULT 'memory' CHECK (kind IN ('memory', 'purge', 'messages', 'forget'))
) STRICT;
INSERT INTO outbox_next (id, group_id, memory_id, attempts, created_at, claimed_until, done_at, kind)
    SELECT id, group_id, memory_id, attempts, created_at, claimed_until, done_at, kind FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_next RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (id) WHERE done_at IS NULL;
CREATE INDEX outbox_group ON outbox (group_id);
CREATE UNIQUE INDEX outbox_messages_waiting ON outbox (group_id)
    WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL;
CREATE UNIQUE INDEX outbox_forget_waiting ON outbox (group_id)
    WHERE kind = 'forget' AND done_at IS NULL AND claimed_until IS NULL;
