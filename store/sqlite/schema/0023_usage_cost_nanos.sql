-- It mirrors migrations/0023_usage_cost_nanos.sql (the Postgres schema):
-- usage costs in nano-units (1e-9 of the price currency), as integers,
-- so that sums are exact: a window's cost by group is a difference of
-- running totals (0020), which in floating point is not the sum of the
-- window's runs (0.1 + 0.2 on two days left 0.20000000000000004 for the
-- second) and could rank a group above another of equal cost.
--
-- A run's record keeps its cost in $.cost as a decimal number of units
-- (groupmem.Cost writes at most nine digits after the point, the
-- nano-unit exactly); the triggers read it and round it to the
-- nano-unit, half away from zero (exact for a run's cost below 2^53
-- nano-units, about 9 million units). The ledger's readers of a run
-- round it the same way.
--
-- The costs older versions wrote as floats with more than nine decimals
-- (0.30000000000000004) are rewritten so rounded, so that every run's
-- stored cost is the nano-units it counts for (the runs' triggers are
-- gone meanwhile, and the usage is made anew below).
--
-- Conversion: each group's day costs are summed anew from its runs, each
-- run's cost rounded alone, as the triggers count them from now on; the
-- purged groups' (''), whose runs are gone, are their sums rounded. Then
-- the running totals, the groups' totals and the days' sums are made
-- anew from the days. SQLite changes no column's type in place: the
-- three tables are made anew, and the triggers and the view on them.
DROP TRIGGER evolution_runs_usage_insert;
DROP TRIGGER evolution_runs_usage_update;
DROP TRIGGER usage_delta_add;
DROP VIEW usage_delta;
DROP INDEX usage_days_day;
DROP INDEX usage_groups_last_day;
UPDATE evolution_runs SET tokens = json_set(tokens, '$.cost', round(json_extract(tokens, '$.cost') * 1000000000) / 1000000000.0)
WHERE json_type(tokens, '$.cost') = 'real'
    AND json_extract(tokens, '$.cost') <> round(json_extract(tokens, '$.cost') * 1000000000) / 1000000000.0;
ALTER TABLE usage_days RENAME TO usage_days_0021;
ALTER TABLE usage_groups RENAME TO usage_groups_0021;
ALTER TABLE usage_all_days RENAME TO usage_all_days_0021;

CREATE TABLE usage_days (
    group_id              TEXT    NOT NULL,
    day                   INTEGER NOT NULL,
    runs                  INTEGER NOT NULL DEFAULT 0,
    calls                 INTEGER NOT NULL DEFAULT 0,
    prompt_tokens         INTEGER NOT NULL DEFAULT 0,
    completion_tokens     INTEGER NOT NULL DEFAULT 0,
    embedding_tokens      INTEGER NOT NULL DEFAULT 0,
    cost                  INTEGER NOT NULL DEFAULT 0, -- nano-units
    cum_runs              INTEGER NOT NULL DEFAULT 0,
    cum_calls             INTEGER NOT NULL DEFAULT 0,
    cum_prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    cum_completion_tokens INTEGER NOT NULL DEFAULT 0,
    cum_embedding_tokens  INTEGER NOT NULL DEFAULT 0,
    cum_cost              INTEGER NOT NULL DEFAULT 0, -- nano-units
    PRIMARY KEY (group_id, day)
) STRICT, WITHOUT ROWID;

CREATE TABLE usage_groups (
    group_id              TEXT    PRIMARY KEY,
    first_day             INTEGER NOT NULL,
    last_day              INTEGER NOT NULL,
    cum_runs              INTEGER NOT NULL DEFAULT 0,
    cum_calls             INTEGER NOT NULL DEFAULT 0,
    cum_prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    cum_completion_tokens INTEGER NOT NULL DEFAULT 0,
    cum_embedding_tokens  INTEGER NOT NULL DEFAULT 0,
    cum_cost              INTEGER NOT NULL DEFAULT 0 -- nano-units
) STRICT, WITHOUT ROWID;

CREATE TABLE usage_all_days (
    day               INTEGER PRIMARY KEY,
    runs              INTEGER NOT NULL,
    calls             INTEGER NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    embedding_tokens  INTEGER NOT NULL,
    cost              INTEGER NOT NULL -- nano-units
) STRICT;

INSERT INTO usage_days
WITH r AS (
    SELECT group_id, started_at / 86400000000000 AS day,
        sum(CAST(round(coalesce(json_extract(tokens, '$.cost'), 0) * 1000000000) AS INTEGER)) AS cost
    FROM evolution_runs
    WHERE coalesce(json_extract(tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(tokens, '$.cost'), 0) > 0
    GROUP BY group_id, started_at / 86400000000000),
d AS (
    SELECT o.group_id, o.day, o.runs, o.calls, o.prompt_tokens, o.completion_tokens, o.embedding_tokens,
        CASE WHEN o.group_id = '' THEN CAST(round(o.cost * 1000000000) AS INTEGER) ELSE coalesce(r.cost, 0) END AS cost,
        o.cum_runs, o.cum_calls, o.cum_prompt_tokens, o.cum_completion_tokens, o.cum_embedding_tokens
    FROM usage_days_0021 AS o LEFT JOIN r ON r.group_id = o.group_id AND r.day = o.day)
SELECT group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost,
    cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens,
    sum(cost) OVER (PARTITION BY group_id ORDER BY day)
FROM d;
INSERT INTO usage_groups
SELECT g.group_id, g.first_day, g.last_day, g.cum_runs, g.cum_calls, g.cum_prompt_tokens, g.cum_completion_tokens,
    g.cum_embedding_tokens, coalesce(u.cum_cost, 0)
FROM usage_groups_0021 AS g LEFT JOIN usage_days AS u ON u.group_id = g.group_id AND u.day = g.last_day;
INSERT INTO usage_all_days
SELECT day, sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days WHERE runs <> 0 GROUP BY day;
DROP TABLE usage_days_0021;
DROP TABLE usage_groups_0021;
DROP TABLE usage_all_days_0021;

CREATE INDEX usage_days_day ON usage_days (day, group_id, cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens,
    cum_embedding_tokens, cum_cost);
CREATE INDEX usage_groups_last_day ON usage_groups (last_day);

-- The view, its trigger and the runs' triggers as in 0020, costs in
-- nano-units.
CREATE VIEW usage_delta AS
    SELECT group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost FROM usage_days WHERE 0;

CREATE TRIGGER usage_delta_add INSTEAD OF INSERT ON usage_delta
BEGIN
    -- The days between the group's span and the change's day: after its
    -- last day they carry its totals, before its first they hold nothing
    -- yet (json_each of n zeros counts 0 to n-1; a trigger has no WITH).
    INSERT INTO usage_days (group_id, day, cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens, cum_cost)
    SELECT g.group_id, g.last_day + 1 + n.key, g.cum_runs, g.cum_calls, g.cum_prompt_tokens, g.cum_completion_tokens,
        g.cum_embedding_tokens, g.cum_cost
    FROM usage_groups AS g, json_each('[' || rtrim(replace(hex(zeroblob(max(NEW.day - g.last_day, 0))), '00', '0,'), ',') || ']') AS n
    WHERE g.group_id = NEW.group_id;
    INSERT INTO usage_days (group_id, day)
    SELECT g.group_id, NEW.day + n.key
    FROM usage_groups AS g, json_each('[' || rtrim(replace(hex(zeroblob(max(g.first_day - NEW.day, 0))), '00', '0,'), ',') || ']') AS n
    WHERE g.group_id = NEW.group_id;
    -- The group's first usage.
    INSERT INTO usage_days (group_id, day) VALUES (NEW.group_id, NEW.day) ON CONFLICT (group_id, day) DO NOTHING;
    INSERT INTO usage_groups (group_id, first_day, last_day) VALUES (NEW.group_id, NEW.day, NEW.day)
    ON CONFLICT (group_id) DO UPDATE SET first_day = min(first_day, excluded.first_day), last_day = max(last_day, excluded.last_day);
    UPDATE usage_days SET
        runs = runs + iif(day = NEW.day, NEW.runs, 0), calls = calls + iif(day = NEW.day, NEW.calls, 0),
        prompt_tokens = prompt_tokens + iif(day = NEW.day, NEW.prompt_tokens, 0),
        completion_tokens = completion_tokens + iif(day = NEW.day, NEW.completion_tokens, 0),
        embedding_tokens = embedding_tokens + iif(day = NEW.day, NEW.embedding_tokens, 0),
        cost = cost + iif(day = NEW.day, NEW.cost, 0),
        cum_runs = cum_runs + NEW.runs, cum_calls = cum_calls + NEW.calls, cum_prompt_tokens = cum_prompt_tokens + NEW.prompt_tokens,
        cum_completion_tokens = cum_completion_tokens + NEW.completion_tokens,
        cum_embedding_tokens = cum_embedding_tokens + NEW.embedding_tokens, cum_cost = cum_cost + NEW.cost
    WHERE group_id = NEW.group_id AND day >= NEW.day;
    UPDATE usage_groups SET
        cum_runs = cum_runs + NEW.runs, cum_calls = cum_calls + NEW.calls, cum_prompt_tokens = cum_prompt_tokens + NEW.prompt_tokens,
        cum_completion_tokens = cum_completion_tokens + NEW.completion_tokens,
        cum_embedding_tokens = cum_embedding_tokens + NEW.embedding_tokens, cum_cost = cum_cost + NEW.cost
    WHERE group_id = NEW.group_id;
    INSERT INTO usage_all_days (day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    VALUES (NEW.day, NEW.runs, NEW.calls, NEW.prompt_tokens, NEW.completion_tokens, NEW.embedding_tokens, NEW.cost)
    ON CONFLICT (day) DO UPDATE SET
        runs = runs + excluded.runs, calls = calls + excluded.calls, prompt_tokens = prompt_tokens + excluded.prompt_tokens,
        completion_tokens = completion_tokens + excluded.completion_tokens,
        embedding_tokens = embedding_tokens + excluded.embedding_tokens, cost = cost + excluded.cost;
END;

-- A run begins with no usage: the triggers run only for the rows whose
-- usage changes, its end or an imported run. A run's usage counts when
-- any of its counts or its cost is above 0. A day's row stays when its
-- usage goes (the running totals go on).
CREATE TRIGGER evolution_runs_usage_insert AFTER INSERT ON evolution_runs
WHEN coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
    OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0
BEGIN
    INSERT INTO usage_delta (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    VALUES (NEW.group_id, NEW.started_at / 86400000000000, 1,
        CAST(coalesce(json_extract(NEW.tokens, '$.calls'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.prompt'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.completion'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.embedding'), 0) AS INTEGER),
        CAST(round(coalesce(json_extract(NEW.tokens, '$.cost'), 0) * 1000000000) AS INTEGER));
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
    -- The old usage leaves its day ...
    INSERT INTO usage_delta (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    SELECT OLD.group_id, OLD.started_at / 86400000000000, -1,
        -CAST(coalesce(json_extract(OLD.tokens, '$.calls'), 0) AS INTEGER), -CAST(coalesce(json_extract(OLD.tokens, '$.prompt'), 0) AS INTEGER),
        -CAST(coalesce(json_extract(OLD.tokens, '$.completion'), 0) AS INTEGER), -CAST(coalesce(json_extract(OLD.tokens, '$.embedding'), 0) AS INTEGER),
        -CAST(round(coalesce(json_extract(OLD.tokens, '$.cost'), 0) * 1000000000) AS INTEGER)
    WHERE coalesce(json_extract(OLD.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.cost'), 0) > 0;
    -- ... and the new one joins its own.
    INSERT INTO usage_delta (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    SELECT NEW.group_id, NEW.started_at / 86400000000000, 1,
        CAST(coalesce(json_extract(NEW.tokens, '$.calls'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.prompt'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.completion'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.embedding'), 0) AS INTEGER),
        CAST(round(coalesce(json_extract(NEW.tokens, '$.cost'), 0) * 1000000000) AS INTEGER)
    WHERE coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0;
END;
