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
	// Subjects are the members the memory is about, as the prompt shows
	// senders (a name, or an id); validation keeps those who sent a
	// message of the pass and maps them to their sender ids.
	Subjects []string
	Line     int  // 1-based line of the answer it came from
	Repaired bool // the line needed repair before it parsed

	// What an evolver that decides without a model (package offline) says
	// of the version it writes; parsing a model's answer never sets them.
	// Strength is the strength of the version written by an update or a
	// create, or, with keep, the memory's new strength (a strength change
	// of its own); Tags are a created memory's; Cites are the ids of the
	// messages the action rests on, beyond the refs of Evidence.
	Strength *float64
	Tags     []string
	Cites    []string
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

// Drop records one entry of a model's answer that was not applied, or one
// input message cut to fit a prompt (Line 0, reason "message_cut").
type Drop struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Text   string `json:"text,omitempty"` // a short excerpt
}

// MaxDropExamples bounds the drops a Report lists with their line and
// excerpt; the counts in Report.Drops are exact whatever their number.
const MaxDropExamples = 200

// Attempt is one request to the model: which pass it served, what came
// back, how long the client waited before sending it and how long it took.
type Attempt struct {
	Pass       int    `json:"pass"`              // the pass it served, 1 first
	Status     string `json:"status"`            // "200", "429", "503", "timeout", "network", ...
	WaitMS     int64  `json:"wait_ms"`           // backoff before this attempt
	DurationMS int64  `json:"duration_ms"`       // from sending to the whole answer read
	Tokens     Tokens `json:"tokens"`            // usage the endpoint reported, on success
	Finish     string `json:"finish,omitempty"`  // the finish reason of a successful answer
	Outcome    string `json:"outcome,omitempty"` // what the run did with the answer: applied, reasked, split, or a failure reason
}

// Reply is a chat model's answer to one prompt, with every request it took.
type Reply struct {
	Text     string    // the answer; may be cut off when Finish is "length"
	Finish   string    // the finish reason: "stop", "length", "content_filter", ...
	Tokens   Tokens    // usage of the answered request
	Attempts []Attempt // every request made for it, in order; Pass is left to the caller
}

// Report is what a run understood of the model's answers. Every entry of
// every answer read lands in exactly one bucket, so
//
//	Applied + Kept + sum(Drops) + sum(Ignored) == Entries
//
// An entry is one JSON object of the answer (wherever it starts and however
// many lines it spans), or one non-blank line that holds no part of an
// object, or the text left over beside an object on its line. For an answer
// in JSON Lines, Entries equals Lines.
type Report struct {
	Passes   int            `json:"passes"`
	Answers  int            `json:"answers"`           // model answers read, re-asks included
	Lines    int            `json:"lines"`             // non-blank lines of those answers
	Entries  int            `json:"entries"`           // see above
	Parsed   int            `json:"parsed"`            // actions understood
	Repaired int            `json:"repaired"`          // of those, how many needed repair
	Applied  int            `json:"applied"`           // update, create and delete actions that took effect
	Kept     int            `json:"kept"`              // keep actions, and updates that changed nothing
	Drops    map[string]int `json:"drops,omitempty"`   // entries not applied, by reason
	Ignored  map[string]int `json:"ignored,omitempty"` // reasoning and structure: text that was never meant as an action (prose is a drop)
	Dropped  []Drop         `json:"dropped,omitempty"` // the first MaxDropExamples drops, with line and excerpt
	Finish   string         `json:"finish,omitempty"`  // the last finish reason the model gave
	Attempts []Attempt      `json:"attempts,omitempty"`
	// Reason says why a run did not apply: one of the Fail* constants.
	Reason string `json:"reason,omitempty"`
	// Answer is the start of the last answer that could not be used, for
	// a run that failed on it.
	Answer string `json:"answer,omitempty"`
	// Skipped counts the messages past the group's watermark that a
	// look-back bound (days) left out: the committed watermark passes
	// them, and only a reprocessing run reads them again.
	Skipped int `json:"skipped_messages,omitempty"`
	// Pending counts the messages still past the watermark after the run:
	// more than one run takes; the next run fuses them.
	Pending int `json:"pending_messages,omitempty"`
	// PlanID names the kept plan (see KeptPlan) this run committed: the id
	// of the dry run or held run that made it. Empty for a run that
	// committed its own plan.
	PlanID string `json:"plan_id,omitempty"`
}

// Why a run did not apply its plan: the closed list recorded in
// Report.Reason and at the start of Run.Error.
const (
	FailAnswerUnusable = "answer_unusable"   // the model's answers, re-asks included, held no valid action
	FailContentFilter  = "content_filter"    // the provider withheld the answer
	FailAnswerCut      = "answer_cut"        // the answer was cut by the token limit even for the smallest pass
	FailModel          = "model_unavailable" // the model could not be reached or refused the request
	FailEmbed          = "embed_failed"      // the new statements could not be embedded
	FailLoad           = "load_failed"       // the group's memories or messages could not be read
	FailCommit         = "commit_failed"     // the ledger refused or could not take the plan
	FailLeaseLost      = "lease_lost"        // the group's lock was lost; another run may own the group
	FailAbandoned      = "abandoned"         // the run's process stopped before the run ended
	FailCancelled      = "cancelled"         // the caller or a shutdown stopped the run
	FailReview         = "review"            // the deletion guard held the plan for a person (status review)
	FailInternal       = "internal"          // anything else; the error says what
)

// FailReasons lists every value Report.Reason can take.
var FailReasons = []string{FailAnswerUnusable, FailContentFilter, FailAnswerCut, FailModel, FailEmbed,
	FailLoad, FailCommit, FailLeaseLost, FailAbandoned, FailCancelled, FailReview, FailInternal}

// Count adds n entries to bucket reason of m, allocating m when needed.
func Count(m *map[string]int, reason string, n int) {
	if n == 0 {
		return
	}
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[reason] += n
}

// Total sums the counts of m.
func Total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// AddDrop counts d in Drops and keeps it as an example while there is room.
// A message cut (Line 0, reason "message_cut") is kept as an example only:
// it is not an entry of an answer.
func (r *Report) AddDrop(d Drop, entry bool) {
	if entry {
		Count(&r.Drops, d.Reason, 1)
	}
	if len(r.Dropped) < MaxDropExamples {
		r.Dropped = append(r.Dropped, d)
	}
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
	// Manual is set, when read, for a change made by hand through the API
	// (delete, restore, strength, create, edit: a run with trigger admin)
	// rather than by an evolution.
	Manual bool
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

// OutboxEntry asks the projector to bring one memory version's index point
// up to date with the ledger.
type OutboxEntry struct {
	ID        int64
	GroupID   string
	Kind      string // OutboxMemory or OutboxPurge
	MemoryID  string // the version to project (OutboxMemory); NilID for OutboxPurge
	Attempts  int
	CreatedAt time.Time
}
