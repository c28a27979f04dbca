package worker_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// testLease is the short job lease of these tests; claims are renewed
// every third of it.
const testLease = 300 * time.Millisecond

// frozenEvolver stands in for a replica that stops dead in the middle of
// a run: Evolve signals started and then ignores its context until
// release is closed, when it returns the context's error, if any.
type frozenEvolver struct {
	started chan string
	release chan struct{}

	mu  sync.Mutex
	ctx context.Context // the context of the last run
}

func (f *frozenEvolver) Evolve(ctx context.Context, group string, _ worker.Options) (worker.Result, error) {
	f.mu.Lock()
	f.ctx = ctx
	f.mu.Unlock()
	f.started <- group
	<-f.release
	return worker.Result{GroupID: group}, ctx.Err()
}

// runCancelled reports whether the context of the last run has ended.
func (f *frozenEvolver) runCancelled() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ctx != nil && f.ctx.Err() != nil
}

// A run that lasts many leases keeps its job: the pool renews the claim
// while the run goes on, so another replica polling meanwhile never takes
// the job, and no attempt is counted.
func TestPoolKeepsTheJobOfALongRun(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	prefix := "groupmem-test:" + groupmem.NewID() + ":"
	slow := newReplica(t, s, prefix, &scriptedFuser{delay: 5 * testLease})
	other := newReplica(t, s, prefix, &scriptedFuser{})
	addMessages(t, s.ledger, "a", 3, "g")
	tick(t, s.ledger, slot1, 1)

	cfg := worker.PoolConfig{Lease: testLease, Poll: 20 * time.Millisecond}
	first := newPool(t, slow.ledger, slow, s.log, cfg)
	if n, err := first.RunOnce(ctx); n != 1 || err != nil { // takes the job before the other starts
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	if slow.ran.Load() != 1 {
		t.Fatalf("the slow replica ran %d evolutions", slow.ran.Load())
	}

	// Again with both pools running: the slow one claims first.
	addMessages(t, s.ledger, "b", 3, "g")
	slot2 := slot1.Add(24 * time.Hour)
	tick(t, s.ledger, slot2, 1)
	first.Start(ctx)
	waitClaimed(t, s, slot2, "g")
	second := newPool(t, other.ledger, other, s.log, cfg)
	second.Start(ctx)
	jobs := waitJobs(t, s.ledger, slot2, 1)
	for _, p := range []*worker.Pool{first, second} {
		if err := p.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if j := jobs[0]; j.Status != groupmem.JobDone || j.Attempts != 0 || j.RunStatus != groupmem.RunSucceeded {
		t.Fatalf("job of the long run: %+v; want done at its first attempt", j)
	}
	if slow.ran.Load() != 2 || other.ran.Load() != 0 {
		t.Fatalf("the slow replica ran %d evolutions, the other %d; want 2 and 0", slow.ran.Load(), other.ran.Load())
	}
}

// waitClaimed waits until the job of group in slot is running.
func waitClaimed(t *testing.T, s *stores, slot time.Time, group string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); jobOf(t, s.ledger, slot, group).Status != groupmem.JobRunning; {
		if time.Now().After(deadline) {
			t.Fatalf("the job of %s was not claimed within 10s", group)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A pool that stops renewing (its process died in the middle of a run)
// loses its job to another pool within a lease plus the other's poll;
// the lost attempt is counted. When the frozen pool wakes up, its renewal
// finds the job lost and cancels the run, which records nothing.
func TestPoolTakesTheJobOfADeadPool(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	prefix := "groupmem-test:" + groupmem.NewID() + ":"
	other := newReplica(t, s, prefix, &scriptedFuser{})
	addMessages(t, s.ledger, "a", 3, "g")
	tick(t, s.ledger, slot1, 1)

	const poll = 50 * time.Millisecond
	frozen := &frozenEvolver{started: make(chan string, 1), release: make(chan struct{})}
	dead := newPool(t, s.ledger, frozen, s.log, worker.PoolConfig{Lease: testLease})
	life, die := context.WithCancel(ctx)
	type ran struct {
		n   int
		err error
	}
	deadDone := make(chan ran, 1)
	go func() {
		n, err := dead.RunOnce(life)
		deadDone <- ran{n, err}
	}()
	<-frozen.started
	time.Sleep(3 * testLease) // alive: renewed past its first lease
	second := newPool(t, other.ledger, other, s.log, worker.PoolConfig{Lease: testLease, Poll: poll})
	second.Start(ctx)
	time.Sleep(2 * testLease)
	if other.ran.Load() != 0 {
		t.Fatal("another pool took the job of a live pool")
	}

	die() // no more renewals; the run stays frozen
	died := time.Now()
	for other.ran.Load() == 0 {
		if time.Since(died) > testLease+poll+2*time.Second {
			t.Fatalf("the job of a dead pool was not taken within %s", time.Since(died))
		}
		time.Sleep(time.Millisecond)
	}
	took := time.Since(died)
	t.Logf("a second pool took the dead pool's job %s after its death (lease %s, poll %s)", took, testLease, poll)
	if took > testLease+poll+200*time.Millisecond {
		t.Errorf("the job of a dead pool was taken after %s; want within lease %s + poll %s", took, testLease, poll)
	}
	j := waitJobs(t, s.ledger, slot1, 1)[0]
	if err := second.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if j.Status != groupmem.JobDone || j.Attempts != 1 || j.RunStatus != groupmem.RunSucceeded {
		t.Fatalf("job taken over: %+v; want done, the lost attempt counted", j)
	}

	// The frozen pool wakes up: its job is lost, its run cancelled.
	if lost, err := dead.RenewClaims(ctx); lost != 1 || err != nil {
		t.Fatalf("RenewClaims after the takeover = %d, %v; want 1 lost", lost, err)
	}
	if !frozen.runCancelled() {
		t.Error("the run of a lost job goes on")
	}
	close(frozen.release)
	if r := <-deadDone; r.n != 1 || r.err != nil {
		t.Fatalf("RunOnce of the dead pool = %d, %v; want 1, no error", r.n, r.err)
	}
	if got := jobOf(t, s.ledger, slot1, "g"); got.Status != groupmem.JobDone || got.UpdatedAt != j.UpdatedAt {
		t.Fatalf("the lost run changed the job: %+v", got)
	}
	if lost, err := dead.RenewClaims(ctx); lost != 0 || err != nil {
		t.Fatalf("RenewClaims with nothing held = %d, %v", lost, err)
	}
}

// busyOnce answers EBUSY to its first run, as a group whose dead holder's
// lock still lasts does (for left, as its BusyError says), and succeeds
// after.
type busyOnce struct {
	left time.Duration

	mu    sync.Mutex
	calls []time.Time
}

func (b *busyOnce) Evolve(_ context.Context, group string, _ worker.Options) (worker.Result, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, time.Now())
	if len(b.calls) == 1 {
		busy := &worker.BusyError{GroupID: group, RetryAfter: b.left}
		return worker.Result{GroupID: group}, groupmem.WrapError(groupmem.EBUSY, busy.Error(), busy)
	}
	return worker.Result{GroupID: group, Status: groupmem.RunSucceeded}, nil
}

// alwaysBusy answers EBUSY to every run: a manual run holds the group.
type alwaysBusy struct{}

func (alwaysBusy) Evolve(_ context.Context, group string, _ worker.Options) (worker.Result, error) {
	return worker.Result{GroupID: group}, groupmem.Errorf(groupmem.EBUSY, "group %s is being evolved", group)
}

// A job taken over from a dead holder whose group lock still lasts tries
// again as that lock runs out: not after BusyDelay, nor at the lane's next
// Poll.
func TestTakenOverJobRetriesSoonWhenBusy(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	addMessages(t, s.ledger, "a", 3, "g")
	tick(t, s.ledger, slot1, 1)

	frozen := &frozenEvolver{started: make(chan string, 1), release: make(chan struct{})}
	dead := newPool(t, s.ledger, frozen, s.log, worker.PoolConfig{Lease: testLease})
	life, die := context.WithCancel(ctx)
	go func() { _, _ = dead.RunOnce(life) }()
	<-frozen.started
	die() // it holds the job and renews it no more
	defer close(frozen.release)
	time.Sleep(testLease + 50*time.Millisecond) // its claim has run out

	const lockTTL, lockLeft = 3 * time.Second, 400 * time.Millisecond
	busy := &busyOnce{left: lockLeft}
	second := newPool(t, s.ledger, busy, s.log, worker.PoolConfig{Lease: testLease, LockTTL: lockTTL,
		Poll: 5 * time.Second, BusyDelay: time.Hour, Concurrency: 1})
	second.Start(ctx)
	j := waitJobs(t, s.ledger, slot1, 1)[0]
	if err := second.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	busy.mu.Lock()
	calls := slices.Clone(busy.calls)
	busy.mu.Unlock()
	if len(calls) != 2 || j.Status != groupmem.JobDone {
		t.Fatalf("%d runs, job %+v; want a busy run, then one that finishes the job", len(calls), j)
	}
	wait := calls[1].Sub(calls[0])
	t.Logf("retried %s after finding the group busy, its lock lasting %s more (poll 5s)", wait.Round(time.Millisecond), lockLeft)
	if wait < lockLeft || wait > lockLeft+time.Second {
		t.Errorf("retried %s after finding the group busy; want as its lock runs out, %s later, not at the next poll or BusyDelay", wait, lockLeft)
	}

	// A job not taken over waits BusyDelay: a manual run holds its group.
	slot2 := slot1.Add(24 * time.Hour)
	addMessages(t, s.ledger, "b", 3, "h")
	tick(t, s.ledger, slot2, 1)
	third := newPool(t, s.ledger, alwaysBusy{}, s.log, worker.PoolConfig{LockTTL: lockTTL, BusyDelay: time.Hour})
	if _, err := third.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if h := jobOf(t, s.ledger, slot2, "h"); h.Status != groupmem.JobPending || time.Until(h.NextAttemptAt) < 50*time.Minute {
		t.Errorf("a fresh job that found its group busy: %+v; want pending for BusyDelay", h)
	}
}
