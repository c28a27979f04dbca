package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// A job that continues (its run applied a full batch and more messages
// wait) counts a follow-up and no attempt, and goes behind every job that
// was already due: the other groups of its slot come first.
func testQueueContinue(t *testing.T, h *queueHarness) {
	h.enqueue(queueSlot, "big", "small")
	big := h.claimGroups(1, queueLease, "big")[0]
	h.finish(big, groupmem.JobOutcome{Kind: groupmem.OutcomeContinue, RunID: groupmem.NewID(), RunStatus: groupmem.RunSucceeded})
	small := h.claimGroups(1, queueLease, "small")[0]
	for n := 1; n <= 2; n++ {
		again := h.claimGroups(1, queueLease, "big")[0]
		if again.ID != big.ID || again.FollowUps != n || again.Attempts != 0 {
			t.Fatalf("continued job claimed as %+v, want job %d with %d follow-ups and no attempts", again, big.ID, n)
		}
		kind := groupmem.OutcomeContinue
		if n == 2 {
			kind = groupmem.OutcomeDone
		}
		h.finish(again, groupmem.JobOutcome{Kind: kind})
	}
	h.finish(small, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	if got := h.job(queueSlot, "big"); got.Status != groupmem.JobDone || got.FollowUps != 2 {
		t.Fatalf("job after two follow-ups = %+v, want done with 2", got)
	}
	h.claimGroups(10, queueLease)
}

// A job is claimable again once its lease ran out; that lost attempt counts
// as a failed one, and the old holder can no longer finish the job. A late
// holder whose job nobody took can.
func testQueueLeaseExpiry(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	start := time.Now()
	for _, g := range []string{"a", "b", "c"} {
		h.enqueue(queueSlot, g)
	}
	before := time.Now()
	held := h.claimGroups(1, queueLease, "a")
	after := time.Now()
	a := held[0]
	if a.Status != groupmem.JobRunning || a.Attempts != 0 || a.LastError != "" || !groupmem.ValidID(a.Claim) ||
		!a.Slot.Equal(queueSlot) || a.NextAttemptAt.After(before.Add(queueSlack)) || a.NextAttemptAt.Before(start.Add(-queueSlack)) {
		t.Errorf("claimed job %+v: want running, no attempts, a claim, due since its enqueue", a)
	}
	wantWithin(t, "claimed until", a.ClaimedUntil, before.Add(queueLease), after.Add(queueLease))

	b := h.claimGroups(1, queueShort, "b")[0]
	c := h.claimGroups(1, queueShort, "c")[0]
	if b.Claim == a.Claim || c.Claim == b.Claim {
		t.Errorf("claims of separate calls share a token: %s %s %s", a.Claim, b.Claim, c.Claim)
	}
	sleepPast(c.ClaimedUntil)
	h.finish(c, groupmem.JobOutcome{Kind: groupmem.OutcomeDone}) // late, but nobody took it

	before = time.Now()
	again := h.claimGroups(10, queueLease, "b")[0]
	after = time.Now()
	if again.ID != b.ID || again.Attempts != 1 || again.LastError == "" || again.Status != groupmem.JobRunning || again.Claim == b.Claim {
		t.Errorf("reclaimed job %+v: want job %d with 1 failed attempt, an error, a new claim", again, b.ID)
	}
	wantWithin(t, "reclaimed until", again.ClaimedUntil, before.Add(queueLease), after.Add(queueLease))

	err := h.q.FinishJob(ctx, b, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	mustCode(t, err, groupmem.ECONFLICT)
	if got := h.job(queueSlot, "b"); got.Status != groupmem.JobRunning || got.Claim != again.Claim || got.Attempts != 1 {
		t.Fatalf("a lost claim changed the job: %+v", got)
	}
	h.finish(again, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	h.claimGroups(10, queueLease)
}

// FinishJob records each outcome: done, retry after a delay counting an
// attempt, release after a delay at no cost, give up counting an attempt;
// a finished job cannot be finished again, and a finished group gets a new
// job in the next slot while a pending one does not.
func testQueueFinishOutcomes(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	run1, run2, run3 := groupmem.NewID(), groupmem.NewID(), groupmem.NewID()
	tests := []struct {
		group string
		o     groupmem.JobOutcome
		want  groupmem.Job // Status, Attempts, LastError, RunID, RunStatus, FollowUps
	}{
		{"done", groupmem.JobOutcome{Kind: groupmem.OutcomeDone, RunID: run1, RunStatus: groupmem.RunSucceeded},
			groupmem.Job{Status: groupmem.JobDone, RunID: run1, RunStatus: groupmem.RunSucceeded}},
		{"retry", groupmem.JobOutcome{Kind: groupmem.OutcomeRetry, RunID: run2, RunStatus: groupmem.RunFailed,
			Error: "fuse: model down", Delay: queueLease},
			groupmem.Job{Status: groupmem.JobPending, Attempts: 1, LastError: "fuse: model down", RunID: run2, RunStatus: groupmem.RunFailed}},
		{"release", groupmem.JobOutcome{Kind: groupmem.OutcomeRelease, Error: "not recorded", Delay: queueShort},
			groupmem.Job{Status: groupmem.JobPending}},
		{"continue", groupmem.JobOutcome{Kind: groupmem.OutcomeContinue, RunID: run3, RunStatus: groupmem.RunSucceeded, Delay: queueLease},
			groupmem.Job{Status: groupmem.JobPending, RunID: run3, RunStatus: groupmem.RunSucceeded, FollowUps: 1}},
		// A run status without a run id is not recorded; error text is cleaned.
		{"give-up", groupmem.JobOutcome{Kind: groupmem.OutcomeGiveUp, Error: "commit:\x00 stale", RunStatus: groupmem.RunFailed},
			groupmem.Job{Status: groupmem.JobGivenUp, Attempts: 1, LastError: "commit: stale"}},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			h := &queueHarness{t: t, q: h.q, jobs: h.jobs, l: h.l}
			h.enqueue(queueSlot, tt.group)
			claimed := h.claimGroups(1, queueLease, tt.group)[0]
			before := time.Now()
			h.finish(claimed, tt.o)
			after := time.Now()
			got := h.job(queueSlot, tt.group)
			check := groupmem.Job{Status: got.Status, Attempts: got.Attempts, LastError: got.LastError,
				RunID: got.RunID, RunStatus: got.RunStatus, FollowUps: got.FollowUps}
			if diff := cmp.Diff(tt.want, check); diff != "" {
				t.Errorf("job after %s (-want +got):\n%s", tt.o.Kind, diff)
			}
			if got.Claim != "" || !got.ClaimedUntil.IsZero() {
				t.Errorf("finished job still claimed: %+v", got)
			}
			if got.Status == groupmem.JobPending {
				wantWithin(t, "next attempt", got.NextAttemptAt, before.Add(tt.o.Delay), after.Add(tt.o.Delay))
			} else if !got.NextAttemptAt.Equal(claimed.NextAttemptAt) {
				t.Errorf("next attempt of a finished job moved from %s to %s", claimed.NextAttemptAt, got.NextAttemptAt)
			}
			wantWithin(t, "updated", got.UpdatedAt, before, after)
			err := h.q.FinishJob(ctx, claimed, tt.o)
			mustCode(t, err, groupmem.ECONFLICT)
		})
	}
	if t.Failed() {
		return
	}
	// The released job comes back after its delay; the retry is not due yet.
	sleepPast(h.job(queueSlot, "release").NextAttemptAt)
	back := h.claimGroups(10, queueLease, "release")[0]
	if back.Attempts != 0 || back.LastError != "" {
		t.Errorf("released job claimed again as %+v, want no attempts and no error", back)
	}
	slot2 := queueSlot.Add(24 * time.Hour)
	if n := h.enqueue(slot2, "done", "retry", "release", "give-up"); n != 2 {
		t.Fatalf("next slot added %d jobs, want 2 (done and give-up)", n)
	}
	if diff := cmp.Diff([]string{"done", "give-up"}, jobGroups(h.slotJobs(slot2))); diff != "" {
		t.Fatalf("jobs of the next slot (-want +got):\n%s", diff)
	}
}

// FinishJob rejects a bad claim or outcome with EINVALID and a claim that
// is not the job's with ECONFLICT; neither changes the job.
func testQueueFinishBadInput(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	h.enqueue(queueSlot, "a")
	job := h.claimGroups(1, queueLease, "a")[0]
	noClaim, otherClaim, otherID := job, job, job
	noClaim.Claim = ""
	otherClaim.Claim = groupmem.NewID()
	otherID.ID++
	tests := []struct {
		job  groupmem.Job
		o    groupmem.JobOutcome
		code string
	}{
		{job, groupmem.JobOutcome{Kind: "later"}, groupmem.EINVALID},
		{job, groupmem.JobOutcome{Kind: ""}, groupmem.EINVALID},
		{job, groupmem.JobOutcome{Kind: groupmem.OutcomeRetry, Delay: -time.Second}, groupmem.EINVALID},
		{job, groupmem.JobOutcome{Kind: groupmem.OutcomeDone, RunID: "x"}, groupmem.EINVALID},
		{noClaim, groupmem.JobOutcome{Kind: groupmem.OutcomeDone}, groupmem.EINVALID},
		{otherClaim, groupmem.JobOutcome{Kind: groupmem.OutcomeDone}, groupmem.ECONFLICT},
		{otherID, groupmem.JobOutcome{Kind: groupmem.OutcomeDone}, groupmem.ECONFLICT},
	}
	for _, tt := range tests {
		err := h.q.FinishJob(ctx, tt.job, tt.o)
		if got := groupmem.ErrorCode(err); got != tt.code {
			t.Errorf("FinishJob(job %d claim %q, %+v) = %v, want %s", tt.job.ID, tt.job.Claim, tt.o, err, tt.code)
		}
	}
	if got := h.job(queueSlot, "a"); got.Status != groupmem.JobRunning || got.Claim != job.Claim ||
		got.Attempts != 0 || got.RunID != "" || !got.UpdatedAt.Equal(job.UpdatedAt) {
		t.Fatalf("rejected finishes changed the job: %+v, was %+v", got, job)
	}
	h.finish(job, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
}

// ClaimJobs with a lease that is not positive is EINVALID and claims
// nothing; a limit that is not positive claims nothing.
func testQueueClaimBadInput(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	h.enqueue(queueSlot, "a")
	for _, lease := range []time.Duration{0, -time.Second} {
		_, err := h.q.ClaimJobs(ctx, 1, lease)
		mustCode(t, err, groupmem.EINVALID)
	}
	for _, limit := range []int{0, -1} {
		h.claimGroups(limit, queueLease)
	}
	if got := h.job(queueSlot, "a"); got.Status != groupmem.JobPending || got.Claim != "" || got.Attempts != 0 {
		t.Fatalf("rejected claims changed the job: %+v", got)
	}
	h.claimGroups(1, queueLease, "a")
}

// Pruning deletes the finished (done or given up) jobs last changed before
// the cut-off, and nothing else.
func testQueuePrune(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	h.enqueue(queueSlot, "old", "gave", "open", "recent")
	jobs := map[string]groupmem.Job{}
	for _, j := range h.claim(10, queueLease) {
		jobs[j.GroupID] = j
	}
	if len(jobs) != 4 {
		t.Fatalf("claimed %d jobs, want 4", len(jobs))
	}
	h.finish(jobs["old"], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	h.finish(jobs["gave"], groupmem.JobOutcome{Kind: groupmem.OutcomeGiveUp, Error: "broken"})
	h.finish(jobs["open"], groupmem.JobOutcome{Kind: groupmem.OutcomeRelease, Delay: queueLease})
	time.Sleep(5 * time.Millisecond)
	cut := time.Now()
	time.Sleep(5 * time.Millisecond)
	h.finish(jobs["recent"], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})

	prune := func(before time.Time, want int, left ...string) {
		t.Helper()
		n, err := h.q.PruneJobs(ctx, before)
		if err != nil || n != want {
			t.Fatalf("PruneJobs(%s) = %d, %v; want %d", before, n, err, want)
		}
		if diff := cmp.Diff(left, jobGroups(h.slotJobs(queueSlot))); diff != "" {
			t.Fatalf("jobs left (-want +got):\n%s", diff)
		}
	}
	prune(cut, 2, "open", "recent")
	prune(cut, 0, "open", "recent")
	prune(time.Now().Add(time.Hour), 1, "open")
}
