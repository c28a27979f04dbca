-- A redacted message keeps its row, so that watermarks and evidence ids
-- stay valid, but not its text: content is emptied and redacted_at set.
ALTER TABLE messages ADD COLUMN redacted_at INTEGER;
