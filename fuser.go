package groupmem

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Fuser is the evolution seam: it decides what one evolution changes.
// Given every active memory of a group and the messages that arrived since
// its last run, it returns the changes as a plan. It performs no writes;
// the worker locks, fences, loads, embeds what a Fuser wrote and commits.
// Two implementations exist: package llmfuse asks a language model and
// package offline needs none.
type Fuser interface {
	// Fuse returns the plan for in. An error wrapping ErrReview means a
	// guard held the result for a person; the run is recorded as "review"
	// and nothing applies. Any other error fails the run with the reason
	// Failure gave it (FailReason). The returned Fusion carries the report
	// and costs so far also when Fuse fails.
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
	// group_id. Fusers log through it; nil means no logging.
	Log      *slog.Logger
	GroupID  string
	Memories []Memory  // every active memory of the group, from the ledger
	Messages []Message // new messages, in stream order
	Now      time.Time
	// Moderated holds, by memory id, when a person last set the strength
	// of an active memory by hand (the latest of the change log's recent
	// manual strength changes): a Fuser respects it until messages give a
	// reason to change it.
	Moderated map[string]time.Time
}

// Fusion is a Fuser's answer: what the run writes (the plan's Writes, as
// they will be committed), and what it cost and understood. New versions
// carry no embedding yet; the worker embeds them before the commit.
type Fusion struct {
	Writes
	Stats  Stats
	Report Report
	Tokens Tokens
	Passes int
}

// ErrReview is the one cause of every result a guard holds for a person
// (for example a plan that would delete most of a group's memories):
// nothing of it applies. Its code is EREVIEW.
var ErrReview = &Error{Code: EREVIEW, Message: "the result needs review before it can apply"}

// failure is an error that knows the reason a run records for it.
type failure struct {
	reason string
	err    error
}

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// Failure marks err with reason, one of the Fail* constants, for the run
// record. A Fuser uses it to say why it failed; FailReason reads it back.
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
