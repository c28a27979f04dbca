package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// Usage implements groupmem.Ledger: one query over the sums and running
// totals that migrations 0018 and 0020's triggers keep as runs are
// written (usageQuery), with the window's total summed by the same query.
// Costs are kept in nano-units, as integers (0023): every sum and every
// difference of running totals is exact.
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
	sum(embedding_tokens)::bigint, sum(cost)::bigint,
	(sum(sum(runs)) OVER ())::bigint, (sum(sum(calls)) OVER ())::bigint, (sum(sum(prompt_tokens)) OVER ())::bigint,
	(sum(sum(completion_tokens)) OVER ())::bigint, (sum(sum(embedding_tokens)) OVER ())::bigint, (sum(sum(cost)) OVER ())::bigint`

// usageQuery is the one statement that answers q, and its arguments. Its
// filters are written out only when q has them, so that each shape gets
// the plan its index makes. By day, every group's usage is read from
// usage_all_days (16 rows a day at most), a group's or a key's groups'
// from usage_days by (group_id, day), days without usage left out. By
// group, see usageByGroup.
func usageQuery(q groupmem.UsageQuery) (string, []any) {
	args := []any{q.Since, q.Until}
	if q.By == groupmem.UsageByGroup {
		return usageByGroup(q, args)
	}
	if q.GroupID == "" && q.Groups == nil {
		return `SELECT to_char(day, 'YYYY-MM-DD'), ` + usageSums + ` FROM usage_all_days WHERE day BETWEEN $1::date AND $2::date
			GROUP BY day HAVING sum(runs) > 0 ORDER BY day`, args
	}
	filter, args := usageGroupFilter(q, args, "group_id")
	return `SELECT to_char(day, 'YYYY-MM-DD'), ` + usageSums + ` FROM usage_days WHERE day BETWEEN $1::date AND $2::date
		AND runs > 0` + filter + ` GROUP BY day ORDER BY day`, args
}

// usageGroupFilter is the condition on column that selects q's group or
// its key's groups (never the purged groups' usage), or "" for every
// group, with the arguments it adds.
func usageGroupFilter(q groupmem.UsageQuery, args []any, column string) (string, []any) {
	var filter string
	if q.GroupID != "" {
		args = append(args, q.GroupID)
		filter += " AND " + column + " = $" + strconv.Itoa(len(args))
	}
	if q.Groups != nil {
		args = append(args, append([]string{}, q.Groups...)) // a non-nil empty list selects nothing
		filter += " AND " + column + " = ANY($" + strconv.Itoa(len(args)) + "::text[]) AND " + column + " <> ''"
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
// the window in usage_days_day (none: the window begins on or before its
// first day). A group without usage in the window is left out. The
// total of every group is the sum of the window's days (usage_all_days);
// that of a group or a key's groups, the sum of theirs. Groups are
// ordered by cost, then by tokens (so that groups still rank when no
// price is set), then by group id bytewise, as the SQLite ledger orders
// them, whatever the database's collation.
func usageByGroup(q groupmem.UsageQuery, args []any) (string, []any) {
	hiFilter, args := usageGroupFilter(q, args, "hi.group_id")
	gFilter, _ := usageGroupFilter(q, []any{nil, nil}, "g.group_id") // the same placeholders
	fromHi, fromG, totals := make([]string, 0, 6), make([]string, 0, 6), make([]string, 0, 6)
	for _, c := range ledger.UsageColumns {
		fromHi = append(fromHi, fmt.Sprintf("hi.cum_%[1]s - coalesce(lo.cum_%[1]s, 0) AS %[1]s", c))
		fromG = append(fromG, fmt.Sprintf("g.cum_%[1]s - coalesce(lo.cum_%[1]s, 0)", c))
		totals = append(totals, fmt.Sprintf("coalesce(sum(%[1]s), 0)::bigint AS total_%[1]s", c))
	}
	total := `SELECT ` + strings.Join(totals, ", ") + ` FROM w WHERE runs > 0`
	if q.GroupID == "" && q.Groups == nil {
		total = `SELECT ` + strings.Join(totals, ", ") + ` FROM usage_all_days WHERE day BETWEEN $1::date AND $2::date`
	}
	order := ` ORDER BY cost DESC, prompt_tokens + completion_tokens + embedding_tokens DESC, group_id COLLATE "C"`
	args = append(args, q.Limit)
	return `WITH w AS (
			SELECT hi.group_id, ` + strings.Join(fromHi, ", ") + ` FROM usage_days AS hi
			LEFT JOIN usage_days AS lo ON lo.day = $1::date - 1 AND lo.group_id = hi.group_id
			WHERE hi.day = $2::date` + hiFilter + `
			UNION ALL SELECT g.group_id, ` + strings.Join(fromG, ", ") + ` FROM usage_groups AS g
			LEFT JOIN usage_days AS lo ON lo.day = $1::date - 1 AND lo.group_id = g.group_id
			WHERE g.last_day >= $1::date AND g.last_day < $2::date` + gFilter + `)
		SELECT top.*, t.* FROM (SELECT * FROM w WHERE runs > 0` + order + ` LIMIT $` + strconv.Itoa(len(args)) + `) AS top,
			(` + total + `) AS t` + order, args
}

// foldPurgedUsage keeps the usage of a group that is being purged under
// the purged groups (ledger.PurgedGroup), day by day, before the purge
// deletes its rows (usage_fold_purged, migration 0020).
func foldPurgedUsage(ctx context.Context, tx pgx.Tx, groupID string) error {
	if _, err := tx.Exec(ctx, `SELECT usage_fold_purged($1)`, groupID); err != nil {
		return fmt.Errorf("keep the purged group's usage: %w", err)
	}
	return nil
}
