package inmem

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem/store/storetest"
)

func TestLocker(t *testing.T) {
	storetest.TestLocker(t, func(t *testing.T) storetest.LockerFixture {
		l := NewLocker()
		return storetest.LockerFixture{
			Locker: l,
			Expire: func(t *testing.T, key string) {
				l.mu.Lock()
				defer l.mu.Unlock()
				if _, ok := l.holds[key]; !ok {
					t.Fatalf("expire %q: not held", key)
				}
				delete(l.holds, key)
			},
		}
	})
}

// TestLeaseGoroutineExits checks that the renewal goroutine of a lease ends
// however the lease ends.
func TestLeaseGoroutineExits(t *testing.T) {
	const ttl = 30 * time.Millisecond
	tests := []struct {
		name string
		end  func(t *testing.T, l *Locker, le *lease, cancel context.CancelFunc)
	}{
		{"release", func(t *testing.T, l *Locker, le *lease, cancel context.CancelFunc) {
			if err := le.Release(t.Context()); err != nil {
				t.Fatalf("Release: %v", err)
			}
		}},
		{"parent cancelled", func(t *testing.T, l *Locker, le *lease, cancel context.CancelFunc) {
			cancel()
		}},
		{"lost", func(t *testing.T, l *Locker, le *lease, cancel context.CancelFunc) {
			l.release(le.key, le.token)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLocker()
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			got, err := l.Acquire(ctx, "g1", ttl)
			if err != nil {
				t.Fatalf("Acquire: %v", err)
			}
			le := got.(*lease)
			tt.end(t, l, le, cancel)
			select {
			case <-le.done:
			case <-time.After(time.Second):
				t.Fatal("renewal goroutine still running a second after the lease ended")
			}
			if le.Context().Err() == nil {
				t.Error("lease context live after its goroutine exited")
			}
		})
	}
}

// TestHoldRunsOutWithoutRenewal checks the expiry itself: a hold whose
// deadline passed is free for another lease, and its old lease notices.
func TestHoldRunsOutWithoutRenewal(t *testing.T) {
	l := NewLocker()
	old, err := l.Acquire(t.Context(), "g1", time.Hour)
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	defer old.Release(context.Background())
	l.mu.Lock()
	h := l.holds["g1"]
	h.deadline = time.Now().Add(-time.Millisecond)
	l.holds["g1"] = h
	l.mu.Unlock()

	taker, err := l.Acquire(t.Context(), "g1", time.Hour)
	if err != nil {
		t.Fatalf("Acquire of a hold that ran out: %v", err)
	}
	defer taker.Release(context.Background())
	if l.renew("g1", old.(*lease).token, time.Hour) {
		t.Error("renewal of a hold taken by another lease succeeded")
	}
	if !l.renew("g1", taker.(*lease).token, time.Hour) {
		t.Error("renewal by the current holder failed")
	}
}
