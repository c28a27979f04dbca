-- It mirrors migrations/0016_transfer_order.sql (the Postgres schema).
-- Export (groupmem export) pages through a group's rows by key, in one
-- order both ledgers share: runs and change-log rows by id, versions by
-- lineage and version, so that a parent comes before its child. These
-- indexes give each page straight from the group's own rows, whatever
-- the size of the other groups.
CREATE INDEX memory_versions_group_lineage ON memory_versions (group_id, lineage_id, version);
CREATE INDEX evolution_runs_group_id ON evolution_runs (group_id, id);
CREATE INDEX memory_change_log_group_id ON memory_change_log (group_id, id);
