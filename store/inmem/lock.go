package inmem

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// Locker implements groupmem.Locker within one process, with the same
// semantics as the Redis lock: a hold on a key lasts ttl unless its lease
// renews it, every ttl/3, and a hold that ran out may be taken by another
// lease. It is safe for concurrent use. The zero value is not usable; call
// NewLocker.
type Locker struct {
	mu    sync.Mutex
	holds map[string]hold
	next  uint64 // the last token handed out
}

// hold is the state of one held key.
type hold struct {
	token    uint64
	deadline time.Time // the hold runs out at this instant
}

var _ groupmem.Locker = (*Locker)(nil)

// NewLocker returns a Locker that holds no key.
func NewLocker() *Locker {
	return &Locker{holds: make(map[string]hold)}
}

// Acquire takes the lock on key (a group id) for ttl and renews it every
// ttl/3 until the lease is released, lost, or ctx is done. It returns EBUSY
// while another lease holds the key, and EINVALID for an empty key or a ttl
// under a millisecond.
//
// The lease's Context is cancelled, with a cause, when the lease is
// released, when ctx is done (renewal stops and the hold runs out after
// ttl unless released), or when renewal finds the hold ran out or was taken
// by another lease (cause ESTALE).
func (l *Locker) Acquire(ctx context.Context, key string, ttl time.Duration) (groupmem.Lease, error) {
	switch {
	case key == "":
		return nil, groupmem.Errorf(groupmem.EINVALID, "lock key is empty")
	case ttl < time.Millisecond:
		return nil, groupmem.Errorf(groupmem.EINVALID, "lock ttl must be at least 1ms, got %s", ttl)
	}
	if err := ctx.Err(); err != nil {
		return nil, groupmem.WrapError(groupmem.EUNAVAILABLE, "cancelled before the lock was taken", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if h, ok := l.holds[key]; ok && now.Before(h.deadline) {
		return nil, groupmem.Errorf(groupmem.EBUSY, "group %q is busy: another worker holds its lock", key)
	}
	l.next++
	l.holds[key] = hold{token: l.next, deadline: now.Add(ttl)}
	le := &lease{locker: l, key: key, token: l.next, ttl: ttl, done: make(chan struct{})}
	le.ctx, le.cancel = context.WithCancelCause(ctx)
	go le.run()
	return le, nil
}

// Held implements groupmem.Locker: whether a lease of this Locker holds
// key, and for how long unless renewed. Holds of other processes are not
// seen. EINVALID for an empty key.
func (l *Locker) Held(_ context.Context, key string) (time.Duration, bool, error) {
	if key == "" {
		return 0, false, groupmem.Errorf(groupmem.EINVALID, "lock key is empty")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	h, ok := l.holds[key]
	if !ok {
		return 0, false, nil
	}
	left := time.Until(h.deadline)
	if left <= 0 {
		return 0, false, nil
	}
	return left, true, nil
}

// renew extends the hold of token on key by ttl. It reports false when the
// hold is gone, ran out, or belongs to another token; a hold of token that
// ran out is dropped.
func (l *Locker) renew(key string, token uint64, ttl time.Duration) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	h, ok := l.holds[key]
	if !ok || h.token != token {
		return false
	}
	now := time.Now()
	if !now.Before(h.deadline) {
		delete(l.holds, key)
		return false
	}
	l.holds[key] = hold{token: token, deadline: now.Add(ttl)}
	return true
}

// release drops the hold on key if token holds it.
func (l *Locker) release(key string, token uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if h, ok := l.holds[key]; ok && h.token == token {
		delete(l.holds, key)
	}
}

// lease is one held lock of a Locker.
type lease struct {
	locker *Locker
	key    string
	token  uint64
	ttl    time.Duration

	ctx    context.Context
	cancel context.CancelCauseFunc
	done   chan struct{} // closed when run returns
}

// Context is cancelled when the lease is released or lost, or when the
// context passed to Acquire is done; context.Cause says which.
func (le *lease) Context() context.Context { return le.ctx }

// Release stops renewal, cancels the lease's context and drops the hold if
// this lease still has it; a hold taken by another lease is left alone.
// Releasing again does nothing. It always returns nil.
func (le *lease) Release(context.Context) error {
	le.cancel(errors.New("lock released"))
	<-le.done
	le.locker.release(le.key, le.token)
	return nil
}

// run renews the hold every ttl/3 until the lease's context is done or the
// hold is lost.
func (le *lease) run() {
	defer close(le.done)
	ticker := time.NewTicker(le.ttl / 3)
	defer ticker.Stop()
	for {
		select {
		case <-le.ctx.Done():
			return
		case <-ticker.C:
		}
		if !le.locker.renew(le.key, le.token, le.ttl) {
			le.cancel(groupmem.Errorf(groupmem.ESTALE,
				"lock on group %q was lost: it expired or another worker took it", le.key))
			return
		}
	}
}
