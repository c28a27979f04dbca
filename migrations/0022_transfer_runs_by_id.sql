-- Export keeps a group's runs in id order, the order of an export file
-- (package archive), which every reader of the format checks: 0021's
-- index by the time runs began goes, and 0016's by id comes back. An
-- import writes a file's runs in the order they began whatever their
-- order in it (store/postgres ImportGroup), so no index is needed for
-- that.
CREATE INDEX IF NOT EXISTS evolution_runs_group_id ON evolution_runs (group_id, id);
DROP INDEX IF EXISTS evolution_runs_group_started;
