// Package redistest gives each test its own key prefix on the Redis server
// named by GROUPMEM_TEST_REDIS_ADDR (default: the local server), and
// deletes the keys under it when the test ends: the Redis counterpart of
// pgtest.
package redistest

import (
	"cmp"
	"context"
	"crypto/rand"
	"os"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/groupmem/groupmem/store/redis"
)

// DefaultAddr is used when GROUPMEM_TEST_REDIS_ADDR is unset.
const DefaultAddr = "127.0.0.1:6379"

// Addr returns the test server's address.
func Addr() string { return cmp.Or(os.Getenv("GROUPMEM_TEST_REDIS_ADDR"), DefaultAddr) }

// Prefix returns a key prefix no other test uses, whose keys are deleted
// when tb ends.
func Prefix(tb testing.TB) string {
	tb.Helper()
	prefix := "groupmem-test:" + strings.ReplaceAll(tb.Name(), "/", ".") + ":" + rand.Text() + ":"
	tb.Cleanup(func() { deleteKeys(tb, prefix) })
	return prefix
}

// Open returns a Locker on the test server: cfg with Addr defaulting to
// Addr() and, when cfg.Prefix is empty, a Prefix of its own. The test
// fails, naming GROUPMEM_TEST_REDIS_ADDR, when the server cannot be
// reached; the Locker is closed when it ends.
func Open(tb testing.TB, cfg redis.Config) *redis.Locker {
	tb.Helper()
	cfg.Addr = cmp.Or(cfg.Addr, Addr())
	if cfg.Prefix == "" {
		cfg.Prefix = Prefix(tb)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	l, err := redis.Open(ctx, cfg)
	if err != nil {
		tb.Fatalf("open Redis at GROUPMEM_TEST_REDIS_ADDR=%q: %v", cfg.Addr, err)
	}
	tb.Cleanup(func() { l.Close() })
	return l
}

// deleteKeys deletes every key under prefix on the test server.
func deleteKeys(tb testing.TB, prefix string) {
	client := goredis.NewClient(&goredis.Options{Addr: Addr()})
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	iter := client.Scan(ctx, 0, prefix+"*", 100).Iterator()
	for iter.Next(ctx) {
		client.Del(ctx, iter.Val())
	}
	if err := iter.Err(); err != nil {
		tb.Errorf("delete test keys under %q: %v", prefix, err)
	}
}
