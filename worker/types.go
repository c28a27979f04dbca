package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
)

// Options shape one evolution.
type Options struct {
	// Days bounds the look-back of a group's first run and of a
	// reprocessing run: only messages sent within the last Days days are
	// fused (0: no bound, the whole backlog). Older messages past the
	// watermark are left out, counted in Result.Skipped and the run's
	// report, and the watermark moves past them. Messages past the watermark but older
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
	Skipped   int // messages past the watermark that Options.Days left out; the watermark passes them
	Pending   int // messages still past the watermark after the run, for the next one
	Passes    int // model calls
	Stats     groupmem.Stats
	Changes   []groupmem.Change // committed changes, or planned ones for a dry run
	New       []groupmem.Memory // versions written (or planned)
	Report    groupmem.Report
	Tokens    groupmem.Tokens
	DryRun    bool
	// More says that the run applied as many messages as one run takes
	// (Config.MaxMessages), so more may wait past the new watermark.
	More bool
}

// Fuser decides what one evolution changes. Given every active memory of a
// group and the messages that arrived since its last run, it returns the
// changes as a plan. It performs no writes. Two implementations exist: one
// that asks a language model (LLMFuser) and an offline one that needs no
// model.
type Fuser interface {
	// Fuse returns the plan for in. An error with code EINVALID and
	// ErrReview in its chain means a guard refused the result and a person
	// should look; the run is recorded as "review" and nothing applies.
	Fuse(ctx context.Context, in FuseInput) (Fusion, error)
	// Model names what fuses (a model name, or "offline"); it is recorded
	// on each run.
	Model() string
	// PromptVersion is recorded on each run ("" when no prompt is used).
	PromptVersion() string
}

// FuseInput is what a Fuser sees.
type FuseInput struct {
	// Log is the run's logger: every line it writes carries the run_id and
	// group_id. Fusers log through it.
	Log      *slog.Logger
	GroupID  string
	Memories []groupmem.Memory  // every active memory of the group, from the ledger
	Messages []groupmem.Message // new messages, in stream order
	Now      time.Time
	// Moderated holds, by memory id, when a person last set the strength
	// of an active memory by hand (the latest of the change log's recent
	// manual strength changes): an evolver respects it until messages give
	// a reason to change it.
	Moderated map[string]time.Time
}

// Fusion is a Fuser's answer: the versions to write, the transitions and
// change-log rows, and what it cost and understood. New versions carry no
// embedding yet; the Service embeds them before the commit.
type Fusion struct {
	New         []groupmem.Memory
	Transitions []groupmem.Transition
	Changes     []groupmem.Change
	Stats       groupmem.Stats
	Report      groupmem.Report
	Tokens      groupmem.Tokens
	Passes      int
}

// ErrReview marks a fusion that a guard refused (for example one that
// would delete most of a group's memories): nothing is applied and the run
// waits for a person.
var ErrReview = errors.New("the result needs review before it can apply")

// failure is an error that knows the reason a run records for it.
type failure struct {
	reason string
	err    error
}

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// Failure marks err with reason, one of the groupmem.Fail* constants, for
// the run record. A Fuser uses it to say why it failed; FailReason reads
// it back.
func Failure(reason string, err error) error {
	if err == nil {
		return nil
	}
	return &failure{reason: reason, err: err}
}

// FailReason returns the reason Failure gave err, or fallback when none
// did.
func FailReason(err error, fallback string) string {
	var f *failure
	if errors.As(err, &f) {
		return f.reason
	}
	return fallback
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

// Job is an evolution that has started: its group is locked and its run
// recorded.
type Job struct {
	RunID   string
	GroupID string
	done    chan struct{}
	result  Result
	err     error
}

// Wait blocks until the job ends and returns its result.
func (j *Job) Wait() (Result, error) {
	<-j.done
	return j.result, j.err
}
