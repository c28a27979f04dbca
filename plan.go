package groupmem

import "time"

// Transition changes the state of an existing version. It applies only if
// the version is still in status From; otherwise the commit fails with
// ECONFLICT and writes nothing.
type Transition struct {
	MemoryID string
	From     Status
	To       Status   // equal to From for a strength-only change
	Strength *float64 // new strength, when set
}

// Writes are what a run writes besides its record: the versions, the
// state changes and the change-log rows. The run's Plan carries them, one
// value from the evolution (package evolve's Fuse) to the commit.
type Writes struct {
	New         []Memory     // versions to insert (creates, updates, restores)
	Transitions []Transition // state changes of existing versions
	Changes     []Change     // change-log rows
}

// Plan is everything one run writes, applied by Ledger.CommitPlan in one
// transaction or not at all.
type Plan struct {
	Run Run // the finished run record; Run.Fence must be the group's current token
	Writes
	// Outbox is set by a successful CommitPlan: the id of the outbox entry
	// of each version of Touched(), in that order.
	Outbox []int64
	// Committed is set by a successful CommitPlan: each version of
	// Touched(), in that order, as the commit's own transaction read it
	// back after its writes (embedding included), which is the state that
	// its outbox entries ask to project. The committer projects it without
	// reading the ledger again.
	Committed []Memory
}

// Touched lists every version a plan writes, each once, in plan order:
// the versions whose index points must be brought up to date.
func (p *Plan) Touched() []string {
	ids := make([]string, 0, len(p.New)+len(p.Transitions))
	seen := make(map[string]bool, cap(ids))
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, t := range p.Transitions {
		add(t.MemoryID)
	}
	for _, m := range p.New {
		add(m.ID)
	}
	return ids
}

// PlanStatus is where a kept plan stands.
type PlanStatus string

// The states of a kept plan. A preview or held plan past its ExpiresAt
// reads as expired; applied and rejected are final.
const (
	PlanPreview  PlanStatus = "preview"  // made by a dry run; may be applied
	PlanHeld     PlanStatus = "held"     // held by the deletion guard; an admin approves or rejects it
	PlanApplied  PlanStatus = "applied"  // committed, exactly as kept, by run AppliedRun
	PlanRejected PlanStatus = "rejected" // an admin said no; it can never be applied
	PlanExpired  PlanStatus = "expired"  // a preview or held plan older than PlanLifetime
)

// PlanStatuses lists every status a plan reads as, for validating filters.
var PlanStatuses = []PlanStatus{PlanPreview, PlanHeld, PlanApplied, PlanRejected, PlanExpired}

// PlanLifetime is how long a kept plan may be applied.
const PlanLifetime = 24 * time.Hour

// KeptPlan is the plan of a dry run, or of a run the deletion guard held
// for review, kept so that exactly it can be committed later: the same
// version ids, statements, transitions and change-log rows. Its id is the
// id of the run that made it.
//
// It applies only while the group is as the run left it: no later run
// began (the group's fence is still the run's), the watermark is the one
// the run read, and no message arrived past the plan's NewWatermark since
// the run counted them (Pending). Stale says, when read, that one of
// these no longer holds.
type KeptPlan struct {
	ID           string
	GroupID      string
	Status       PlanStatus
	Run          Run   // the record of the run that made it
	NewWatermark int64 // the watermark its commit sets
	Messages     int   // messages it fuses
	Pending      int   // messages past NewWatermark when it was made
	Stats        Stats // what it does
	Writes
	Stale      bool // the group changed since it was made; read, never stored
	CreatedAt  time.Time
	ExpiresAt  time.Time
	DecidedBy  string    // the key that applied, approved or rejected it
	DecidedAt  time.Time // zero while undecided
	AppliedRun string    // the run that committed it, once applied
}

// KeptPlanQuery selects a page of a group's kept plans, newest first.
type KeptPlanQuery struct {
	GroupID string
	Status  PlanStatus // "" for every status
	// Before* continue a listing after the last row of the previous page.
	BeforeTime time.Time
	BeforeID   string
	Limit      int
}

// Undecided returns nil for a plan that may still be applied or rejected
// (preview or held, not expired), and otherwise the ECONFLICT that says
// why not.
func (p KeptPlan) Undecided() error {
	switch p.Status {
	case PlanPreview, PlanHeld:
		return nil
	case PlanExpired:
		return Errorf(ECONFLICT, "plan %s expired at %s; preview again", p.ID, p.ExpiresAt.UTC().Format(time.RFC3339))
	case PlanApplied:
		return Errorf(ECONFLICT, "plan %s was applied already (run %s)", p.ID, p.AppliedRun)
	}
	return Errorf(ECONFLICT, "plan %s was %s by %s", p.ID, p.Status, p.DecidedBy)
}
