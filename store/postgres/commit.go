package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/groupmem/groupmem"
)

// CommitPlan implements groupmem.Ledger. The transaction first locks the
// group's state row and compares the fence, so a plan from a superseded
// run writes nothing (ESTALE); every transition is conditional on its From
// status (ECONFLICT otherwise). Timestamps of everything written are the
// one "now" of the transaction; plan is updated in place with them.
func (l *Ledger) CommitPlan(ctx context.Context, plan *groupmem.Plan) error {
	if err := cleanPlan(plan); err != nil {
		return err
	}
	now := l.now().UTC()
	return l.inTx(ctx, func(tx pgx.Tx) error {
		if err := checkFence(ctx, tx, plan.Run); err != nil {
			return err
		}
		b := &pgx.Batch{}
		for i := range plan.Transitions {
			t := plan.Transitions[i]
			b.Queue(`UPDATE memory_versions SET status = $3, strength = coalesce($4, strength), updated_at = $5
				WHERE memory_id = $1 AND group_id = $2 AND status = $6`,
				t.MemoryID, plan.Run.GroupID, t.To, t.Strength, now, t.From).Exec(func(tag pgconn.CommandTag) error {
				if tag.RowsAffected() != 1 {
					return groupmem.Errorf(groupmem.ECONFLICT, "memory %s is not %s in group %s", t.MemoryID, t.From, plan.Run.GroupID)
				}
				return nil
			})
		}
		for i := range plan.New {
			m := &plan.New[i]
			m.CreatedAt, m.UpdatedAt, m.RunID = now, now, plan.Run.ID
			b.Queue(`INSERT INTO memory_versions (`+memoryColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
				m.ID, m.LineageID, m.GroupID, m.Statement, m.Version, nullable(m.ParentID), m.Status,
				nonNil(m.Tags), m.Strength, m.ChangeSummary, nonNil(m.Evidence), m.Embedding,
				m.RunID, m.CreatedAt, m.UpdatedAt)
		}
		for i := range plan.Changes {
			c := &plan.Changes[i]
			c.GroupID, c.RunID, c.CreatedAt = plan.Run.GroupID, plan.Run.ID, now
			b.Queue(`INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
					new_statement, change_summary, version, run_id, actor, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
				c.GroupID, c.Action, c.MemoryID, nullable(c.NewMemoryID), c.OldStatement, c.NewStatement,
				c.Reason, c.Version, c.RunID, c.Actor, c.CreatedAt).QueryRow(func(row pgx.Row) error {
				return row.Scan(&c.ID)
			})
		}
		for _, id := range touched(plan) {
			b.Queue(`INSERT INTO outbox (group_id, memory_id, created_at) VALUES ($1, $2, $3)`,
				plan.Run.GroupID, id, now)
		}
		b.Queue(`UPDATE group_state SET watermark = greatest(watermark, $2), updated_at = $3 WHERE group_id = $1`,
			plan.Run.GroupID, plan.Run.NewWatermark, now)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return fmt.Errorf("apply plan: %w", err)
		}
		plan.Run.Status = groupmem.RunSucceeded
		return finishRun(ctx, tx, &plan.Run, now)
	})
}

// checkFence locks the group's state row and fails with ESTALE unless the
// run still holds the group's current fence.
func checkFence(ctx context.Context, tx pgx.Tx, run groupmem.Run) error {
	var fence int64
	err := tx.QueryRow(ctx, `SELECT fence FROM group_state WHERE group_id = $1 FOR UPDATE`, run.GroupID).Scan(&fence)
	if err == pgx.ErrNoRows {
		return groupmem.Errorf(groupmem.ENOTFOUND, "group %s has no runs", run.GroupID)
	}
	if err != nil {
		return fmt.Errorf("lock group state: %w", err)
	}
	if fence != run.Fence {
		return groupmem.Errorf(groupmem.ESTALE, "run %s holds fence %d but group %s is at %d; another run took over",
			run.ID, run.Fence, run.GroupID, fence)
	}
	return nil
}

// cleanPlan checks that a plan is well formed and cleans its text, before
// any transaction starts.
func cleanPlan(plan *groupmem.Plan) error {
	r := &plan.Run
	if err := groupmem.CheckID(r.ID); err != nil {
		return err
	}
	if err := groupmem.CheckGroupID(r.GroupID); err != nil {
		return err
	}
	if r.NewWatermark < r.Watermark {
		return groupmem.Errorf(groupmem.EINVALID, "plan would lower the watermark from %d to %d", r.Watermark, r.NewWatermark)
	}
	for i := range plan.New {
		m, err := groupmem.CleanMemory(plan.New[i])
		if err != nil {
			return err
		}
		if m.GroupID != r.GroupID {
			return groupmem.Errorf(groupmem.EINVALID, "memory %s belongs to group %q, not %q", m.ID, m.GroupID, r.GroupID)
		}
		plan.New[i] = m
	}
	for _, t := range plan.Transitions {
		if err := groupmem.CheckID(t.MemoryID); err != nil {
			return err
		}
		if !t.From.Valid() || !t.To.Valid() {
			return groupmem.Errorf(groupmem.EINVALID, "transition of %s has an invalid status", t.MemoryID)
		}
		if t.Strength != nil {
			if err := groupmem.CheckStrength(*t.Strength); err != nil {
				return err
			}
		}
	}
	for i := range plan.Changes {
		c := &plan.Changes[i]
		if err := groupmem.CheckID(c.MemoryID); err != nil {
			return err
		}
		if c.NewMemoryID != "" {
			if err := groupmem.CheckID(c.NewMemoryID); err != nil {
				return err
			}
		}
		c.OldStatement = groupmem.CleanText(c.OldStatement)
		c.NewStatement = groupmem.CleanText(c.NewStatement)
		c.Reason = groupmem.TruncateRunes(groupmem.CleanText(c.Reason), groupmem.MaxReasonRunes)
		c.Actor = groupmem.CleanActor(c.Actor)
	}
	return nil
}

// touched lists every version a plan writes, each once, in plan order.
func touched(plan *groupmem.Plan) []string {
	ids := make([]string, 0, len(plan.New)+len(plan.Transitions))
	seen := make(map[string]bool, cap(ids))
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, t := range plan.Transitions {
		add(t.MemoryID)
	}
	for _, m := range plan.New {
		add(m.ID)
	}
	return ids
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
