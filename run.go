package groupmem

import "time"

// ActionKind is what one evolution step does to a memory.
type ActionKind string

// The four actions a model may answer with, and the two that only people
// (through the API) perform.
const (
	ActionKeep     ActionKind = "keep"
	ActionUpdate   ActionKind = "update"
	ActionCreate   ActionKind = "create"
	ActionDelete   ActionKind = "delete"
	ActionRestore  ActionKind = "restore"
	ActionStrength ActionKind = "strength"
)

// Action is one understood step of an evolution: the model's answer after
// parsing, before validation. Alias names a memory shown to the model in
// this pass; it is empty for create.
type Action struct {
	Kind      ActionKind
	Alias     string   // the per-pass alias of the memory acted on
	Statement string   // new statement for update and create
	Reason    string   // change_reason
	Evidence  []string // message refs the model cited, as shown in the prompt
	Line      int      // 1-based line of the answer it came from
	Repaired  bool     // the line needed repair before it parsed
}

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

// Tokens counts model usage.
type Tokens struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
}

// Drop records one line or action of a model's answer that was not applied.
type Drop struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Text   string `json:"text,omitempty"` // a short excerpt
}

// Report is what a run understood of the model's answers: how many lines it
// saw, parsed, and repaired, and every drop with its reason.
type Report struct {
	Passes   int    `json:"passes"`
	Lines    int    `json:"lines"`
	Parsed   int    `json:"parsed"`
	Repaired int    `json:"repaired"`
	Dropped  []Drop `json:"dropped,omitempty"`
	Finish   string `json:"finish,omitempty"` // the last finish reason the model gave
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
}

// Transition changes the state of an existing version. It applies only if
// the version is still in status From; otherwise the commit fails with
// ECONFLICT and writes nothing.
type Transition struct {
	MemoryID string
	From     Status
	To       Status   // equal to From for a strength-only change
	Strength *float64 // new strength, when set
}

// Plan is everything one run writes, applied by Ledger.CommitPlan in one
// transaction or not at all.
type Plan struct {
	Run         Run          // the finished run record; Run.Fence must be the group's current token
	New         []Memory     // versions to insert (creates, updates, restores)
	Transitions []Transition // state changes of existing versions
	Changes     []Change     // change-log rows
	// Outbox is set by a successful CommitPlan: the id of the outbox entry
	// of each version of Touched(), in that order.
	Outbox []int64
}

// Empty reports whether the plan writes no memory state.
func (p *Plan) Empty() bool {
	return len(p.New) == 0 && len(p.Transitions) == 0
}

// OutboxEntry asks the projector to bring one memory version's index point
// up to date with the ledger.
type OutboxEntry struct {
	ID        int64
	GroupID   string
	MemoryID  string
	Attempts  int
	CreatedAt time.Time
}
