package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// dayNanos is one day in the unit of the ledger's times; usage_days keys
// a day by started_at / dayNanos.
const dayNanos = 86_400_000_000_000

// Usage implements groupmem.Ledger: one query over the sums and running
// totals that migrations 0018 and 0020's triggers keep as runs are
// written (usageQuery), with the window's total summed by the same query.
// Costs are kept in nano-units, as integers (schema/0023): every sum and
// every difference of running totals is exact.
func (l *Ledger) Usage(ctx context.Context, q groupmem.UsageQuery) (groupmem.UsageReport, error) {
	if err := q.Check(); err != nil {
		return groupmem.UsageReport{}, err
	}
	query, args := usageQuery(q)
	rows, err := l.read.QueryContext(ctx, query, args...)
	if err != nil {
		return groupmem.UsageReport{}, interpretError(fmt.Errorf("read usage: %w", err))
	}
	defer rows.Close()
	var rep groupmem.UsageReport
	for rows.Next() {
		var key string
		var u groupmem.Usage
		if err := rows.Scan(append([]any{&key}, ledger.UsageTargets(&u, &rep.Total)...)...); err != nil {
			return groupmem.UsageReport{}, interpretError(fmt.Errorf("read usage: %w", err))
		}
		if err := ledger.UsageRow(&u, key, q.By); err != nil {
			return groupmem.UsageReport{}, err
		}
		rep.Rows = append(rep.Rows, u)
	}
	if err := rows.Err(); err != nil {
		return groupmem.UsageReport{}, interpretError(fmt.Errorf("read usage: %w", err))
	}
	return rep, nil
}

// usageSums are the sums of a usage row, then the same sums over every
// row of the answer (before its LIMIT).
const usageSums = `sum(runs), sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(embedding_tokens), sum(cost),
	sum(sum(runs)) OVER (), sum(sum(calls)) OVER (), sum(sum(prompt_tokens)) OVER (),
	sum(sum(completion_tokens)) OVER (), sum(sum(embedding_tokens)) OVER (), sum(sum(cost)) OVER ()`

// usageQuery is the one statement that answers q, and its arguments. Its
// filters are written out only when q has them, so that each shape gets
// the plan its index makes. By day, every group's usage is read from
// usage_all_days (a row a day), a group's or a key's groups' from the
// primary key (group_id, day) of usage_days, days without usage left
// out. By group, see usageByGroup.
func usageQuery(q groupmem.UsageQuery) (string, []any) {
	args := []any{nanos(q.Since) / dayNanos, nanos(q.Until) / dayNanos}
	if q.By == groupmem.UsageByGroup {
		return usageByGroup(q, args)
	}
	if q.GroupID == "" && q.Groups == nil {
		return `SELECT date(day * 86400, 'unixepoch'), ` + usageSums + ` FROM usage_all_days WHERE day BETWEEN ?1 AND ?2
			GROUP BY day HAVING sum(runs) > 0 ORDER BY day`, args
	}
	filter, args := usageGroupFilter(q, args, "group_id")
	return `SELECT date(day * 86400, 'unixepoch'), ` + usageSums + ` FROM usage_days WHERE day BETWEEN ?1 AND ?2
		AND runs > 0` + filter + ` GROUP BY day ORDER BY day`, args
}

// usageGroupFilter is the condition on column that selects q's group or
// its key's groups (never the purged groups' usage), or "" for every
// group, with the arguments it adds.
func usageGroupFilter(q groupmem.UsageQuery, args []any, column string) (string, []any) {
	var filter string
	if q.GroupID != "" {
		args = append(args, q.GroupID)
		filter += " AND " + column + " = ?" + strconv.Itoa(len(args))
	}
	if q.Groups != nil {
		list, _ := json.Marshal(append([]string{}, q.Groups...)) // a non-nil empty list selects nothing
		args = append(args, string(list))
		filter += " AND " + column + " IN (SELECT value FROM json_each(?" + strconv.Itoa(len(args)) + ")) AND " + column + " <> ''"
	}
	return filter, args
}

// usageByGroup answers q by group from running totals: a group's usage
// over the window is its running totals on the last day less those on
// the day before the first, since it has a row for every day from its
// first day of usage to its last. The groups with a row on the last day
// are read in one range of usage_days_day, and those whose last day of
// usage falls within the window in one of usage_groups_last_day (their
// totals then are usage_groups'); each finds its row of the day before
// the window in usage_days_day, where the entries of one day lie side by
// side (none: the window begins on or before its first day). A group
// without usage in the window is left out. The total of every group is
// the sum of the window's days (usage_all_days); that of a group or a
// key's groups, the sum of theirs. Groups are ordered by cost, then by
// tokens (so that groups still rank when no price is set), then by group
// id bytewise, as the Postgres ledger orders them.
func usageByGroup(q groupmem.UsageQuery, args []any) (string, []any) {
	hiFilter, args := usageGroupFilter(q, args, "hi.group_id")
	gFilter, _ := usageGroupFilter(q, []any{nil, nil}, "g.group_id") // the same placeholders
	fromHi, fromG, totals := make([]string, 0, 6), make([]string, 0, 6), make([]string, 0, 6)
	for _, c := range ledger.UsageColumns {
		fromHi = append(fromHi, fmt.Sprintf("hi.cum_%[1]s - coalesce(lo.cum_%[1]s, 0) AS %[1]s", c))
		fromG = append(fromG, fmt.Sprintf("g.cum_%[1]s - coalesce(lo.cum_%[1]s, 0)", c))
		totals = append(totals, fmt.Sprintf("coalesce(sum(%[1]s), 0) AS total_%[1]s", c))
	}
	total := `SELECT ` + strings.Join(totals, ", ") + ` FROM w WHERE runs > 0`
	if q.GroupID == "" && q.Groups == nil {
		total = `SELECT ` + strings.Join(totals, ", ") + ` FROM usage_all_days WHERE day BETWEEN ?1 AND ?2`
	}
	order := ` ORDER BY cost DESC, prompt_tokens + completion_tokens + embedding_tokens DESC, group_id COLLATE BINARY`
	args = append(args, q.Limit)
	return `WITH w AS (
			SELECT hi.group_id, ` + strings.Join(fromHi, ", ") + ` FROM usage_days AS hi INDEXED BY usage_days_day
			LEFT JOIN usage_days AS lo INDEXED BY usage_days_day ON lo.day = ?1 - 1 AND lo.group_id = hi.group_id
			WHERE hi.day = ?2` + hiFilter + `
			UNION ALL SELECT g.group_id, ` + strings.Join(fromG, ", ") + ` FROM usage_groups AS g INDEXED BY usage_groups_last_day
			LEFT JOIN usage_days AS lo INDEXED BY usage_days_day ON lo.day = ?1 - 1 AND lo.group_id = g.group_id
			WHERE g.last_day >= ?1 AND g.last_day < ?2` + gFilter + `)
		SELECT top.*, t.* FROM (SELECT * FROM w WHERE runs > 0` + order + ` LIMIT ?` + strconv.Itoa(len(args)) + `) AS top, (` + total + `) AS t` +
		order, args
}

// foldPurgedUsage keeps the usage of a group that is being purged under
// the purged groups (ledger.PurgedGroup), day by day, before the purge
// deletes its rows: the purged groups' days span the group's too, its
// usage is added to theirs, and their running totals are made anew.
func foldPurgedUsage(ctx context.Context, tx *sql.Tx, groupID string) error {
	for _, stmt := range []string{
		`INSERT INTO usage_groups (group_id, first_day, last_day) SELECT '', first_day, last_day FROM usage_groups WHERE group_id = ?1
			ON CONFLICT (group_id) DO UPDATE SET first_day = min(first_day, excluded.first_day), last_day = max(last_day, excluded.last_day)`,
		`INSERT INTO usage_days (group_id, day)
			WITH RECURSIVE s(day) AS (SELECT first_day FROM usage_groups WHERE group_id = ''
				UNION ALL SELECT day + 1 FROM s WHERE day < (SELECT last_day FROM usage_groups WHERE group_id = ''))
			SELECT '', day FROM s WHERE EXISTS (SELECT 1 FROM usage_groups WHERE group_id = ?1)
			ON CONFLICT (group_id, day) DO NOTHING`,
		`UPDATE usage_days SET runs = usage_days.runs + o.runs, calls = usage_days.calls + o.calls,
			prompt_tokens = usage_days.prompt_tokens + o.prompt_tokens, completion_tokens = usage_days.completion_tokens + o.completion_tokens,
			embedding_tokens = usage_days.embedding_tokens + o.embedding_tokens, cost = usage_days.cost + o.cost
			FROM (SELECT * FROM usage_days WHERE group_id = ?1) AS o WHERE usage_days.group_id = '' AND usage_days.day = o.day`,
		`UPDATE usage_days SET cum_runs = c.runs, cum_calls = c.calls, cum_prompt_tokens = c.prompt_tokens,
			cum_completion_tokens = c.completion_tokens, cum_embedding_tokens = c.embedding_tokens, cum_cost = c.cost
			FROM (SELECT day, sum(runs) OVER w AS runs, sum(calls) OVER w AS calls, sum(prompt_tokens) OVER w AS prompt_tokens,
					sum(completion_tokens) OVER w AS completion_tokens, sum(embedding_tokens) OVER w AS embedding_tokens, sum(cost) OVER w AS cost
				FROM usage_days WHERE group_id = '' WINDOW w AS (ORDER BY day)) AS c
			WHERE usage_days.group_id = '' AND usage_days.day = c.day AND EXISTS (SELECT 1 FROM usage_groups WHERE group_id = ?1)`,
		`UPDATE usage_groups SET (cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens, cum_cost) =
			(SELECT cum_runs, cum_calls, cum_prompt_tokens, cum_completion_tokens, cum_embedding_tokens, cum_cost
				FROM usage_days AS u WHERE u.group_id = '' AND u.day = usage_groups.last_day)
			WHERE group_id = '' AND EXISTS (SELECT 1 FROM usage_groups WHERE group_id = ?1)`,
	} {
		if _, err := tx.ExecContext(ctx, stmt, groupID); err != nil {
			return fmt.Errorf("keep the purged group's usage: %w", err)
		}
	}
	return nil
}
