-- Evolution jobs: the work queue of scheduled evolutions. It mirrors
-- migrations/0002_jobs.sql (the Postgres schema) with SQLite types: times
-- are INTEGER unix nanoseconds in UTC, claim and run_id UUID text. A
-- scheduler tick writes one job per (slot, group); workers claim due jobs
-- in a write transaction, which holds the file's write lock, and record how
-- each ended.
--
--   pending   waiting for its next attempt (next_attempt_at)
--   running   claimed until claimed_until by the holder of claim; a job
--             whose lease ran out is claimed again
--   done      evolved (succeeded, noop or review: nothing more to do this slot)
--   given_up  failed its last allowed attempt; last_error says why. The
--             next slot enqueues the group afresh.
CREATE TABLE evolution_jobs (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    slot            INTEGER NOT NULL,
    group_id        TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending'
                            CHECK (status IN ('pending','running','done','given_up')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    claim           TEXT,
    claimed_until   INTEGER,
    last_error      TEXT    NOT NULL DEFAULT '',
    run_id          TEXT,
    run_status      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- A slot evolves a group once, however many schedulers tick.
    UNIQUE (slot, group_id)
) STRICT;

-- At most one unfinished job per group: a group still retrying from an
-- earlier slot is not enqueued again; its pending job covers the new slot.
CREATE UNIQUE INDEX evolution_jobs_one_open ON evolution_jobs (group_id)
    WHERE status IN ('pending','running');

-- What a claim scans: unfinished jobs by due time.
CREATE INDEX evolution_jobs_due ON evolution_jobs (next_attempt_at, id)
    WHERE status IN ('pending','running');

-- What pruning scans.
CREATE INDEX evolution_jobs_finished ON evolution_jobs (updated_at)
    WHERE status IN ('done','given_up');
