package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// dayNanos is one day in the unit of the ledger's times; usage_days keys
// a day by started_at / dayNanos.
const dayNanos = 86_400_000_000_000

// Usage implements groupmem.Ledger: one query over usage_days, the
// per-group per-day sums that migration 0018's triggers keep as runs are
// written, with the window's total summed by the same query.
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
// the plan its index makes: the primary key (group_id, day) for one
// group, usage_days_day for every group. An answer by group is ordered
// by cost, then by tokens (so that groups still rank when no price is
// set), then by group id bytewise, as the Postgres ledger orders it.
func usageQuery(q groupmem.UsageQuery) (string, []any) {
	args := []any{nanos(q.Since) / dayNanos, nanos(q.Until) / dayNanos}
	where := []string{"day BETWEEN ? AND ?"}
	if q.GroupID != "" {
		args = append(args, q.GroupID)
		where = append(where, "group_id = ?")
	}
	if q.Groups != nil {
		list, _ := json.Marshal(append([]string{}, q.Groups...)) // a non-nil empty list selects nothing
		args = append(args, string(list))
		where = append(where, "group_id IN (SELECT value FROM json_each(?))")
	}
	filter := " FROM usage_days WHERE " + strings.Join(where, " AND ")
	if q.By == groupmem.UsageByDay {
		return `SELECT date(day * 86400, 'unixepoch'), ` + usageSums + filter + ` GROUP BY day ORDER BY day`, args
	}
	args = append(args, q.Limit)
	return `SELECT group_id, ` + usageSums + filter + ` GROUP BY group_id
		ORDER BY sum(cost) DESC, sum(prompt_tokens + completion_tokens + embedding_tokens) DESC, group_id COLLATE BINARY LIMIT ?`, args
}
