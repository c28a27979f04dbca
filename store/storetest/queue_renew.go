package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// RenewJobs extends a claim that still holds, even one whose lease ran
// out while nobody took it; it leaves alone a job another claimer took
// and a finished job, and reports both as lost.
func testQueueRenew(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	for _, g := range []string{"b", "a", "c", "d"} { // b is due first: the claim below takes it again
		h.enqueue(queueSlot, g)
	}
	b := h.claimGroups(1, queueShort, "b")[0]
	a := h.claimGroups(1, queueShort, "a")[0]
	c := h.claimGroups(1, queueLease, "c")[0]
	d := h.claimGroups(1, queueShort, "d")[0]
	h.finish(c, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	sleepPast(d.ClaimedUntil)
	taken := h.claimGroups(1, queueLease, "b")[0] // b's lease ran out: another claimer takes it

	before := time.Now()
	kept, err := h.q.RenewJobs(ctx, groupmem.RenewJobsParams{Jobs: []groupmem.Job{d, c, b, a}, Lease: queueLease})
	after := time.Now()
	if err != nil {
		t.Fatalf("RenewJobs: %v", err)
	}
	if diff := cmp.Diff([]int64{a.ID, d.ID}, kept); diff != "" {
		t.Errorf("RenewJobs kept (-want +got):\n%s", diff)
	}
	for _, j := range []groupmem.Job{a, d} {
		got := h.job(queueSlot, j.GroupID)
		if got.Status != groupmem.JobRunning || got.Claim != j.Claim || got.Attempts != 0 {
			t.Errorf("renewed job %+v: want running on its claim %s, no attempts", got, j.Claim)
		}
		wantWithin(t, "renewed "+j.GroupID+" until", got.ClaimedUntil, before.Add(queueLease), after.Add(queueLease))
	}
	if got := h.job(queueSlot, "b"); got.Claim != taken.Claim || !got.ClaimedUntil.Equal(taken.ClaimedUntil) {
		t.Errorf("a lost claim was renewed: %+v, want %s's claim until %s", got, taken.Claim, taken.ClaimedUntil)
	}
	if got := h.job(queueSlot, "c"); got.Status != groupmem.JobDone || got.Claim != "" || !got.ClaimedUntil.IsZero() {
		t.Errorf("a finished job was renewed: %+v", got)
	}
	h.claimGroups(10, queueLease) // a and d stay held past their first lease
	h.finish(a, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
}

// RenewJobs refuses a lease that is not positive or a job without a
// claim token, and renews nothing.
func testQueueRenewBadInput(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	h.enqueue(queueSlot, "a")
	a := h.claimGroups(1, queueLease, "a")[0]
	for _, lease := range []time.Duration{0, -time.Second} {
		_, err := h.q.RenewJobs(ctx, groupmem.RenewJobsParams{Jobs: []groupmem.Job{a}, Lease: lease})
		mustCode(t, err, groupmem.EINVALID)
	}
	noClaim := a
	noClaim.Claim = ""
	_, err := h.q.RenewJobs(ctx, groupmem.RenewJobsParams{Jobs: []groupmem.Job{a, noClaim}, Lease: queueLease})
	mustCode(t, err, groupmem.EINVALID)
	if kept, err := h.q.RenewJobs(ctx, groupmem.RenewJobsParams{Lease: queueLease}); err != nil || len(kept) != 0 {
		t.Errorf("RenewJobs of no jobs = %v, %v; want none, no error", kept, err)
	}
	if got := h.job(queueSlot, "a"); !got.ClaimedUntil.Equal(a.ClaimedUntil) {
		t.Errorf("a refused renewal changed the lease: %s, want %s", got.ClaimedUntil, a.ClaimedUntil)
	}
}
