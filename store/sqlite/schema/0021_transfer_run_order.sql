-- It mirrors migrations/0021_transfer_run_order.sql (the Postgres schema).
-- Export (groupmem export) gives a group's runs in the order they began,
-- then by id, both ledgers alike. This index gives each page of runs
-- straight from the group's own rows; it replaces the one by id (0016).
CREATE INDEX evolution_runs_group_started ON evolution_runs (group_id, started_at, id);
DROP INDEX evolution_runs_group_id;
