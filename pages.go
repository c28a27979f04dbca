package groupmem

import "time"

// RunQuery selects a page of a group's evolution runs, newest first.
// Manual changes (TriggerAdmin: delete, restore, strength, edits by hand)
// are recorded as runs for fencing and audit, but they are not evolutions
// and no RunQuery returns them; their changes are in the change log.
type RunQuery struct {
	GroupID string
	Status  RunStatus // "" for any status
	// Before, when BeforeTime is set, starts the page after the run that
	// began at BeforeTime with id BeforeID: the last run of the page before.
	BeforeTime time.Time
	BeforeID   string
	Limit      int // page size; callers validate it
}

// ChangeQuery selects a page of a group's change log, newest first.
type ChangeQuery struct {
	GroupID string
	Since   time.Time    // only rows written at or after it
	Actions []ActionKind // only these actions; nil for every action
	// Before, when BeforeTime is set, starts the page after the row written
	// at BeforeTime with id BeforeID: the last row of the page before.
	BeforeTime time.Time
	BeforeID   int64
	Limit      int // page size; callers validate it
}

// GroupQuery selects a page of the groups a ledger knows, in group id
// order.
type GroupQuery struct {
	IDs   []string // only these groups; nil for every group
	After string   // start after this group id; "" from the first
	Limit int      // page size; callers validate it
}

// GroupSummary is what a ledger knows of one group: its memories by
// status, its messages, and its latest evolution run.
type GroupSummary struct {
	GroupID    string
	Active     int   // active memories
	Deprecated int   // deleted memories, restorable
	Superseded int   // older versions
	Messages   int   // messages stored
	Pending    int   // messages after the watermark, not fused yet
	Watermark  int64 // seq of the last message fused
	LastRun    *Run  // the latest evolution run; nil when there was none
}

// RunStatuses lists every run status, for validating filters.
var RunStatuses = []RunStatus{RunRunning, RunSucceeded, RunNoop, RunFailed, RunReview, RunDryRun}
