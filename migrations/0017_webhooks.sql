-- Signed webhooks. A webhook is a subscription: a URL, the event types and
-- the groups it receives (groups NULL: every group), and the secret that
-- signs its deliveries (a rotation keeps the one before until
-- previous_until). Events are written by the transaction that makes them
-- true, and only when some webhook covers their group: seq is the
-- group's event position, taken from webhook_event_seq under its row
-- lock, so seq order is commit order within a group. Each webhook that
-- covers an event gets a delivery row; a stream (one webhook, one group)
-- is claimed by one deliverer at a time (lease), which sends its pending
-- deliveries in seq order. Undelivered events hold statements, never
-- message text; a redaction scrubs them and a purge removes them.
CREATE TABLE webhooks (
    id             uuid        PRIMARY KEY,
    url            text        NOT NULL,
    events         text[]      NOT NULL,
    groups         text[],
    secret         text        NOT NULL,
    previous_secret text       NOT NULL DEFAULT '',
    previous_until timestamptz,
    actor          text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL,
    paused_at      timestamptz,
    paused_reason  text        NOT NULL DEFAULT ''
);

CREATE TABLE webhook_event_seq (
    group_id text   PRIMARY KEY,
    seq      bigint NOT NULL
);

CREATE TABLE webhook_events (
    id            uuid        PRIMARY KEY,
    group_id      text        NOT NULL,
    seq           bigint      NOT NULL,
    type          text        NOT NULL,
    statement     text        NOT NULL DEFAULT '',
    old_statement text        NOT NULL DEFAULT '',
    data          jsonb       NOT NULL,
    created_at    timestamptz NOT NULL,
    UNIQUE (group_id, seq)
);

CREATE TABLE webhook_streams (
    webhook_id   uuid        NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    group_id     text        NOT NULL,
    next_at      timestamptz NOT NULL,
    lease        uuid,
    leased_until timestamptz,
    PRIMARY KEY (webhook_id, group_id)
);

CREATE TABLE webhook_deliveries (
    id              bigserial   PRIMARY KEY,
    webhook_id      uuid        NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    event_id        uuid        NOT NULL REFERENCES webhook_events ON DELETE CASCADE,
    group_id        text        NOT NULL,
    seq             bigint      NOT NULL,
    state           text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
    attempts        integer     NOT NULL DEFAULT 0,
    last_status     integer     NOT NULL DEFAULT 0,
    last_error      text        NOT NULL DEFAULT '',
    latency_us      bigint      NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL,
    last_attempt_at timestamptz,
    delivered_at    timestamptz,
    UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, group_id, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
