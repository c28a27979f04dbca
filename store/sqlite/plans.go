package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// KeepPlan implements groupmem.Ledger: the run's end, the plan and the
// removal of the group's long-expired plans are one transaction.
func (l *Ledger) KeepPlan(ctx context.Context, run groupmem.Run, p *groupmem.KeptPlan) error {
	now := fromNanos(nanos(l.now()))
	if err := ledger.CheckKeep(run, p, now); err != nil {
		return err
	}
	writes, err := ledger.EncodeWrites(p.Writes)
	if err != nil {
		return err
	}
	stats, _ := json.Marshal(p.Stats) // plain integers always marshal
	return l.inTx(ctx, func(tx *sql.Tx) error {
		if err := finishRun(ctx, tx, &run, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO plans (id, group_id, status, new_watermark, messages, pending, stats, writes, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.GroupID, string(p.Status), p.NewWatermark, p.Messages, p.Pending, string(stats), string(writes),
			nanos(p.CreatedAt), nanos(p.ExpiresAt))
		if err != nil {
			return fmt.Errorf("keep plan: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM plans WHERE group_id = ? AND expires_at < ?`,
			p.GroupID, nanos(now.Add(-ledger.PlanRetention))); err != nil {
			return fmt.Errorf("remove expired plans: %w", err)
		}
		return nil
	})
}

// planSelect reads kept plans with their run's record and whether the
// group moved on since (stale): a later fence, another watermark, or
// another number of messages past the plan's watermark than it counted.
const planSelect = `SELECT p.id, p.group_id, p.status, p.new_watermark, p.messages, p.pending, p.stats, p.writes,
		p.created_at, p.expires_at, p.decided_by, p.decided_at, coalesce(p.applied_run, ''),
		r.id, r.group_id, r.trigger, r.actor, r.status, r.model, r.prompt_version, r.fence, r.watermark,
		r.new_watermark, r.messages, r.stats, r.tokens, r.report, r.error, r.started_at, r.finished_at,
		p.status IN ('preview', 'held') AND NOT (coalesce(g.fence = r.fence AND g.watermark = r.watermark, 0)
			AND (SELECT count(*) FROM messages m WHERE m.group_id = p.group_id AND m.seq > p.new_watermark) = p.pending)
	FROM plans p JOIN evolution_runs r ON r.id = p.id LEFT JOIN group_state g ON g.group_id = p.group_id`

// scanPlan reads one row of planSelect as of now.
func scanPlan(now time.Time) func(row *sql.Rows) (groupmem.KeptPlan, error) {
	return func(row *sql.Rows) (groupmem.KeptPlan, error) {
		var p groupmem.KeptPlan
		var status, stats, writes, rstatus, rstats, rtokens, rreport string
		var created, expires, started int64
		var decided, finished sql.NullInt64
		r := &p.Run
		err := row.Scan(&p.ID, &p.GroupID, &status, &p.NewWatermark, &p.Messages, &p.Pending, &stats, &writes,
			&created, &expires, &p.DecidedBy, &decided, &p.AppliedRun,
			&r.ID, &r.GroupID, &r.Trigger, &r.Actor, &rstatus, &r.Model, &r.PromptVersion,
			&r.Fence, &r.Watermark, &r.NewWatermark, &r.Messages, &rstats, &rtokens, &rreport, &r.Error,
			&started, &finished, &p.Stale)
		if err != nil {
			return p, err
		}
		r.Status = groupmem.RunStatus(rstatus)
		r.StartedAt, r.FinishedAt = fromNanos(started), fromNullNanos(finished)
		p.CreatedAt, p.ExpiresAt, p.DecidedAt = fromNanos(created), fromNanos(expires), fromNullNanos(decided)
		if err := decodeRunJSON(r, rstats, rtokens, rreport); err != nil {
			return p, err
		}
		if err := json.Unmarshal([]byte(stats), &p.Stats); err != nil {
			return p, fmt.Errorf("decode plan stats: %w", err)
		}
		if p.Writes, err = ledger.DecodeWrites([]byte(writes)); err != nil {
			return p, err
		}
		p.Status = ledger.ReadPlanStatus(groupmem.PlanStatus(status), p.ExpiresAt, now)
		p.Stale = p.Stale && p.Status != groupmem.PlanExpired
		return p, nil
	}
}

// KeptPlan implements groupmem.Ledger.
func (l *Ledger) KeptPlan(ctx context.Context, id string) (groupmem.KeptPlan, error) {
	if err := groupmem.CheckID(id); err != nil {
		return groupmem.KeptPlan{}, err
	}
	return l.keptPlan(ctx, l.read, id)
}

// keptPlan reads plan id through q (the read pool, or a transaction).
func (l *Ledger) keptPlan(ctx context.Context, q querier, id string) (groupmem.KeptPlan, error) {
	rows, err := q.QueryContext(ctx, planSelect+` WHERE p.id = ?`, id)
	if err != nil {
		return groupmem.KeptPlan{}, interpretError(fmt.Errorf("read plan: %w", err))
	}
	plans, err := collect(rows, scanPlan(fromNanos(nanos(l.now()))))
	if err != nil {
		return groupmem.KeptPlan{}, interpretError(err)
	}
	if len(plans) == 0 {
		return groupmem.KeptPlan{}, groupmem.Errorf(groupmem.ENOTFOUND, "plan %s not found", id)
	}
	return plans[0], nil
}

// KeptPlans implements groupmem.Ledger.
func (l *Ledger) KeptPlans(ctx context.Context, q groupmem.KeptPlanQuery) ([]groupmem.KeptPlan, error) {
	if err := ledger.CheckPlanQuery(q); err != nil {
		return nil, err
	}
	before, beforeID := int64(math.MaxInt64), groupmem.NilID
	if !q.BeforeTime.IsZero() {
		if err := groupmem.CheckID(q.BeforeID); err != nil {
			return nil, err
		}
		before, beforeID = nanos(q.BeforeTime), q.BeforeID
	}
	now := fromNanos(nanos(l.now()))
	statuses, window := ledger.PlanFilter(q.Status)
	list, _ := json.Marshal(statuses) // a []string always marshals
	rows, err := l.read.QueryContext(ctx, planSelect+`
		WHERE p.group_id = ?1 AND (json_array_length(?2) = 0 OR p.status IN (SELECT value FROM json_each(?2)))
			AND (?3 = 0 OR (?3 = 1) = (p.expires_at > ?4))
			AND (p.created_at < ?5 OR (p.created_at = ?5 AND p.id < ?6))
		ORDER BY p.created_at DESC, p.id DESC LIMIT ?7`,
		q.GroupID, string(list), window, nanos(now), before, beforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read plans: %w", err))
	}
	plans, err := collect(rows, scanPlan(now))
	return plans, interpretError(err)
}

// RejectPlan implements groupmem.Ledger.
func (l *Ledger) RejectPlan(ctx context.Context, id, actor string) (groupmem.KeptPlan, error) {
	if err := groupmem.CheckID(id); err != nil {
		return groupmem.KeptPlan{}, err
	}
	var out groupmem.KeptPlan
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		p, err := l.keptPlan(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := p.Undecided(); err != nil {
			return err
		}
		now := fromNanos(nanos(l.now()))
		if _, err := tx.ExecContext(ctx, `UPDATE plans SET status = 'rejected', decided_by = ?2, decided_at = ?3 WHERE id = ?1`,
			id, groupmem.CleanActor(actor), nanos(now)); err != nil {
			return fmt.Errorf("reject plan: %w", err)
		}
		out, err = l.keptPlan(ctx, tx, id)
		return err
	})
	return out, err
}

// markApplied marks, in tx, the kept plan a plan commits (if any) applied
// by the plan's run: ECONFLICT when it is not waiting to be applied.
func markApplied(ctx context.Context, tx *sql.Tx, plan *groupmem.Plan, now time.Time) error {
	id := plan.Run.Report.PlanID
	if id == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE plans SET status = 'applied', decided_by = ?2, decided_at = ?3, applied_run = ?4
		WHERE id = ?1 AND group_id = ?5 AND status IN ('preview', 'held') AND expires_at > ?3`,
		id, plan.Run.Actor, nanos(now), plan.Run.ID, plan.Run.GroupID)
	if err != nil {
		return fmt.Errorf("mark plan applied: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return groupmem.Errorf(groupmem.ECONFLICT, "plan %s of group %s is not waiting to be applied (applied, rejected or expired)", id, plan.Run.GroupID)
	}
	return nil
}
