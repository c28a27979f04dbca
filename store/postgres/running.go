package postgres

import (
	"cmp"
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// RunningRuns implements groupmem.Ledger with the partial index of running
// runs.
func (l *Ledger) RunningRuns(ctx context.Context, q groupmem.RunningRunsQuery) ([]groupmem.Run, error) {
	if ok, err := ledger.CheckRunning(q); !ok {
		return nil, err
	}
	rows, err := l.pool.Query(ctx, `SELECT `+runColumns+` FROM evolution_runs
		WHERE status = 'running' AND ($1 = '' OR group_id = $1) AND started_at <= $2
		ORDER BY started_at, id LIMIT $3`, q.GroupID, l.now().UTC().Add(-q.MinAge), q.Limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read running runs: %w", err))
	}
	runs, err := pgx.CollectRows(rows, scanRun)
	return runs, interpretError(err)
}

// AbandonRun implements groupmem.Ledger. Like BeginRun and CommitPlan, it
// locks the group's state row before it touches the run, so it serialises
// with both: a commit of the run either lands before it (the run is then
// not running: ECONFLICT) or after it, and then finds its fence gone.
func (l *Ledger) AbandonRun(ctx context.Context, p groupmem.AbandonRunParams) (groupmem.Run, error) {
	if err := groupmem.CheckID(p.RunID); err != nil {
		return groupmem.Run{}, err
	}
	reason := cmp.Or(p.Reason, groupmem.AbandonedLease)
	now := l.now().UTC()
	var run groupmem.Run
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		var group string
		err := tx.QueryRow(ctx, `SELECT group_id FROM evolution_runs WHERE id = $1`, p.RunID).Scan(&group)
		if err == pgx.ErrNoRows {
			return groupmem.Errorf(groupmem.ENOTFOUND, "run %s not found", p.RunID)
		}
		if err != nil {
			return fmt.Errorf("read run: %w", err)
		}
		fence, found, err := l.lockGroupState(ctx, tx, group)
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("lock group state: %w", pgx.ErrNoRows)
		}
		rows, err := tx.Query(ctx, `UPDATE evolution_runs SET status = 'failed', report = jsonb_set(report, '{reason}', '"abandoned"'), error = $2, finished_at = $3
			WHERE id = $1 AND status = 'running' RETURNING `+runColumns, p.RunID, ledger.CleanError(reason), now)
		if err != nil {
			return fmt.Errorf("close run: %w", err)
		}
		run, err = pgx.CollectExactlyOneRow(rows, scanRun)
		if err == pgx.ErrNoRows {
			return groupmem.Errorf(groupmem.ECONFLICT, "run %s is not running", p.RunID)
		}
		if err != nil {
			return fmt.Errorf("close run: %w", err)
		}
		if run.Fence != fence {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE group_state SET fence = fence + 1, updated_at = $2 WHERE group_id = $1`, group, now); err != nil {
			return fmt.Errorf("advance fence: %w", err)
		}
		return nil
	})
	if err != nil {
		return groupmem.Run{}, err
	}
	return run, nil
}
