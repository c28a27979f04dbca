package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// BeginRun implements groupmem.Ledger: it raises the group's fence by one
// (creating the group's state on first use), reads the watermark, and
// records the run, all in one write transaction. An invalid group id is
// EINVALID.
func (l *Ledger) BeginRun(ctx context.Context, p groupmem.BeginRunParams) (groupmem.Run, error) {
	run, err := ledger.NewRun(p, fromNanos(nanos(l.now())))
	if err != nil {
		return groupmem.Run{}, err
	}
	err = l.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `
			INSERT INTO group_state (group_id, fence, updated_at) VALUES (?1, 1, ?2)
			ON CONFLICT (group_id) DO UPDATE SET fence = fence + 1, updated_at = ?2
			RETURNING fence, watermark`, run.GroupID, nanos(run.StartedAt)).Scan(&run.Fence, &run.Watermark)
		if err != nil {
			return fmt.Errorf("take fence: %w", err)
		}
		run.NewWatermark = run.Watermark
		// Runs still "running" lost their fence just now: none of them can
		// commit any more, and a crashed one would never say so itself.
		if _, err := tx.ExecContext(ctx, `UPDATE evolution_runs SET status = 'failed', report = json_set(report, '$.reason', 'abandoned'), error = ?2, finished_at = ?3
			WHERE group_id = ?1 AND status = 'running'`, run.GroupID, groupmem.AbandonedRun, nanos(run.StartedAt)); err != nil {
			return fmt.Errorf("close abandoned runs: %w", err)
		}
		return insertRun(ctx, tx, &run)
	})
	if err != nil {
		return groupmem.Run{}, err
	}
	return run, nil
}

func insertRun(ctx context.Context, tx *sql.Tx, r *groupmem.Run) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO evolution_runs (id, group_id, trigger, actor, status, model, prompt_version,
			fence, watermark, new_watermark, started_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.GroupID, r.Trigger, r.Actor, string(r.Status), r.Model, r.PromptVersion,
		r.Fence, r.Watermark, r.NewWatermark, nanos(r.StartedAt))
	if err != nil {
		return fmt.Errorf("record run: %w", err)
	}
	return nil
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
	now := fromNanos(nanos(l.now()))
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		return finishRun(ctx, tx, &run, now)
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
	return l.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE evolution_runs SET tokens = ?2
			WHERE id = ?1 AND status = 'failed' AND json_extract(report, '$.reason') = ?3`,
			r.ID, string(tokens), groupmem.FailAbandoned)
		if err != nil {
			return fmt.Errorf("record the tokens of abandoned run %s: %w", r.ID, err)
		}
		return nil
	})
}

// finishRun writes the end of a run that is still running.
func finishRun(ctx context.Context, tx *sql.Tx, r *groupmem.Run, now time.Time) error {
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
	res, err := tx.ExecContext(ctx, `
		UPDATE evolution_runs SET status = ?2, model = ?3, prompt_version = ?4, new_watermark = ?5,
			messages = ?6, stats = ?7, tokens = ?8, report = ?9, error = ?10, finished_at = ?11
		WHERE id = ?1 AND status = 'running'`,
		r.ID, string(r.Status), groupmem.CleanActor(r.Model), groupmem.CleanActor(r.PromptVersion), r.NewWatermark,
		r.Messages, string(stats), string(tokens), string(report), ledger.CleanError(r.Error), nanos(r.FinishedAt))
	if err != nil {
		return fmt.Errorf("finish run: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("finish run: %w", err)
	}
	if n != 1 {
		return groupmem.Errorf(groupmem.ECONFLICT, "run %s is not running", r.ID)
	}
	if e, ok := ledger.RunEvent(*r); ok {
		return emitEvents(ctx, tx, r.GroupID, []groupmem.Event{e}, now)
	}
	return nil
}

const runColumns = `id, group_id, trigger, actor, status, model, prompt_version, fence, watermark,
	new_watermark, messages, stats, tokens, report, error, started_at, finished_at`

func scanRun(row *sql.Rows) (groupmem.Run, error) {
	var r groupmem.Run
	var status, stats, tokens, report string
	var started int64
	var finished sql.NullInt64
	err := row.Scan(&r.ID, &r.GroupID, &r.Trigger, &r.Actor, &status, &r.Model, &r.PromptVersion,
		&r.Fence, &r.Watermark, &r.NewWatermark, &r.Messages, &stats, &tokens, &report, &r.Error,
		&started, &finished)
	if err != nil {
		return r, err
	}
	r.Status = groupmem.RunStatus(status)
	r.StartedAt, r.FinishedAt = fromNanos(started), fromNullNanos(finished)
	return r, decodeRunJSON(&r, stats, tokens, report)
}

// decodeRunJSON decodes the JSON columns of a run's record into r.
func decodeRunJSON(r *groupmem.Run, stats, tokens, report string) error {
	if err := json.Unmarshal([]byte(stats), &r.Stats); err != nil {
		return fmt.Errorf("decode run stats: %w", err)
	}
	if err := json.Unmarshal([]byte(tokens), &r.Tokens); err != nil {
		return fmt.Errorf("decode run tokens: %w", err)
	}
	if err := json.Unmarshal([]byte(report), &r.Report); err != nil {
		return fmt.Errorf("decode run report: %w", err)
	}
	return nil
}

// Runs implements groupmem.Ledger: newest first. An invalid group id is
// EINVALID.
func (l *Ledger) Runs(ctx context.Context, q groupmem.RunQuery) ([]groupmem.Run, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	var before any // NULL: from the newest
	if !q.BeforeTime.IsZero() {
		if err := groupmem.CheckID(q.BeforeID); err != nil {
			return nil, err
		}
		before = nanos(q.BeforeTime)
	}
	rows, err := l.read.QueryContext(ctx, `SELECT `+runColumns+` FROM evolution_runs
		WHERE group_id = ?1 AND trigger <> ?2 AND (?3 = '' OR status = ?3)`+afterCursor("started_at", before)+`
		ORDER BY started_at DESC, id DESC LIMIT ?6`,
		q.GroupID, groupmem.TriggerAdmin, string(q.Status), before, q.BeforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read runs: %w", err))
	}
	runs, err := collect(rows, scanRun)
	return runs, interpretError(err)
}

// Run implements groupmem.Ledger. A malformed id is EINVALID; an unknown
// one ENOTFOUND.
func (l *Ledger) Run(ctx context.Context, id string) (groupmem.Run, error) {
	if err := groupmem.CheckID(id); err != nil {
		return groupmem.Run{}, err
	}
	rows, err := l.read.QueryContext(ctx, `SELECT `+runColumns+` FROM evolution_runs WHERE id = ?`, id)
	if err != nil {
		return groupmem.Run{}, interpretError(fmt.Errorf("read run: %w", err))
	}
	runs, err := collect(rows, scanRun)
	if err != nil {
		return groupmem.Run{}, interpretError(err)
	}
	if len(runs) == 0 {
		return groupmem.Run{}, groupmem.Errorf(groupmem.ENOTFOUND, "run %s not found", id)
	}
	return runs[0], nil
}
