package worker_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// evolveOrder is an Evolver that notes which groups it evolves, in order.
type evolveOrder struct {
	worker.Evolver
	mu     sync.Mutex
	groups []string
}

func (e *evolveOrder) Evolve(ctx context.Context, group string, o worker.Options) (worker.Result, error) {
	e.mu.Lock()
	e.groups = append(e.groups, group)
	e.mu.Unlock()
	return e.Evolver.Evolve(ctx, group, o)
}

// backlogSetup stores 10 messages in group "big" and 2 in "small", with
// runs of at most 3 messages, and enqueues both groups for slot1 on a pool
// of one lane.
func backlogSetup(t *testing.T, maxFollowUps int) (*stores, *evolveOrder, *worker.Pool) {
	t.Helper()
	s := newStores(t)
	svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: &scriptedFuser{}, Logger: s.log}, worker.Config{MaxRunMessages: 3})
	order := &evolveOrder{Evolver: svc}
	addMessages(t, s.ledger, "m", 10, "big")
	addMessages(t, s.ledger, "m", 2, "small")
	if n := tick(t, s.ledger, slot1, 1); n != 2 {
		t.Fatalf("tick enqueued %d jobs, want 2", n)
	}
	return s, order, newPool(t, s.ledger, order, s.log, worker.PoolConfig{Concurrency: 1, MaxFollowUps: maxFollowUps})
}

// drain runs the pool one job at a time until nothing is due.
func drain(t *testing.T, pool *worker.Pool) {
	t.Helper()
	for range 100 {
		n, err := pool.RunOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("the pool still finds due jobs after 100 rounds")
}

// fusedOnce checks that the succeeded runs of group, oldest first, fused
// its messages up to seq upTo each exactly once: every run starts at the
// watermark the one before it left, reads the messages between, and the
// last leaves the watermark at upTo.
func fusedOnce(t *testing.T, l groupmem.Ledger, group string, upTo int64) []groupmem.Run {
	t.Helper()
	ctx := context.Background()
	runs, err := l.Runs(ctx, groupmem.RunQuery{GroupID: group, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	runs = slices.DeleteFunc(runs, func(r groupmem.Run) bool { return r.Status != groupmem.RunSucceeded })
	slices.Reverse(runs)
	msgs, err := l.MessagesAfter(ctx, group, 0, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	var wm int64
	for i, r := range runs {
		between := 0
		for _, m := range msgs {
			if m.Seq > r.Watermark && m.Seq <= r.NewWatermark {
				between++
			}
		}
		if r.Watermark != wm || r.Messages != between {
			t.Fatalf("run %d of %s read from watermark %d (want %d) and fused %d messages (%d lie before its new watermark %d)",
				i+1, group, r.Watermark, wm, r.Messages, between, r.NewWatermark)
		}
		wm = r.NewWatermark
	}
	if wm != upTo {
		t.Fatalf("%s's watermark after its runs = %d, want %d", group, wm, upTo)
	}
	return runs
}

// A backlog of several runs' worth of messages is fused within one slot:
// its job continues after each full batch, behind the other due groups,
// which are not held up, until the backlog is gone.
func TestBacklogFusedInOneSlot(t *testing.T) {
	s, order, pool := backlogSetup(t, 0)
	drain(t, pool)
	if diff := cmp.Diff([]string{"big", "small", "big", "big", "big"}, order.groups); diff != "" {
		t.Errorf("order of evolutions (-want +got):\n%s", diff)
	}
	msgs, _ := s.ledger.MessagesAfter(context.Background(), "big", 0, 1000)
	if runs := fusedOnce(t, s.ledger, "big", msgs[len(msgs)-1].Seq); len(runs) != 4 {
		t.Errorf("big was fused in %d runs, want 4 (3+3+3+1)", len(runs))
	}
	if job := jobOf(t, s.ledger, slot1, "big"); job.Status != groupmem.JobDone || job.FollowUps != 3 || job.Attempts != 0 {
		t.Errorf("big's job = %+v, want done after 3 follow-ups", job)
	}
	if job := jobOf(t, s.ledger, slot1, "small"); job.Status != groupmem.JobDone || job.FollowUps != 0 {
		t.Errorf("small's job = %+v, want done at once", job)
	}
	if due, err := worker.ListDue(context.Background(), s.ledger, 1, 0); err != nil || len(due) != 0 {
		t.Errorf("groups still due after the slot: %v, %v", due, err)
	}
}

// The follow-ups of one slot are bounded; what is left waits for the next
// slot.
func TestBacklogFollowUpsAreBounded(t *testing.T) {
	tests := []struct {
		name         string
		maxFollowUps int
		runs         int
	}{
		{"one follow-up", 1, 2},
		{"none", -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, pool := backlogSetup(t, tt.maxFollowUps)
			drain(t, pool)
			msgs, _ := s.ledger.MessagesAfter(context.Background(), "big", 0, 1000)
			if runs := fusedOnce(t, s.ledger, "big", msgs[3*tt.runs-1].Seq); len(runs) != tt.runs {
				t.Errorf("big was fused in %d runs, want %d", len(runs), tt.runs)
			}
			if job := jobOf(t, s.ledger, slot1, "big"); job.Status != groupmem.JobDone || job.FollowUps != tt.runs-1 {
				t.Errorf("big's job = %+v, want done after %d follow-ups", job, tt.runs-1)
			}
			if due, err := worker.ListDue(context.Background(), s.ledger, 1, 0); err != nil || !slices.Equal(due, []string{"big"}) {
				t.Errorf("groups due for the next slot = %v, %v; want big", due, err)
			}
		})
	}
}

// A backlog of 10,000 messages, with the default run size and follow-ups,
// is fused in the one slot, in five runs, and the other due group is
// evolved after the first of them, not after the backlog.
func TestTenThousandMessagesInOneNight(t *testing.T) {
	if testing.Short() {
		t.Skip("stores 10,000 messages")
	}
	s := newStores(t)
	svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: &scriptedFuser{}, Logger: s.log}, worker.Config{})
	order := &evolveOrder{Evolver: svc}
	all := storetest.Msgs("big", "m", 10_000)
	for i := 0; i < len(all); i += groupmem.MaxBatchMessages {
		if _, err := s.ledger.InsertMessages(context.Background(), all[i:min(i+groupmem.MaxBatchMessages, len(all))]); err != nil {
			t.Fatal(err)
		}
	}
	addMessages(t, s.ledger, "m", 2, "small")
	if n := tick(t, s.ledger, slot1, 1); n != 2 {
		t.Fatalf("tick enqueued %d jobs, want 2", n)
	}
	drain(t, newPool(t, s.ledger, order, s.log, worker.PoolConfig{Concurrency: 1}))
	// Five full runs, then one that finds nothing left (a full run cannot
	// know it took the last message).
	if diff := cmp.Diff([]string{"big", "small", "big", "big", "big", "big", "big"}, order.groups); diff != "" {
		t.Errorf("order of evolutions (-want +got):\n%s", diff)
	}
	msgs, _ := s.ledger.MessagesAfter(context.Background(), "big", 0, 100_000)
	if runs := fusedOnce(t, s.ledger, "big", msgs[len(msgs)-1].Seq); len(runs) != 5 {
		t.Errorf("big was fused in %d runs, want 5 of 2,000", len(runs))
	}
}
