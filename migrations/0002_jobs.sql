-- Evolution jobs: the work queue that spreads scheduled evolutions across
-- replicas. A scheduler tick writes one job per (slot, group); workers claim
-- due jobs with FOR UPDATE SKIP LOCKED and record how each ended.
--
--   pending   waiting for its next attempt (next_attempt_at)
--   running   claimed until claimed_until by the holder of claim; a job
--             whose lease ran out is claimed again
--   done      evolved (succeeded, noop or review: nothing more to do this slot)
--   given_up  failed max_attempts times; last_error says why. The next slot
--             enqueues the group afresh.
CREATE TABLE evolution_jobs (
    id              bigserial   PRIMARY KEY,
    slot            timestamptz NOT NULL,
    group_id        text        NOT NULL,
    status          text        NOT NULL DEFAULT 'pending'
                                CHECK (status IN ('pending','running','done','given_up')),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    claim           uuid,
    claimed_until   timestamptz,
    last_error      text        NOT NULL DEFAULT '',
    run_id          uuid,
    run_status      text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    -- A slot evolves a group once, however many replicas tick.
    UNIQUE (slot, group_id)
);

-- At most one unfinished job per group: a group still retrying from an
-- earlier slot is not enqueued again; its pending job covers the new slot.
CREATE UNIQUE INDEX evolution_jobs_one_open ON evolution_jobs (group_id)
    WHERE status IN ('pending','running');

-- What Claim scans: unfinished jobs by due time.
CREATE INDEX evolution_jobs_due ON evolution_jobs (next_attempt_at, id)
    WHERE status IN ('pending','running');

-- What Prune scans.
CREATE INDEX evolution_jobs_finished ON evolution_jobs (updated_at)
    WHERE status IN ('done','given_up');
