package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// Claims take the oldest due job first: a released job goes behind the
// jobs that were due before it.
func testQueueOldestDueFirst(t *testing.T, h *queueHarness) {
	h.enqueue(queueSlot, "a")
	h.enqueue(queueSlot, "b")
	a := h.claimGroups(1, queueLease, "a")
	h.finish(a[0], groupmem.JobOutcome{Kind: groupmem.OutcomeRelease})
	h.claimGroups(1, queueLease, "b")
	again := h.claimGroups(1, queueLease, "a")
	if again[0].ID != a[0].ID || again[0].Attempts != 0 || again[0].Claim == a[0].Claim {
		t.Errorf("released job claimed again as %+v, want job %d, no attempt, a new claim", again[0], a[0].ID)
	}
}

// A new job is due at its group's place (ledger.JobPlace): the group
// whose messages waited longest and whose backlog is largest is claimed
// first, whatever its name; a group with nothing pending is due when it
// was enqueued. Jobs not taken before the next slot keep their places
// ahead of that slot's groups.
func testQueuePlace(t *testing.T, h *queueHarness) {
	t0 := time.Now()
	h.insert("z-old", 2)
	time.Sleep(30 * time.Millisecond)
	t1 := time.Now()
	h.insert("a-new", 2)
	h.insert("m-big", 40)
	t2 := time.Now()
	h.enqueue(queueSlot, "a-new", "b-none", "m-big", "z-old")
	t3 := time.Now()
	for _, w := range []struct {
		group   string
		from    time.Time
		to      time.Time
		backlog int64
	}{{"z-old", t0, t1, 2}, {"a-new", t1, t2, 2}, {"m-big", t1, t2, 40}, {"b-none", t2, t3, 0}} {
		wantWithin(t, w.group+" is due at", h.job(queueSlot, w.group).NextAttemptAt,
			ledger.JobPlace(w.from, w.from, w.backlog), ledger.JobPlace(w.to, w.to, w.backlog))
	}
	h.insert("c-fresh", 1)
	next := queueSlot.Add(24 * time.Hour)
	if n := h.enqueue(next, "a-new", "b-none", "c-fresh", "m-big", "z-old"); n != 1 {
		t.Fatalf("the next slot enqueued %d jobs, want 1: the others are still pending", n)
	}
	h.claimGroups(10, queueLease, "m-big", "z-old", "a-new", "c-fresh", "b-none")
}

// CountJobs counts a slot's jobs by state, and only that slot's.
func testQueueCountJobs(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	h.enqueue(queueSlot, "a", "b", "c", "d")
	h.enqueue(queueSlot.Add(-24*time.Hour), "e")
	jobs := h.claimGroups(3, queueLease, "a", "b", "c")
	h.finish(jobs[0], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	h.finish(jobs[1], groupmem.JobOutcome{Kind: groupmem.OutcomeGiveUp, Error: "the model is down"})
	got, err := h.q.CountJobs(ctx, queueSlot)
	if want := (groupmem.JobCounts{Pending: 1, Running: 1, Done: 1, GivenUp: 1}); err != nil || got != want {
		t.Fatalf("CountJobs = %+v, %v; want %+v", got, err, want)
	}
	if got.Left() != 2 {
		t.Errorf("Left = %d, want 2", got.Left())
	}
	if got, err := h.q.CountJobs(ctx, queueSlot.Add(time.Hour)); err != nil || got != (groupmem.JobCounts{}) {
		t.Errorf("CountJobs of a slot without jobs = %+v, %v; want none", got, err)
	}
}
