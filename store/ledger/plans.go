package ledger

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// PlanRetention is how long a plan that expired is kept, so that applying
// it says it expired rather than that it is unknown; KeepPlan removes the
// group's plans older than that.
const PlanRetention = 7 * 24 * time.Hour

// CheckKeep checks a plan before KeepPlan stores it, sets its times when
// zero (made now, for PlanLifetime), and cleans it as CommitPlan would: run must be a dry run whose plan is a preview, or a
// run held for review whose plan is held, of the same id and group, with
// a valid end (CheckFinish). EINVALID otherwise, and for writes that
// CommitPlan would refuse.
func CheckKeep(run groupmem.Run, p *groupmem.KeptPlan, now time.Time) error {
	if p.CreatedAt.IsZero() {
		p.CreatedAt = now
	}
	if p.ExpiresAt.IsZero() {
		p.ExpiresAt = p.CreatedAt.Add(groupmem.PlanLifetime)
	}
	if err := CheckFinish(run); err != nil {
		return err
	}
	want := map[groupmem.RunStatus]groupmem.PlanStatus{groupmem.RunDryRun: groupmem.PlanPreview, groupmem.RunReview: groupmem.PlanHeld}
	switch {
	case p.ID != run.ID || p.GroupID != run.GroupID:
		return groupmem.Errorf(groupmem.EINVALID, "plan %s of group %q is not run %s's", p.ID, p.GroupID, run.ID)
	case want[run.Status] == "" || want[run.Status] != p.Status:
		return groupmem.Errorf(groupmem.EINVALID, "a %s run keeps no %s plan", run.Status, groupmem.Truncate(string(p.Status), 40))
	case p.NewWatermark < run.Watermark || p.Messages < 0 || p.Pending < 0:
		return groupmem.Errorf(groupmem.EINVALID, "plan %s: watermark %d below the run's %d, or negative counts", p.ID, p.NewWatermark, run.Watermark)
	case !p.ExpiresAt.After(p.CreatedAt):
		return groupmem.Errorf(groupmem.EINVALID, "plan %s expires before it was made", p.ID)
	}
	r := run
	r.NewWatermark = p.NewWatermark
	check := groupmem.Plan{Run: r, Writes: p.Writes}
	if err := CleanPlan(&check); err != nil {
		return err
	}
	p.Writes = check.Writes
	return nil
}

// EncodeWrites is the stored form of a kept plan's writes.
func EncodeWrites(w groupmem.Writes) ([]byte, error) {
	b, err := json.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("encode plan: %w", err)
	}
	return b, nil
}

// DecodeWrites reads what EncodeWrites stored.
func DecodeWrites(b []byte) (groupmem.Writes, error) {
	var w groupmem.Writes
	if err := json.Unmarshal(b, &w); err != nil {
		return groupmem.Writes{}, fmt.Errorf("decode plan: %w", err)
	}
	return w, nil
}

// ReadPlanStatus is the status a plan stored as stored reads as at now: a
// preview or held plan past its expiry reads as expired.
func ReadPlanStatus(stored groupmem.PlanStatus, expires, now time.Time) groupmem.PlanStatus {
	if (stored == groupmem.PlanPreview || stored == groupmem.PlanHeld) && !now.Before(expires) {
		return groupmem.PlanExpired
	}
	return stored
}

// CheckPlanQuery checks a KeptPlans query: EINVALID for a bad group id or
// an unknown status.
func CheckPlanQuery(q groupmem.KeptPlanQuery) error {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return err
	}
	if q.Status != "" && !slices.Contains(groupmem.PlanStatuses, q.Status) {
		return groupmem.Errorf(groupmem.EINVALID, "unknown plan status %q", groupmem.Truncate(string(q.Status), 40))
	}
	return nil
}

// PlanFilter is how a ledger selects the stored rows of plans that read as
// status (see ReadPlanStatus): the stored statuses (none: every one) and
// the window of expiry, 0 for any, 1 for plans not expired, 2 for those
// expired.
func PlanFilter(status groupmem.PlanStatus) (stored []string, window int) {
	switch status {
	case "":
		return []string{}, 0
	case groupmem.PlanExpired:
		return []string{string(groupmem.PlanPreview), string(groupmem.PlanHeld)}, 2
	case groupmem.PlanPreview, groupmem.PlanHeld:
		return []string{string(status)}, 1
	}
	return []string{string(status)}, 0
}

// ScrubWrites replaces, in a kept plan's writes, every statement, change
// summary and change reason that quotes text (as Quotes says) by
// groupmem.Redacted, and reports whether anything changed. A plan made
// before a redaction can no longer be applied (the redaction took a new
// fence), but it can still be read until it expires: it must not show
// the text either.
func ScrubWrites(w *groupmem.Writes, text string) bool {
	changed := false
	scrub := func(s *string) {
		if Quotes(*s, text) {
			*s, changed = groupmem.Redacted, true
		}
	}
	for i := range w.New {
		scrub(&w.New[i].Statement)
		scrub(&w.New[i].ChangeSummary)
	}
	for i := range w.Changes {
		scrub(&w.Changes[i].OldStatement)
		scrub(&w.Changes[i].NewStatement)
		scrub(&w.Changes[i].Reason)
	}
	return changed
}

// ScrubStoredWrites is ScrubWrites of the writes of plan planID as the
// ledger stores them (EncodeWrites): the form to store instead, and
// whether anything changed. An error names the plan.
func ScrubStoredWrites(planID string, raw []byte, text string) ([]byte, bool, error) {
	w, err := DecodeWrites(raw)
	if err != nil {
		return nil, false, fmt.Errorf("plan %s: %w", planID, err)
	}
	if !ScrubWrites(&w, text) {
		return nil, false, nil
	}
	b, err := EncodeWrites(w)
	return b, err == nil, err
}
