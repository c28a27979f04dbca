-- Kept plans: the plan of a dry run, or of a run the deletion guard held
-- for review, so that exactly it can be committed later (see the Postgres
-- migration of the same number). Times are Unix nanoseconds.
CREATE TABLE plans (
    id            TEXT    NOT NULL PRIMARY KEY REFERENCES evolution_runs (id),
    group_id      TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('preview','held','applied','rejected')),
    new_watermark INTEGER NOT NULL,
    messages      INTEGER NOT NULL,
    pending       INTEGER NOT NULL,
    stats         TEXT    NOT NULL CHECK (json_valid(stats)),
    writes        TEXT    NOT NULL CHECK (json_valid(writes)),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    decided_by    TEXT    NOT NULL DEFAULT '',
    decided_at    INTEGER,
    applied_run   TEXT
) STRICT;
CREATE INDEX plans_group ON plans (group_id, created_at DESC, id);
