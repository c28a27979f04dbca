package redis

import (
	"cmp"
	"context"
	"crypto/rand"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/groupmem/groupmem"
)

// testAddr is the Redis server the tests use.
func testAddr() string {
	return cmp.Or(os.Getenv("GROUPMEM_TEST_REDIS_ADDR"), "127.0.0.1:6379")
}

// openTest opens a Locker on the test server under a key prefix no other
// test uses, and deletes every key under that prefix at the end.
func openTest(tb testing.TB, cfg Config) *Locker {
	tb.Helper()
	cfg.Addr = cmp.Or(cfg.Addr, testAddr())
	cfg.Prefix = "groupmem-test:" + strings.ReplaceAll(tb.Name(), "/", ".") + ":" + rand.Text() + ":"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	l, err := Open(ctx, cfg)
	if err != nil {
		tb.Fatalf("open Redis at %s (set GROUPMEM_TEST_REDIS_ADDR to a reachable server): %v", cfg.Addr, err)
	}
	tb.Cleanup(func() {
		l.Close()
		// A client of its own: the test may have closed l.
		client := goredis.NewClient(&goredis.Options{Addr: cfg.Addr})
		defer client.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		iter := client.Scan(ctx, 0, l.prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			client.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			tb.Errorf("delete test keys under %q: %v", l.prefix, err)
		}
	})
	return l
}

// freeAddr returns a loopback address on which nothing listens.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// startServer runs a redis-server of the test's own on a free port, without
// persistence, and kills it at the end. The test may stop or kill it.
func startServer(t *testing.T) (addr string, proc *os.Process) {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server is not on PATH: this test runs a server of its own to lose it; install redis-server")
	}
	addr = freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command(path, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	client := goredis.NewClient(&goredis.Options{Addr: addr, MaxRetries: -1})
	defer client.Close()
	for start := time.Now(); client.Ping(t.Context()).Err() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("redis-server on %s did not answer within 5s", addr)
		}
	}
	return addr, cmd.Process
}

func TestOpenUnreachable(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	l, err := Open(ctx, Config{Addr: addr})
	if err == nil {
		l.Close()
		t.Fatalf("Open of %s where nothing listens succeeded", addr)
	}
	if code := groupmem.ErrorCode(err); code != groupmem.EUNAVAILABLE {
		t.Errorf("code %q (err %v), want %q", code, err, groupmem.EUNAVAILABLE)
	}
	msg := groupmem.ErrorMessage(err)
	for _, want := range []string{"Redis", addr} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not name %q", msg, want)
		}
	}
}

func TestOpenInvalid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		want string // a word the message must hold
	}{
		{"negative DB", Config{DB: -1}, "DB"},
		{"negative renewal", Config{RenewEvery: -time.Second}, "renewal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Addr = testAddr()
			l, err := Open(t.Context(), tt.cfg)
			if err == nil {
				l.Close()
				t.Fatal("Open succeeded")
			}
			if code := groupmem.ErrorCode(err); code != groupmem.EINVALID {
				t.Errorf("code %q (err %v), want %q", code, err, groupmem.EINVALID)
			}
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not name the setting %q", msg, tt.want)
			}
		})
	}
}

func TestPing(t *testing.T) {
	t.Parallel()
	addr, proc := startServer(t)
	l, err := Open(t.Context(), Config{Addr: addr})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer l.Close()
	if err := l.Ping(t.Context()); err != nil {
		t.Fatalf("Ping of a live server: %v", err)
	}
	proc.Kill()
	proc.Wait()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	if code := groupmem.ErrorCode(l.Ping(ctx)); code != groupmem.EUNAVAILABLE {
		t.Errorf("Ping of a killed server: code %q, want %q", code, groupmem.EUNAVAILABLE)
	}
}

func TestLockKeyLayout(t *testing.T) {
	t.Parallel()
	l := openTest(t, Config{})
	held, err := l.Acquire(t.Context(), "team:42", 10*time.Second)
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	defer held.Release(context.Background())
	key := l.prefix + "lock:team:42"
	token, err := l.client.Get(t.Context(), key).Result()
	if err != nil {
		t.Fatalf("GET %s: %v", key, err)
	}
	if token != held.(*lease).token {
		t.Errorf("key %s holds %q, want the lease's token", key, token)
	}
	ttl, err := l.client.PTTL(t.Context(), key).Result()
	if err != nil {
		t.Fatalf("PTTL %s: %v", key, err)
	}
	if ttl <= 0 || ttl > 10*time.Second {
		t.Errorf("key %s has TTL %s, want within (0, 10s]", key, ttl)
	}
	other, err := l.Acquire(t.Context(), "team:43", 10*time.Second)
	if err != nil {
		t.Fatalf("Acquire another key: %v", err)
	}
	defer other.Release(context.Background())
	if token == other.(*lease).token {
		t.Error("two leases got the same token")
	}
	if err := held.Release(t.Context()); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if n, err := l.client.Exists(t.Context(), key).Result(); err != nil || n != 0 {
		t.Errorf("EXISTS %s after Release = %d, %v; want 0", key, n, err)
	}
}

func TestAcquireRenewalNotShorterThanTTL(t *testing.T) {
	t.Parallel()
	l := openTest(t, Config{RenewEvery: time.Second})
	for _, ttl := range []time.Duration{time.Second, 500 * time.Millisecond} {
		lease, err := l.Acquire(t.Context(), "g1", ttl)
		if err == nil {
			lease.Release(context.Background())
		}
		if code := groupmem.ErrorCode(err); code != groupmem.EINVALID {
			t.Errorf("ttl %s with RenewEvery 1s: code %q (err %v), want %q", ttl, code, err, groupmem.EINVALID)
		}
	}
	lease, err := l.Acquire(t.Context(), "g1", 3*time.Second)
	if err != nil {
		t.Fatalf("ttl 3s with RenewEvery 1s: %v", err)
	}
	lease.Release(t.Context())
}

func TestInterpretError(t *testing.T) {
	t.Parallel()
	l := openTest(t, Config{})
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"server reply", l.client.Do(t.Context(), "nosuchcommand").Err(), groupmem.EINTERNAL},
		// The server refusing the service's credentials is the deployment's.
		{"refused credentials", l.client.Do(t.Context(), "AUTH", "groupmem-nobody", "wrong").Err(), groupmem.EUNAVAILABLE},
		{"cancelled", l.client.Ping(cancelled).Err(), groupmem.EUNAVAILABLE},
		{"closed client", newLockerClosed(t).client.Ping(t.Context()).Err(), groupmem.EUNAVAILABLE},
	}
	for _, tt := range tests {
		if got := groupmem.ErrorCode(interpretError(tt.err)); got != tt.want {
			t.Errorf("%s (%v): code %q, want %q", tt.name, tt.err, got, tt.want)
		}
	}
}

// newLockerClosed returns a Locker whose client is closed.
func newLockerClosed(t *testing.T) *Locker {
	t.Helper()
	l := newLocker(Config{Addr: testAddr()})
	l.Close()
	return l
}
