-- It mirrors migrations/0020_usage_running_totals.sql (the Postgres
-- schema): usage answers from running totals, so that no answer reads
-- more than a few rows per group or per day, whatever the window.
--
-- usage_days: each row also holds the group's running totals through its
-- day (cum_*), and a group has a row for every day from its first day of
-- usage to its last (a day without usage is a row of zeros that carries
-- the running totals on), so that the usage of every group over a window
-- is its totals on the window's last day minus those on the day before
-- it. usage_groups: each group's first and last day of usage and its
-- totals through its last day, which are its totals on any later day.
-- usage_all_days: every group's usage of a day, summed (one row a day:
-- SQLite has one writer at a time, so nothing is gained by shards).
--
-- A run normally ends on its own day, its group's last: its end adds one
-- row. A run of an earlier day (an import, a late end) also adds its
-- usage to the running totals of its group's later days; one of a day
-- before its group's first fills the days between with rows of zeros.
-- The purged pseudo-group '' (no group id is ever empty) keeps the usage
-- of purged groups, day by day (PurgeGroup, foldPurgedUsage).
DROP TRIGGER evolution_runs_usage_insert;
DROP TRIGGER evolution_runs_usage_update;
ALTER TABLE usage_days RENAME TO usage_days_0018;
DROP INDEX usage_days_day;

CREATE TABLE usage_days (
    group_id              TEXT    NOT NULL,
    day                   INTEGER NOT NULL,
    runs                  INTEGER NOT NULL DEFAULT 0,
    calls                 INTEGER NOT NULL DEFAULT 0,
    prompt_tokens         INTEGER NOT NULL DEFAULT 0,
    completion_tokens     INTEGER NOT NULL DEFAULT 0,
    embedding_tokens      INTEGER NOT NULL DEFAULT 0,
    cost                  REAL    NOT NULL DEFAULT 0,
    cum_runs              INTEGER NOT NULL DEFAULT 0,
    cum_calls             INTEGER NOT NULL DEFAULT 0,
    cum_prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    cum_completion_tokens INTEGER NOT NULL DEFAULT 0,
    cum_embedding_tokens  INTEGER NOT NULL DEFAULT 0,
    cum_cost              REAL    NOT NULL DEFAULT 0,
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
    cum_cost              REAL    NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

CREATE TABLE usage_all_days (
    day               INTEGER PRIMARY KEY,
    runs              INTEGER NOT NULL,
    calls             INTEGER NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    embedding_tokens  INTEGER NOT NULL,
    cost              REAL    NOT NULL
) STRICT;

-- Backfill: every group's days from its first to its last, with running
-- totals; then the groups' spans and totals, and the days' sums.
INSERT INTO usage_days
WITH RECURSIVE s(group_id, day, last_day) AS (
    SELECT group_id, min(day), max(day) FROM usage_days_0018 GROUP BY group_id
    UNION ALL SELECT group_id, day + 1, last_day FROM s WHERE day < last_day)
SELECT s.group_id, s.day, coalesce(o.runs, 0), coalesce(o.calls, 0), coalesce(o.prompt_tokens, 0),
    coalesce(o.completion_tokens, 0), coalesce(o.embedding_tokens, 0), coalesce(o.cost, 0),
    sum(coalesce(o.runs, 0)) OVER w, sum(coalesce(o.calls, 0)) OVER w, sum(coalesce(o.prompt_tokens, 0)) OVER w,
    sum(coalesce(o.completion_tokens, 0)) OVER w, sum(coalesce(o.embedding_tokens, 0)) OVER w, sum(coalesce(o.cost, 0)) OVER w
FROM s LEFT JOIN usage_days_0018 AS o ON o.group_id = s.group_id AND o.day = s.day
WINDOW w AS (PARTITION BY s.group_id ORDER BY s.day);
DROP TABLE usage_days_0018;
INSERT INTO usage_groups
SELECT group_id, min(day), max(day), sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days GROUP BY group_id;
INSERT INTO usage_all_days
SELECT day, sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost)
FROM usage_days WHERE runs > 0 GROUP BY day;

-- Every group's running totals on one day lie side by side, and the
-- groups whose last day of usage falls within a window are found
-- without reading the others.
CREATE INDEX usage_days_day ON usage_days (day, group_id, cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens,
    cum_embedding_tokens, cum_cost);
CREATE INDEX usage_groups_last_day ON usage_groups (last_day);

-- usage_delta is where the runs' triggers write a change of usage: sign
-- times one run's usage on its group's day. It stores nothing: its
-- trigger adds the change to the day, to the running totals of that day
-- and of the group's later days, to the group's totals and to the day's
-- sum.
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
        CAST(coalesce(json_extract(NEW.tokens, '$.cost'), 0) AS REAL));
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
        -CAST(coalesce(json_extract(OLD.tokens, '$.cost'), 0) AS REAL)
    WHERE coalesce(json_extract(OLD.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(OLD.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(OLD.tokens, '$.cost'), 0) > 0;
    -- ... and the new one joins its own.
    INSERT INTO usage_delta (group_id, day, runs, calls, prompt_tokens, completion_tokens, embedding_tokens, cost)
    SELECT NEW.group_id, NEW.started_at / 86400000000000, 1,
        CAST(coalesce(json_extract(NEW.tokens, '$.calls'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.prompt'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.completion'), 0) AS INTEGER), CAST(coalesce(json_extract(NEW.tokens, '$.embedding'), 0) AS INTEGER),
        CAST(coalesce(json_extract(NEW.tokens, '$.cost'), 0) AS REAL)
    WHERE coalesce(json_extract(NEW.tokens, '$.calls'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.prompt'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.completion'), 0) > 0 OR coalesce(json_extract(NEW.tokens, '$.embedding'), 0) > 0
        OR coalesce(json_extract(NEW.tokens, '$.cost'), 0) > 0;
END;
