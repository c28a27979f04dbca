package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// sweepTTL is the lock ttl of the sweep tests: long enough for a live
// lease to keep renewing (every third of it) on a loaded machine, short
// enough to wait out.
const sweepTTL = time.Second

// abandon begins a run of group g as a worker does (its lock, then
// BeginRun) and then stalls for good, as a crashed or frozen process
// does: nothing renews or releases the lock, which runs out after
// sweepTTL, and the run stays running.
func (h *harness) abandon(t *testing.T, g string) groupmem.Run {
	t.Helper()
	ctx, crash := context.WithCancel(context.Background())
	defer crash() // the lease stops renewing
	if _, err := h.locker.Acquire(ctx, "group:"+g, sweepTTL); err != nil {
		t.Fatalf("lock %s: %v", g, err)
	}
	run, err := h.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron, Actor: "cron"})
	if err != nil {
		t.Fatalf("BeginRun(%s): %v", g, err)
	}
	return run
}

// waitAbandoned waits until the lock of g has run out, and then one lock
// ttl more, so that every run begun under it is older than the ttl.
func (h *harness) waitAbandoned(t *testing.T, g string) {
	t.Helper()
	for deadline := time.Now().Add(10 * sweepTTL); ; time.Sleep(sweepTTL / 20) {
		_, held, err := h.locker.Held(context.Background(), "group:"+g)
		if err != nil {
			t.Fatal(err)
		}
		if !held {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the lock of %s is still held %s after its holder stalled", g, 10*sweepTTL)
		}
	}
	time.Sleep(sweepTTL)
}

// A run abandoned by a crash is closed by one sweep once its lock has run
// out, and its worker, should it wake up, cannot commit.
func TestSweepClosesAbandonedRun(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	svc := h.service(t, h.locker, worker.Config{LockTTL: sweepTTL})
	msgs := h.say(t, "g", "ann: we're all front-end devs", "bob: true")
	zombie := h.abandon(t, "g")
	if n, err := svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("Sweep while the stalled run's lock still holds = %d, %v; want 0", n, err)
	}
	h.waitAbandoned(t, "g")

	if n, err := svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("Sweep = %d, %v; want the abandoned run closed", n, err)
	}
	run, err := h.ledger.Run(ctx, zombie.ID)
	if err != nil || run.Status != groupmem.RunFailed || run.Error != groupmem.AbandonedLease || run.FinishedAt.IsZero() {
		t.Fatalf("abandoned run = %+v, %v; want failed with %q", run, err, groupmem.AbandonedLease)
	}
	if n, err := svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("second Sweep = %d, %v; want 0", n, err)
	}

	// The stalled worker wakes up and commits what it had: refused.
	zombie.NewWatermark = msgs[len(msgs)-1].Seq
	late := &groupmem.Plan{Run: zombie}
	if err := h.ledger.CommitPlan(ctx, late); groupmem.ErrorCode(err) != groupmem.ESTALE {
		t.Fatalf("the zombie's commit = %v, want %s", err, groupmem.ESTALE)
	}
	// Its messages are still new: the next run fuses them.
	h.answer(func(a map[string]string) string {
		return `{"action":"create","statement":"` + frontend + `","change_reason":"said so","evidence":["m1"]}`
	})
	if res := h.evolve(t, "g"); res.Messages != 2 || res.Stats.Created != 1 {
		t.Fatalf("run after the sweep = %+v", res)
	}
}

// A run older than the lock ttl whose worker still holds (and renews) the
// lock is left alone, and commits.
func TestSweepLeavesLiveRunAlone(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	svc := h.service(t, h.locker, worker.Config{LockTTL: sweepTTL})
	h.say(t, "g", "ann: we're all front-end devs")
	entered, release := make(chan struct{}), make(chan struct{})
	h.answer(func(a map[string]string) string {
		close(entered)
		<-release
		return `{"action":"create","statement":"` + frontend + `","change_reason":"said so","evidence":["m1"]}`
	})
	job, err := svc.Start(ctx, "g", worker.Options{Trigger: groupmem.TriggerManual})
	if err != nil {
		t.Fatal(err)
	}
	<-entered
	time.Sleep(2 * sweepTTL) // the run is older than the ttl; its lease renews
	n, err := svc.Sweep(ctx)
	close(release)
	if err != nil || n != 0 {
		t.Fatalf("Sweep during a live run = %d, %v; want 0", n, err)
	}
	res, err := job.Wait()
	if err != nil || res.Status != groupmem.RunSucceeded || res.Stats.Created != 1 {
		t.Fatalf("the live run = %+v, %v; want it to commit", res, err)
	}
}

// The relay's loop sweeps; a service whose lock other writers do not share
// does not.
func TestRelayLoopSweeps(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	zombie := h.abandon(t, "g")
	h.waitAbandoned(t, "g")
	unshared := h.service(t, h.locker, worker.Config{LockTTL: sweepTTL, UnsharedLock: true})
	if n, err := unshared.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("Sweep with an unshared lock = %d, %v; want 0", n, err)
	}
	svc := h.service(t, h.locker, worker.Config{LockTTL: sweepTTL, Relay: worker.RelayConfig{Every: 50 * time.Millisecond}})
	loopCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); svc.Relay().Run(loopCtx) }()
	defer func() { stop(); <-done }()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		run, err := h.ledger.Run(ctx, zombie.ID)
		if err != nil {
			t.Fatal(err)
		}
		if run.Status == groupmem.RunFailed && run.Error == groupmem.AbandonedLease {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the relay loop did not close the abandoned run: %+v", run)
		}
	}
}
