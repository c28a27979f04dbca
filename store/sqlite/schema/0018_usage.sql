-- It mirrors migrations/0018_usage.sql (the Postgres schema).
-- Usage (GET /memory/usage, groupmem usage): what the runs of a group
-- used on one UTC day (the day each run began, as days since 1970-01-01),
-- summed: the runs that called a model or cost something, their model
-- calls, tokens and cost, read from each run's tokens. Triggers on
-- evolution_runs keep it in the transaction that writes the run (its
-- end, or an import), so that a usage answer reads a few rows per group
-- and day, never every run. A purge removes a group's rows
-- (ledger.PurgeTables).
CREATE TABLE usage_days (
    group_id          TEXT    NOT NULL,
    day               INTEGER NOT NULL,
    runs              INTEGER NOT NULL,
    calls             INTEGER NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    embedding_tokens  INTEGER NOT NULL,
    cost              REAL    NOT NULL,
    PRIMARY KEY (group_id, day)
) STRICT, WITHOUT ROWID;
-- Usage of every group over a window reads the window's rows only.
CREATE INDEX usage_days_day ON usage_days (day, group_id, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost);

-- A run begins with no usage: the triggers run only for the rows whose
-- usage changes, its end or an imported run. A run's usage counts when
-- any of its counts or its cost is above 0.
CREATE TRIGGER evolution_runs_usage_insert AFTER INSERT ON evolution_runs
WHEN coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0
BEGIN
    INSERT INTO usage_days (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    VALUES (NEW.group_id, NEW.started_at / 86400000000000, 1,
        CAST(coalesce(json_extract(NEW.tokens, '$.calls'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.prompt'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.completion'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.embedding'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.cost'), 0) AS REAL))
    ON CONFLICT (group_id, day) DO UPDATE SET
        runs = runs + excluded.runs, calls = calls + excluded.calls, prompt_tokens = prompt_tokens + excluded.prompt_tokens,
        completion_tokens = completion_tokens + excluded.completion_tokens,
        embedding_tokens = embedding_tokens + excluded.embedding_tokens, cost = cost + excluded.cost;
END;

CREATE TRIGGER evolution_runs_usage_update AFTER UPDATE OF tokens, group_id, started_at ON evolution_runs
WHEN (OLD.tokens IS NOT NEW.tokens OR OLD.group_id IS NOT NEW.group_id OR OLD.started_at IS NOT NEW.started_at) AND (
    coalesce(json_extract(OLD.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.prompt'), 0) > 0
    OR coalesce(json_extract(OLD.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.embedding'), 0) > 0
    OR coalesce(json_extract(OLD.tokens, '$.cost'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0)
BEGIN
    -- The old usage leaves its day (a run without usage has no row: the
    -- update changes nothing) ...
    UPDATE usage_days SET
        runs = runs - 1, calls = calls - CAST(coalesce(json_extract(OLD.tokens, '$.calls'), 0) AS INTEGER),
        prompt_tokens = prompt_tokens - CAST(coalesce(json_extract(OLD.tokens, '$.prompt'), 0) AS INTEGER),
        completion_tokens = completion_tokens - CAST(coalesce(json_extract(OLD.tokens, '$.completion'), 0) AS INTEGER),
        embedding_tokens = embedding_tokens - CAST(coalesce(json_extract(OLD.tokens, '$.embedding'), 0) AS INTEGER),
        cost = cost - CAST(coalesce(json_extract(OLD.tokens, '$.cost'), 0) AS REAL)
    WHERE group_id = OLD.group_id AND day = OLD.started_at / 86400000000000 AND (
        coalesce(json_extract(OLD.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.cost'), 0) > 0);
    DELETE FROM usage_days WHERE group_id = OLD.group_id AND day = OLD.started_at / 86400000000000 AND runs <= 0;
    -- ... and the new one joins its own.
    INSERT INTO usage_days (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    SELECT NEW.group_id, NEW.started_at / 86400000000000, 1,
        CAST(coalesce(json_extract(NEW.tokens, '$.calls'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.prompt'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.completion'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.embedding'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.cost'), 0) AS REAL)
    WHERE coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0
    ON CONFLICT (group_id, day) DO UPDATE SET
        runs = runs + excluded.runs, calls = calls + excluded.calls, prompt_tokens = prompt_tokens + excluded.prompt_tokens,
        completion_tokens = completion_tokens + excluded.completion_tokens,
        embedding_tokens = embedding_tokens + excluded.embedding_tokens, cost = cost + excluded.cost;
END;

INSERT INTO usage_days (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
SELECT group_id, started_at / 86400000000000, count(*),
    sum(CAST(coalesce(json_extract(tokens, '$.calls'), 0) AS INTEGER)), sum(CAST(coalesce(json_extract(tokens, '$.prompt'), 0) AS INTEGER)),
    sum(CAST(coalesce(json_extract(tokens, '$.completion'), 0) AS INTEGER)), sum(CAST(coalesce(json_extract(tokens, '$.embedding'), 0) AS INTEGER)),
    sum(CAST(coalesce(json_extract(tokens, '$.cost'), 0) AS REAL))
FROM evolution_runs
WHERE coalesce(json_extract(tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(tokens, '$.prompt'), 0) > 0
    OR coalesce(json_extract(tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(tokens, '$.embedding'), 0) > 0
    OR coalesce(json_extract(tokens, '$.cost'), 0) > 0
GROUP BY group_id, started_at / 86400000000000;
