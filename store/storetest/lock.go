package storetest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// LockerFixture is one Locker under test and the hook the Locker suite needs
// to make a lease lose its lock behind its back.
type LockerFixture struct {
	// Locker is fresh: it holds no key and shares none with other tests.
	Locker groupmem.Locker
	// Expire ends the current hold on key at once, as the store does when a
	// lock's ttl runs out without renewal (on Redis: DEL of the key). The
	// lease that held the key is not told; it must notice by itself. Expire
	// belongs to the test, not to the Locker's API: an implementation
	// builds it in its own test file from its internals.
	Expire func(t *testing.T, key string)
}

// Timings of the Locker suite. A lease renews every ttl/3 by default, so a
// lost lock is noticed within about lockTTL/3.
const (
	lockTTL  = 1500 * time.Millisecond
	lockHold = 4 * time.Second  // longer than lockTTL: only renewal keeps a lease alive this long
	lockWait = 20 * lockTTL / 3 // how long the suite waits for a lease to notice a change
)

// TestLocker runs the contract of groupmem.Locker against the Lockers that
// newFixture returns, one per subtest. On top of the port's documentation it
// checks that a lease that lost its lock because it expired or was taken
// over ends its Context with a cause whose code is groupmem.ESTALE. The
// subtests run in parallel and take about lockHold of wall time.
func TestLocker(t *testing.T, newFixture func(t *testing.T) LockerFixture) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, f LockerFixture)
	}{
		{"HeldKeyIsBusy", testLockBusy},
		{"OneWinnerAmongRacers", testLockRace},
		{"KeysAreIndependent", testLockKeysIndependent},
		{"ReleaseThenAcquire", testLockReleaseThenAcquire},
		{"ReleaseIsIdempotent", testLockReleaseIdempotent},
		{"RenewalHoldsPastTTL", testLockRenewal},
		{"LostLockCancelsContext", testLockLost},
		{"TakenOverLockCancelsContext", testLockTakenOver},
		{"ReleaseAfterTakeoverKeepsNewHolder", testLockTakeover},
		{"ParentCancelStopsRenewal", testLockParentCancel},
		{"ContextDerivesFromParent", testLockContextValues},
		{"DoneContextTakesNothing", testLockDoneContext},
		{"InvalidArguments", testLockInvalid},
		{"HeldTellsWhetherKeyIsHeld", testLockHeld},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.run(t, newFixture(t))
		})
	}
}

func testLockBusy(t *testing.T, f LockerFixture) {
	lease := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	_, err := f.Locker.Acquire(t.Context(), "g1", lockTTL)
	if code := groupmem.ErrorCode(err); code != groupmem.EBUSY {
		t.Fatalf("second Acquire of a held key: code %q (err %v), want %q", code, err, groupmem.EBUSY)
	}
	if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, "busy") || !strings.Contains(msg, "g1") {
		t.Errorf("busy message %q should name the group and say it is busy", msg)
	}
	if err := lease.Context().Err(); err != nil {
		t.Errorf("holder's context ended after a failed Acquire by another: %v", err)
	}
}

func testLockRace(t *testing.T, f LockerFixture) {
	const racers = 8
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		won    []groupmem.Lease
		others []error
	)
	for range racers {
		wg.Go(func() {
			lease, err := f.Locker.Acquire(t.Context(), "g1", lockTTL)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				others = append(others, err)
				return
			}
			won = append(won, lease)
		})
	}
	wg.Wait()
	for _, lease := range won {
		t.Cleanup(func() { lease.Release(context.Background()) })
	}
	if len(won) != 1 {
		t.Fatalf("%d of %d racing Acquires won, want exactly 1", len(won), racers)
	}
	for _, err := range others {
		if code := groupmem.ErrorCode(err); code != groupmem.EBUSY {
			t.Errorf("losing Acquire: code %q (err %v), want %q", code, err, groupmem.EBUSY)
		}
	}
}

func testLockKeysIndependent(t *testing.T, f LockerFixture) {
	a := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	b := mustAcquire(t, f.Locker, t.Context(), "g2", lockTTL)
	if err := a.Release(t.Context()); err != nil {
		t.Fatalf("Release g1: %v", err)
	}
	if err := b.Context().Err(); err != nil {
		t.Errorf("releasing g1 ended the lease on g2: %v", err)
	}
	wantBusy(t, f.Locker, "g2")
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
}

func testLockReleaseThenAcquire(t *testing.T, f LockerFixture) {
	lease := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	if err := lease.Release(t.Context()); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if lease.Context().Err() == nil {
		t.Error("lease context still live after Release returned")
	}
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
}

func testLockReleaseIdempotent(t *testing.T, f LockerFixture) {
	old := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	for i := range 2 {
		if err := old.Release(t.Context()); err != nil {
			t.Fatalf("Release #%d: %v", i+1, err)
		}
	}
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	if err := old.Release(t.Context()); err != nil {
		t.Fatalf("Release of the old lease after a new Acquire: %v", err)
	}
	wantBusy(t, f.Locker, "g1")
}

func testLockRenewal(t *testing.T, f LockerFixture) {
	lease := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	time.Sleep(lockHold)
	wantBusy(t, f.Locker, "g1")
	if err := lease.Context().Err(); err != nil {
		t.Errorf("renewed lease ended after %s with ttl %s: %v (cause %v)", lockHold, lockTTL, err, context.Cause(lease.Context()))
	}
}

func testLockLost(t *testing.T, f LockerFixture) {
	lease := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	f.Expire(t, "g1")
	waitDone(t, lease.Context(), "lease whose lock expired behind its back")
	if code := groupmem.ErrorCode(context.Cause(lease.Context())); code != groupmem.ESTALE {
		t.Errorf("cause of a lost lease: code %q (%v), want %q", code, context.Cause(lease.Context()), groupmem.ESTALE)
	}
}

func testLockTakenOver(t *testing.T, f LockerFixture) {
	old := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	f.Expire(t, "g1")
	taker := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	waitDone(t, old.Context(), "lease whose lock another holder took")
	if code := groupmem.ErrorCode(context.Cause(old.Context())); code != groupmem.ESTALE {
		t.Errorf("cause of a taken-over lease: code %q (%v), want %q", code, context.Cause(old.Context()), groupmem.ESTALE)
	}
	if err := taker.Context().Err(); err != nil {
		t.Errorf("new holder's lease ended: %v", err)
	}
	wantBusy(t, f.Locker, "g1")
}

func testLockTakeover(t *testing.T, f LockerFixture) {
	old := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	f.Expire(t, "g1")
	taker := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	// Release before the old lease may have noticed the takeover: it must
	// still leave the new holder's lock alone.
	if err := old.Release(t.Context()); err != nil {
		t.Fatalf("Release of the taken-over lease: %v", err)
	}
	wantBusy(t, f.Locker, "g1")
	if err := taker.Context().Err(); err != nil {
		t.Fatalf("new holder's lease ended after the old one released: %v", err)
	}
	if err := taker.Release(t.Context()); err != nil {
		t.Fatalf("Release of the new holder: %v", err)
	}
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
}

func testLockParentCancel(t *testing.T, f LockerFixture) {
	parent, cancel := context.WithCancel(t.Context())
	old, err := f.Locker.Acquire(parent, "g1", lockTTL)
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	cancel()
	waitDone(t, old.Context(), "lease whose parent context was cancelled")
	// Nothing renews the lock any more, so it frees up within its ttl.
	var taker groupmem.Lease
	deadline := time.Now().Add(lockWait)
	for taker == nil {
		taker, err = f.Locker.Acquire(t.Context(), "g1", lockTTL)
		switch {
		case err == nil:
			t.Cleanup(func() { taker.Release(context.Background()) })
		case groupmem.ErrorCode(err) != groupmem.EBUSY:
			t.Fatalf("Acquire after the old lease's parent ended: %v", err)
		case time.Now().After(deadline):
			t.Fatalf("key still held %s after the lease's parent context was cancelled (ttl %s): renewal did not stop, or the hold never runs out", lockWait, lockTTL)
		default:
			time.Sleep(lockTTL / 10)
		}
	}
	if err := old.Release(t.Context()); err != nil {
		t.Fatalf("Release of the abandoned lease: %v", err)
	}
	wantBusy(t, f.Locker, "g1")
}

func testLockContextValues(t *testing.T, f LockerFixture) {
	type ctxKey struct{}
	parent := context.WithValue(t.Context(), ctxKey{}, "run-7")
	lease := mustAcquire(t, f.Locker, parent, "g1", lockTTL)
	if got := lease.Context().Value(ctxKey{}); got != "run-7" {
		t.Errorf("lease context value = %v, want the parent's %q", got, "run-7")
	}
}

func testLockDoneContext(t *testing.T, f LockerFixture) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	lease, err := f.Locker.Acquire(ctx, "g1", lockTTL)
	if err == nil {
		lease.Release(context.Background())
		t.Fatal("Acquire with a cancelled context succeeded")
	}
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
}

func testLockInvalid(t *testing.T, f LockerFixture) {
	tests := []struct {
		name string
		key  string
		ttl  time.Duration
	}{
		{"empty key", "", lockTTL},
		{"zero ttl", "g1", 0},
		{"negative ttl", "g1", -lockTTL},
	}
	for _, tt := range tests {
		lease, err := f.Locker.Acquire(t.Context(), tt.key, tt.ttl)
		if err == nil {
			lease.Release(context.Background())
		}
		if code := groupmem.ErrorCode(err); code != groupmem.EINVALID {
			t.Errorf("%s: code %q (err %v), want %q", tt.name, code, err, groupmem.EINVALID)
		}
	}
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
}

func testLockHeld(t *testing.T, f LockerFixture) {
	wantHeld(t, f.Locker, "g1", false)
	lease := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	wantHeld(t, f.Locker, "g1", true)
	wantHeld(t, f.Locker, "g2", false)
	if err := lease.Release(t.Context()); err != nil {
		t.Fatalf("Release: %v", err)
	}
	wantHeld(t, f.Locker, "g1", false)

	// A hold that ran out behind its lease's back is not held, even
	// before the lease notices; a new holder's is.
	old := mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	f.Expire(t, "g1")
	wantHeld(t, f.Locker, "g1", false)
	mustAcquire(t, f.Locker, t.Context(), "g1", lockTTL)
	wantHeld(t, f.Locker, "g1", true)
	if err := old.Release(t.Context()); err != nil {
		t.Fatalf("Release of the expired lease: %v", err)
	}
	wantHeld(t, f.Locker, "g1", true)

	_, _, err := f.Locker.Held(t.Context(), "")
	if code := groupmem.ErrorCode(err); code != groupmem.EINVALID {
		t.Errorf("Held of an empty key: code %q (err %v), want %q", code, err, groupmem.EINVALID)
	}
}

// wantHeld fails the test unless Held of key answers held, with a
// remaining ttl within (0, lockTTL] when held and 0 when not.
func wantHeld(t *testing.T, l groupmem.Locker, key string, held bool) {
	t.Helper()
	left, ok, err := l.Held(t.Context(), key)
	switch {
	case err != nil:
		t.Fatalf("Held %q: %v", key, err)
	case ok != held:
		t.Fatalf("Held %q = %t, want %t", key, ok, held)
	case held && (left <= 0 || left > lockTTL):
		t.Fatalf("Held %q: %s left, want within (0, %s]", key, left, lockTTL)
	case !held && left != 0:
		t.Fatalf("Held %q: not held but %s left", key, left)
	}
}

// mustAcquire takes key or fails the test, and releases the lease at the
// end of the test.
func mustAcquire(t *testing.T, l groupmem.Locker, ctx context.Context, key string, ttl time.Duration) groupmem.Lease {
	t.Helper()
	lease, err := l.Acquire(ctx, key, ttl)
	if err != nil {
		t.Fatalf("Acquire %q: %v", key, err)
	}
	t.Cleanup(func() {
		if err := lease.Release(context.Background()); err != nil {
			t.Errorf("Release %q at cleanup: %v", key, err)
		}
	})
	return lease
}

// wantBusy fails the test unless Acquire of key answers EBUSY.
func wantBusy(t *testing.T, l groupmem.Locker, key string) {
	t.Helper()
	lease, err := l.Acquire(t.Context(), key, lockTTL)
	if err == nil {
		lease.Release(context.Background())
		t.Fatalf("Acquire %q succeeded, want it busy", key)
	}
	if code := groupmem.ErrorCode(err); code != groupmem.EBUSY {
		t.Fatalf("Acquire %q: code %q (err %v), want %q", key, code, err, groupmem.EBUSY)
	}
}

// waitDone fails the test unless ctx ends within lockWait.
func waitDone(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	select {
	case <-ctx.Done():
	case <-time.After(lockWait):
		t.Fatalf("context of the %s still live after %s", what, lockWait)
	}
}
