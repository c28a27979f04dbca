package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// KeepPlan implements groupmem.Ledger: the run's end, the plan and the
// removal of the group's long-expired plans are one transaction.
func (l *Ledger) KeepPlan(ctx context.Context, run groupmem.Run, p *groupmem.KeptPlan) error {
	now := l.now().UTC()
	if err := ledger.CheckKeep(run, p, now.Truncate(time.Microsecond)); err != nil {
		return err
	}
	writes, err := ledger.EncodeWrites(p.Writes)
	if err != nil {
		return err
	}
	return l.inTx(ctx, func(tx pgx.Tx) error {
		if err := finishRun(ctx, tx, &run, now); err != nil {
			return err
		}
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO plans (id, group_id, status, new_watermark, messages, pending, stats, writes, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			p.ID, p.GroupID, string(p.Status), p.NewWatermark, p.Messages, p.Pending, p.Stats, writes, p.CreatedAt, p.ExpiresAt)
		b.Queue(`DELETE FROM plans WHERE group_id = $1 AND expires_at < $2`, p.GroupID, now.Add(-ledger.PlanRetention))
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return fmt.Errorf("keep plan: %w", err)
		}
		return nil
	})
}

// planSelect reads kept plans with their run's record and whether the
// group moved on since (stale): a later fence, another watermark, or more
// messages past the plan's watermark than it counted (counted no further
// than one past that number).
const planSelect = `SELECT p.id, p.group_id, p.status, p.new_watermark, p.messages, p.pending, p.stats, p.writes,
		p.created_at, p.expires_at, p.decided_by, p.decided_at, coalesce(p.applied_run::text, ''),
		r.id, r.group_id, r.trigger, r.actor, r.status, r.model, r.prompt_version, r.fence, r.watermark,
		r.new_watermark, r.messages, r.stats, r.tokens, r.report, r.error, r.started_at, r.finished_at,
		p.status IN ('preview', 'held') AND NOT (coalesce(g.fence = r.fence AND g.watermark = r.watermark, false)
			AND (SELECT count(*) FROM (SELECT 1 FROM messages m WHERE m.group_id = p.group_id AND m.seq > p.new_watermark
				LIMIT p.pending + 1) AS past) = p.pending)
	FROM plans p JOIN evolution_runs r ON r.id = p.id LEFT JOIN group_state g ON g.group_id = p.group_id`

// scanPlan reads one row of planSelect as of now.
func scanPlan(now time.Time) pgx.RowToFunc[groupmem.KeptPlan] {
	return func(row pgx.CollectableRow) (groupmem.KeptPlan, error) {
		var p groupmem.KeptPlan
		var writes, rstats, rtokens, rreport []byte
		var decided, finished *time.Time
		r := &p.Run
		err := row.Scan(&p.ID, &p.GroupID, &p.Status, &p.NewWatermark, &p.Messages, &p.Pending, &p.Stats, &writes,
			&p.CreatedAt, &p.ExpiresAt, &p.DecidedBy, &decided, &p.AppliedRun,
			&r.ID, &r.GroupID, &r.Trigger, &r.Actor, &r.Status, &r.Model, &r.PromptVersion,
			&r.Fence, &r.Watermark, &r.NewWatermark, &r.Messages, &rstats, &rtokens, &rreport, &r.Error,
			&r.StartedAt, &finished, &p.Stale)
		if err != nil {
			return p, err
		}
		if decided != nil {
			p.DecidedAt = *decided
		}
		if finished != nil {
			r.FinishedAt = *finished
		}
		if err := decodeRunJSON(r, rstats, rtokens, rreport); err != nil {
			return p, err
		}
		if p.Writes, err = ledger.DecodeWrites(writes); err != nil {
			return p, err
		}
		p.Status = ledger.ReadPlanStatus(p.Status, p.ExpiresAt, now)
		p.Stale = p.Stale && p.Status != groupmem.PlanExpired
		return p, nil
	}
}

// KeptPlan implements groupmem.Ledger.
func (l *Ledger) KeptPlan(ctx context.Context, id string) (groupmem.KeptPlan, error) {
	if err := groupmem.CheckID(id); err != nil {
		return groupmem.KeptPlan{}, err
	}
	rows, err := l.pool.Query(ctx, planSelect+` WHERE p.id = $1`, id)
	if err != nil {
		return groupmem.KeptPlan{}, interpretError(fmt.Errorf("read plan: %w", err))
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPlan(l.now()))
	if err == pgx.ErrNoRows {
		return p, groupmem.Errorf(groupmem.ENOTFOUND, "plan %s not found", id)
	}
	return p, interpretError(err)
}

// KeptPlans implements groupmem.Ledger.
func (l *Ledger) KeptPlans(ctx context.Context, q groupmem.KeptPlanQuery) ([]groupmem.KeptPlan, error) {
	if err := ledger.CheckPlanQuery(q); err != nil {
		return nil, err
	}
	var before *time.Time
	beforeID := groupmem.NilID
	if !q.BeforeTime.IsZero() {
		if err := groupmem.CheckID(q.BeforeID); err != nil {
			return nil, err
		}
		before, beforeID = &q.BeforeTime, q.BeforeID
	}
	now := l.now().UTC()
	statuses, window := ledger.PlanFilter(q.Status)
	rows, err := l.pool.Query(ctx, planSelect+`
		WHERE p.group_id = $1 AND (cardinality($2::text[]) = 0 OR p.status = ANY($2))
			AND ($3 = 0 OR ($3 = 1) = (p.expires_at > $4))
			AND ($5::timestamptz IS NULL OR (p.created_at, p.id) < ($5, $6::uuid))
		ORDER BY p.created_at DESC, p.id DESC LIMIT $7`,
		q.GroupID, statuses, window, now, before, beforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read plans: %w", err))
	}
	plans, err := pgx.CollectRows(rows, scanPlan(now))
	return plans, interpretError(err)
}

// RejectPlan implements groupmem.Ledger.
func (l *Ledger) RejectPlan(ctx context.Context, id, actor string) (groupmem.KeptPlan, error) {
	p, err := l.KeptPlan(ctx, id)
	if err != nil {
		return p, err
	}
	if err := p.Undecided(); err != nil {
		return p, err
	}
	now := l.now().UTC()
	tag, err := l.pool.Exec(ctx, `UPDATE plans SET status = 'rejected', decided_by = $2, decided_at = $3
		WHERE id = $1 AND status IN ('preview', 'held') AND expires_at > $3`, id, groupmem.CleanActor(actor), now)
	if err != nil {
		return p, interpretError(fmt.Errorf("reject plan: %w", err))
	}
	if tag.RowsAffected() != 1 {
		return p, groupmem.Errorf(groupmem.ECONFLICT, "plan %s was decided or expired meanwhile", id)
	}
	return l.KeptPlan(ctx, id)
}

// queueApplied queues, for a plan that commits a kept plan, the statement
// that marks the kept plan applied; readApplied reads its result.
func queueApplied(b *pgx.Batch, plan *groupmem.Plan, now time.Time) {
	if plan.Run.Report.PlanID == "" {
		return
	}
	b.Queue(`UPDATE plans SET status = 'applied', decided_by = $2, decided_at = $3, applied_run = $4
		WHERE id = $1 AND group_id = $5 AND status IN ('preview', 'held') AND expires_at > $3`,
		plan.Run.Report.PlanID, plan.Run.Actor, now, plan.Run.ID, plan.Run.GroupID)
}

// readApplied reads the result of queueApplied: ECONFLICT when the kept
// plan was not there to apply.
func readApplied(br pgx.BatchResults, plan *groupmem.Plan) error {
	if plan.Run.Report.PlanID == "" {
		return nil
	}
	tag, err := br.Exec()
	if err != nil {
		return fmt.Errorf("mark plan applied: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return groupmem.Errorf(groupmem.ECONFLICT, "plan %s of group %s is not waiting to be applied (applied, rejected or expired)",
			plan.Run.Report.PlanID, plan.Run.GroupID)
	}
	return nil
}
