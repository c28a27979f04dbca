package inmem

import (
	"context"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// RateBudget implements groupmem.RateBudget for one process. It is safe for
// concurrent use.
type RateBudget struct {
	now func() time.Time

	mu      sync.Mutex
	budgets map[string]*rateState
}

var _ groupmem.RateBudget = (*RateBudget)(nil)

// rateState is one budget: the theoretical arrival times of the next
// request and token at the limits' pace, and the end of a pause.
type rateState struct {
	reqTAT, tokTAT, pausedUntil time.Time
}

// NewRateBudget returns an empty budget store reading the clock with now
// (time.Now when nil).
func NewRateBudget(now func() time.Time) *RateBudget {
	if now == nil {
		now = time.Now
	}
	return &RateBudget{now: now, budgets: map[string]*rateState{}}
}

// Take implements groupmem.RateBudget.
func (b *RateBudget) Take(ctx context.Context, key string, lim groupmem.RateLimits, tokens int) (time.Duration, error) {
	if err := checkRate(ctx, key, tokens); err != nil {
		return 0, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now, s := b.now(), b.state(key)
	if now.Before(s.pausedUntil) {
		return s.pausedUntil.Sub(now), nil
	}
	reqTAT, reqWait := advance(s.reqTAT, now, lim.Burst, lim.RequestsPerMinute, 1)
	tokTAT, tokWait := advance(s.tokTAT, now, lim.Burst, lim.TokensPerMinute, tokens)
	if w := max(reqWait, tokWait); w > 0 {
		return w, nil
	}
	s.reqTAT, s.tokTAT = reqTAT, tokTAT
	return 0, nil
}

// advance returns the theoretical arrival time after admitting cost units
// at perMinute, and how long to wait first when tat runs more than burst
// ahead of now. A zero perMinute admits everything.
func advance(tat, now time.Time, burst time.Duration, perMinute, cost int) (time.Time, time.Duration) {
	if perMinute <= 0 {
		return tat, 0
	}
	base := tat
	if base.Before(now) {
		base = now
	}
	if ahead := base.Sub(now); ahead > burst {
		return tat, ahead - burst
	}
	return base.Add(time.Duration(cost) * time.Minute / time.Duration(perMinute)), 0
}

// Pause implements groupmem.RateBudget.
func (b *RateBudget) Pause(ctx context.Context, key string, d time.Duration) error {
	if err := checkRate(ctx, key, 0); err != nil {
		return err
	}
	if d < 0 {
		return groupmem.Errorf(groupmem.EINVALID, "rate budget pause must not be negative, got %s", d)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.state(key)
	if until := b.now().Add(d); until.After(s.pausedUntil) {
		s.pausedUntil = until
	}
	return nil
}

func (b *RateBudget) state(key string) *rateState {
	s := b.budgets[key]
	if s == nil {
		s = &rateState{}
		b.budgets[key] = s
	}
	return s
}

func checkRate(ctx context.Context, key string, tokens int) error {
	switch {
	case key == "":
		return groupmem.Errorf(groupmem.EINVALID, "rate budget key is empty")
	case tokens < 0:
		return groupmem.Errorf(groupmem.EINVALID, "rate budget tokens must not be negative, got %d", tokens)
	}
	if err := ctx.Err(); err != nil {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "rate budget: cancelled", err)
	}
	return nil
}
