package groupmem

import (
	"context"
	"time"
)

// RateLimits are a model provider's limits per minute. Zero leaves that
// resource unlimited.
type RateLimits struct {
	RequestsPerMinute int
	TokensPerMinute   int
	// Burst is how far admissions may run ahead of an even pace: within
	// any window of length w a budget admits at most (w + Burst) worth of
	// each limit, plus one request's tokens. Zero admits at an even pace.
	Burst time.Duration
}

// RateBudget is a budget of model requests and tokens per minute that every
// process using the same store shares, so that several replicas together
// stay under one provider's limits. It spreads admissions evenly over the
// minute (a generic cell rate: each admission moves a theoretical arrival
// time forward by its cost at the limit's pace). Implementations:
// store/redis (shared between processes), store/inmem (one process).
type RateBudget interface {
	// Take admits one request costing tokens on the budget named key, under
	// lim, when both the request and its tokens fit now, and returns 0.
	// Otherwise it admits nothing and returns how long to wait before they
	// may fit (a positive duration). While the budget is paused it admits
	// nothing and returns the pause left. EINVALID for an empty key or
	// negative tokens; EUNAVAILABLE when the store cannot be reached.
	Take(ctx context.Context, key string, lim RateLimits, tokens int) (time.Duration, error)

	// Pause stops the budget named key from admitting anything for d from
	// now, as a provider's Retry-After asks; a pause already in force that
	// ends later stays. EINVALID for an empty key or a negative d.
	Pause(ctx context.Context, key string, d time.Duration) error
}
