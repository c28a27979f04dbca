// Package redis is the per-group lock on Redis through go-redis v9: a lock is
// a key holding a random token with a TTL, renewed while its lease is held
// and given up only by the holder of that token. The lock only avoids
// duplicate work; correctness rests on the ledger's fencing token.
//
// Its tests use the Redis server GROUPMEM_TEST_REDIS_ADDR names (default:
// the local one), each under a key prefix of its own (redistest, for
// other packages).
package redis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"

	"github.com/groupmem/groupmem"
)

// Config says how to reach Redis and how to keep locks. The zero value of
// every field means its default.
type Config struct {
	// Addr is host:port of the server (GROUPMEM_REDIS_ADDR, default
	// 127.0.0.1:6379).
	Addr string
	// Password authenticates to the server; empty sends none.
	Password string
	// DB is the database number to select (default 0).
	DB int
	// Prefix starts every key groupmem writes (default "groupmem:"). Two
	// deployments sharing one server need different prefixes.
	Prefix string
	// RenewEvery is how often a held lease extends its lock (default a
	// third of the lease's ttl). It must be shorter than every ttl passed
	// to Acquire.
	RenewEvery time.Duration
	// Instrument, when set, is given the client before its first command,
	// to add hooks (tracing; nil: none).
	Instrument func(goredis.UniversalClient) error
}

// Locker implements groupmem.Locker on Redis. It is safe for concurrent
// use. Close it when done.
type Locker struct {
	client     *goredis.Client
	prefix     string
	renewEvery time.Duration
	scripts    scripts
}

var _ groupmem.Locker = (*Locker)(nil)

// Open connects to Redis, checks the connection with a PING and returns a
// Locker. A negative DB or RenewEvery is EINVALID; an unreachable server is
// EUNAVAILABLE.
func Open(ctx context.Context, cfg Config) (*Locker, error) {
	if cfg.DB < 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "redis DB must not be negative, got %d", cfg.DB)
	}
	if cfg.RenewEvery < 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "redis lock renewal interval must not be negative, got %s", cfg.RenewEvery)
	}
	l := newLocker(cfg)
	if cfg.Instrument != nil {
		if err := cfg.Instrument(l.client); err != nil {
			l.client.Close()
			return nil, groupmem.WrapError(groupmem.EINVALID, "redis Instrument refused the client", err)
		}
	}
	if err := l.client.Ping(ctx).Err(); err != nil {
		l.client.Close()
		return nil, groupmem.WrapError(groupmem.EUNAVAILABLE,
			fmt.Sprintf("cannot reach Redis at %s", l.client.Options().Addr), err)
	}
	return l, nil
}

// Defaults of Config.
const (
	DefaultAddr   = "127.0.0.1:6379"
	DefaultPrefix = "groupmem:"
)

// newLocker returns a Locker for cfg with defaults applied, without
// connecting.
func newLocker(cfg Config) *Locker {
	client := goredis.NewClient(&goredis.Options{
		Addr:     cmp.Or(cfg.Addr, DefaultAddr),
		Password: cfg.Password,
		DB:       cfg.DB,
		// Lease renewal bounds every call by the lease's deadline; the
		// client must honour context deadlines on the socket for that.
		ContextTimeoutEnabled:    true,
		DisableIdentity:          true,
		MaintNotificationsConfig: &maintnotifications.Config{Mode: maintnotifications.ModeDisabled},
	})
	return &Locker{
		client:     client,
		prefix:     cmp.Or(cfg.Prefix, DefaultPrefix),
		renewEvery: cfg.RenewEvery,
		scripts:    newScripts(),
	}
}

// Close closes the connections to Redis. Leases still held can no longer
// renew or release: their contexts are cancelled by the time their locks
// could expire (cause EUNAVAILABLE), and the locks expire after their ttl.
// Release leases before closing.
func (l *Locker) Close() error {
	if err := l.client.Close(); err != nil {
		return fmt.Errorf("close redis client: %w", err)
	}
	return nil
}

// Ping checks that Redis answers, for readiness probes. EUNAVAILABLE when it
// does not.
func (l *Locker) Ping(ctx context.Context) error {
	if err := l.client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("ping redis: %w", interpretError(err))
	}
	return nil
}

// interpretError turns an error of go-redis into a *groupmem.Error, once,
// where it enters: a refusal of the service's credentials (NOAUTH,
// WRONGPASS, NOPERM) or a server that cannot serve (LOADING, READONLY,
// MASTERDOWN, OOM) is EUNAVAILABLE, the deployment's to fix; any other
// reply of the server is EINTERNAL (a bug in a command or script);
// anything else (network, timeout, closed client, ended context) is
// EUNAVAILABLE. The cause stays in the chain, so errors.Is(err,
// context.Canceled) still works.
func interpretError(err error) error {
	switch reply, isReply := errors.AsType[goredis.Error](err); {
	case err == nil:
		return nil
	case isReply && refusal(reply.Error()):
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "redis refused the service: its credentials, or it cannot serve now", reply)
	case isReply && !errors.Is(err, goredis.Nil):
		return groupmem.WrapError(groupmem.EINTERNAL, "redis rejected a command", reply)
	case errors.Is(err, context.Canceled):
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "cancelled before redis answered", err)
	case errors.Is(err, context.DeadlineExceeded):
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "redis did not answer in time", err)
	default:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "redis cannot be reached", err)
	}
}

// refusal reports whether a Redis error reply says the server refuses the
// service rather than the command: by the reply's error prefix.
func refusal(reply string) bool {
	for _, p := range []string{"NOAUTH", "WRONGPASS", "NOPERM", "LOADING", "READONLY", "MASTERDOWN", "OOM"} {
		if strings.HasPrefix(reply, p) {
			return true
		}
	}
	return false
}
