package storetest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
)

// Timings of the Queue suite. Time passes for real: the queue must run on
// the wall clock.
const (
	queueLease = time.Minute      // a lease or delay that outlasts the suite
	queueShort = time.Second      // a lease or delay the suite waits out; long enough that a loaded machine claims the next job within it
	queueSlack = time.Millisecond // stored times may be rounded to microseconds
)

var queueSlot = time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)

// TestQueue runs the contract every groupmem.Queue must keep. open returns
// an empty queue private to the test, on the wall clock, and the Ledger
// whose messages and watermarks DueGroups reads. The suite reads stored
// jobs back with Queue.Jobs. The subtests run in parallel and take about
// queueShort of wall time beyond the store's own work.
func TestQueue(t *testing.T, open func(t *testing.T) (groupmem.Queue, groupmem.Ledger)) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, h *queueHarness)
	}{
		{"DueGroups", testQueueDueGroups},
		{"EnqueueOncePerSlot", testQueueEnqueueOnce},
		{"ConcurrentClaimsDisjoint", testQueueConcurrentClaims},
		{"OldestDueFirst", testQueueOldestDueFirst},
		{"LongestWaitingAndLargestFirst", testQueuePlace},
		{"CountJobs", testQueueCountJobs},
		{"ContinueGoesBehindDueJobs", testQueueContinue},
		{"LeaseExpiry", testQueueLeaseExpiry},
		{"Renew", testQueueRenew},
		{"RenewBadInput", testQueueRenewBadInput},
		{"FinishOutcomes", testQueueFinishOutcomes},
		{"FinishBadInput", testQueueFinishBadInput},
		{"ClaimBadInput", testQueueClaimBadInput},
		{"Prune", testQueuePrune},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			q, l := open(t)
			tt.run(t, &queueHarness{t: t, q: q, jobs: q, l: l})
		})
	}
}

// queueHarness is one queue under test with helpers that fail the test.
type queueHarness struct {
	t    *testing.T
	q    groupmem.Queue
	jobs groupmem.Queue
	l    groupmem.Ledger
}

func (h *queueHarness) enqueue(slot time.Time, groups ...string) int {
	h.t.Helper()
	n, err := h.q.EnqueueJobs(context.Background(), slot, groups)
	if err != nil {
		h.t.Fatalf("EnqueueJobs(%v): %v", groups, err)
	}
	return n
}

func (h *queueHarness) claim(limit int, lease time.Duration) []groupmem.Job {
	h.t.Helper()
	jobs, err := h.q.ClaimJobs(context.Background(), limit, lease)
	if err != nil {
		h.t.Fatalf("ClaimJobs(%d, %s): %v", limit, lease, err)
	}
	return jobs
}

// claimGroups claims up to limit jobs and fails unless they are of want,
// in that order.
func (h *queueHarness) claimGroups(limit int, lease time.Duration, want ...string) []groupmem.Job {
	h.t.Helper()
	jobs := h.claim(limit, lease)
	if diff := cmp.Diff(want, jobGroups(jobs), cmpopts.EquateEmpty()); diff != "" {
		h.t.Fatalf("ClaimJobs(%d) groups (-want +got):\n%s", limit, diff)
	}
	return jobs
}

func (h *queueHarness) finish(job groupmem.Job, o groupmem.JobOutcome) {
	h.t.Helper()
	if err := h.q.FinishJob(context.Background(), job, o); err != nil {
		h.t.Fatalf("FinishJob(%d of %s, %s): %v", job.ID, job.GroupID, o.Kind, err)
	}
}

func (h *queueHarness) slotJobs(slot time.Time) []groupmem.Job {
	h.t.Helper()
	jobs, err := h.jobs.Jobs(context.Background(), slot)
	if err != nil {
		h.t.Fatalf("Jobs(%s): %v", slot, err)
	}
	return jobs
}

// job returns the job of group for slot.
func (h *queueHarness) job(slot time.Time, group string) groupmem.Job {
	h.t.Helper()
	for _, j := range h.slotJobs(slot) {
		if j.GroupID == group {
			return j
		}
	}
	h.t.Fatalf("no job of %s for slot %s", group, slot)
	return groupmem.Job{}
}

func (h *queueHarness) insert(group string, n int) {
	h.t.Helper()
	if _, err := h.l.InsertMessages(context.Background(), Msgs(group, "m", n)); err != nil {
		h.t.Fatalf("InsertMessages(%s): %v", group, err)
	}
}

// fuse commits a run of group that raises its watermark to seq.
func (h *queueHarness) fuse(group string, seq int64) {
	h.t.Helper()
	plan := CreatePlan(Begin(h.t, h.l, group), "likes tea")
	plan.Run.NewWatermark = seq
	Commit(h.t, h.l, plan)
}

func jobGroups(jobs []groupmem.Job) []string {
	out := make([]string, len(jobs))
	for i, j := range jobs {
		out[i] = j.GroupID
	}
	return out
}

// wantWithin fails unless got lies in [lo, hi], give or take queueSlack.
func wantWithin(t *testing.T, what string, got, lo, hi time.Time) {
	t.Helper()
	if got.Before(lo.Add(-queueSlack)) || got.After(hi.Add(queueSlack)) {
		t.Errorf("%s = %s, want between %s and %s", what, got, lo, hi)
	}
}

// sleepPast waits until the wall clock is past t.
func sleepPast(t time.Time) {
	time.Sleep(time.Until(t) + 20*time.Millisecond)
}

// A group is due when it has at least minNew stored messages past its
// watermark: resent duplicates do not count, fused messages drop out, and
// pages follow group names.
func testQueueDueGroups(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	for g, n := range map[string]int{"a": 3, "b": 1, "c": 5, "d": 2, "e": 2} {
		h.insert(g, n)
	}
	h.fuse("c", 4) // 1 left
	h.fuse("e", 2) // none left
	h.insert("a", 3)

	tests := []struct {
		minNew, limit int
		after         string
		want          []string
	}{
		{minNew: 1, limit: 10, want: []string{"a", "b", "c", "d"}},
		{minNew: 0, limit: 10, want: []string{"a", "b", "c", "d"}},
		{minNew: -5, limit: 10, want: []string{"a", "b", "c", "d"}},
		{minNew: 2, limit: 10, want: []string{"a", "d"}},
		{minNew: 3, limit: 10, want: []string{"a"}},
		{minNew: 4, limit: 10, want: nil}, // a's resent messages are not new
		{minNew: 1, limit: 2, want: []string{"a", "b"}},
		{minNew: 1, limit: 2, after: "b", want: []string{"c", "d"}},
		{minNew: 1, limit: 10, after: "bb", want: []string{"c", "d"}},
		{minNew: 1, limit: 10, after: "d", want: nil},
		{minNew: 1, limit: 0, want: nil},
	}
	for _, tt := range tests {
		got, err := h.q.DueGroups(ctx, tt.minNew, tt.after, tt.limit)
		if err != nil {
			t.Fatalf("DueGroups(%d, %q, %d): %v", tt.minNew, tt.after, tt.limit, err)
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("DueGroups(%d, %q, %d) (-want +got):\n%s", tt.minNew, tt.after, tt.limit, diff)
		}
	}

	var pages [][]string
	for after := ""; len(pages) < 4; { // 2 pages expected; more means paging is broken
		page, err := h.q.DueGroups(ctx, 1, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) > 0 {
			pages = append(pages, page)
		}
		if len(page) < 3 {
			break
		}
		after = page[len(page)-1]
	}
	if diff := cmp.Diff([][]string{{"a", "b", "c"}, {"d"}}, pages); diff != "" {
		t.Errorf("due groups by pages of 3 (-want +got):\n%s", diff)
	}
}

// Enqueuing adds a group once per slot, also from concurrent callers; a
// group with an unfinished job from an earlier slot gets no new one until
// that job ends; a bad group id adds nothing.
func testQueueEnqueueOnce(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	orders := [][]string{{"a", "b", "c"}, {"c", "b", "a"}, {"b", "c", "a"}, {"a", "c", "b", "a"}}
	added := make([]int, len(orders))
	before := time.Now()
	var wg sync.WaitGroup
	for i, groups := range orders {
		wg.Go(func() {
			n, err := h.q.EnqueueJobs(ctx, queueSlot, groups)
			if err != nil {
				t.Errorf("EnqueueJobs(%v): %v", groups, err)
			}
			added[i] = n
		})
	}
	wg.Wait()
	after := time.Now()
	total := 0
	for _, n := range added {
		total += n
	}
	if total != 3 {
		t.Fatalf("%d concurrent enqueues of one slot added %v jobs, want 3 in all", len(orders), added)
	}
	if n := h.enqueue(queueSlot, "a", "b", "c"); n != 0 {
		t.Fatalf("enqueuing the slot again added %d", n)
	}
	jobs := h.slotJobs(queueSlot)
	if diff := cmp.Diff([]string{"a", "b", "c"}, jobGroups(jobs)); diff != "" {
		t.Fatalf("jobs of the slot (-want +got):\n%s", diff)
	}
	for _, j := range jobs {
		if j.Status != groupmem.JobPending || j.Attempts != 0 || !j.Slot.Equal(queueSlot) || j.Claim != "" || j.RunID != "" {
			t.Errorf("new job %+v", j)
		}
		wantWithin(t, j.GroupID+" next attempt", j.NextAttemptAt, before, after)
		wantWithin(t, j.GroupID+" created", j.CreatedAt, before, after)
	}

	// a is done, b still running, c pending: the next slot adds a and d.
	claimed := h.claim(10, queueLease)
	if len(claimed) != 3 {
		t.Fatalf("claimed %v, want all 3", jobGroups(claimed))
	}
	for _, j := range claimed {
		switch j.GroupID {
		case "a":
			h.finish(j, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
		case "c":
			h.finish(j, groupmem.JobOutcome{Kind: groupmem.OutcomeRelease, Delay: queueLease})
		}
	}
	slot2 := queueSlot.Add(24 * time.Hour)
	if n := h.enqueue(slot2, "a", "b", "c", "d"); n != 2 {
		t.Fatalf("next slot added %d jobs, want 2 (a and d)", n)
	}
	next := h.slotJobs(slot2)
	if diff := cmp.Diff([]string{"a", "d"}, jobGroups(next)); diff != "" {
		t.Fatalf("jobs of the next slot (-want +got):\n%s", diff)
	}
	for _, j := range next {
		if j.Status != groupmem.JobPending || j.Attempts != 0 || !j.Slot.Equal(slot2) {
			t.Errorf("new job %+v", j)
		}
	}

	slot3 := slot2.Add(24 * time.Hour)
	for _, bad := range [][]string{{"e", ""}, {"e", "x\x00y"}, {"e", "\xff"}, {"e", strings.Repeat("g", 300)}} {
		_, err := h.q.EnqueueJobs(ctx, slot3, bad)
		mustCode(t, err, groupmem.EINVALID)
	}
	if n, err := h.q.EnqueueJobs(ctx, slot3, nil); n != 0 || err != nil {
		t.Fatalf("enqueue of no groups = %d, %v", n, err)
	}
	if j := h.slotJobs(slot3); len(j) != 0 {
		t.Fatalf("rejected enqueues added jobs: %v", jobGroups(j))
	}
	if n := h.enqueue(slot3, "e"); n != 1 {
		t.Fatalf("enqueue after the rejected ones added %d, want 1", n)
	}
}

// Concurrent claimers never hold one job: together they claim each job
// once, and nothing is claimable while every lease holds.
func testQueueConcurrentClaims(t *testing.T, h *queueHarness) {
	ctx := context.Background()
	groups := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"}
	h.enqueue(queueSlot, groups...)

	var mu sync.Mutex
	var claimed []string
	claims := map[string]bool{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range len(groups) + 1 { // bounded: a queue that hands jobs out again must not hang the suite
				jobs, err := h.q.ClaimJobs(ctx, 2, queueLease)
				if err != nil {
					t.Error(err)
					return
				}
				if len(jobs) == 0 {
					return
				}
				mu.Lock()
				if claims[jobs[0].Claim] {
					t.Errorf("claim token %s handed out twice", jobs[0].Claim)
				}
				claims[jobs[0].Claim] = true
				for _, j := range jobs {
					claimed = append(claimed, j.GroupID)
					if j.Claim != jobs[0].Claim || !groupmem.ValidID(j.Claim) || j.Status != groupmem.JobRunning || j.Attempts != 0 {
						t.Errorf("claimed job %+v: want running, no attempts, the call's claim %s", j, jobs[0].Claim)
					}
				}
				mu.Unlock()
				if t.Failed() {
					return
				}
			}
		})
	}
	wg.Wait()
	slices.Sort(claimed)
	if diff := cmp.Diff(groups, claimed); diff != "" {
		t.Fatalf("concurrent claims (-want +got):\n%s", diff)
	}
	h.claimGroups(10, queueLease)
}
