-- It mirrors migrations/0017_webhooks.sql (the Postgres schema): times
-- are Unix nanoseconds, lists JSON arrays (groups NULL: every group).
-- SQLite has one writer at a time, so seq order is commit order.
CREATE TABLE webhooks (
    id              TEXT    PRIMARY KEY,
    url             TEXT    NOT NULL,
    events          TEXT    NOT NULL,
    groups          TEXT,
    secret          TEXT    NOT NULL,
    previous_secret TEXT    NOT NULL DEFAULT '',
    previous_until  INTEGER,
    actor           TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    paused_at       INTEGER,
    paused_reason   TEXT    NOT NULL DEFAULT ''
) STRICT;

CREATE TABLE webhook_event_seq (
    group_id TEXT    PRIMARY KEY,
    seq      INTEGER NOT NULL
) STRICT;

CREATE TABLE webhook_events (
    id            TEXT    PRIMARY KEY,
    group_id      TEXT    NOT NULL,
    seq           INTEGER NOT NULL,
    type          TEXT    NOT NULL,
    statement     TEXT    NOT NULL DEFAULT '',
    old_statement TEXT    NOT NULL DEFAULT '',
    data          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    UNIQUE (group_id, seq)
) STRICT;

CREATE TABLE webhook_streams (
    webhook_id   TEXT    NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    group_id     TEXT    NOT NULL,
    next_at      INTEGER NOT NULL,
    lease        TEXT,
    leased_until INTEGER,
    PRIMARY KEY (webhook_id, group_id)
) STRICT;

CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id      TEXT    NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    event_id        TEXT    NOT NULL REFERENCES webhook_events ON DELETE CASCADE,
    group_id        TEXT    NOT NULL,
    seq             INTEGER NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_status     INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    latency_us      INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    last_attempt_at INTEGER,
    delivered_at    INTEGER,
    UNIQUE (webhook_id, event_id)
) STRICT;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, group_id, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
