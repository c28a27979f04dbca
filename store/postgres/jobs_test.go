package postgres_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// clock is a settable time source for a ledger.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var slot1 = time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)

func insert(t *testing.T, l *postgres.Ledger, group string, n int) {
	t.Helper()
	if n == 0 {
		return
	}
	if _, err := l.InsertMessages(context.Background(), storetest.Msgs(group, "m", n)); err != nil {
		t.Fatal(err)
	}
}

func enqueue(t *testing.T, l *postgres.Ledger, slot time.Time, groups ...string) int {
	t.Helper()
	n, err := l.EnqueueJobs(context.Background(), slot, groups)
	if err != nil {
		t.Fatalf("EnqueueJobs(%v): %v", groups, err)
	}
	return n
}

func claim(t *testing.T, l *postgres.Ledger, limit int, lease time.Duration) []groupmem.Job {
	t.Helper()
	jobs, err := l.ClaimJobs(context.Background(), limit, lease)
	if err != nil {
		t.Fatalf("ClaimJobs: %v", err)
	}
	return jobs
}

func finish(t *testing.T, l *postgres.Ledger, job groupmem.Job, o groupmem.JobOutcome) {
	t.Helper()
	if err := l.FinishJob(context.Background(), job, o); err != nil {
		t.Fatalf("FinishJob(%d, %s): %v", job.ID, o.Kind, err)
	}
}

// jobOf returns the job of group for slot.
func jobOf(t *testing.T, l *postgres.Ledger, slot time.Time, group string) groupmem.Job {
	t.Helper()
	jobs, err := l.Jobs(context.Background(), slot)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.GroupID == group {
			return j
		}
	}
	t.Fatalf("no job of %s for slot %s among %d", group, slot, len(jobs))
	return groupmem.Job{}
}

func groupsOf(jobs []groupmem.Job) []string {
	out := make([]string, len(jobs))
	for i, j := range jobs {
		out[i] = j.GroupID
	}
	return out
}

// A group is due when it has at least minNew messages past its watermark;
// a committed run's watermark takes its messages out of the count.
func TestDueGroups(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	for g, n := range map[string]int{"a": 3, "b": 1, "c": 5, "d": 2} {
		insert(t, l, g, n)
	}
	// c's first 4 messages are fused: 1 left.
	run := storetest.Begin(t, l, "c")
	plan := storetest.CreatePlan(run, "likes tea")
	plan.Run.NewWatermark = 4
	storetest.Commit(t, l, plan)
	// Resending a's messages stores nothing new.
	insert(t, l, "a", 3)

	tests := []struct {
		minNew, limit int
		after         string
		want          []string
	}{
		{minNew: 1, limit: 10, want: []string{"a", "b", "c", "d"}},
		{minNew: 0, limit: 10, want: []string{"a", "b", "c", "d"}},
		{minNew: 2, limit: 10, want: []string{"a", "d"}},
		{minNew: 3, limit: 10, want: []string{"a"}},
		// a's resent duplicates used up seqs but are not new messages.
		{minNew: 4, limit: 10, want: []string{}},
		{minNew: 1, limit: 2, want: []string{"a", "b"}},
		{minNew: 1, limit: 2, after: "b", want: []string{"c", "d"}},
		{minNew: 1, limit: 0, want: nil},
	}
	for _, tt := range tests {
		got, err := l.DueGroups(ctx, tt.minNew, tt.after, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("DueGroups(%d, %q, %d) (-want +got):\n%s", tt.minNew, tt.after, tt.limit, diff)
		}
	}
	all, err := worker.ListDue(ctx, l, 1, 3)
	if err != nil || !slices.Equal(all, []string{"a", "b", "c", "d"}) {
		t.Errorf("ListDue by pages of 3 = %v, %v", all, err)
	}
}

// Enqueuing is idempotent per slot, also from concurrent callers, and a
// group with an unfinished job from an earlier slot is not enqueued again
// until that job ends.
func TestEnqueueJobsOncePerSlot(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	groups := []string{"a", "b", "c"}

	var wg sync.WaitGroup
	added := make([]int, 4)
	for i := range added {
		wg.Go(func() {
			n, err := l.EnqueueJobs(ctx, slot1, groups)
			if err != nil {
				t.Error(err)
			}
			added[i] = n
		})
	}
	wg.Wait()
	total := 0
	for _, n := range added {
		total += n
	}
	if total != 3 {
		t.Fatalf("4 concurrent enqueues of one slot added %v jobs, want 3 in all", added)
	}
	if n := enqueue(t, l, slot1, groups...); n != 0 {
		t.Fatalf("enqueuing the slot again added %d", n)
	}

	// a finishes; b is still pending: the next slot adds a (and d) only.
	jobs := claim(t, l, 1, time.Minute)
	if len(jobs) != 1 || jobs[0].GroupID != "a" {
		t.Fatalf("claimed %v, want a", groupsOf(jobs))
	}
	finish(t, l, jobs[0], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	slot2 := slot1.Add(24 * time.Hour)
	if n := enqueue(t, l, slot2, "a", "b", "d"); n != 2 {
		t.Fatalf("next slot added %d jobs, want 2 (a and d)", n)
	}
	got, err := l.Jobs(ctx, slot2)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "d"}, groupsOf(got)); diff != "" {
		t.Fatalf("jobs of the next slot (-want +got):\n%s", diff)
	}
	for _, j := range got {
		if j.Status != groupmem.JobPending || j.Attempts != 0 || !j.Slot.Equal(slot2) {
			t.Errorf("new job %+v", j)
		}
	}

	_, err = l.EnqueueJobs(ctx, slot2, []string{"e", ""})
	if groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("enqueue with an empty group id: %v, want %s", err, groupmem.EINVALID)
	}
	if j, _ := l.Jobs(ctx, slot2); len(j) != 2 {
		t.Fatalf("a rejected enqueue added jobs: %v", groupsOf(j))
	}
}

// Two claimers never hold one job; a job is claimable again only when its
// lease ran out, and that lost attempt counts as a failed one.
func TestClaimJobs(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	groups := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	enqueue(t, l, slot1, groups...)

	var mu sync.Mutex
	var claimed []string
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				jobs, err := l.ClaimJobs(ctx, 1, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if len(jobs) == 0 {
					return
				}
				mu.Lock()
				claimed = append(claimed, jobs[0].GroupID)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(claimed)
	if diff := cmp.Diff(groups, claimed); diff != "" {
		t.Fatalf("concurrent claims (-want +got):\n%s", diff)
	}
	if jobs := claim(t, l, 10, time.Minute); len(jobs) != 0 {
		t.Fatalf("claimed %v while every lease holds", groupsOf(jobs))
	}

	clk.Add(time.Minute) // every lease ran out
	again := claim(t, l, 3, time.Minute)
	if diff := cmp.Diff(groups[:3], groupsOf(again)); diff != "" {
		t.Fatalf("reclaim after the lease (-want +got):\n%s", diff)
	}
	for _, j := range again {
		if j.Attempts != 1 || j.LastError == "" || j.Status != groupmem.JobRunning || !j.ClaimedUntil.Equal(clk.Now().Add(time.Minute)) {
			t.Errorf("reclaimed job %+v: want 1 failed attempt, an error, running until now+1m", j)
		}
	}
}

// FinishJob records each outcome: done, retry with backoff, release at no
// cost, give up with the error; only the current claim may finish a job.
func TestFinishJob(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	runID := groupmem.NewID()
	tests := []struct {
		group string
		o     groupmem.JobOutcome
		want  groupmem.Job // the fields checked
	}{
		{"done", groupmem.JobOutcome{Kind: groupmem.OutcomeDone, RunID: runID, RunStatus: groupmem.RunSucceeded},
			groupmem.Job{Status: groupmem.JobDone, RunID: runID, RunStatus: groupmem.RunSucceeded}},
		{"retry", groupmem.JobOutcome{Kind: groupmem.OutcomeRetry, Error: "fuse: model down", Delay: 2 * time.Minute},
			groupmem.Job{Status: groupmem.JobPending, Attempts: 1, LastError: "fuse: model down", NextAttemptAt: clk.Now().Add(2 * time.Minute)}},
		{"release", groupmem.JobOutcome{Kind: groupmem.OutcomeRelease, Delay: time.Minute},
			groupmem.Job{Status: groupmem.JobPending, NextAttemptAt: clk.Now().Add(time.Minute)}},
		{"give-up", groupmem.JobOutcome{Kind: groupmem.OutcomeGiveUp, Error: "commit: stale", RunStatus: groupmem.RunFailed},
			groupmem.Job{Status: groupmem.JobGivenUp, Attempts: 1, LastError: "commit: stale", NextAttemptAt: clk.Now()}},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			enqueue(t, l, slot1, tt.group)
			jobs := claim(t, l, 1, time.Minute)
			if len(jobs) != 1 || jobs[0].GroupID != tt.group {
				t.Fatalf("claimed %v, want %s", groupsOf(jobs), tt.group)
			}
			finish(t, l, jobs[0], tt.o)
			got := jobOf(t, l, slot1, tt.group)
			want := tt.want
			if want.NextAttemptAt.IsZero() {
				want.NextAttemptAt = got.NextAttemptAt
			}
			check := groupmem.Job{Status: got.Status, Attempts: got.Attempts, LastError: got.LastError,
				RunID: got.RunID, RunStatus: got.RunStatus, NextAttemptAt: got.NextAttemptAt}
			if diff := cmp.Diff(want, check); diff != "" {
				t.Errorf("job after %s (-want +got):\n%s", tt.o.Kind, diff)
			}
			if got.Claim != "" || !got.ClaimedUntil.IsZero() {
				t.Errorf("finished job still claimed: %+v", got)
			}
			if err := l.FinishJob(ctx, jobs[0], tt.o); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
				t.Errorf("finishing twice: %v, want %s", err, groupmem.ECONFLICT)
			}
		})
	}
	// The pending ones are not due before their delay.
	if jobs := claim(t, l, 10, time.Minute); len(jobs) != 0 {
		t.Fatalf("claimed %v before their retry time", groupsOf(jobs))
	}
	clk.Add(90 * time.Second)
	if jobs := claim(t, l, 10, time.Hour); !slices.Equal(groupsOf(jobs), []string{"release"}) {
		t.Fatalf("after 90s claimed %v, want release", groupsOf(jobs))
	}
	clk.Add(time.Minute)
	if jobs := claim(t, l, 10, time.Minute); !slices.Equal(groupsOf(jobs), []string{"retry"}) {
		t.Fatalf("after 150s claimed %v, want retry", groupsOf(jobs))
	}
}

// A claimer whose lease ran out and whose job was taken by another cannot
// record an outcome on it.
func TestFinishJobWithALostClaim(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	enqueue(t, l, slot1, "a")
	first := claim(t, l, 1, time.Minute)
	clk.Add(2 * time.Minute)
	second := claim(t, l, 1, time.Minute)
	if len(first) != 1 || len(second) != 1 {
		t.Fatalf("claims %v then %v", groupsOf(first), groupsOf(second))
	}
	err := l.FinishJob(ctx, first[0], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	if groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("stale claim finished the job: %v", err)
	}
	finish(t, l, second[0], groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	for _, bad := range []groupmem.JobOutcome{{Kind: "later"}, {Kind: groupmem.OutcomeRetry, Delay: -time.Second}, {Kind: groupmem.OutcomeDone, RunID: "x"}} {
		if err := l.FinishJob(ctx, second[0], bad); groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("FinishJob(%+v) = %v, want %s", bad, err, groupmem.EINVALID)
		}
	}
}

// Pruning deletes finished jobs older than the cut-off and nothing else.
func TestPruneJobs(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	enqueue(t, l, slot1, "old", "open")
	for _, j := range claim(t, l, 1, time.Minute) {
		finish(t, l, j, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
	}
	clk.Add(48 * time.Hour)
	enqueue(t, l, slot1.Add(48*time.Hour), "recent")
	for _, j := range claim(t, l, 10, time.Minute) {
		if j.GroupID == "recent" {
			finish(t, l, j, groupmem.JobOutcome{Kind: groupmem.OutcomeDone})
		}
	}
	n, err := l.PruneJobs(ctx, clk.Now().Add(-24*time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("PruneJobs = %d, %v; want 1", n, err)
	}
	left, err := l.Jobs(ctx, slot1)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"open"}, groupsOf(left)); diff != "" {
		t.Fatalf("jobs left of the old slot (-want +got):\n%s", diff)
	}
}
