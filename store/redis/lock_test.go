package redis

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
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
// a failed call before the deadline is retried; at the deadline the lease
// is lost, blaming Redis when a call failed before, and the process when
// none did (it ran late: nothing was tried before the lease expired).
func TestRenewOnce(t *testing.T) {
	t.Parallel()
	l := newLocker(Config{Addr: freeAddr(t)})
	defer l.Close()
	tests := []struct {
		name     string
		left     time.Duration // until the deadline
		failed   error         // the last renewal's failure
		wantCode string        // of the cause when the lease is lost; "" when it is not
		wantText string        // in the cause
	}{
		{"deadline ahead", time.Minute, nil, "", ""},
		{"deadline passed after a failed call", -time.Millisecond, errors.New("dial tcp: connection refused"),
			groupmem.EUNAVAILABLE, "Redis could not be reached"},
		{"deadline passed before any call", -time.Millisecond, nil, groupmem.ESTALE, "ran late"},
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
				failed:   tt.failed,
			}
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			le.ctx, le.cancel = context.WithCancelCause(ctx)
			defer le.cancel(nil)
			wait, lost := le.renewOnce()
			if (lost != nil) != (tt.wantCode != "") {
				t.Fatalf("renewOnce = %s, %v; lost = %t, want %t", wait, lost, lost != nil, tt.wantCode != "")
			}
			if lost != nil {
				if code := groupmem.ErrorCode(lost); code != tt.wantCode || !strings.Contains(lost.Error(), tt.wantText) {
					t.Errorf("cause %v: code %q, want %q saying %q", lost, code, tt.wantCode, tt.wantText)
				}
				return
			}
			if wait <= 0 || wait > le.every || le.failed == nil {
				t.Errorf("retry after %s (failure kept: %v), want within (0, %s] with the failure kept", wait, le.failed, le.every)
			}
		})
	}
}

// TestRenewalAfterDeadlineRanLate holds a lock on a real Redis that is up
// and answers, with the lease's deadline already passed when the renewal
// starts (the process ran late): the lease is lost with a cause saying the
// process ran late, not that Redis could not be reached, and Redis is not
// asked (the key keeps its TTL).
func TestRenewalAfterDeadlineRanLate(t *testing.T) {
	t.Parallel()
	l := openTest(t, Config{})
	ctx := t.Context()
	le := &lease{locker: l, key: "g1", rkey: lockKey(l.prefix, "g1"), token: "t", ttl: time.Minute, every: 20 * time.Second,
		deadline: time.Now().Add(-40 * time.Millisecond)}
	if err := l.client.Set(ctx, le.rkey, le.token, 30*time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	le.ctx, le.cancel = context.WithCancelCause(ctx)
	defer le.cancel(nil)
	_, lost := le.renewOnce()
	if code := groupmem.ErrorCode(lost); code != groupmem.ESTALE || !strings.Contains(lost.Error(), "ran late") ||
		strings.Contains(lost.Error(), "could not be reached") {
		t.Fatalf("renewal after the deadline with Redis up: cause %v (code %q), want %s saying the process ran late",
			lost, code, groupmem.ESTALE)
	}
	if ttl := l.client.PTTL(ctx, le.rkey).Val(); ttl > 30*time.Second {
		t.Errorf("the key's TTL is %s: a renewal was sent after the lease expired", ttl)
	}
}

// TestFrozenHolderRanLate stops a process that holds a lease (SIGSTOP) for
// longer than the lease's ttl while Redis stays up, then lets it go on:
// its lease is lost with a cause that says it ran late, not that Redis
// could not be reached. The holder is this test binary run again.
func TestFrozenHolderRanLate(t *testing.T) {
	const ttl = 300 * time.Millisecond
	if os.Getenv("GROUPMEM_TEST_LEASE_HOLDER") == "1" {
		holdLease(t, ttl)
		return
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFrozenHolderRanLate$")
	cmd.Env = append(os.Environ(), "GROUPMEM_TEST_LEASE_HOLDER=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(out)
	next := func() string {
		for lines.Scan() {
			if l, ok := strings.CutPrefix(lines.Text(), "lease: "); ok {
				return l
			}
		}
		t.Fatalf("the holder ended without saying what became of its lease: %v", lines.Err())
		return ""
	}
	if got := next(); got != "held" {
		t.Fatalf("holder: %s", got)
	}
	time.Sleep(ttl / 2) // a renewal or two
	if err := cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * ttl)
	if err := cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	got := next()
	if !strings.HasPrefix(got, "lost "+groupmem.ESTALE+" ") || !strings.Contains(got, "ran late") || strings.Contains(got, "could not be reached") {
		t.Errorf("a holder frozen past its lease, Redis up: %s; want %s saying the process ran late", got, groupmem.ESTALE)
	}
}

// holdLease is the frozen holder of TestFrozenHolderRanLate: it takes a
// lease, says so, and says how it was lost.
func holdLease(t *testing.T, ttl time.Duration) {
	l := openTest(t, Config{})
	lease, err := l.Acquire(t.Context(), "g1", ttl)
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	fmt.Println("lease: held")
	select {
	case <-lease.Context().Done():
		cause := context.Cause(lease.Context())
		fmt.Printf("lease: lost %s %v\n", groupmem.ErrorCode(cause), cause)
	case <-time.After(30 * time.Second):
		fmt.Println("lease: still held after 30s")
	}
	_ = lease.Release(context.WithoutCancel(t.Context()))
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
