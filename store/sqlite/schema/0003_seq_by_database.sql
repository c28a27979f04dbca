-- seq is the database's, always. It mirrors migrations/0003_seq_by_database.sql
-- (the Postgres schema). A chat app that INSERTs into messages leaves seq
-- out (or NULL); the trigger messages_assign_seq then allocates the next
-- seq of the group inside the write transaction, as before. An INSERT that
-- supplies a seq is REJECTED (the statement aborts with "messages.seq is
-- assigned by the database"), also under INSERT OR IGNORE or OR REPLACE,
-- and an UPDATE never changes a message's group_id or seq: a supplied seq
-- at or below the group's watermark would be skipped by every run, and one
-- past the allocator would collide with a later seq and block the group's
-- ingestion for good.
--
-- The ledger's own batch path (store/sqlite InsertMessages) allocates a
-- range of seqs in one statement and writes them itself. It records that
-- range in group_state.seq_reserved_from/seq_reserved_to, inserts, and
-- empties the range again before it commits; the trigger accepts a supplied
-- seq only inside that range. No other connection can see a non-empty range:
-- it exists only uncommitted, in the transaction that holds the write lock.

ALTER TABLE group_state ADD COLUMN seq_reserved_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE group_state ADD COLUMN seq_reserved_to   INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER messages_reject_seq BEFORE INSERT ON messages
WHEN NEW.seq IS NOT NULL AND NOT EXISTS (SELECT 1 FROM group_state
    WHERE group_id = NEW.group_id AND NEW.seq >= seq_reserved_from AND NEW.seq < seq_reserved_to)
BEGIN
    SELECT RAISE(ABORT, 'messages.seq is assigned by the database: insert the message without a seq');
END;

CREATE TRIGGER messages_keep_place BEFORE UPDATE OF group_id, seq ON messages
WHEN OLD.seq IS NOT NULL AND (NEW.group_id IS NOT OLD.group_id OR NEW.seq IS NOT OLD.seq)
BEGIN
    SELECT RAISE(ABORT, 'a message''s group_id and seq never change');
END;

-- Heal groups that supplied seqs already blocked: each group's allocator
-- moves past every seq in use, and a group whose messages all came with
-- their own seq gets its state row. Messages that a supplied seq put at or
-- below their group's watermark were skipped; `groupmem evolve -group G
-- -reprocess -days N` fuses those days again, them included.
INSERT INTO group_state (group_id, next_seq)
SELECT group_id, max(max(seq) + 1, 1) FROM messages WHERE seq IS NOT NULL GROUP BY group_id
ON CONFLICT (group_id) DO UPDATE SET next_seq = excluded.next_seq
    WHERE next_seq < excluded.next_seq;
