package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// RunningRuns implements groupmem.Ledger with the partial index of running
// runs.
func (l *Ledger) RunningRuns(ctx context.Context, q groupmem.RunningRunsQuery) ([]groupmem.Run, error) {
	if ok, err := ledger.CheckRunning(q); !ok {
		return nil, err
	}
	rows, err := l.read.QueryContext(ctx, `SELECT `+runColumns+` FROM evolution_runs
		WHERE status = 'running' AND (?1 = '' OR group_id = ?1) AND started_at <= ?2
		ORDER BY started_at, id LIMIT ?3`, q.GroupID, nanos(l.now().Add(-q.MinAge)), q.Limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read running runs: %w", err))
	}
	runs, err := collect(rows, scanRun)
	return runs, interpretError(err)
}

// AbandonRun implements groupmem.Ledger in one write transaction, which
// holds the file's write lock: no commit or BeginRun of the group comes in
// between its check and its writes.
func (l *Ledger) AbandonRun(ctx context.Context, p groupmem.AbandonRunParams) (groupmem.Run, error) {
	if err := groupmem.CheckID(p.RunID); err != nil {
		return groupmem.Run{}, err
	}
	reason := cmp.Or(p.Reason, groupmem.AbandonedLease)
	now := nanos(l.now())
	var run groupmem.Run
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE evolution_runs SET status = 'failed', report = json_set(report, '$.reason', 'abandoned'), error = ?2, finished_at = ?3
			WHERE id = ?1 AND status = 'running' RETURNING `+runColumns, p.RunID, ledger.CleanError(reason), now)
		if err != nil {
			return fmt.Errorf("close run: %w", err)
		}
		runs, err := collect(rows, scanRun)
		if err != nil {
			return fmt.Errorf("close run: %w", err)
		}
		if len(runs) == 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM evolution_runs WHERE id = ?`, p.RunID).Scan(&n); err != nil {
				return fmt.Errorf("read run: %w", err)
			}
			if n == 0 {
				return groupmem.Errorf(groupmem.ENOTFOUND, "run %s not found", p.RunID)
			}
			return groupmem.Errorf(groupmem.ECONFLICT, "run %s is not running", p.RunID)
		}
		run = runs[0]
		_, err = tx.ExecContext(ctx, `UPDATE group_state SET fence = fence + 1, updated_at = ?3
			WHERE group_id = ?1 AND fence = ?2`, run.GroupID, run.Fence, now)
		if err != nil {
			return fmt.Errorf("advance fence: %w", err)
		}
		return nil
	})
	if err != nil {
		return groupmem.Run{}, err
	}
	return run, nil
}
