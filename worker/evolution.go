package worker

import (
	"time"

	"github.com/groupmem/groupmem"
)

// Options shape one evolution.
type Options struct {
	// Days bounds the look-back of a group's first run and of a
	// reprocessing run: only messages sent within the last Days days are
	// fused (0: no bound, the whole backlog). Older messages past the
	// watermark are left out, counted in Result.Skipped and the run's
	// report, and the watermark moves past them.
	Days int
	// DryRun computes the plan and applies nothing: no commit, no
	// watermark move; the run record says it was a dry run.
	DryRun bool
	// Reprocess fuses the look-back window again even if it lies before
	// the watermark. Only callers that ask for it get it.
	Reprocess bool
	// Trigger and Actor are recorded on the run (groupmem.Trigger*).
	Trigger string
	Actor   string
}

// Result is what one evolution did.
type Result struct {
	RunID     string
	GroupID   string
	Status    groupmem.RunStatus // succeeded, noop (no new messages), dry_run, review (a guard wants a person to look: nothing applied), failed
	EvolvedAt time.Time
	Messages  int // messages fused
	Skipped   int // messages past the watermark that Options.Days left out; the watermark passes them
	Pending   int // messages still past the watermark after the run, for the next one
	Passes    int // model calls the run made, asks again and halves included; 0 for an evolver without a model
	Stats     groupmem.Stats
	Changes   []groupmem.Change // committed changes, or planned ones for a dry run
	New       []groupmem.Memory // versions written (or planned)
	Report    groupmem.Report
	Tokens    groupmem.Tokens
	DryRun    bool
	// PlanID names the plan a dry run or a run held for review kept, to
	// be applied (or approved) as it is until PlanExpires (see
	// Service.ApplyPlan); empty when none was kept. PlanID is the run's
	// id. For a run that applied a kept plan, it names that plan.
	PlanID      string
	PlanExpires time.Time
	// More says that the run applied as many messages as one run takes
	// (Config.MaxRunMessages), so more may wait past the new watermark.
	More bool
}

// Observer hears about runs as they end, for metrics. Implementations must
// be safe for concurrent use and must not block.
type Observer interface {
	// RunFinished is called once per run with its final record (status,
	// trigger, tokens, stats, report).
	RunFinished(run groupmem.Run)
	// LockBusy is called when a run could not start because another worker
	// held the group.
	LockBusy(groupID string)
}

// Evolution is one evolution that has started: its group is locked and its run
// recorded.
type Evolution struct {
	RunID   string
	GroupID string
	done    chan struct{}
	result  Result
	err     error
}

// Wait blocks until the job ends and returns its result.
func (j *Evolution) Wait() (Result, error) {
	<-j.done
	return j.result, j.err
}
