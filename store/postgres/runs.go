package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// BeginRun implements groupmem.Ledger: it raises the group's fence by one
// (creating the group's state on first use), reads the watermark, closes
// the group's runs still running and records the run, all in one
// transaction. The statements go to the server together, as one batch
// that runs as one implicit transaction: either all of them apply or none
// does.
//
// The transaction commits without waiting for its WAL to reach the disk
// (synchronous_commit off): it is visible at once, and only a crash of
// Postgres within a fraction of a second can lose it. Losing it loses the
// run's record with its fence, and fencing still holds: a later BeginRun
// may hand the same fence to another run, but a commit (CommitPlan,
// KeepPlan, FinishRun, all flushed) is refused unless the run's record is
// there and still running, so the run whose beginning was lost can never
// commit; it fails, and its messages wait for the next run.
func (l *Ledger) BeginRun(ctx context.Context, p groupmem.BeginRunParams) (groupmem.Run, error) {
	run, err := ledger.NewRun(p, l.now().UTC())
	if err != nil {
		return groupmem.Run{}, err
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	// The one statement that locks the group's row takes the fence,
	// within the lock timeout as a whole.
	l.groupLock.queue(b, `
		INSERT INTO group_state AS g (group_id, fence) VALUES ($1, 1)
		ON CONFLICT (group_id) DO UPDATE SET fence = g.fence + 1, updated_at = now()
		RETURNING g.fence, g.watermark`, run.GroupID)
	// Runs still "running" lost their fence just now: none of them can
	// commit any more, and a crashed one would never say so itself.
	b.Queue(`UPDATE evolution_runs SET status = 'failed', report = jsonb_set(report, '{reason}', '"abandoned"'), error = $2, finished_at = $3
		WHERE group_id = $1 AND status = 'running'`, run.GroupID, groupmem.AbandonedRun, run.StartedAt)
	// The run records the fence and watermark that the first statement
	// left in the group's row, which the transaction holds locked.
	b.Queue(`
		INSERT INTO evolution_runs (id, group_id, trigger, actor, status, model, prompt_version,
			fence, watermark, new_watermark, started_at)
		SELECT $1, $2, $3, $4, $5, $6, $7, g.fence, g.watermark, g.watermark, $8
		FROM group_state g WHERE g.group_id = $2`,
		run.ID, run.GroupID, run.Trigger, run.Actor, run.Status, run.Model, run.PromptVersion, run.StartedAt)
	br := l.pool.SendBatch(ctx, b)
	if _, err = br.Exec(); err != nil {
		err = fmt.Errorf("begin run: %w", err)
	} else if err = l.groupLock.read(br, func(rows pgx.Rows) error { return rows.Scan(&run.Fence, &run.Watermark) }); err != nil {
		err = fmt.Errorf("take fence: %w", err)
	} else if _, err = br.Exec(); err != nil {
		err = fmt.Errorf("close abandoned runs: %w", err)
	} else if tag, rerr := br.Exec(); rerr != nil {
		err = fmt.Errorf("record run: %w", rerr)
	} else if tag.RowsAffected() != 1 {
		err = fmt.Errorf("record run: %d rows written", tag.RowsAffected())
	}
	if cerr := br.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("begin run: %w", cerr)
	}
	if err != nil {
		return groupmem.Run{}, interpretError(err)
	}
	run.NewWatermark = run.Watermark
	return run, nil
}

// FinishRun implements groupmem.Ledger. It records the end of a run that
// applies nothing (ledger.CheckFinish says which; EINVALID otherwise), and
// only while the run is running: a run already finished, or unknown, is
// left as it is (ECONFLICT), so a late writer cannot overwrite a committed
// run's record. The tokens of a refused end are still recorded when the
// run was closed as abandoned (it outlived its fence), so that what it
// spent is counted.
func (l *Ledger) FinishRun(ctx context.Context, run groupmem.Run) error {
	if err := ledger.CheckFinish(run); err != nil {
		return err
	}
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		return finishRun(ctx, tx, &run, l.now().UTC())
	})
	if groupmem.ErrorCode(err) == groupmem.ECONFLICT {
		if kerr := l.keepAbandonedTokens(ctx, run); kerr != nil {
			return kerr
		}
	}
	return err
}

// keepAbandonedTokens records the tokens of run r on its record when the
// run was closed as abandoned; the usage triggers count them.
func (l *Ledger) keepAbandonedTokens(ctx context.Context, r groupmem.Run) error {
	tokens, err := ledger.TokensJSON(r)
	if err != nil {
		return err
	}
	_, err = l.pool.Exec(ctx, `UPDATE evolution_runs SET tokens = $2
		WHERE id = $1 AND status = 'failed' AND report->>'reason' = $3`, r.ID, tokens, groupmem.FailAbandoned)
	if err != nil {
		return interpretError(fmt.Errorf("record the tokens of abandoned run %s: %w", r.ID, err))
	}
	return nil
}

// finishRun writes the end of a run that is still running.
func finishRun(ctx context.Context, tx pgx.Tx, r *groupmem.Run, now time.Time) error {
	b := &pgx.Batch{}
	if err := queueFinishRun(b, r, now); err != nil {
		return err
	}
	var events []groupmem.Event
	if e, ok := ledger.RunEvent(*r); ok {
		events = append(events, e)
	}
	queueEvents(b, r.GroupID, events, now)
	br := tx.SendBatch(ctx, b)
	err := readFinishRun(br, r)
	if err == nil {
		err = readEvents(br, events)
	}
	if cerr := br.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("finish run: %w", cerr)
	}
	return err
}

// queueFinishRun queues the statement that writes the end of run r, at
// now, while it is still running; readFinishRun reads its result.
func queueFinishRun(b *pgx.Batch, r *groupmem.Run, now time.Time) error {
	stats, _ := json.Marshal(r.Stats) // plain integers always marshal
	tokens, err := ledger.TokensJSON(*r)
	if err != nil {
		return err
	}
	report, err := json.Marshal(ledger.CleanReport(r.Report))
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	r.FinishedAt = now
	b.Queue(`
		UPDATE evolution_runs SET status = $2, model = $3, prompt_version = $4, new_watermark = $5,
			messages = $6, stats = $7, tokens = $8, report = $9, error = $10, finished_at = $11
		WHERE id = $1 AND status = 'running'`,
		r.ID, r.Status, groupmem.CleanActor(r.Model), groupmem.CleanActor(r.PromptVersion), r.NewWatermark,
		r.Messages, stats, tokens, report, ledger.CleanError(r.Error), r.FinishedAt)
	return nil
}

// readFinishRun reads the result of queueFinishRun: ECONFLICT when run r
// was not running any more.
func readFinishRun(br pgx.BatchResults, r *groupmem.Run) error {
	tag, err := br.Exec()
	if err != nil {
		return fmt.Errorf("finish run: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return groupmem.Errorf(groupmem.ECONFLICT, "run %s is not running", r.ID)
	}
	return nil
}

const runColumns = `id, group_id, trigger, actor, status, model, prompt_version, fence, watermark,
	new_watermark, messages, stats, tokens, report, error, started_at, finished_at`

func scanRun(row pgx.CollectableRow) (groupmem.Run, error) {
	var r groupmem.Run
	var stats, tokens, report []byte
	var finished *time.Time
	err := row.Scan(&r.ID, &r.GroupID, &r.Trigger, &r.Actor, &r.Status, &r.Model, &r.PromptVersion,
		&r.Fence, &r.Watermark, &r.NewWatermark, &r.Messages, &stats, &tokens, &report, &r.Error,
		&r.StartedAt, &finished)
	if err != nil {
		return r, err
	}
	if finished != nil {
		r.FinishedAt = *finished
	}
	return r, decodeRunJSON(&r, stats, tokens, report)
}

// decodeRunJSON decodes the JSON columns of a run's record into r.
func decodeRunJSON(r *groupmem.Run, stats, tokens, report []byte) error {
	if err := json.Unmarshal(stats, &r.Stats); err != nil {
		return fmt.Errorf("decode run stats: %w", err)
	}
	if err := json.Unmarshal(tokens, &r.Tokens); err != nil {
		return fmt.Errorf("decode run tokens: %w", err)
	}
	if err := json.Unmarshal(report, &r.Report); err != nil {
		return fmt.Errorf("decode run report: %w", err)
	}
	return nil
}

// Runs implements groupmem.Ledger.
func (l *Ledger) Runs(ctx context.Context, q groupmem.RunQuery) ([]groupmem.Run, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	var before *time.Time
	beforeID := "00000000-0000-0000-0000-000000000000"
	if !q.BeforeTime.IsZero() {
		if err := groupmem.CheckID(q.BeforeID); err != nil {
			return nil, err
		}
		before, beforeID = &q.BeforeTime, q.BeforeID
	}
	rows, err := l.pool.Query(ctx, `SELECT `+runColumns+` FROM evolution_runs
		WHERE group_id = $1 AND trigger <> $2 AND ($3 = '' OR status = $3)
			AND ($4::timestamptz IS NULL OR (started_at, id) < ($4, $5::uuid))
		ORDER BY started_at DESC, id DESC LIMIT $6`,
		q.GroupID, groupmem.TriggerAdmin, string(q.Status), before, beforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read runs: %w", err))
	}
	runs, err := pgx.CollectRows(rows, scanRun)
	return runs, interpretError(err)
}

// Run implements groupmem.Ledger.
func (l *Ledger) Run(ctx context.Context, id string) (groupmem.Run, error) {
	if err := groupmem.CheckID(id); err != nil {
		return groupmem.Run{}, err
	}
	rows, err := l.pool.Query(ctx, `SELECT `+runColumns+` FROM evolution_runs WHERE id = $1`, id)
	if err != nil {
		return groupmem.Run{}, interpretError(fmt.Errorf("read run: %w", err))
	}
	run, err := pgx.CollectExactlyOneRow(rows, scanRun)
	if err != nil {
		if err == pgx.ErrNoRows {
			return run, groupmem.Errorf(groupmem.ENOTFOUND, "run %s not found", id)
		}
		return run, interpretError(err)
	}
	return run, nil
}
