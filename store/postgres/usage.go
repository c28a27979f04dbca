package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// Usage implements groupmem.Ledger: one query over usage_days, the
// per-group per-day sums that migration 0018's triggers keep as runs are
// written, with the window's total summed by the same query.
func (l *Ledger) Usage(ctx context.Context, q groupmem.UsageQuery) (groupmem.UsageReport, error) {
	if err := q.Check(); err != nil {
		return groupmem.UsageReport{}, err
	}
	sql, args := usageQuery(q)
	rows, err := l.pool.Query(ctx, sql, args...)
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
const usageSums = `sum(runs)::bigint, sum(calls)::bigint, sum(prompt_tokens)::bigint, sum(completion_tokens)::bigint,
	sum(embedding_tokens)::bigint, sum(cost),
	(sum(sum(runs)) OVER ())::bigint, (sum(sum(calls)) OVER ())::bigint, (sum(sum(prompt_tokens)) OVER ())::bigint,
	(sum(sum(completion_tokens)) OVER ())::bigint, (sum(sum(embedding_tokens)) OVER ())::bigint, sum(sum(cost)) OVER ()`

// usageQuery is the one statement that answers q, and its arguments. Its
// filters are written out only when q has them, so that each shape gets
// the plan its index makes: (group_id, day) for one group, (day) for
// every group. An answer by group is ordered by cost, then by tokens (so
// that groups still rank when no price is set), then by group id
// bytewise, as the SQLite ledger orders it, whatever the database's
// collation.
func usageQuery(q groupmem.UsageQuery) (string, []any) {
	args := []any{q.Since, q.Until}
	where := []string{"day BETWEEN $1::date AND $2::date"}
	if q.GroupID != "" {
		args = append(args, q.GroupID)
		where = append(where, "group_id = $"+strconv.Itoa(len(args)))
	}
	if q.Groups != nil {
		args = append(args, append([]string{}, q.Groups...)) // a non-nil empty list selects nothing
		where = append(where, "group_id = ANY($"+strconv.Itoa(len(args))+"::text[])")
	}
	filter := " FROM usage_days WHERE " + strings.Join(where, " AND ")
	if q.By == groupmem.UsageByDay {
		return `SELECT to_char(day, 'YYYY-MM-DD'), ` + usageSums + filter + ` GROUP BY day ORDER BY day`, args
	}
	args = append(args, q.Limit)
	return `SELECT group_id, ` + usageSums + filter + ` GROUP BY group_id
		ORDER BY sum(cost) DESC, sum(prompt_tokens + completion_tokens + embedding_tokens) DESC, group_id COLLATE "C"
		LIMIT $` + strconv.Itoa(len(args)), args
}
