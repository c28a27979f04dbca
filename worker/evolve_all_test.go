package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// evolve --all: every group ends in exactly one tally, progress is reported
// once per group with running totals, and the summary names each failure.
func TestEvolveAll(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	f := &scriptedFuser{
		delay:  10 * time.Millisecond,
		fails:  map[string]int{"broken": -1},
		review: map[string]bool{"doubtful": true},
	}
	svc := newService(t, s, s.ledger, s.locker, f)
	addMessages(t, s.ledger, "a", 2, "ok1", "ok2", "ok3", "broken", "doubtful")
	groups := []string{"ok1", "ok2", "ok3", "broken", "doubtful", "quiet"} // quiet has no messages

	var seen []worker.Progress
	sum := worker.EvolveAll(ctx, svc, groups, 3, worker.Options{}, func(p worker.Progress) {
		seen = append(seen, p)
	})

	want := worker.Counts{Total: 6, Done: 3, Failed: 1, Skipped: 1, Review: 1,
		Tokens: groupmem.Tokens{Prompt: 500, Completion: 50, Calls: 5}} // five model calls
	if diff := cmp.Diff(want, sum.Counts); diff != "" {
		t.Fatalf("summary (-want +got):\n%s", diff)
	}
	if len(sum.Errors) != 1 || sum.Errors["broken"] == nil {
		t.Fatalf("errors: %v", sum.Errors)
	}
	if len(seen) != len(groups) {
		t.Fatalf("%d progress reports for %d groups", len(seen), len(groups))
	}
	var reported []string
	for i, p := range seen {
		if p.Ended() != i+1 || p.Total != len(groups) {
			t.Errorf("report %d: %d of %d ended", i, p.Ended(), p.Total)
		}
		reported = append(reported, p.Group)
	}
	if diff := cmp.Diff(groups, reported, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Fatalf("groups reported (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(sum.Counts, seen[len(seen)-1].Counts); diff != "" {
		t.Fatalf("last report differs from the summary (-summary +report):\n%s", diff)
	}
	for _, g := range groups {
		runs := runsOf(t, s.ledger, g, groupmem.TriggerCLI)
		if n := runs[groupmem.RunSucceeded] + runs[groupmem.RunFailed] + runs[groupmem.RunReview] + runs[groupmem.RunNoop]; n != 1 {
			t.Errorf("group %s has %d cli runs: %v", g, n, runs)
		}
	}
}

// A group held by another worker counts as skipped and names its error;
// when ctx ends, the groups not yet started are left alone.
func TestEvolveAllBusyAndCancelled(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	f := &scriptedFuser{started: make(chan string, 1), release: make(chan struct{})}
	svc := newService(t, s, s.ledger, s.locker, f)
	addMessages(t, s.ledger, "a", 2, "held", "free")
	held, err := svc.Start(ctx, "held", worker.Options{Trigger: groupmem.TriggerManual})
	if err != nil {
		t.Fatal(err)
	}
	<-f.started
	sum := worker.EvolveAll(ctx, svc, []string{"held"}, 2, worker.Options{}, nil)
	if sum.Skipped != 1 || groupmem.ErrorCode(sum.Errors["held"]) != groupmem.EBUSY {
		t.Fatalf("busy group: %+v", sum)
	}
	close(f.release)
	if _, err := held.Wait(); err != nil {
		t.Fatal(err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	sum = worker.EvolveAll(cancelled, svc, []string{"free", "held"}, 2, worker.Options{}, nil)
	if sum.Total != 2 || sum.Ended() != 0 {
		t.Fatalf("cancelled run-all: %+v", sum.Counts)
	}
	if runs := runsOf(t, s.ledger, "free", groupmem.TriggerCLI); len(runs) != 0 {
		t.Fatalf("a cancelled run-all started runs: %v", runs)
	}
}
