-- Forgetting a group deletes its rows table by table. Each deleted memory
-- version and run is checked against the rows that reference it (parent_id,
-- run_id): without an index on those columns every check reads the whole
-- table, and a purge grows with the square of the ledger's size. The
-- outbox keeps done rows, so a purge needs its group index too.
CREATE INDEX memory_versions_parent ON memory_versions (parent_id);
CREATE INDEX memory_versions_run ON memory_versions (run_id);
CREATE INDEX memory_change_log_run ON memory_change_log (run_id);
CREATE INDEX outbox_group ON outbox (group_id);
