package worker_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// scriptedFuser stands in for the model: each pass it answers one create
// from the messages it is shown, after an optional delay, and fails or
// blocks as told. Everything else a run does is real, the validation and
// the plan included.
type scriptedFuser struct {
	delay   time.Duration
	started chan string // when set, receives the group as each Fuse begins
	release chan struct{}

	mu     sync.Mutex
	fails  map[string]int // group → failures left; negative: always
	review map[string]bool
	calls  map[string]int
}

func (f *scriptedFuser) Model() string         { return "scripted" }
func (f *scriptedFuser) PromptVersion() string { return "test" }

func (f *scriptedFuser) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	f.calls[p.GroupID]++
	fail := f.fails[p.GroupID] != 0
	if f.fails[p.GroupID] > 0 {
		f.fails[p.GroupID]--
	}
	review := f.review[p.GroupID]
	f.mu.Unlock()
	if f.started != nil {
		f.started <- p.GroupID
	}
	if err := f.wait(ctx); err != nil {
		return groupmem.Answer{}, err
	}
	ans := groupmem.Answer{Calls: 1, Tokens: groupmem.Tokens{Prompt: 100, Completion: 10}}
	if fail {
		return ans, groupmem.Errorf(groupmem.EUNAVAILABLE, "the model is down (scripted)")
	}
	if review {
		return ans, fmt.Errorf("would delete every memory: %w", groupmem.ErrReview)
	}
	// A fresh id in every statement: no two runs' memories are near
	// duplicates.
	statement := fmt.Sprintf("the group sent %d messages, the last being %q (%s)", len(p.Messages),
		p.Messages[len(p.Messages)-1].Content, groupmem.NewID())
	ans.Actions = []groupmem.Action{{Kind: groupmem.ActionCreate, Statement: statement, Reason: "seen", Evidence: []string{"m1"}, Line: 1}}
	ans.Report = groupmem.Report{Answers: 1, Lines: 1, Entries: 1, Parsed: 1, Finish: "stop"}
	return ans, nil
}

// wait holds a call until release is closed and the delay has passed, or
// ctx ends.
func (f *scriptedFuser) wait(ctx context.Context) error {
	if f.release != nil {
		select {
		case <-f.release:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
	return nil
}

func (f *scriptedFuser) callsOf(group string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[group]
}

// offListFuser fails with a reason off the documented list, as a Fuser of
// another make might.
type offListFuser struct{ scriptedFuser }

func (f *offListFuser) Fuse(context.Context, groupmem.Pass) (groupmem.Answer, error) {
	return groupmem.Answer{}, groupmem.Failure("model_sulked", errors.New("the model would not answer"))
}

// A failure whose reason is off the documented list is still recorded:
// failed, reason internal, with an error; the watermark does not move.
func TestOffListFailureIsRecorded(t *testing.T) {
	s := newStores(t)
	svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: &offListFuser{}, Logger: s.log}, worker.Config{})
	addMessages(t, s.ledger, "m", 3, "g")
	res, _ := svc.Evolve(context.Background(), "g", worker.Options{Trigger: groupmem.TriggerManual})
	run, err := s.ledger.Run(context.Background(), res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if run.Status != groupmem.RunFailed || run.Report.Reason != groupmem.FailInternal || run.Error == "" || run.NewWatermark != run.Watermark {
		t.Errorf("run = %s, reason %q, error %q, watermark %d -> %d; want failed, internal, an error, unmoved",
			run.Status, run.Report.Reason, run.Error, run.Watermark, run.NewWatermark)
	}
}
