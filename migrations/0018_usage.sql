-- Usage (GET /memory/usage, groupmem usage): what the runs of a group
-- used on one UTC day (the day each run began), summed: the runs that
-- called a model or cost something, their model calls, tokens and cost,
-- read from each run's tokens. Row triggers on evolution_runs keep it in
-- the transaction that writes the run (its end, or an import), so that a
-- usage answer reads a few rows per group and day, never every run. A
-- purge removes a group's rows (ledger.PurgeTables).
CREATE TABLE usage_days (
    group_id          text             NOT NULL,
    day               date             NOT NULL,
    runs              bigint           NOT NULL,
    calls             bigint           NOT NULL,
    prompt_tokens     bigint           NOT NULL,
    completion_tokens bigint           NOT NULL,
    embedding_tokens  bigint           NOT NULL,
    cost              double precision NOT NULL,
    PRIMARY KEY (group_id, day)
);
-- Usage of every group over a window reads the window's rows only.
CREATE INDEX usage_days_day ON usage_days (day)
    INCLUDE (group_id, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost);

-- run_used says whether a run's tokens count in usage.
CREATE FUNCTION run_used(tokens jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((tokens->>'calls')::bigint, 0) > 0 OR coalesce((tokens->>'prompt')::bigint, 0) > 0
        OR coalesce((tokens->>'completion')::bigint, 0) > 0 OR coalesce((tokens->>'embedding')::bigint, 0) > 0
        OR coalesce((tokens->>'cost')::double precision, 0) > 0
$$;

-- usage_days_add adds sign times one run's usage to its group's day.
CREATE FUNCTION usage_days_add(g text, started timestamptz, tokens jsonb, sign integer) RETURNS void LANGUAGE sql
SET search_path FROM CURRENT AS $$
    INSERT INTO usage_days AS u (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    VALUES (g, (started AT TIME ZONE 'UTC')::date, sign,
        sign * coalesce((tokens->>'calls')::bigint, 0), sign * coalesce((tokens->>'prompt')::bigint, 0),
        sign * coalesce((tokens->>'completion')::bigint, 0), sign * coalesce((tokens->>'embedding')::bigint, 0),
        sign * coalesce((tokens->>'cost')::double precision, 0))
    ON CONFLICT (group_id, day) DO UPDATE SET
        runs = u.runs + EXCLUDED.runs, calls = u.calls + EXCLUDED.calls,
        prompt_tokens = u.prompt_tokens + EXCLUDED.prompt_tokens,
        completion_tokens = u.completion_tokens + EXCLUDED.completion_tokens,
        embedding_tokens = u.embedding_tokens + EXCLUDED.embedding_tokens,
        cost = u.cost + EXCLUDED.cost
$$;

CREATE FUNCTION evolution_runs_usage() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND run_used(OLD.tokens) THEN
        PERFORM usage_days_add(OLD.group_id, OLD.started_at, OLD.tokens, -1);
        DELETE FROM usage_days WHERE group_id = OLD.group_id AND day = (OLD.started_at AT TIME ZONE 'UTC')::date AND runs <= 0;
    END IF;
    IF run_used(NEW.tokens) THEN
        PERFORM usage_days_add(NEW.group_id, NEW.started_at, NEW.tokens, 1);
    END IF;
    RETURN NULL;
END $$;

-- A run begins with no usage: the triggers run only for the rows whose
-- usage changes, its end or an imported run.
CREATE TRIGGER evolution_runs_usage_insert AFTER INSERT ON evolution_runs
    FOR EACH ROW WHEN (run_used(NEW.tokens)) EXECUTE FUNCTION evolution_runs_usage();
CREATE TRIGGER evolution_runs_usage_update AFTER UPDATE ON evolution_runs
    FOR EACH ROW WHEN ((run_used(OLD.tokens) OR run_used(NEW.tokens)) AND (OLD.tokens IS DISTINCT FROM NEW.tokens
        OR OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.started_at IS DISTINCT FROM NEW.started_at))
    EXECUTE FUNCTION evolution_runs_usage();

INSERT INTO usage_days (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
SELECT group_id, (started_at AT TIME ZONE 'UTC')::date, count(*),
    sum(coalesce((tokens->>'calls')::bigint, 0)), sum(coalesce((tokens->>'prompt')::bigint, 0)),
    sum(coalesce((tokens->>'completion')::bigint, 0)), sum(coalesce((tokens->>'embedding')::bigint, 0)),
    sum(coalesce((tokens->>'cost')::double precision, 0))
FROM evolution_runs WHERE run_used(tokens)
GROUP BY group_id, (started_at AT TIME ZONE 'UTC')::date;
