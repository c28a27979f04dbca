package ledger

import (
	"time"

	"github.com/groupmem/groupmem"
)

// CleanPlan checks that a plan is well formed and cleans its text, before a
// ledger starts a transaction: groupmem.EINVALID for a bad run or memory id, a
// memory of another group, a version that fails groupmem.CleanMemory, a lowered
// watermark, a transition with an invalid status or strength, or one
// memory transitioned twice. Every ledger calls it, so they accept and
// store exactly the same plans.
func CleanPlan(plan *groupmem.Plan) error {
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
	moved := make(map[string]bool, len(plan.Transitions))
	for _, t := range plan.Transitions {
		if err := groupmem.CheckID(t.MemoryID); err != nil {
			return err
		}
		if moved[t.MemoryID] {
			return groupmem.Errorf(groupmem.EINVALID, "plan changes memory %s twice", t.MemoryID)
		}
		moved[t.MemoryID] = true
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

// Stamp writes onto plan what CommitPlan fills in: the time now and the
// run's id on every new version, and the group, the run and now on every
// change-log row, so that the caller's plan shows what was stored.
func Stamp(plan *groupmem.Plan, now time.Time) {
	for i := range plan.New {
		plan.New[i].CreatedAt, plan.New[i].UpdatedAt, plan.New[i].RunID = now, now, plan.Run.ID
	}
	for i := range plan.Changes {
		c := &plan.Changes[i]
		c.GroupID, c.RunID, c.CreatedAt = plan.Run.GroupID, plan.Run.ID, now
	}
}

// CleanReport returns r with its text made safe to store (Postgres rejects
// NUL even escaped in jsonb) and excerpts cut short.
func CleanReport(r groupmem.Report) groupmem.Report {
	r.Finish = groupmem.CleanActor(r.Finish)
	drops := make([]groupmem.Drop, len(r.Dropped))
	for i, d := range r.Dropped {
		drops[i] = groupmem.Drop{Line: d.Line, Reason: CleanError(d.Reason), Text: groupmem.Truncate(groupmem.CleanText(d.Text), 200)}
	}
	r.Dropped = drops
	return r
}

// maxErrorBytes bounds the error text a run record keeps.
const maxErrorBytes = 4 << 10

// CleanError cleans and cuts a run's error text.
func CleanError(s string) string { return groupmem.Truncate(groupmem.CleanText(s), maxErrorBytes) }

// StaleTransitions is the error of a commit whose plan moves memories
// that are no longer in the state the run read: stale of its total
// transitions found their memory in another state. ECONFLICT: the caller
// reads again and retries; nothing of the plan was written.
func StaleTransitions(stale, total int) error {
	return groupmem.Errorf(groupmem.ECONFLICT, "%d of %d memories changed state since the run read them", stale, total)
}
