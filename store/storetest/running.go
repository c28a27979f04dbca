package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// runIDs returns the ids of runs, in order.
func runIDs(runs []groupmem.Run) []string {
	out := make([]string, len(runs))
	for i, r := range runs {
		out[i] = r.ID
	}
	return out
}

func testRunningRuns(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	running := func(q groupmem.RunningRunsQuery) []string {
		t.Helper()
		runs, err := l.RunningRuns(ctx, q)
		if err != nil {
			t.Fatalf("RunningRuns(%+v): %v", q, err)
		}
		for _, r := range runs {
			if r.Status != groupmem.RunRunning {
				t.Fatalf("RunningRuns returned run %s in status %s", r.ID, r.Status)
			}
		}
		return runIDs(runs)
	}
	a := Begin(t, l, "g1")
	time.Sleep(2 * time.Millisecond) // distinct start times on any clock resolution
	b := Begin(t, l, "g2")
	done := Begin(t, l, "g3")
	done.Status = groupmem.RunNoop
	if err := l.FinishRun(ctx, done); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{a.ID, b.ID}, running(groupmem.RunningRunsQuery{Limit: 10})); diff != "" {
		t.Errorf("every running run, oldest first (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{a.ID}, running(groupmem.RunningRunsQuery{Limit: 1})); diff != "" {
		t.Errorf("limit 1 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{b.ID}, running(groupmem.RunningRunsQuery{GroupID: "g2", Limit: 10})); diff != "" {
		t.Errorf("one group's (-want +got):\n%s", diff)
	}
	if got := running(groupmem.RunningRunsQuery{GroupID: "g3", Limit: 10}); len(got) != 0 {
		t.Errorf("a finished run is listed as running: %v", got)
	}
	if got := running(groupmem.RunningRunsQuery{MinAge: time.Hour, Limit: 10}); len(got) != 0 {
		t.Errorf("runs begun just now are listed as an hour old: %v", got)
	}
	// A run that a later one superseded is not running any more.
	c := Begin(t, l, "g1")
	if diff := cmp.Diff([]string{c.ID}, running(groupmem.RunningRunsQuery{GroupID: "g1", Limit: 10})); diff != "" {
		t.Errorf("g1 after a second BeginRun (-want +got):\n%s", diff)
	}
	_, err := l.RunningRuns(ctx, groupmem.RunningRunsQuery{MinAge: -time.Second, Limit: 1})
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: "g\x00", Limit: 1})
	mustCode(t, err, groupmem.EINVALID)
}

func testAbandonRun(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	zombie := Begin(t, l, "g1")
	before := snap(t, l, "g1")
	got, err := l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: zombie.ID})
	if err != nil {
		t.Fatalf("AbandonRun: %v", err)
	}
	if got.ID != zombie.ID || got.Status != groupmem.RunFailed || got.Error != groupmem.AbandonedLease || got.FinishedAt.IsZero() {
		t.Fatalf("abandoned run = %+v", got)
	}
	if stored, _ := l.Run(ctx, zombie.ID); stored.Status != groupmem.RunFailed || stored.Error != groupmem.AbandonedLease || stored.Report.Reason != groupmem.FailAbandoned {
		t.Fatalf("stored run = %s %q, want failed with %q", stored.Status, stored.Error, groupmem.AbandonedLease)
	}
	// The zombie wakes up: its commit is refused and writes nothing, and
	// it cannot rewrite its record.
	late := CreatePlan(zombie, "written by a worker whose lease lapsed")
	late.Run.NewWatermark = 3
	mustCode(t, l.CommitPlan(ctx, late), groupmem.ESTALE)
	if diff := cmp.Diff(before, snap(t, l, "g1")); diff != "" {
		t.Fatalf("the zombie's commit changed the store (-before +after):\n%s", diff)
	}
	zombie.Status, zombie.Report.Reason = groupmem.RunFailed, groupmem.FailLeaseLost
	mustCode(t, l.FinishRun(ctx, zombie), groupmem.ECONFLICT)
	// Closed once only.
	_, err = l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: zombie.ID})
	mustCode(t, err, groupmem.ECONFLICT)

	// The next run takes a fence past the one the abandon took, reads the
	// old watermark, and commits.
	next := Begin(t, l, "g1")
	if next.Fence < zombie.Fence+2 || next.Watermark != 0 {
		t.Fatalf("next run: fence %d after the zombie's %d, watermark %d; want a fence of at least %d and watermark 0",
			next.Fence, zombie.Fence, next.Watermark, zombie.Fence+2)
	}
	Commit(t, l, CreatePlan(next, "the real memory"))

	// A finished run is left alone; a custom reason is recorded as given.
	done := Begin(t, l, "g2")
	done.Status = groupmem.RunNoop
	if err := l.FinishRun(ctx, done); err != nil {
		t.Fatal(err)
	}
	_, err = l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: done.ID})
	mustCode(t, err, groupmem.ECONFLICT)
	if r, _ := l.Run(ctx, done.ID); r.Status != groupmem.RunNoop || r.Error != "" {
		t.Fatalf("finished run after AbandonRun = %s %q", r.Status, r.Error)
	}
	other := Begin(t, l, "g2")
	got, err = l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: other.ID, Reason: "abandoned: test\x00"})
	if err != nil || got.Error != "abandoned: test" {
		t.Fatalf("AbandonRun with a reason = %q, %v", got.Error, err)
	}

	_, err = l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: groupmem.NewID()})
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: "not-a-uuid"})
	mustCode(t, err, groupmem.EINVALID)
}
