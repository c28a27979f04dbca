-- Usage costs in nano-units (1e-9 of the price currency), as integers,
-- so that sums are exact: a window's cost by group is a difference of
-- running totals (0020), which in floating point is not the sum of the
-- window's runs (0.1 + 0.2 on two days left 0.20000000000000004 for the
-- second) and could rank a group above another of equal cost.
--
-- A run's record keeps its cost in tokens->>'cost' as a decimal number of
-- units (groupmem.Cost writes at most nine digits after the point, the
-- nano-unit exactly); usage_days_add reads it as numeric, exactly, and
-- rounds it to the nano-unit, half away from zero. The ledger's readers
-- of a run round it the same way.
--
-- The costs older versions wrote as floats with more than nine decimals
-- (0.30000000000000004) are rewritten so rounded, so that every run's
-- stored cost is the nano-units it counts for; the usage trigger is off
-- meanwhile, as the usage is made anew below.
--
-- Conversion: each group's day costs are summed anew from its runs, each
-- run's cost rounded alone, as the trigger counts them from now on; the
-- purged groups' (''), whose runs are gone, are their sums rounded. Then
-- the running totals, the groups' totals and the days' sums are made
-- anew from the days.
ALTER TABLE evolution_runs DISABLE TRIGGER evolution_runs_usage_update;
UPDATE evolution_runs SET tokens = jsonb_set(tokens, '{cost}', to_jsonb(trim_scale(round((tokens->>'cost')::numeric, 9))))
WHERE jsonb_typeof(tokens->'cost') = 'number' AND scale((tokens->>'cost')::numeric) > 9;
ALTER TABLE evolution_runs ENABLE TRIGGER evolution_runs_usage_update;

ALTER TABLE usage_days
    ALTER COLUMN cost DROP DEFAULT, ALTER COLUMN cum_cost DROP DEFAULT;
ALTER TABLE usage_days
    ALTER COLUMN cost TYPE bigint USING round(cost::numeric * 1000000000)::bigint,
    ALTER COLUMN cum_cost TYPE bigint USING round(cum_cost::numeric * 1000000000)::bigint;
ALTER TABLE usage_days
    ALTER COLUMN cost SET DEFAULT 0, ALTER COLUMN cum_cost SET DEFAULT 0;
ALTER TABLE usage_groups ALTER COLUMN cum_cost DROP DEFAULT;
ALTER TABLE usage_groups ALTER COLUMN cum_cost TYPE bigint USING round(cum_cost::numeric * 1000000000)::bigint;
ALTER TABLE usage_groups ALTER COLUMN cum_cost SET DEFAULT 0;
ALTER TABLE usage_all_days ALTER COLUMN cost TYPE bigint USING round(cost::numeric * 1000000000)::bigint;

UPDATE usage_days AS u SET cost = r.cost
FROM (SELECT group_id, (started_at AT TIME ZONE 'UTC')::date AS day,
        coalesce(sum(round((tokens->>'cost')::numeric * 1000000000)), 0)::bigint AS cost
    FROM evolution_runs WHERE run_used(tokens) GROUP BY group_id, (started_at AT TIME ZONE 'UTC')::date) AS r
WHERE u.group_id = r.group_id AND u.day = r.day AND u.cost <> r.cost;
UPDATE usage_days AS u SET cum_cost = c.cum_cost
FROM (SELECT group_id, day, (sum(cost) OVER (PARTITION BY group_id ORDER BY day))::bigint AS cum_cost FROM usage_days) AS c
WHERE u.group_id = c.group_id AND u.day = c.day AND u.cum_cost <> c.cum_cost;
UPDATE usage_groups AS g SET cum_cost = u.cum_cost
FROM usage_days AS u WHERE u.group_id = g.group_id AND u.day = g.last_day AND g.cum_cost <> u.cum_cost;
DELETE FROM usage_all_days;
INSERT INTO usage_all_days (day, shard, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
SELECT day, hashtext(group_id) & 15, sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days WHERE runs <> 0 GROUP BY day, hashtext(group_id) & 15;

-- usage_days_add as in 0020, its cost in nano-units.
CREATE OR REPLACE FUNCTION usage_days_add(g text, started timestamptz, tokens jsonb, sign integer) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
    d date := (started AT TIME ZONE 'UTC')::date;
    n_calls bigint := sign * coalesce((tokens->>'calls')::bigint, 0);
    n_prompt bigint := sign * coalesce((tokens->>'prompt')::bigint, 0);
    n_completion bigint := sign * coalesce((tokens->>'completion')::bigint, 0);
    n_embedding bigint := sign * coalesce((tokens->>'embedding')::bigint, 0);
    n_cost bigint := sign * coalesce(round((tokens->>'cost')::numeric * 1000000000), 0)::bigint;
    grp usage_groups%ROWTYPE;
BEGIN
    INSERT INTO usage_groups (group_id, first_day, last_day) VALUES (g, d, d) ON CONFLICT (group_id) DO NOTHING;
    SELECT * INTO STRICT grp FROM usage_groups WHERE group_id = g FOR UPDATE;
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
