package redis

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestLocker(t *testing.T) {
	t.Parallel()
	storetest.TestLocker(t, func(t *testing.T) storetest.LockerFixture {
		l := openTest(t, Config{})
		return storetest.LockerFixture{
			Locker: l,
			Expire: func(t *testing.T, key string) {
				n, err := l.client.Del(t.Context(), lockKey(l.prefix, key)).Result()
				if err != nil || n != 1 {
					t.Fatalf("expire %q: DEL = %d, %v; want 1", key, n, err)
				}
			},
		}
	})
}

// TestLeaseGoroutineExits checks that the renewal goroutine of a lease ends
// however the lease ends.
func TestLeaseGoroutineExits(t *testing.T) {
	t.Parallel()
	const ttl = 90 * time.Millisecond
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
			l.client.Del(t.Context(), le.rkey)
		}},
		{"client closed", func(t *testing.T, l *Locker, le *lease, cancel context.CancelFunc) {
			l.Close()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := openTest(t, Config{})
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
			case <-time.After(2 * time.Second):
				t.Fatal("renewal goroutine still running 2s after the lease ended")
			}
			if le.Context().Err() == nil {
				t.Error("lease context live after its goroutine exited")
			}
		})
	}
}

// TestLeaseLostWhenRedisUnreachable loses the server under a held lease,
// by killing it or by freezing it, and checks that the lease's context is
// cancelled no later than the lock could expire on the server.
func TestLeaseLostWhenRedisUnreachable(t *testing.T) {
	t.Parallel()
	const (
		ttl   = 600 * time.Millisecond
		slack = time.Second // for scheduling under -race on a busy machine
	)
	tests := []struct {
		name string
		sig  syscall.Signal
	}{
		{"killed", syscall.SIGKILL},
		{"frozen", syscall.SIGSTOP}, // connections stay open; nothing answers
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			addr, proc := startServer(t)
			l, err := Open(t.Context(), Config{Addr: addr})
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer l.Close()
			lease, err := l.Acquire(t.Context(), "g1", ttl)
			if err != nil {
				t.Fatalf("Acquire: %v", err)
			}
			time.Sleep(ttl / 2) // let a renewal or two happen

			lost := time.Now()
			if err := proc.Signal(tt.sig); err != nil {
				t.Fatalf("signal redis-server: %v", err)
			}
			select {
			case <-lease.Context().Done():
			case <-time.After(ttl + slack):
				t.Fatalf("lease context still live %s after the server was %s (ttl %s)", time.Since(lost), tt.name, ttl)
			}
			t.Logf("lease context cancelled %s after the server was %s", time.Since(lost), tt.name)
			cause := context.Cause(lease.Context())
			if code := groupmem.ErrorCode(cause); code != groupmem.EUNAVAILABLE {
				t.Errorf("cause %v: code %q, want %q", cause, code, groupmem.EUNAVAILABLE)
			}

			ctx, cancel := context.WithTimeout(t.Context(), ttl)
			defer cancel()
			if code := groupmem.ErrorCode(lease.Release(ctx)); code != groupmem.EUNAVAILABLE {
				t.Errorf("Release with the server %s: code %q, want %q", tt.name, code, groupmem.EUNAVAILABLE)
			}
		})
	}
}

// TestRenewOnce checks the unit of renewal against a server that is gone:
// a failed call before the deadline is retried, one at the deadline loses
// the lease.
func TestRenewOnce(t *testing.T) {
	t.Parallel()
	l := newLocker(Config{Addr: freeAddr(t)})
	defer l.Close()
	tests := []struct {
		name     string
		left     time.Duration // until the deadline
		wantLost bool
	}{
		{"deadline ahead", time.Minute, false},
		{"deadline passed", -time.Millisecond, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			le := &lease{
				locker:   l,
				key:      "g1",
				rkey:     lockKey(l.prefix, "g1"),
				token:    "t",
				ttl:      3 * time.Minute,
				every:    time.Minute,
				deadline: time.Now().Add(tt.left),
			}
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			le.ctx, le.cancel = context.WithCancelCause(ctx)
			defer le.cancel(nil)
			wait, lost := le.renewOnce()
			if (lost != nil) != tt.wantLost {
				t.Fatalf("renewOnce = %s, %v; lost = %t, want %t", wait, lost, lost != nil, tt.wantLost)
			}
			if lost != nil {
				if code := groupmem.ErrorCode(lost); code != groupmem.EUNAVAILABLE {
					t.Errorf("cause %v: code %q, want %q", lost, code, groupmem.EUNAVAILABLE)
				}
				return
			}
			if wait <= 0 || wait > le.every {
				t.Errorf("retry after %s, want within (0, %s]", wait, le.every)
			}
		})
	}
}

func BenchmarkAcquireRelease(b *testing.B) {
	l := openTest(b, Config{})
	ctx := b.Context()
	for b.Loop() {
		lease, err := l.Acquire(ctx, "g1", 10*time.Second)
		if err != nil {
			b.Fatalf("Acquire: %v", err)
		}
		if err := lease.Release(ctx); err != nil {
			b.Fatalf("Release: %v", err)
		}
	}
}
