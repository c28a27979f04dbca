package worker

import (
	"time"

	"github.com/groupmem/groupmem"
)

// Options shape one evolution.
type Options struct {
	// Days bounds the look-back: only messages sent within the last Days
	// days are fused (0: no bound). Messages past the watermark but older
	// than that are skipped and the watermark moves past them.
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
	Status    groupmem.RunStatus // succeeded, noop (no new messages), review (guard tripped), failed
	EvolvedAt time.Time
	Messages  int // messages fused
	Passes    int // model calls
	Stats     groupmem.Stats
	Changes   []groupmem.Change // committed changes, or planned ones for a dry run
	New       []groupmem.Memory // versions written (or planned)
	Report    groupmem.Report
	Tokens    groupmem.Tokens
	DryRun    bool
}
