-- Runs still running: what the sweep of abandoned runs scans on every
-- replica every few seconds, and where a busy group's holder is looked up.
-- Few rows at any time, so the scan is cheap however many runs are kept.
CREATE INDEX evolution_runs_running ON evolution_runs (group_id, started_at)
    WHERE status = 'running';
