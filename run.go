package groupmem

import "time"

// RunStatus is the outcome of an evolution run.
type RunStatus string

// The states of a run record.
const (
	RunRunning   RunStatus = "running"   // begun, not finished
	RunSucceeded RunStatus = "succeeded" // its plan is committed
	RunNoop      RunStatus = "noop"      // nothing to do (no new messages)
	RunFailed    RunStatus = "failed"    // nothing applied; Error says why
	RunReview    RunStatus = "review"    // not applied: a guard wants a person to look
	RunDryRun    RunStatus = "dry_run"   // planned and reported, nothing applied by request
)

// Trigger says who started a run.
const (
	TriggerCron   = "cron"
	TriggerManual = "manual" // API evolve
	TriggerCLI    = "cli"
	TriggerAdmin  = "admin" // delete, restore or strength through the API
)

// AbandonedRun is the error a ledger records on a run that was still
// running when a later run of its group began: its fencing token is gone,
// so it can no longer commit.
const AbandonedRun = "abandoned: a later run took over the group"

// AbandonedLease is the error recorded on a run that was closed because
// nobody held its group's lock any more: its worker crashed, stalled or
// lost its lease. Its fencing token is gone with it, so it can no longer
// commit.
const AbandonedLease = "abandoned: its worker no longer held the group's lock (it stopped or lost its lease); nothing was applied"

// Stats counts what a run did.
type Stats struct {
	Kept    int `json:"kept"`
	Updated int `json:"updated"`
	Created int `json:"created"`
	Deleted int `json:"deleted"`
}

// Tokens counts model usage: the tokens the models reported, and for a
// run also its model calls and what they cost (Prices.Cost, at the prices
// of the run's time, in nano-units; in JSON a decimal number of units).
type Tokens struct {
	Prompt     int  `json:"prompt"`
	Completion int  `json:"completion"`
	Embedding  int  `json:"embedding,omitempty"` // sent to the embeddings model, when it reports them
	Calls      int  `json:"calls,omitempty"`     // calls to the chat model
	Cost       Cost `json:"cost,omitempty"`
}

// Run is the record of one evolution of one group, or of one manual change.
// BeginRun fills ID, GroupID, Trigger, Fence, Watermark and StartedAt; the
// rest is filled as the run proceeds and written by CommitPlan or FinishRun.
type Run struct {
	ID            string
	GroupID       string
	Trigger       string
	Actor         string // who asked: a key name, "cron", a CLI user
	Status        RunStatus
	Model         string
	PromptVersion string
	Fence         int64 // the fencing token this run holds
	Watermark     int64 // the group's watermark when the run began
	NewWatermark  int64 // the watermark the run commits; >= Watermark
	Messages      int   // messages fused
	Stats         Stats
	Tokens        Tokens
	Report        Report
	Error         string
	StartedAt     time.Time
	FinishedAt    time.Time
}

// BeginRunParams starts a run.
type BeginRunParams struct {
	GroupID       string
	Trigger       string
	Actor         string
	Model         string
	PromptVersion string
}

// RunningRunsQuery selects runs still in status running.
type RunningRunsQuery struct {
	GroupID string        // only this group's runs; "" for every group's
	MinAge  time.Duration // only runs begun at least this long ago, by the ledger's clock
	Limit   int
}

// AbandonRunParams closes a running run whose worker is gone.
type AbandonRunParams struct {
	RunID  string
	Reason string // recorded as the run's error (default AbandonedLease)
}

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

// RunStatuses lists every run status, for validating filters.
var RunStatuses = []RunStatus{RunRunning, RunSucceeded, RunNoop, RunFailed, RunReview, RunDryRun}
