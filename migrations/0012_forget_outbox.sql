-- Forgetting message text through the outbox. A redaction, and retention
-- for every group whose text it expired, queue an entry of kind 'forget'
-- (memory_id is the nil UUID) in the transaction that removes the text:
-- the relay then has the group's message index drop what it holds of
-- messages that no longer have their text, even if the process that
-- removed it stopped first. A group has at most one such entry waiting
-- unclaimed; done 'forget' entries are deleted rather than kept.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('memory', 'purge', 'messages', 'forget'));
CREATE UNIQUE INDEX outbox_forget_waiting ON outbox (group_id)
    WHERE kind = 'forget' AND done_at IS NULL AND claimed_until IS NULL;
