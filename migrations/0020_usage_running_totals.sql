-- Usage answers from running totals, so that no answer reads more than a
-- few rows per group or per day, whatever the window (0018 summed a row
-- per group and day of the window: seconds for every group over a year).
--
-- usage_days: each row also holds the group's running totals through its
-- day (cum_*), and a group has a row for every day from its first day of
-- usage to its last (a day without usage is a row of zeros that carries
-- the running totals on), so that the usage of every group over a window
-- is its totals on the window's last day minus those on the day before
-- it: one row of each of the two days per group (usage_days_day).
-- usage_groups: each group's first and last day of usage and its totals
-- through its last day, which are its totals on any later day.
-- usage_all_days: every group's usage of a day, summed, in 16 rows a day
-- at most (shard: a hash of the group id, so that the runs of a night's
-- groups, ending at once, do not wait for each other on one row; which
-- shard a group falls in changes no sum).
--
-- A run normally ends on its own day, its group's last: its end adds one
-- row. A run of an earlier day (an import, a late end) also adds its
-- usage to the running totals of its group's later days; one of a day
-- before its group's first fills the days between with rows of zeros.
-- The purged pseudo-group '' (no group id is ever empty) keeps the usage
-- of purged groups, day by day (usage_fold_purged).
ALTER TABLE usage_days
    ALTER COLUMN runs SET DEFAULT 0, ALTER COLUMN calls SET DEFAULT 0, ALTER COLUMN prompt_tokens SET DEFAULT 0,
    ALTER COLUMN completion_tokens SET DEFAULT 0, ALTER COLUMN embedding_tokens SET DEFAULT 0, ALTER COLUMN cost SET DEFAULT 0,
    ADD COLUMN cum_runs bigint NOT NULL DEFAULT 0, ADD COLUMN cum_calls bigint NOT NULL DEFAULT 0,
    ADD COLUMN cum_prompt_tokens bigint NOT NULL DEFAULT 0, ADD COLUMN cum_completion_tokens bigint NOT NULL DEFAULT 0,
    ADD COLUMN cum_embedding_tokens bigint NOT NULL DEFAULT 0, ADD COLUMN cum_cost double precision NOT NULL DEFAULT 0;
DROP INDEX usage_days_day;

CREATE TABLE usage_groups (
    group_id             text             PRIMARY KEY,
    first_day            date             NOT NULL,
    last_day             date             NOT NULL,
    cum_runs             bigint           NOT NULL DEFAULT 0,
    cum_calls            bigint           NOT NULL DEFAULT 0,
    cum_prompt_tokens    bigint           NOT NULL DEFAULT 0,
    cum_completion_tokens bigint          NOT NULL DEFAULT 0,
    cum_embedding_tokens bigint           NOT NULL DEFAULT 0,
    cum_cost             double precision NOT NULL DEFAULT 0
);

CREATE TABLE usage_all_days (
    day               date             NOT NULL,
    shard             smallint         NOT NULL,
    runs              bigint           NOT NULL,
    calls             bigint           NOT NULL,
    prompt_tokens     bigint           NOT NULL,
    completion_tokens bigint           NOT NULL,
    embedding_tokens  bigint           NOT NULL,
    cost              double precision NOT NULL,
    PRIMARY KEY (day, shard)
);

-- Backfill: every group's days from its first to its last, with running
-- totals; then the groups' spans and totals, and the days' sums.
INSERT INTO usage_days (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
SELECT s.group_id, s.first_day + i, 0, 0, 0, 0, 0, 0
FROM (SELECT group_id, min(day) AS first_day, max(day) AS last_day FROM usage_days GROUP BY group_id) AS s,
    generate_series(0, s.last_day - s.first_day) AS i
ON CONFLICT (group_id, day) DO NOTHING;
UPDATE usage_days AS u SET cum_runs = c.runs, cum_calls = c.calls, cum_prompt_tokens = c.prompt_tokens,
    cum_completion_tokens = c.completion_tokens, cum_embedding_tokens = c.embedding_tokens, cum_cost = c.cost
FROM (SELECT group_id, day, sum(runs) OVER w AS runs, sum(calls) OVER w AS calls, sum(prompt_tokens) OVER w AS prompt_tokens,
        sum(completion_tokens) OVER w AS completion_tokens, sum(embedding_tokens) OVER w AS embedding_tokens, sum(cost) OVER w AS cost
    FROM usage_days WINDOW w AS (PARTITION BY group_id ORDER BY day)) AS c
WHERE u.group_id = c.group_id AND u.day = c.day;
INSERT INTO usage_groups (group_id, first_day, last_day, cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens,
    cum_embedding_tokens, cum_cost)
SELECT group_id, min(day), max(day), sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days GROUP BY group_id;
INSERT INTO usage_all_days (day, shard, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
SELECT day, hashtext(group_id) & 15, sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days WHERE runs > 0 GROUP BY day, hashtext(group_id) & 15;

-- Every group's running totals on one day lie side by side, in the
-- order of the groups, and the groups whose last day of usage falls
-- within a window are found without reading the others.
CREATE INDEX usage_days_day ON usage_days (day, group_id)
    INCLUDE (cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens, cum_cost);
CREATE INDEX usage_groups_last_day ON usage_groups (last_day);

-- usage_days_add adds sign times one run's usage to its group's day, to
-- the running totals of that day and of the group's later days, to the
-- group's totals and to the day's sum. The group's usage_groups row is
-- locked first: two runs of a group add one after the other.
CREATE OR REPLACE FUNCTION usage_days_add(g text, started timestamptz, tokens jsonb, sign integer) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
    d date := (started AT TIME ZONE 'UTC')::date;
    n_calls bigint := sign * coalesce((tokens->>'calls')::bigint, 0);
    n_prompt bigint := sign * coalesce((tokens->>'prompt')::bigint, 0);
    n_completion bigint := sign * coalesce((tokens->>'completion')::bigint, 0);
    n_embedding bigint := sign * coalesce((tokens->>'embedding')::bigint, 0);
    n_cost double precision := sign * coalesce((tokens->>'cost')::double precision, 0);
    grp usage_groups%ROWTYPE;
BEGIN
    INSERT INTO usage_groups (group_id, first_day, last_day) VALUES (g, d, d) ON CONFLICT (group_id) DO NOTHING;
    SELECT * INTO STRICT grp FROM usage_groups WHERE group_id = g FOR UPDATE;
    -- The days between the group's span and d: after its last day they
    -- carry its totals, before its first they hold nothing yet.
    INSERT INTO usage_days (group_id, day, cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens, cum_cost)
    SELECT g, grp.last_day + i, grp.cum_runs, grp.cum_calls, grp.cum_prompt_tokens, grp.cum_completion_tokens,
        grp.cum_embedding_tokens, grp.cum_cost
    FROM generate_series(1, d - grp.last_day) AS i
    UNION ALL SELECT g, d + i, 0, 0, 0, 0, 0, 0 FROM generate_series(0, grp.first_day - d - 1) AS i
    UNION ALL SELECT g, d, 0, 0, 0, 0, 0, 0 WHERE grp.first_day = d AND grp.last_day = d -- the group's first usage
    ON CONFLICT (group_id, day) DO NOTHING;
    UPDATE usage_days SET
        runs = runs + CASE WHEN day = d THEN sign ELSE 0 END, calls = calls + CASE WHEN day = d THEN n_calls ELSE 0 END,
        prompt_tokens = prompt_tokens + CASE WHEN day = d THEN n_prompt ELSE 0 END,
        completion_tokens = completion_tokens + CASE WHEN day = d THEN n_completion ELSE 0 END,
        embedding_tokens = embedding_tokens + CASE WHEN day = d THEN n_embedding ELSE 0 END,
        cost = cost + CASE WHEN day = d THEN n_cost ELSE 0 END,
        cum_runs = cum_runs + sign, cum_calls = cum_calls + n_calls, cum_prompt_tokens = cum_prompt_tokens + n_prompt,
        cum_completion_tokens = cum_completion_tokens + n_completion, cum_embedding_tokens = cum_embedding_tokens + n_embedding,
        cum_cost = cum_cost + n_cost
    WHERE group_id = g AND day >= d;
    UPDATE usage_groups SET first_day = least(first_day, d), last_day = greatest(last_day, d),
        cum_runs = cum_runs + sign, cum_calls = cum_calls + n_calls, cum_prompt_tokens = cum_prompt_tokens + n_prompt,
        cum_completion_tokens = cum_completion_tokens + n_completion, cum_embedding_tokens = cum_embedding_tokens + n_embedding,
        cum_cost = cum_cost + n_cost
    WHERE group_id = g;
    INSERT INTO usage_all_days AS a (day, shard, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    VALUES (d, hashtext(g) & 15, sign, n_calls, n_prompt, n_completion, n_embedding, n_cost)
    ON CONFLICT (day, shard) DO UPDATE SET
        runs = a.runs + EXCLUDED.runs, calls = a.calls + EXCLUDED.calls, prompt_tokens = a.prompt_tokens + EXCLUDED.prompt_tokens,
        completion_tokens = a.completion_tokens + EXCLUDED.completion_tokens,
        embedding_tokens = a.embedding_tokens + EXCLUDED.embedding_tokens, cost = a.cost + EXCLUDED.cost;
END $$;

-- A run's old usage leaves its day and its new usage joins its own; a
-- day's row stays when its usage goes (the running totals go on).
CREATE OR REPLACE FUNCTION evolution_runs_usage() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND run_used(OLD.tokens) THEN
        PERFORM usage_days_add(OLD.group_id, OLD.started_at, OLD.tokens, -1);
    END IF;
    IF run_used(NEW.tokens) THEN
        PERFORM usage_days_add(NEW.group_id, NEW.started_at, NEW.tokens, 1);
    END IF;
    RETURN NULL;
END $$;

-- usage_fold_purged moves a group's usage, day by day, to the purged
-- pseudo-group '' and makes its running totals anew, so that a purge
-- changes no day's sum and no total; the purge then deletes the group's
-- own rows. The '' row of usage_groups is locked first: two purges fold
-- one after the other.
CREATE FUNCTION usage_fold_purged(g text) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
    grp usage_groups%ROWTYPE;
    span usage_groups%ROWTYPE;
BEGIN
    SELECT * INTO grp FROM usage_groups WHERE group_id = g AND g <> '';
    IF NOT FOUND THEN
        RETURN;
    END IF;
    INSERT INTO usage_groups AS p (group_id, first_day, last_day) VALUES ('', grp.first_day, grp.last_day)
    ON CONFLICT (group_id) DO UPDATE SET first_day = least(p.first_day, EXCLUDED.first_day), last_day = greatest(p.last_day, EXCLUDED.last_day)
    RETURNING * INTO span;
    INSERT INTO usage_days (group_id, day) SELECT '', span.first_day + i FROM generate_series(0, span.last_day - span.first_day) AS i
    ON CONFLICT (group_id, day) DO NOTHING;
    UPDATE usage_days AS p SET runs = p.runs + o.runs, calls = p.calls + o.calls, prompt_tokens = p.prompt_tokens + o.prompt_tokens,
        completion_tokens = p.completion_tokens + o.completion_tokens, embedding_tokens = p.embedding_tokens + o.embedding_tokens,
        cost = p.cost + o.cost
    FROM usage_days AS o WHERE o.group_id = g AND p.group_id = '' AND p.day = o.day;
    UPDATE usage_days AS p SET cum_runs = c.runs, cum_calls = c.calls, cum_prompt_tokens = c.prompt_tokens,
        cum_completion_tokens = c.completion_tokens, cum_embedding_tokens = c.embedding_tokens, cum_cost = c.cost
    FROM (SELECT day, sum(runs) OVER w AS runs, sum(calls) OVER w AS calls, sum(prompt_tokens) OVER w AS prompt_tokens,
            sum(completion_tokens) OVER w AS completion_tokens, sum(embedding_tokens) OVER w AS embedding_tokens, sum(cost) OVER w AS cost
        FROM usage_days WHERE group_id = '' WINDOW w AS (ORDER BY day)) AS c
    WHERE p.group_id = '' AND p.day = c.day;
    UPDATE usage_groups AS p SET cum_runs = u.cum_runs, cum_calls = u.cum_calls, cum_prompt_tokens = u.cum_prompt_tokens,
        cum_completion_tokens = u.cum_completion_tokens, cum_embedding_tokens = u.cum_embedding_tokens, cum_cost = u.cum_cost
    FROM usage_days AS u WHERE p.group_id = '' AND u.group_id = '' AND u.day = p.last_day;
END $$;
