package groupmem

import "time"

// Change is one row of the change log: what happened to a memory, when, in
// which run and by whom.
type Change struct {
	ID           int64
	GroupID      string
	Action       ActionKind
	MemoryID     string // the version acted on (the old one for update, the new one for create)
	NewMemoryID  string // the version written, for update, create and restore of a superseded version
	OldStatement string
	NewStatement string
	Reason       string
	Version      int // the version number after the change
	RunID        string
	Actor        string
	CreatedAt    time.Time
	// Manual is set, when read, for a change made by hand through the API
	// (delete, restore, strength, create, edit: a run with trigger admin)
	// rather than by an evolution.
	Manual bool
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
