-- Kept plans: the plan of a dry run, or of a run the deletion guard held
-- for review, so that exactly it can be committed later. The id is the
-- run's. writes holds the versions (embeddings included), transitions and
-- change-log rows as JSON; the plan applies only while the group's fence
-- is still the run's, its watermark the run's, and the messages past
-- new_watermark still number pending. Rows expired more than a week ago
-- are removed when the group keeps its next plan; a purge removes the
-- group's rows (ledger.PurgeTables).
CREATE TABLE plans (
    id            uuid        PRIMARY KEY REFERENCES evolution_runs (id),
    group_id      text        NOT NULL,
    status        text        NOT NULL CHECK (status IN ('preview','held','applied','rejected')),
    new_watermark bigint      NOT NULL,
    messages      integer     NOT NULL,
    pending       bigint      NOT NULL,
    stats         jsonb       NOT NULL,
    writes        jsonb       NOT NULL,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL,
    decided_by    text        NOT NULL DEFAULT '',
    decided_at    timestamptz,
    applied_run   uuid
);
CREATE INDEX plans_group ON plans (group_id, created_at DESC, id);
