package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem/store/ledger"
)

// scrubRuns removes text from the excerpts of model answers that the run
// reports of group g keep (see ledger.RedactReport), inside a
// redaction's transaction, and returns how many reports it changed.
func scrubRuns(ctx context.Context, tx pgx.Tx, g, text string) (int, error) {
	rows, err := tx.Query(ctx, `SELECT id, report FROM evolution_runs
		WHERE group_id = $1 AND (report ? 'answer' OR report ? 'dropped') FOR UPDATE`, g)
	if err != nil {
		return 0, fmt.Errorf("read run reports: %w", err)
	}
	type report struct {
		id  string
		raw []byte
	}
	reports, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (report, error) {
		var r report
		return r, row.Scan(&r.id, &r.raw)
	})
	if err != nil {
		return 0, fmt.Errorf("read run reports: %w", err)
	}
	n := 0
	for _, r := range reports {
		b, changed, err := ledger.RedactStoredReport(r.id, r.raw, text)
		if err != nil {
			return 0, err
		}
		if !changed {
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE evolution_runs SET report = $2 WHERE id = $1`, r.id, b); err != nil {
			return 0, fmt.Errorf("scrub report of run %s: %w", r.id, err)
		}
		n++
	}
	return n, nil
}

// scrubPlans rewrites the writes of the group's kept plans that quote
// text (ledger.ScrubWrites) and returns how many plans changed.
func scrubPlans(ctx context.Context, tx pgx.Tx, g, text string) (int, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, writes FROM plans WHERE group_id = $1 FOR UPDATE`, g)
	if err != nil {
		return 0, fmt.Errorf("read kept plans: %w", err)
	}
	type plan struct {
		id  string
		raw []byte
	}
	plans, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (plan, error) {
		var p plan
		return p, row.Scan(&p.id, &p.raw)
	})
	if err != nil {
		return 0, fmt.Errorf("read kept plans: %w", err)
	}
	n := 0
	for _, p := range plans {
		b, changed, err := ledger.ScrubStoredWrites(p.id, p.raw, text)
		if err != nil {
			return 0, err
		}
		if !changed {
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE plans SET writes = $2 WHERE id = $1`, p.id, b); err != nil {
			return 0, fmt.Errorf("scrub plan %s: %w", p.id, err)
		}
		n++
	}
	return n, nil
}
