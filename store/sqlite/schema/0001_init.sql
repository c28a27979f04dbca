-- The SQLite schema of the groupmem ledger. It mirrors migrations/ (the
-- Postgres schema) with SQLite types. Conventions:
--   * every time is an INTEGER of unix nanoseconds in UTC;
--   * ids (memory, lineage, run) are canonical lowercase UUID text;
--   * tags and evidence are JSON arrays of strings;
--   * an embedding is a BLOB of little-endian float32 values;
--   * a run's stats, tokens and report are JSON objects.
-- Tables are STRICT, so a value of the wrong type is rejected.

-- Messages: raw chat lines, never changed. seq is the group's stream
-- position. It is allocated while the writer holds the database's write
-- lock, so seq order is commit order within a group and a watermark on seq
-- never skips a message.
CREATE TABLE messages (
    group_id    TEXT    NOT NULL,
    seq         INTEGER,                       -- NULL only until the trigger below assigns it
    message_id  TEXT    NOT NULL,
    sender_id   TEXT    NOT NULL DEFAULT '',
    sender_name TEXT    NOT NULL DEFAULT '',
    content     TEXT    NOT NULL,
    sent_at     INTEGER NOT NULL,
    inserted_at INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000000000 AS INTEGER)),
    UNIQUE (group_id, seq),
    UNIQUE (group_id, message_id)
) STRICT;

-- Per-group state: the watermark (last fused seq), the fencing token, and
-- the seq allocator for messages.
CREATE TABLE group_state (
    group_id   TEXT    NOT NULL PRIMARY KEY,
    watermark  INTEGER NOT NULL DEFAULT 0,
    fence      INTEGER NOT NULL DEFAULT 0,
    next_seq   INTEGER NOT NULL DEFAULT 1,
    updated_at INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

-- A chat app may INSERT a message directly without a seq: the trigger
-- allocates the next one of its group, inside the same write transaction.
-- It never conflicts, so an INSERT OR REPLACE cannot reset a group's state.
CREATE TRIGGER messages_assign_seq AFTER INSERT ON messages
WHEN NEW.seq IS NULL
BEGIN
    INSERT INTO group_state (group_id) SELECT NEW.group_id
        WHERE NOT EXISTS (SELECT 1 FROM group_state WHERE group_id = NEW.group_id);
    UPDATE group_state SET next_seq = next_seq + 1 WHERE group_id = NEW.group_id;
    UPDATE messages SET seq = (SELECT next_seq - 1 FROM group_state WHERE group_id = NEW.group_id)
        WHERE rowid = NEW.rowid;
END;

CREATE TABLE evolution_runs (
    id             TEXT    NOT NULL PRIMARY KEY,
    group_id       TEXT    NOT NULL,
    trigger        TEXT    NOT NULL,
    actor          TEXT    NOT NULL DEFAULT '',
    status         TEXT    NOT NULL CHECK (status IN ('running','succeeded','noop','failed','review','dry_run')),
    model          TEXT    NOT NULL DEFAULT '',
    prompt_version TEXT    NOT NULL DEFAULT '',
    fence          INTEGER NOT NULL,
    watermark      INTEGER NOT NULL,
    new_watermark  INTEGER NOT NULL,
    messages       INTEGER NOT NULL DEFAULT 0,
    stats          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(stats)),
    tokens         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(tokens)),
    report         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(report)),
    error          TEXT    NOT NULL DEFAULT '',
    started_at     INTEGER NOT NULL,
    finished_at    INTEGER
) STRICT;
CREATE INDEX evolution_runs_group ON evolution_runs (group_id, started_at DESC, id);

-- Memory versions: never updated except status, strength and updated_at;
-- never deleted.
CREATE TABLE memory_versions (
    memory_id      TEXT    NOT NULL PRIMARY KEY,
    lineage_id     TEXT    NOT NULL,
    group_id       TEXT    NOT NULL,
    statement      TEXT    NOT NULL,
    version        INTEGER NOT NULL CHECK (version >= 1),
    parent_id      TEXT    REFERENCES memory_versions (memory_id),
    status         TEXT    NOT NULL CHECK (status IN ('active','superseded','deprecated')),
    tags           TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
    strength       REAL    NOT NULL CHECK (strength >= 0 AND strength <= 1),
    change_summary TEXT    NOT NULL DEFAULT '',
    evidence       TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(evidence)),
    embedding      BLOB    CHECK (embedding IS NULL OR length(embedding) % 4 = 0),
    run_id         TEXT    REFERENCES evolution_runs (id),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    UNIQUE (lineage_id, version),
    CHECK ((version = 1) = (parent_id IS NULL))
) STRICT;
CREATE INDEX memory_versions_group ON memory_versions (group_id, status, updated_at DESC, memory_id);
CREATE INDEX memory_versions_group_all ON memory_versions (group_id, updated_at DESC, memory_id);
-- At most one active version per lineage.
CREATE UNIQUE INDEX memory_versions_one_active ON memory_versions (lineage_id) WHERE status = 'active';

CREATE TABLE memory_change_log (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id       TEXT    NOT NULL,
    action         TEXT    NOT NULL,
    memory_id      TEXT    NOT NULL,
    new_memory_id  TEXT,
    old_statement  TEXT    NOT NULL DEFAULT '',
    new_statement  TEXT    NOT NULL DEFAULT '',
    change_summary TEXT    NOT NULL DEFAULT '',
    version        INTEGER NOT NULL,
    run_id         TEXT    REFERENCES evolution_runs (id),
    actor          TEXT    NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX memory_change_log_group ON memory_change_log (group_id, created_at DESC, id DESC);
CREATE INDEX memory_change_log_memory ON memory_change_log (memory_id);

-- Outbox: one row per memory version whose index point must be brought up
-- to date. Rows are leased by claimers and marked done, never deleted by
-- the relay.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id      TEXT    NOT NULL,
    memory_id     TEXT    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    claimed_until INTEGER,
    done_at       INTEGER
) STRICT;
CREATE INDEX outbox_pending ON outbox (id) WHERE done_at IS NULL;
