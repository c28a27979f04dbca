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

// CommitPlan implements groupmem.Ledger. The plan is checked and cleaned
// before the transaction starts (EINVALID for a malformed plan). The write
// transaction holds the file's write lock from its start and first compares
// the fence, so a plan from a superseded run writes nothing (ESTALE), and
// no BeginRun can slip in before the commit; every transition is
// conditional on its From status (ECONFLICT otherwise), as is the kept
// plan it commits, if any, on waiting to be applied; a second active
// version of one lineage or a repeated version number is ECONFLICT. A
// group that never began a run is ENOTFOUND. Timestamps of everything
// written are the one "now" of the transaction; plan is updated in place
// with them, with the run id on every version and change, the change ids,
// the run's succeeded status and the touched versions as committed
// (plan.Committed).
func (l *Ledger) CommitPlan(ctx context.Context, plan *groupmem.Plan) error {
	if err := ledger.CleanPlan(plan); err != nil {
		return err
	}
	now := fromNanos(nanos(l.now()))
	ledger.Stamp(plan, now)
	return l.inTx(ctx, func(tx *sql.Tx) error {
		if err := checkFence(ctx, tx, plan.Run); err != nil {
			return err
		}
		if err := applyTransitions(ctx, tx, plan, now); err != nil {
			return err
		}
		if err := insertVersions(ctx, tx, plan); err != nil {
			return err
		}
		if err := insertChanges(ctx, tx, plan); err != nil {
			return err
		}
		entries, err := insertOutbox(ctx, tx, plan.Run.GroupID, plan.Touched(), now)
		if err != nil {
			return err
		}
		plan.Outbox = entries
		_, err = tx.ExecContext(ctx, `UPDATE group_state SET watermark = max(watermark, ?2), updated_at = ?3 WHERE group_id = ?1`,
			plan.Run.GroupID, plan.Run.NewWatermark, nanos(now))
		if err != nil {
			return fmt.Errorf("raise watermark: %w", err)
		}
		committed, err := touchedVersions(ctx, tx, plan.Touched())
		if err != nil {
			return err
		}
		if err := markApplied(ctx, tx, plan, now); err != nil {
			return err
		}
		if err := emitEvents(ctx, tx, plan.Run.GroupID, ledger.ChangeEvents(plan.Changes), now); err != nil {
			return err
		}
		plan.Run.Status = groupmem.RunSucceeded
		if err := finishRun(ctx, tx, &plan.Run, now); err != nil {
			return err
		}
		plan.Committed = committed
		return nil
	})
}

// touchedVersions reads back, in tx, the versions ids as the transaction
// leaves them, in the order of ids: plan.Committed.
func touchedVersions(ctx context.Context, tx *sql.Tx, ids []string) ([]groupmem.Memory, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, _ := json.Marshal(ids) // a []string always marshals
	mems, err := queryMemories(ctx, tx, `SELECT `+qualifiedColumns+` FROM json_each(?) AS t
		JOIN memory_versions m ON m.memory_id = t.value ORDER BY t.key`, string(list))
	if err != nil {
		return nil, fmt.Errorf("read back the touched versions: %w", err)
	}
	return mems, nil
}

// checkFence fails with ESTALE unless the run still holds the group's
// current fence. The caller's transaction holds the write lock, so the
// fence cannot move before it commits.
func checkFence(ctx context.Context, tx *sql.Tx, run groupmem.Run) error {
	var fence int64
	err := tx.QueryRowContext(ctx, `SELECT fence FROM group_state WHERE group_id = ?`, run.GroupID).Scan(&fence)
	if err == sql.ErrNoRows {
		return groupmem.Errorf(groupmem.ENOTFOUND, "group %s has no runs", run.GroupID)
	}
	if err != nil {
		return fmt.Errorf("read group state: %w", err)
	}
	if fence != run.Fence {
		return groupmem.Errorf(groupmem.ESTALE, "run %s holds fence %d but group %s is at %d; another run took over",
			run.ID, run.Fence, run.GroupID, fence)
	}
	return nil
}

func applyTransitions(ctx context.Context, tx *sql.Tx, plan *groupmem.Plan, now time.Time) error {
	if len(plan.Transitions) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, `
		UPDATE memory_versions SET status = ?3, strength = coalesce(?4, strength), updated_at = ?5
		WHERE memory_id = ?1 AND group_id = ?2 AND status = ?6`)
	if err != nil {
		return fmt.Errorf("prepare transition: %w", err)
	}
	defer stmt.Close()
	stale := 0
	for _, t := range plan.Transitions {
		res, err := stmt.ExecContext(ctx, t.MemoryID, plan.Run.GroupID, string(t.To), t.Strength, nanos(now), string(t.From))
		if err != nil {
			return fmt.Errorf("apply transition: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("apply transition: %w", err)
		}
		if n != 1 {
			stale++
		}
	}
	if stale > 0 {
		return ledger.StaleTransitions(stale, len(plan.Transitions))
	}
	return nil
}

func insertVersions(ctx context.Context, tx *sql.Tx, plan *groupmem.Plan) error {
	if len(plan.New) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO memory_versions (`+memoryColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("prepare insert version: %w", err)
	}
	defer stmt.Close()
	for i := range plan.New {
		m := &plan.New[i]
		_, err := stmt.ExecContext(ctx, m.ID, m.LineageID, m.GroupID, m.Statement, m.Version, nullString(m.ParentID),
			string(m.Status), encodeList(m.Tags), m.Strength, m.ChangeSummary, encodeList(m.Evidence),
			encodeVector(m.Embedding), m.RunID, nanos(m.CreatedAt), nanos(m.UpdatedAt), encodeList(m.Subjects))
		if err != nil {
			return fmt.Errorf("insert version %s: %w", m.ID, err)
		}
	}
	return nil
}

func insertChanges(ctx context.Context, tx *sql.Tx, plan *groupmem.Plan) error {
	if len(plan.Changes) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, `
		INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
			new_statement, change_summary, version, run_id, actor, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("prepare insert change: %w", err)
	}
	defer stmt.Close()
	for i := range plan.Changes {
		c := &plan.Changes[i]
		res, err := stmt.ExecContext(ctx, c.GroupID, string(c.Action), c.MemoryID, nullString(c.NewMemoryID),
			c.OldStatement, c.NewStatement, c.Reason, c.Version, c.RunID, c.Actor, nanos(c.CreatedAt))
		if err != nil {
			return fmt.Errorf("insert change: %w", err)
		}
		if c.ID, err = res.LastInsertId(); err != nil {
			return fmt.Errorf("insert change: %w", err)
		}
	}
	return nil
}

func insertOutbox(ctx context.Context, tx *sql.Tx, group string, ids []string, now time.Time) ([]int64, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO outbox (group_id, memory_id, created_at) VALUES (?, ?, ?)`)
	if err != nil {
		return nil, fmt.Errorf("prepare insert outbox: %w", err)
	}
	defer stmt.Close()
	entries := make([]int64, len(ids))
	for i, id := range ids {
		res, err := stmt.ExecContext(ctx, group, id, nanos(now))
		if err != nil {
			return nil, fmt.Errorf("insert outbox: %w", err)
		}
		if entries[i], err = res.LastInsertId(); err != nil {
			return nil, fmt.Errorf("insert outbox: %w", err)
		}
	}
	return entries, nil
}
