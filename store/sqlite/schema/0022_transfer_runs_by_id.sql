-- It mirrors migrations/0022_transfer_runs_by_id.sql (the Postgres schema).
-- Export keeps a group's runs in id order, the order of an export file
-- (package archive), which every reader of the format checks: 0021's
-- index by the time runs began goes, and 0016's by id comes back.
CREATE INDEX IF NOT EXISTS evolution_runs_group_id ON evolution_runs (group_id, id);
DROP INDEX IF EXISTS evolution_runs_group_started;
