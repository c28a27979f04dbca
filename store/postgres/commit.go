package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// CommitPlan implements groupmem.Ledger. The transaction first locks the
// group's state row and compares the fence, so a plan from a superseded
// run writes nothing (ESTALE); every transition is conditional on its From
// status (ECONFLICT otherwise). Timestamps of everything written are the
// one "now" of the transaction; plan is updated in place with them.
func (l *Ledger) CommitPlan(ctx context.Context, plan *groupmem.Plan) error {
	if err := ledger.CleanPlan(plan); err != nil {
		return err
	}
	now := l.now().UTC()
	ledger.Stamp(plan, now)
	return l.inTx(ctx, func(tx pgx.Tx) error {
		if err := l.checkFence(ctx, tx, plan.Run); err != nil {
			return err
		}
		if err := applyTransitions(ctx, tx, plan, now); err != nil {
			return err
		}
		if err := insertVersions(ctx, tx, plan.New); err != nil {
			return err
		}
		b := &pgx.Batch{}
		queueChanges(b, plan.Changes)
		ids := plan.Touched()
		plan.Outbox = plan.Outbox[:0]
		b.Queue(`INSERT INTO outbox (group_id, memory_id, created_at)
			SELECT $1, m, $3 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(m, ord) ORDER BY ord
			RETURNING id`, plan.Run.GroupID, ids, now).Query(func(rows pgx.Rows) error {
			entries, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			// Ids come from one sequence in insertion order, which is ord.
			slices.Sort(entries)
			plan.Outbox = entries
			return err
		})
		b.Queue(`UPDATE group_state SET watermark = greatest(watermark, $2), updated_at = $3 WHERE group_id = $1`,
			plan.Run.GroupID, plan.Run.NewWatermark, now)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return fmt.Errorf("write change log: %w", err)
		}
		plan.Run.Status = groupmem.RunSucceeded
		return finishRun(ctx, tx, &plan.Run, now)
	})
}

// applyTransitions changes the status (and strength) of existing versions
// in one statement, and fails with ECONFLICT unless every one of them was
// still in its From status.
func applyTransitions(ctx context.Context, tx pgx.Tx, plan *groupmem.Plan, now time.Time) error {
	n := len(plan.Transitions)
	if n == 0 {
		return nil
	}
	ids, from, to := make([]string, n), make([]string, n), make([]string, n)
	strength := make([]*float64, n)
	for i, t := range plan.Transitions {
		ids[i], from[i], to[i], strength[i] = t.MemoryID, string(t.From), string(t.To), t.Strength
	}
	tag, err := tx.Exec(ctx, `
		UPDATE memory_versions m SET status = t.to_status, strength = coalesce(t.strength, m.strength), updated_at = $6
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::float8[]) AS t(id, from_status, to_status, strength)
		WHERE m.memory_id = t.id AND m.group_id = $5 AND m.status = t.from_status`,
		ids, from, to, strength, plan.Run.GroupID, now)
	if err != nil {
		return fmt.Errorf("apply transitions: %w", err)
	}
	if int(tag.RowsAffected()) != n {
		return ledger.StaleTransitions(n-int(tag.RowsAffected()), n)
	}
	return nil
}

// insertVersions writes new versions with COPY.
func insertVersions(ctx context.Context, tx pgx.Tx, mems []groupmem.Memory) error {
	if len(mems) == 0 {
		return nil
	}
	rows := make([][]any, len(mems))
	for i, m := range mems {
		rows[i] = []any{m.ID, m.LineageID, m.GroupID, m.Statement, m.Version, nullable(m.ParentID), string(m.Status),
			nonNil(m.Tags), m.Strength, m.ChangeSummary, nonNil(m.Evidence), m.Embedding, m.RunID, m.CreatedAt, m.UpdatedAt}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"memory_versions"}, memoryColumnList, pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("insert versions: %w", err)
	}
	return nil
}

// queueChanges queues one multi-row insert of change-log rows.
func queueChanges(b *pgx.Batch, changes []groupmem.Change) {
	n := len(changes)
	if n == 0 {
		return
	}
	action, mem, newMem := make([]string, n), make([]string, n), make([]*string, n)
	oldSt, newSt, reason, actor := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	version := make([]int32, n)
	for i, c := range changes {
		action[i], mem[i], newMem[i] = string(c.Action), c.MemoryID, nullable(c.NewMemoryID)
		oldSt[i], newSt[i], reason[i], actor[i], version[i] = c.OldStatement, c.NewStatement, c.Reason, c.Actor, int32(c.Version)
	}
	c := changes[0]
	b.Queue(`INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
			new_statement, change_summary, version, actor, run_id, created_at)
		SELECT $1, a, m, nm, os, ns, r, v, ac, $10, $11
		FROM unnest($2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[])
			WITH ORDINALITY AS t(a, m, nm, os, ns, r, v, ac, ord)
		ORDER BY ord`,
		c.GroupID, action, mem, newMem, oldSt, newSt, reason, version, actor, c.RunID, c.CreatedAt)
}

// checkFence locks the group's state row, within the lock timeout as a
// whole (groupLockWait), and fails with ESTALE unless the run still holds
// the group's current fence.
func (l *Ledger) checkFence(ctx context.Context, tx pgx.Tx, run groupmem.Run) error {
	fence, found, err := l.lockGroupState(ctx, tx, run.GroupID)
	if err != nil {
		return err
	}
	if !found {
		return groupmem.Errorf(groupmem.ENOTFOUND, "group %s has no runs", run.GroupID)
	}
	if fence != run.Fence {
		return groupmem.Errorf(groupmem.ESTALE, "run %s holds fence %d but group %s is at %d; another run took over",
			run.ID, run.Fence, run.GroupID, fence)
	}
	return nil
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
