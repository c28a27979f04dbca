-- A message, once stored, keeps its place. REPLACE (or INSERT OR REPLACE)
-- of a stored message id would delete the row and insert it again without
-- its seq, so the trigger would give it a new one past the watermark and
-- the message would be fused a second time. Such an insert is skipped, as
-- the ledger's own ingestion skips a message id it already holds; the
-- text of a stored message is changed with UPDATE, which keeps its seq.
CREATE TRIGGER messages_keep_stored BEFORE INSERT ON messages
WHEN EXISTS (SELECT 1 FROM messages WHERE group_id = NEW.group_id AND message_id = NEW.message_id)
BEGIN
    SELECT RAISE(IGNORE);
END;
