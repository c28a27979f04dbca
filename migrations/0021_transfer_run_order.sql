-- Export (groupmem export) gives a group's runs in the order they began,
-- then by id, both ledgers alike, and import writes them in that order:
-- the imports of several groups whose runs add to the same days' usage
-- (usage_all_days, migration 0020) then take those days' rows in one
-- order and never deadlock. This index gives each page of runs straight
-- from the group's own rows; it replaces the one by id (0016).
CREATE INDEX evolution_runs_group_started ON evolution_runs (group_id, started_at, id);
DROP INDEX evolution_runs_group_id;
