-- Indexing messages through the outbox. Storing a batch of a group's
-- messages also queues an entry of kind 'messages' (memory_id is the nil
-- UUID): the relay then catches the group's message index up with the
-- ledger, so a group is indexed before it is searched. A group has at
-- most one such entry waiting unclaimed; one that a relay has claimed
-- does not count, so messages stored while it works queue the next. Done
-- 'messages' entries are deleted rather than kept.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('memory', 'purge', 'messages'));
CREATE UNIQUE INDEX outbox_messages_waiting ON outbox (group_id)
    WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL;
