package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/groupmem/groupmem/store/ledger"
)

// scrubRuns removes text from the excerpts of model answers that the run
// reports of group g keep (see ledger.RedactReport), inside a
// redaction's transaction, and returns how many reports it changed.
func scrubRuns(ctx context.Context, tx *sql.Tx, g, text string) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, report FROM evolution_runs WHERE group_id = ?
		AND (json_extract(report, '$.answer') IS NOT NULL OR json_extract(report, '$.dropped') IS NOT NULL)`, g)
	if err != nil {
		return 0, fmt.Errorf("read run reports: %w", err)
	}
	type report struct{ id, raw string }
	reports, err := collect(rows, func(row *sql.Rows) (report, error) {
		var r report
		return r, row.Scan(&r.id, &r.raw)
	})
	if err != nil {
		return 0, fmt.Errorf("read run reports: %w", err)
	}
	n := 0
	for _, r := range reports {
		b, changed, err := ledger.RedactStoredReport(r.id, []byte(r.raw), text)
		if err != nil {
			return 0, err
		}
		if !changed {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE evolution_runs SET report = ? WHERE id = ?`, string(b), r.id); err != nil {
			return 0, fmt.Errorf("scrub report of run %s: %w", r.id, err)
		}
		n++
	}
	return n, nil
}

// scrubPlans rewrites the writes of the group's kept plans that quote
// text (ledger.ScrubWrites) and returns how many plans changed.
func scrubPlans(ctx context.Context, tx *sql.Tx, g, text string) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, writes FROM plans WHERE group_id = ?`, g)
	if err != nil {
		return 0, fmt.Errorf("read kept plans: %w", err)
	}
	type plan struct{ id, raw string }
	plans, err := collect(rows, func(row *sql.Rows) (plan, error) {
		var p plan
		return p, row.Scan(&p.id, &p.raw)
	})
	if err != nil {
		return 0, fmt.Errorf("read kept plans: %w", err)
	}
	n := 0
	for _, p := range plans {
		b, changed, err := ledger.ScrubStoredWrites(p.id, []byte(p.raw), text)
		if err != nil {
			return 0, err
		}
		if !changed {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE plans SET writes = ? WHERE id = ?`, string(b), p.id); err != nil {
			return 0, fmt.Errorf("scrub plan %s: %w", p.id, err)
		}
		n++
	}
	return n, nil
}
