-- Messages: raw chat lines, never changed. seq is the group's stream
-- position; it is allocated under the group_state row lock, so seq order is
-- commit order within a group and a watermark on seq never skips a message.
CREATE TABLE messages (
    group_id    text        NOT NULL,
    seq         bigint      NOT NULL,
    message_id  text        NOT NULL,
    sender_id   text        NOT NULL DEFAULT '',
    sender_name text        NOT NULL DEFAULT '',
    content     text        NOT NULL,
    sent_at     timestamptz NOT NULL,
    inserted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, seq),
    UNIQUE (group_id, message_id)
);

-- Per-group state: the watermark (last fused seq), the fencing token, and
-- the seq allocator for messages.
CREATE TABLE group_state (
    group_id   text        PRIMARY KEY,
    watermark  bigint      NOT NULL DEFAULT 0,
    fence      bigint      NOT NULL DEFAULT 0,
    next_seq   bigint      NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Chat apps may INSERT messages directly without a seq: the trigger
-- allocates one under the same row lock the batch path uses.
CREATE FUNCTION messages_assign_seq() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF NEW.seq IS NULL THEN
        INSERT INTO group_state AS g (group_id, next_seq) VALUES (NEW.group_id, 2)
        ON CONFLICT (group_id) DO UPDATE SET next_seq = g.next_seq + 1
        RETURNING g.next_seq - 1 INTO NEW.seq;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER messages_assign_seq BEFORE INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_assign_seq();

CREATE TABLE evolution_runs (
    id             uuid        PRIMARY KEY,
    group_id       text        NOT NULL,
    trigger        text        NOT NULL,
    actor          text        NOT NULL DEFAULT '',
    status         text        NOT NULL CHECK (status IN ('running','succeeded','noop','failed','review','dry_run')),
    model          text        NOT NULL DEFAULT '',
    prompt_version text        NOT NULL DEFAULT '',
    fence          bigint      NOT NULL,
    watermark      bigint      NOT NULL,
    new_watermark  bigint      NOT NULL,
    messages       integer     NOT NULL DEFAULT 0,
    stats          jsonb       NOT NULL DEFAULT '{}',
    tokens         jsonb       NOT NULL DEFAULT '{}',
    report         jsonb       NOT NULL DEFAULT '{}',
    error          text        NOT NULL DEFAULT '',
    started_at     timestamptz NOT NULL,
    finished_at    timestamptz
);
CREATE INDEX evolution_runs_group ON evolution_runs (group_id, started_at DESC);

-- Memory versions: never updated except status, strength and updated_at;
-- never deleted.
CREATE TABLE memory_versions (
    memory_id      uuid        PRIMARY KEY,
    lineage_id     uuid        NOT NULL,
    group_id       text        NOT NULL,
    statement      text        NOT NULL,
    version        integer     NOT NULL CHECK (version >= 1),
    parent_id      uuid        REFERENCES memory_versions (memory_id),
    status         text        NOT NULL CHECK (status IN ('active','superseded','deprecated')),
    tags           text[]      NOT NULL DEFAULT '{}',
    strength       double precision NOT NULL CHECK (strength >= 0 AND strength <= 1),
    change_summary text        NOT NULL DEFAULT '',
    evidence       text[]      NOT NULL DEFAULT '{}',
    embedding      real[],
    run_id         uuid        REFERENCES evolution_runs (id),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    UNIQUE (lineage_id, version),
    CHECK ((version = 1) = (parent_id IS NULL))
);
CREATE INDEX memory_versions_group ON memory_versions (group_id, status, updated_at DESC);
CREATE INDEX memory_versions_lineage ON memory_versions (lineage_id, version);
-- At most one active version per lineage.
CREATE UNIQUE INDEX memory_versions_one_active ON memory_versions (lineage_id) WHERE status = 'active';

CREATE TABLE memory_change_log (
    id             bigserial   PRIMARY KEY,
    group_id       text        NOT NULL,
    action         text        NOT NULL,
    memory_id      uuid        NOT NULL,
    new_memory_id  uuid,
    old_statement  text        NOT NULL DEFAULT '',
    new_statement  text        NOT NULL DEFAULT '',
    change_summary text        NOT NULL DEFAULT '',
    version        integer     NOT NULL,
    run_id         uuid        REFERENCES evolution_runs (id),
    actor          text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL
);
CREATE INDEX memory_change_log_group ON memory_change_log (group_id, created_at DESC);
CREATE INDEX memory_change_log_memory ON memory_change_log (memory_id);

-- Outbox: one row per memory version whose index point must be brought up
-- to date. Rows are leased by claimers and marked done, never deleted by
-- the relay.
CREATE TABLE outbox (
    id            bigserial   PRIMARY KEY,
    group_id      text        NOT NULL,
    memory_id     uuid        NOT NULL,
    attempts      integer     NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL,
    claimed_until timestamptz,
    done_at       timestamptz
);
CREATE INDEX outbox_pending ON outbox (id) WHERE done_at IS NULL;
