-- seq is the database's, always. Chat apps that INSERT into messages leave
-- seq out (or NULL); the trigger then allocates the next seq of the group
-- under the group_state row lock, as before. An INSERT that supplies a seq
-- is REJECTED with SQLSTATE 428C9 (generated_always), and an UPDATE never
-- changes a message's group_id or seq: a supplied seq at or below the
-- group's watermark would be skipped by every run, and one past the
-- allocator would collide with a later seq and block the group's ingestion
-- for good.
--
-- The ledger's own batch path (store/postgres InsertMessages) allocates a
-- range of seqs in one statement and writes them itself. It records that
-- range in group_state.seq_reserved_from/seq_reserved_to, inserts, and
-- empties the range again before it commits; the trigger accepts a supplied
-- seq only inside that range. No other transaction can see a non-empty
-- range: it exists only uncommitted, in the transaction that holds the
-- group's state row.

ALTER TABLE group_state
    ADD COLUMN seq_reserved_from bigint NOT NULL DEFAULT 0,
    ADD COLUMN seq_reserved_to   bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION messages_assign_seq() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF NEW.seq IS NULL THEN
        INSERT INTO group_state AS g (group_id, next_seq) VALUES (NEW.group_id, 2)
        ON CONFLICT (group_id) DO UPDATE SET next_seq = g.next_seq + 1
        RETURNING g.next_seq - 1 INTO NEW.seq;
        RETURN NEW;
    END IF;
    PERFORM FROM group_state
        WHERE group_id = NEW.group_id AND NEW.seq >= seq_reserved_from AND NEW.seq < seq_reserved_to;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'messages.seq is assigned by the database: insert message % of group % without a seq (got %)',
            NEW.message_id, NEW.group_id, NEW.seq
            USING ERRCODE = 'generated_always', HINT = 'Leave seq out of the column list, or insert NULL.';
    END IF;
    RETURN NEW;
END $$;

CREATE FUNCTION messages_keep_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a message''s group_id and seq never change (message % of group %)', OLD.message_id, OLD.group_id
        USING ERRCODE = 'generated_always';
END $$;

CREATE TRIGGER messages_keep_place BEFORE UPDATE OF group_id, seq ON messages
    FOR EACH ROW WHEN (NEW.group_id IS DISTINCT FROM OLD.group_id OR NEW.seq IS DISTINCT FROM OLD.seq)
    EXECUTE FUNCTION messages_keep_place();

-- Heal groups that supplied seqs already blocked: each group's allocator
-- moves past every seq in use, and a group whose messages all came with
-- their own seq gets its state row. Messages that a supplied seq put at or
-- below their group's watermark were skipped; `groupmem evolve -group G
-- -reprocess -days N` fuses those days again, them included.
INSERT INTO group_state AS g (group_id, next_seq)
SELECT group_id, greatest(max(seq) + 1, 1) FROM messages GROUP BY group_id
ON CONFLICT (group_id) DO UPDATE SET next_seq = EXCLUDED.next_seq
    WHERE g.next_seq < EXCLUDED.next_seq;
