package redis

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/groupmem/groupmem"
)

// scripts are the Lua scripts of the lock. Each runs atomically on the
// server, so no other client can change the key between its check and its
// write.
type scripts struct {
	// acquire takes the lock if it is free, and also if it already holds
	// this lease's token: a call that the client sends again after losing
	// its reply (go-redis retries on network errors) finds the lock it
	// took itself and answers as the first reply would have.
	//   KEYS[1] the lock key
	//   ARGV[1] the lease's token
	//   ARGV[2] the TTL in milliseconds
	// Returns 1 when the key now holds this token with a fresh TTL, 0 when
	// it holds another token (then it leaves it alone).
	acquire *goredis.Script
	// release deletes the lock only if it still holds this lease's token.
	//   KEYS[1] the lock key
	//   ARGV[1] the lease's token
	// Returns 1 when it deleted the key, 0 when the key is gone or holds
	// another token (then it leaves it alone).
	release *goredis.Script
	// renew resets the lock's TTL only if it still holds this lease's token.
	//   KEYS[1] the lock key
	//   ARGV[1] the lease's token
	//   ARGV[2] the new TTL in milliseconds
	// Returns 1 when it extended the key, 0 when the key is gone or holds
	// another token (the lease is lost).
	renew *goredis.Script
}

func newScripts() scripts {
	return scripts{
		acquire: goredis.NewScript(`
local held = redis.call("GET", KEYS[1])
if not held then
	redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
	return 1
end
if held == ARGV[1] then
	redis.call("PEXPIRE", KEYS[1], ARGV[2])
	return 1
end
return 0`),
		release: goredis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`),
		renew: goredis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`),
	}
}

// Acquire takes the lock on key (a group id) for ttl with a random token
// (the acquire script: set if absent or already ours), and renews it every
// RenewEvery until the lease is released, lost, or ctx is done. It returns EBUSY when another lease holds the key,
// EINVALID for an empty key, a ttl under a millisecond or a ttl not longer
// than RenewEvery, and EUNAVAILABLE when Redis cannot be reached.
//
// The lease's Context is cancelled, with a cause, when the lease is
// released, when ctx is done (renewal stops and the lock expires after ttl
// unless released), or when the lease is lost: renewal finds the key gone or
// holding another token (cause ESTALE), cannot reach Redis before the lock
// would have expired (cause EUNAVAILABLE), or starts only after that
// expiry because this process ran late, frozen or starved past its lease
// (cause ESTALE, saying so; Redis is not blamed). Every renewal is bounded by
// that expiry, measured from when the last successful call was sent, so the
// context is cancelled no later than the lock can expire on the server.
//
// Acquisition is idempotent: when the reply to the call is lost and the
// client sends it again, the retry finds this lease's token and succeeds
// (not EBUSY), and the lease holds the lock. If ctx ends while the call is
// in flight, the lock may have been taken without a lease to show for it;
// it then expires after ttl.
func (l *Locker) Acquire(ctx context.Context, key string, ttl time.Duration) (groupmem.Lease, error) {
	every := l.renewEvery
	if every == 0 {
		every = ttl / 3
	}
	switch {
	case key == "":
		return nil, groupmem.Errorf(groupmem.EINVALID, "lock key is empty")
	case ttl < time.Millisecond:
		return nil, groupmem.Errorf(groupmem.EINVALID, "lock ttl must be at least 1ms, got %s", ttl)
	case every >= ttl:
		return nil, groupmem.Errorf(groupmem.EINVALID, "lock ttl %s must be longer than the renewal interval %s", ttl, every)
	}
	le := &lease{
		locker: l,
		key:    key,
		rkey:   lockKey(l.prefix, key),
		token:  rand.Text(),
		ttl:    ttl,
		every:  every,
		done:   make(chan struct{}),
	}
	sent := time.Now()
	n, err := l.scripts.acquire.Run(ctx, l.client, []string{le.rkey}, le.token, ttl.Milliseconds()).Int()
	if err != nil {
		return nil, fmt.Errorf("acquire lock: %w", interpretError(err))
	}
	if n == 0 {
		return nil, groupmem.Errorf(groupmem.EBUSY, "group %q is busy: another worker holds its lock", key)
	}
	le.deadline = sent.Add(ttl)
	le.ctx, le.cancel = context.WithCancelCause(ctx)
	go le.run()
	return le, nil
}

// lease is one held lock. Its renewal goroutine (run) owns deadline; mu
// serialises Release.
type lease struct {
	locker *Locker
	key    string // the caller's key
	rkey   string // the Redis key
	token  string
	ttl    time.Duration
	every  time.Duration

	ctx    context.Context
	cancel context.CancelCauseFunc
	done   chan struct{} // closed when run returns

	deadline time.Time // when the lock may expire on the server
	failed   error     // why the last renewal failed; nil after one succeeded

	mu       sync.Mutex
	released bool // the release script ran
}

// Context is cancelled when the lease is released or lost, or when the
// context passed to Acquire is done; context.Cause says which.
func (le *lease) Context() context.Context { return le.ctx }

// Release stops renewal, cancels the lease's context and deletes the lock
// if it still holds this lease's token; a lock taken over by another holder
// is left alone. Releasing again returns nil. EUNAVAILABLE when Redis cannot
// be reached; the lock then expires after its ttl, and a later Release tries
// again. Pass a context that is not cancelled, such as
// context.WithoutCancel of the one given to Acquire.
func (le *lease) Release(ctx context.Context) error {
	le.mu.Lock()
	defer le.mu.Unlock()
	le.cancel(errors.New("lock released"))
	<-le.done
	if le.released {
		return nil
	}
	err := le.locker.scripts.release.Run(ctx, le.locker.client, []string{le.rkey}, le.token).Err()
	if err != nil {
		return fmt.Errorf("release lock: %w", interpretError(err))
	}
	le.released = true
	return nil
}

// run renews the lease until its context is done or the lease is lost.
func (le *lease) run() {
	defer close(le.done)
	timer := time.NewTimer(le.every)
	defer timer.Stop()
	for {
		select {
		case <-le.ctx.Done():
			return
		case <-timer.C:
		}
		wait, lost := le.renewOnce()
		if lost != nil {
			le.cancel(lost)
		}
		if le.ctx.Err() != nil {
			return
		}
		timer.Reset(wait)
	}
}

// renewOnce extends the lock once. It returns how long to wait before the
// next renewal, or the cause when the lease is lost. A failed call is tried
// again at the usual interval, or at the deadline if that comes first; at
// the deadline the lease is lost. The cause says which party failed:
//
//   - ESTALE when Redis answered that the key is gone or holds another
//     token;
//   - EUNAVAILABLE when Redis did not answer a renewal sent before the
//     deadline in time, or could not be reached by the deadline;
//   - ESTALE, saying the process ran late, when a renewal that was due
//     before the deadline could only start after it (the process was
//     frozen, starved or suspended past its lease). Redis is not asked
//     then: the lock may have expired, and nothing can be known of it.
func (le *lease) renewOnce() (time.Duration, error) {
	sent := time.Now()
	if late := sent.Sub(le.deadline); late >= 0 {
		if le.failed != nil {
			return 0, groupmem.WrapError(groupmem.EUNAVAILABLE,
				fmt.Sprintf("lock on group %q was lost: Redis could not be reached before it expired", le.key), le.failed)
		}
		return 0, groupmem.Errorf(groupmem.ESTALE,
			"lock on group %q was lost: this process ran late, and its lease had expired %s before the renewal could be sent (Redis was not asked)",
			le.key, late.Round(time.Millisecond))
	}
	ctx, cancel := context.WithDeadline(le.ctx, le.deadline)
	defer cancel()
	n, err := le.locker.scripts.renew.Run(ctx, le.locker.client, []string{le.rkey}, le.token, le.ttl.Milliseconds()).Int()
	switch {
	case err != nil && le.ctx.Err() != nil:
		return 0, nil // released or abandoned meanwhile; run returns
	case err != nil:
		le.failed = err
		left := time.Until(le.deadline)
		if left <= 0 {
			return 0, groupmem.WrapError(groupmem.EUNAVAILABLE,
				fmt.Sprintf("lock on group %q was lost: Redis did not answer the renewal sent %s before the lease expired",
					le.key, le.deadline.Sub(sent).Round(time.Millisecond)), err)
		}
		return min(le.every, left), nil
	case n == 0:
		return 0, groupmem.Errorf(groupmem.ESTALE,
			"lock on group %q was lost: it expired or another worker took it", le.key)
	}
	le.deadline, le.failed = sent.Add(le.ttl), nil
	return le.every, nil
}
