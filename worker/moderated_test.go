package worker_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// seenFuser records what the Service gives it and writes nothing.
type seenFuser struct {
	mu   sync.Mutex
	seen []groupmem.Pass
}

func (f *seenFuser) Model() string         { return "seen" }
func (f *seenFuser) PromptVersion() string { return "test" }
func (f *seenFuser) Fuse(_ context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, p)
	return groupmem.Answer{Actions: []groupmem.Action{{Kind: groupmem.ActionKeep, Line: 1}},
		Report: groupmem.Report{Answers: 1, Lines: 1, Entries: 1, Parsed: 1}}, nil
}

// A strength set by hand reaches the evolver: the run's input names the
// memory and when a person set it; a strength the evolver set does not.
func TestEvolverSeesModeratedStrengths(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	first := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: &scriptedFuser{}, Logger: s.log}, worker.Config{})
	addMessages(t, s.ledger, "a", 2, "g")
	if _, err := first.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCLI}); err != nil {
		t.Fatal(err)
	}
	mems := ledgerState(t, s.ledger, "g")
	if len(mems) != 1 {
		t.Fatalf("the first run left %d memories, want 1", len(mems))
	}
	var id string
	for _, m := range mems {
		id = m.ID
	}
	before := time.Now()
	if _, err := first.SetStrength(ctx, id, 0.9, "mod"); err != nil {
		t.Fatal(err)
	}
	seen := &seenFuser{}
	svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: seen, Logger: s.log}, worker.Config{})
	addMessages(t, s.ledger, "b", 2, "g")
	if _, err := svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCLI}); err != nil {
		t.Fatal(err)
	}
	if len(seen.seen) != 1 {
		t.Fatalf("the evolver was called %d times, want once", len(seen.seen))
	}
	at, ok := seen.seen[0].Moderated[id]
	if !ok || at.Before(before.Add(-time.Second)) || len(seen.seen[0].Moderated) != 1 {
		t.Fatalf("Moderated = %v; want the memory set by hand at about %s", seen.seen[0].Moderated, before)
	}
}
