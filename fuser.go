package groupmem

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Fuser is the evolution seam: it decides what one pass of an evolution
// changes. Given the memories a pass shows and its messages, it answers
// actions naming the memories by their aliases, and a report of what it
// understood. It performs no writes and keeps no state between calls.
//
// Everything around it is the same for every Fuser (package evolve's
// Fuse): the passes a run makes, asking a pass again when its answer held
// no valid action, splitting a pass whose answer a token limit cut, the
// validation of every action, the deletion guard, and the plan; the
// worker then embeds, commits and projects it. Two implementations exist:
// package llmfuse asks a language model and package offline needs none.
type Fuser interface {
	// Fuse answers one pass. An error ends the run's passes and fails the
	// run with the reason Failure gave it (FailReason); an error wrapping
	// ErrReview holds the run for a person instead. The Answer's costs
	// (Tokens, Attempts, Calls) count also when Fuse fails.
	Fuse(ctx context.Context, p Pass) (Answer, error)
	// Model names what fuses (a model name, or "offline"); it is recorded
	// on each run.
	Model() string
	// PromptVersion is recorded on each run ("" when no prompt is used).
	PromptVersion() string
}

// Pass is one pass of an evolution as a Fuser sees it: a batch of the
// run's new messages, in stream order, and the memories shown with them.
type Pass struct {
	// Log is the run's logger: every line it writes carries the run_id and
	// group_id. Fusers log through it; nil means no logging.
	Log     *slog.Logger
	GroupID string
	N       int // 1 for the first pass of the run
	// Asked counts the answers to this pass already given that held no
	// valid action: 0 the first time, 1 when it is asked again, ...
	Asked int
	// Memories are the memories the pass shows, as the earlier passes of
	// the run left them; Hidden counts the active memories it does not
	// show (they are kept as they are).
	Memories []Shown
	Hidden   int
	// Messages are this pass's messages: message i is the ref m(i+1).
	// Later counts the messages of the run that later passes show.
	Messages []Message
	Later    int
	// Now is the run's time: the day a prompt calls today. A Fuser that
	// asks a model renders the pass itself (package llmfuse, through
	// package prompts).
	Now time.Time
	// Moderated holds, by memory id, when a person last set the strength
	// of an active memory by hand (the latest of the change log's recent
	// manual strength changes): a Fuser respects it until messages give a
	// reason to change it.
	Moderated map[string]time.Time
}

// Shown is one memory as a pass shows it.
type Shown struct {
	Alias string // the alias actions name it by: M1, M2, ...
	// Memory is the committed version; its ID is "" for a memory an
	// earlier pass of this run created.
	Memory    Memory
	Statement string // the statement as the run has left it so far
}

// Answer is a Fuser's answer to one pass.
type Answer struct {
	// Actions name memories by the aliases of Pass.Memories and cite
	// messages by their refs (m1, m2, ...); only what passes validation
	// applies.
	Actions []Action
	// Report is what reading the answer understood: Answers 1, its lines,
	// entries, repairs, drops, and the finish reason. An answer cut by a
	// token limit (Finish "length") is never applied: its pass is split.
	Report Report
	// Text is the answer as given, kept in part on a run that fails on
	// it; "" for a Fuser that writes no text.
	Text string
	// Final says the answer is its Fuser's whole decision rather than text
	// to be read: no valid action in it means that nothing changes, and
	// the pass is never asked again (the offline evolver's answers). A
	// model's answer is not final: one with no valid action is asked
	// again.
	Final    bool
	Tokens   Tokens    // what the answer cost
	Attempts []Attempt // every request made for it; Pass is left to the caller
	Calls    int       // model calls made (0 for a Fuser without a model)
}

// Outcomes of one answer, as recorded in Attempt.Outcome besides the run's
// failure reasons.
const (
	OutcomeApplied = "applied" // the answer was applied to its pass
	OutcomeReasked = "reasked" // it held no valid action; the pass was asked again
	OutcomeSplit   = "split"   // the token limit cut it; the pass was split in two and asked again
	OutcomeReview  = "review"  // the deletion guard held it for a person
)

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
