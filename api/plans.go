package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// planJSON is one kept plan: what it would change, where it stands, and
// who decided it.
type planJSON struct {
	PlanID       string             `json:"plan_id"`
	GroupID      string             `json:"group_id"`
	Status       string             `json:"status"`
	Stale        bool               `json:"stale"`
	Trigger      string             `json:"trigger"`
	Actor        string             `json:"actor"`
	Reason       *string            `json:"reason"`
	Messages     int                `json:"messages"`
	Pending      int                `json:"pending_messages"`
	NewWatermark int64              `json:"new_watermark"`
	Stats        groupmem.Stats     `json:"stats"`
	Changes      []evolveChangeJSON `json:"changes"`
	CreatedAt    time.Time          `json:"created_at"`
	ExpiresAt    time.Time          `json:"expires_at"`
	DecidedBy    *string            `json:"decided_by"`
	DecidedAt    *time.Time         `json:"decided_at"`
	AppliedRunID *string            `json:"applied_run_id"`
}

func planOut(p groupmem.KeptPlan) planJSON {
	var reason *string
	if p.Status == groupmem.PlanHeld || p.Run.Status == groupmem.RunReview {
		reason = nullable(p.Run.Error)
	}
	return planJSON{
		PlanID: p.ID, GroupID: p.GroupID, Status: string(p.Status), Stale: p.Stale, Trigger: p.Run.Trigger, Actor: p.Run.Actor,
		Reason: reason, Messages: p.Messages, Pending: p.Pending, NewWatermark: p.NewWatermark, Stats: p.Stats,
		Changes:   evolveChangesOut(worker.Result{Changes: p.Changes, New: p.New}),
		CreatedAt: p.CreatedAt.UTC(), ExpiresAt: p.ExpiresAt.UTC(), DecidedBy: nullable(p.DecidedBy),
		DecidedAt: nullableTime(p.DecidedAt), AppliedRunID: nullable(p.AppliedRun),
	}
}

// nullableTime returns nil for the zero time so that JSON says null.
func nullableTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// plans answers GET /memory/plans/{group_id}: the group's kept plans,
// newest first; status filters (preview, held, applied, rejected,
// expired).
func (h *Handler) plans(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	limit := p.int("limit", 20, 1, maxLimit)
	statuses := make([]string, len(groupmem.PlanStatuses))
	for i, s := range groupmem.PlanStatuses {
		statuses[i] = string(s)
	}
	var status groupmem.PlanStatus
	if s := p.list("status", statuses); len(s) > 1 {
		p.fail("status takes one of %s", strings.Join(statuses, ", "))
	} else if len(s) == 1 {
		status = groupmem.PlanStatus(s[0])
	}
	at := p.cursor("cursor")
	if !at.At.IsZero() && groupmem.CheckID(at.ID) != nil {
		p.fail("cursor must be the next_cursor of an earlier page of plans, passed back unchanged")
	}
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	plans, err := h.d.Ledger.KeptPlans(r.Context(), groupmem.KeptPlanQuery{GroupID: g, Status: status,
		BeforeTime: at.At, BeforeID: at.ID, Limit: limit + 1})
	if err != nil {
		return err
	}
	var next *string
	if len(plans) > limit {
		plans = plans[:limit]
		last := plans[len(plans)-1]
		next = nullable(cursor{At: last.CreatedAt, ID: last.ID}.String())
	}
	out := make([]planJSON, len(plans))
	for i, kp := range plans {
		out[i] = planOut(kp)
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool       `json:"success"`
		GroupID    string     `json:"group_id"`
		NextCursor *string    `json:"next_cursor"`
		Plans      []planJSON `json:"plans"`
	}{true, g, next, out})
	return nil
}

// keptPlan reads the plan of the request's path for key k: a plan of a
// group the key may not see is ENOTFOUND, like an unknown one.
func (h *Handler) keptPlan(ctx context.Context, r *http.Request, k *Key) (groupmem.KeptPlan, error) {
	id, err := idParam(r, "plan_id")
	if err != nil {
		return groupmem.KeptPlan{}, err
	}
	kp, err := h.d.Ledger.KeptPlan(ctx, id)
	if err == nil {
		err = checkGroup(k, kp.GroupID, "plan "+id)
	}
	if err != nil {
		if code := groupmem.ErrorCode(err); code == groupmem.ENOTFOUND || code == groupmem.EFORBIDDEN {
			return kp, groupmem.Errorf(groupmem.ENOTFOUND, "plan %s not found", id)
		}
		return kp, err
	}
	return kp, nil
}

// applyPlan answers POST /memory/plans/{plan_id}/apply, which commits a
// dry run's preview, and (approve) POST /memory/plans/{plan_id}/approve,
// an admin's approval of a plan held for review: exactly the plan kept,
// if the group did not change since (409 otherwise: preview again). The
// answer is the evolve answer of the run that committed it.
func (h *Handler) applyPlan(approve bool) func(w http.ResponseWriter, r *http.Request, c *call) error {
	return func(w http.ResponseWriter, r *http.Request, c *call) error {
		kp, err := h.keptPlan(r.Context(), r, c.key)
		if err != nil {
			return err
		}
		var body struct{}
		if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(r.Context(), h.cfg.EvolveTimeout)
		defer cancel()
		res, err := h.d.Service.ApplyPlan(ctx, kp.ID, worker.ApplyParams{Actor: c.key.Name, Approve: approve})
		if err != nil {
			return runError(res.RunID, err)
		}
		writeJSON(w, http.StatusOK, NewEvolveAnswer(res))
		return nil
	}
}

// rejectPlan answers POST /memory/plans/{plan_id}/reject: an admin's no to
// a plan held for review (or to a preview), which can then never be
// applied. 409 for a plan applied, rejected or expired.
func (h *Handler) rejectPlan(w http.ResponseWriter, r *http.Request, c *call) error {
	kp, err := h.keptPlan(r.Context(), r, c.key)
	if err != nil {
		return err
	}
	var body struct{}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	kp, err = h.d.Ledger.RejectPlan(r.Context(), kp.ID, c.key.Name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool     `json:"success"`
		Plan    planJSON `json:"plan"`
	}{true, planOut(kp)})
	return nil
}
