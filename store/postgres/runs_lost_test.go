package postgres_test

import (
	"context"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// BeginRun does not wait for its commit to reach the disk, so a crash of
// Postgres may lose a begun run: its record and its fence. Here that loss
// is made by hand, and a later run is handed the same fence. The run whose
// beginning was lost can neither commit, nor keep a plan, nor record its
// end: its record is not there. Nothing it would write is written.
func TestRunWhoseBeginningWasLostCannotCommit(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "m", 2)); err != nil {
		t.Fatal(err)
	}
	lost := storetest.Begin(t, l, "g")
	// What a crash before the flush leaves: no record, the fence before.
	if _, err := l.Pool().Exec(ctx, `DELETE FROM evolution_runs WHERE id = $1`, lost.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Pool().Exec(ctx, `UPDATE group_state SET fence = fence - 1 WHERE group_id = 'g'`); err != nil {
		t.Fatal(err)
	}
	next := storetest.Begin(t, l, "g")
	if next.Fence != lost.Fence {
		t.Fatalf("the next run holds fence %d; the test needs the lost one's, %d", next.Fence, lost.Fence)
	}
	plan := storetest.CreatePlan(lost, "likes tea")
	if err := l.CommitPlan(ctx, plan); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("CommitPlan of the lost run = %v, want a conflict", err)
	}
	page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g", Limit: 10})
	if err != nil || page.Total != 0 {
		t.Fatalf("memories after the refused commit = %d, %v; want none", page.Total, err)
	}
	lost.Status, lost.Report.Reason = groupmem.RunFailed, groupmem.FailCommit
	if err := l.FinishRun(ctx, lost); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("FinishRun of the lost run = %v, want a conflict", err)
	}
	// The run that holds the fence now commits as usual.
	storetest.Commit(t, l, storetest.CreatePlan(next, "likes coffee"))
}
