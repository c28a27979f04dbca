package worker_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/worker"
)

// A group whose evolution fails twice and then succeeds is retried with
// backoff, each failure recorded, and applied once in the end.
func TestPoolRetriesWithBackoff(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	clk := &clock{t: slot1}
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	f := &scriptedFuser{fails: map[string]int{"flaky": 2}}
	pool := newPool(t, l, newService(t, s, l, s.locker, f), s.log,
		worker.PoolConfig{Concurrency: 2, MaxAttempts: 3, Backoff: time.Minute})
	addMessages(t, l, "a", 3, "flaky", "steady")
	if n := tick(t, l, slot1, 1); n != 2 {
		t.Fatalf("tick enqueued %d", n)
	}

	steps := []struct {
		advance      time.Duration
		ran          int
		status       groupmem.JobStatus
		attempts     int
		retryIn      time.Duration
		failedRuns   int
		succeededRun int
	}{
		{0, 2, groupmem.JobPending, 1, time.Minute, 1, 0},
		{30 * time.Second, 0, groupmem.JobPending, 1, 30 * time.Second, 1, 0}, // not due yet
		{30 * time.Second, 1, groupmem.JobPending, 2, 2 * time.Minute, 2, 0},
		{2 * time.Minute, 1, groupmem.JobDone, 2, 0, 2, 1},
	}
	for i, st := range steps {
		clk.Add(st.advance)
		n, err := pool.RunOnce(ctx)
		if err != nil || n != st.ran {
			t.Fatalf("step %d: RunOnce = %d, %v; want %d", i, n, err, st.ran)
		}
		j := jobOf(t, l, slot1, "flaky")
		if j.Status != st.status || j.Attempts != st.attempts {
			t.Fatalf("step %d: job %s with %d failed attempts, want %s with %d", i, j.Status, j.Attempts, st.status, st.attempts)
		}
		if st.status == groupmem.JobPending && !j.NextAttemptAt.Equal(clk.Now().Add(st.retryIn)) {
			t.Fatalf("step %d: next attempt at %s, want now + %s", i, j.NextAttemptAt.UTC(), st.retryIn)
		}
		if !strings.Contains(j.LastError, "the model is down") {
			t.Fatalf("step %d: last error %q does not say why", i, j.LastError)
		}
		runs := runsOf(t, l, "flaky", groupmem.TriggerCron)
		if runs[groupmem.RunFailed] != st.failedRuns || runs[groupmem.RunSucceeded] != st.succeededRun {
			t.Fatalf("step %d: runs %v", i, runs)
		}
	}
	if j := jobOf(t, l, slot1, "steady"); j.Status != groupmem.JobDone || j.Attempts != 0 {
		t.Fatalf("steady job %+v", j)
	}
	if w := watermark(t, l, "flaky"); w != 3 {
		t.Fatalf("watermark of flaky = %d, want 3", w)
	}
	mems := ledgerState(t, l, "flaky")
	if len(mems) != 1 {
		t.Fatalf("flaky has %d memories, want the one of its successful run", len(mems))
	}
}

// A group whose runs always fail is given up after MaxAttempts with its
// error recorded, never delays the other groups, and is enqueued afresh by
// the next slot.
func TestAlwaysFailingGroupGivesUpWithoutBlockingOthers(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	clk := &clock{t: slot1}
	l := pgtest.OpenWith(t, pgtest.Options{Now: clk.Now})
	f := &scriptedFuser{fails: map[string]int{"a-broken": -1}}
	pool := newPool(t, l, newService(t, s, l, s.locker, f), s.log,
		worker.PoolConfig{Concurrency: 1, MaxAttempts: 3, Backoff: time.Minute})
	good := []string{"b1", "b2", "b3"}
	addMessages(t, l, "a", 2, append([]string{"a-broken"}, good...)...)
	tick(t, l, slot1, 1)

	// One lane: the broken group comes first, then every good group, with
	// no clock advance in between.
	for i := range 4 {
		if n, err := pool.RunOnce(ctx); n != 1 || err != nil {
			t.Fatalf("RunOnce %d = %d, %v", i, n, err)
		}
	}
	for _, g := range good {
		if j := jobOf(t, l, slot1, g); j.Status != groupmem.JobDone {
			t.Fatalf("%s is %s behind the failing group", g, j.Status)
		}
	}
	for i := 0; i < 10; i++ {
		clk.Add(time.Hour)
		if _, err := pool.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	j := jobOf(t, l, slot1, "a-broken")
	if j.Status != groupmem.JobGivenUp || j.Attempts != 3 || !strings.Contains(j.LastError, "the model is down") {
		t.Fatalf("broken job: %s after %d attempts, last error %q", j.Status, j.Attempts, j.LastError)
	}
	if got := f.callsOf("a-broken"); got != 3 {
		t.Fatalf("the broken group was tried %d times, want 3", got)
	}
	if runs := runsOf(t, l, "a-broken", groupmem.TriggerCron); runs[groupmem.RunFailed] != 3 || len(runs) != 1 {
		t.Fatalf("broken group's runs: %v", runs)
	}
	if w := watermark(t, l, "a-broken"); w != 0 {
		t.Fatalf("a group that never succeeded has watermark %d", w)
	}
	// The next slot enqueues the broken group again, and only it.
	next := slot1.Add(24 * time.Hour)
	if n := tick(t, l, next, 1); n != 1 || jobOf(t, l, next, "a-broken").Status != groupmem.JobPending {
		t.Fatalf("next slot enqueued %d jobs", n)
	}
}

// A group held by a manual run is tried again later at no cost in
// attempts, and no cron run is recorded for it meanwhile.
func TestPoolReleasesABusyGroup(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	f := &scriptedFuser{started: make(chan string, 1), release: make(chan struct{})}
	svc := newService(t, s, s.ledger, s.locker, f)
	addMessages(t, s.ledger, "a", 2, "g")
	manual, err := svc.Start(ctx, "g", worker.Options{Trigger: groupmem.TriggerManual})
	if err != nil {
		t.Fatal(err)
	}
	<-f.started
	tick(t, s.ledger, slot1, 1)
	pool := newPool(t, s.ledger, svc, s.log, worker.PoolConfig{BusyDelay: time.Hour})
	if n, err := pool.RunOnce(ctx); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	j := jobOf(t, s.ledger, slot1, "g")
	if j.Status != groupmem.JobPending || j.Attempts != 0 || j.RunID != "" || j.NextAttemptAt.Before(time.Now().Add(59*time.Minute)) {
		t.Fatalf("busy group's job: %+v; want pending, no attempt, retried in an hour", j)
	}
	close(f.release)
	if res, err := manual.Wait(); err != nil || res.Status != groupmem.RunSucceeded {
		t.Fatalf("manual run: %v, %v", res.Status, err)
	}
	if runs := runsOf(t, s.ledger, "g", groupmem.TriggerCron); len(runs) != 0 {
		t.Fatalf("cron runs of a busy group: %v", runs)
	}
}

// Stopping the pool in the middle of a run: within the grace period the
// run completes; past it the run is abandoned and the store is as if it
// never started, apart from its failed run record; the job can be claimed
// again and a later run applies the messages once.
func TestPoolShutdownMidRun(t *testing.T) {
	tests := []struct {
		name      string
		grace     time.Duration
		finishRun bool // the model answers within the grace period
	}{
		{"grace covers the run", 10 * time.Second, true},
		{"grace runs out", 200 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := newStores(t)
			f := &scriptedFuser{started: make(chan string, 1), release: make(chan struct{})}
			svc := newService(t, s, s.ledger, s.locker, f)
			addMessages(t, s.ledger, "a", 4, "g")
			queued, _, _ := s.ledger.OutboxLag(ctx) // the messages', for the message index
			tick(t, s.ledger, slot1, 1)
			pool := newPool(t, s.ledger, svc, s.log, worker.PoolConfig{Concurrency: 2, Poll: 20 * time.Millisecond})
			process, terminate := context.WithCancel(ctx) // the process's signal context
			pool.Start(process)
			<-f.started
			terminate() // SIGTERM: stop claiming; the run in flight goes on
			if tt.finishRun {
				time.AfterFunc(100*time.Millisecond, func() { close(f.release) })
			}
			stopCtx, cancel := context.WithTimeout(ctx, tt.grace)
			defer cancel()
			err := pool.Stop(stopCtx)

			runs, rerr := s.ledger.Runs(ctx, groupmem.RunQuery{GroupID: "g", Limit: 10})
			if rerr != nil || len(runs) != 1 {
				t.Fatalf("runs: %d, %v", len(runs), rerr)
			}
			j := jobOf(t, s.ledger, slot1, "g")
			if tt.finishRun {
				if err != nil || runs[0].Status != groupmem.RunSucceeded || j.Status != groupmem.JobDone {
					t.Fatalf("Stop = %v; run %s; job %s", err, runs[0].Status, j.Status)
				}
				if w := watermark(t, s.ledger, "g"); w != 4 || len(ledgerState(t, s.ledger, "g")) != 1 {
					t.Fatalf("watermark %d, %d memories", w, len(ledgerState(t, s.ledger, "g")))
				}
				return
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("Stop past the grace period = %v", err)
			}
			if runs[0].Status != groupmem.RunFailed || runs[0].FinishedAt.IsZero() || runs[0].Error == "" {
				t.Fatalf("abandoned run: %s, finished %v, error %q", runs[0].Status, runs[0].FinishedAt, runs[0].Error)
			}
			if w := watermark(t, s.ledger, "g"); w != 0 {
				t.Fatalf("watermark moved to %d by an abandoned run", w)
			}
			if mems := ledgerState(t, s.ledger, "g"); len(mems) != 0 {
				t.Fatalf("an abandoned run left %d memories", len(mems))
			}
			if pending, _, _ := s.ledger.OutboxLag(ctx); pending != queued {
				t.Fatalf("an abandoned run left %d outbox entries", pending-queued)
			}
			if j.Status != groupmem.JobPending || j.Attempts != 0 || j.Claim != "" {
				t.Fatalf("abandoned job: %+v; want pending with no attempt counted", j)
			}

			// Another replica picks the job up at once; the group's lock
			// was released, and its messages are applied once.
			f2 := &scriptedFuser{}
			other := newPool(t, s.ledger, newService(t, s, s.ledger, s.locker, f2), s.log, worker.PoolConfig{})
			if n, err := other.RunOnce(ctx); n != 1 || err != nil {
				t.Fatalf("RunOnce after the abandoned run = %d, %v", n, err)
			}
			if j := jobOf(t, s.ledger, slot1, "g"); j.Status != groupmem.JobDone || j.RunStatus != groupmem.RunSucceeded {
				t.Fatalf("job after the retry: %+v", j)
			}
			if w := watermark(t, s.ledger, "g"); w != 4 || len(ledgerState(t, s.ledger, "g")) != 1 {
				t.Fatalf("after the retry: watermark %d, %d memories", w, len(ledgerState(t, s.ledger, "g")))
			}
		})
	}
}

// A run that outlives RunTimeout is abandoned and counts as a failed
// attempt.
func TestPoolRunTimeout(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	f := &scriptedFuser{release: make(chan struct{})} // never answers
	pool := newPool(t, s.ledger, newService(t, s, s.ledger, s.locker, f), s.log,
		worker.PoolConfig{RunTimeout: 100 * time.Millisecond, Backoff: time.Minute})
	addMessages(t, s.ledger, "a", 2, "g")
	tick(t, s.ledger, slot1, 1)
	if n, err := pool.RunOnce(ctx); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	j := jobOf(t, s.ledger, slot1, "g")
	if j.Status != groupmem.JobPending || j.Attempts != 1 || !strings.Contains(j.LastError, "deadline") {
		t.Fatalf("timed-out job: %+v", j)
	}
	if runs := runsOf(t, s.ledger, "g", groupmem.TriggerCron); runs[groupmem.RunFailed] != 1 {
		t.Fatalf("runs: %v", runs)
	}
}
