package llm

import (
	"cmp"
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// Limiter defaults.
const (
	DefaultLimiterKey      = "chat"
	DefaultMaxConcurrency  = 64
	DefaultHeadroom        = 0.95
	DefaultRateBurst       = time.Second
	initialConcurrency     = 4
	defaultThrottlePause   = time.Second
	latencyGrowth          = 1.5 // recent latency this many times the usual one cuts concurrency
	fastAlpha, slowAlpha   = 0.2, 0.02
	minScale, maxScale     = 0.25, 4.0
	concurrencyCutOn429    = 0.5
	concurrencyCutOnLatent = 0.8
)

// LimiterConfig configures a Limiter. Budget is required; the zero value of
// every other field means its default.
type LimiterConfig struct {
	// Budget keeps the requests and tokens admitted; a budget in Redis
	// makes every replica share one limit.
	Budget groupmem.RateBudget
	// Key names the budget in Budget (default DefaultLimiterKey); clients
	// of one provider account share a key.
	Key string
	// Limits are the provider's limits per minute. A limit the provider's
	// x-ratelimit-limit-* headers report lower replaces the configured
	// one; one not configured is learnt from them.
	Limits groupmem.RateLimits
	// Headroom is the share of the limits used, in (0, 1] (default
	// DefaultHeadroom): admissions are paced, not counted per calendar
	// minute, and the provider counts tokens its own way.
	Headroom float64
	// MaxConcurrency caps the calls in flight (default
	// DefaultMaxConcurrency). Concurrency starts lower and adapts: one more
	// per round of successful calls, halved on a 429, cut when latency
	// grows.
	MaxConcurrency int
	// CompletionTokens is charged per request on top of the prompt's
	// estimate, as providers count max_tokens against the token limit
	// (Chat sets it to its MaxTokens).
	CompletionTokens int
	// Sleep waits between Takes; nil uses a timer.
	Sleep func(ctx context.Context, d time.Duration) error
}

// LimiterStats are a Limiter's counters since it was made.
type LimiterStats struct {
	Calls         int64         // requests admitted
	Tokens        int64         // tokens charged to the budget
	Throttled     int64         // answers with status 429
	BudgetWaits   int64         // admissions that had to wait for the budget
	BudgetWaited  time.Duration // total time spent waiting for the budget
	Concurrency   int           // calls allowed in flight now
	InFlight      int           // calls in flight now
	RequestsLimit int           // requests per minute in force (0: none)
	TokensLimit   int           // tokens per minute in force (0: none)
}

// Limiter admits model calls against a shared rate budget and adapts how
// many run at once. It is safe for concurrent use; one Limiter serves
// every call of a process to one provider account.
type Limiter struct {
	budget   groupmem.RateBudget
	key      string
	headroom float64
	maxConc  int
	reserve  int
	sleep    func(context.Context, time.Duration) error

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced when a slot frees or the window grows
	window   float64       // calls allowed in flight
	inFlight int
	limits   groupmem.RateLimits
	scale    float64      // provider's prompt tokens per estimated token
	fast     float64      // recent latency (seconds), fast average
	slow     float64      // usual latency (seconds), slow average
	lastCut  [2]time.Time // the last cut for a 429 and for latency
	stats    LimiterStats
}

// NewLimiter checks c and returns a Limiter. EINVALID names the setting at
// fault.
func NewLimiter(c LimiterConfig) (*Limiter, error) {
	const setting = "limiter config"
	switch {
	case c.Budget == nil:
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: Budget is required", setting)
	case c.Limits.RequestsPerMinute < 0 || c.Limits.TokensPerMinute < 0 || c.Limits.Burst < 0:
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: Limits must not be negative", setting)
	case c.Headroom < 0 || c.Headroom > 1:
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: Headroom must lie within (0, 1]", setting)
	case c.MaxConcurrency < 0 || c.CompletionTokens < 0:
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: MaxConcurrency and CompletionTokens must not be negative", setting)
	}
	l := &Limiter{
		budget:   c.Budget,
		key:      cmp.Or(c.Key, DefaultLimiterKey),
		headroom: cmp.Or(c.Headroom, DefaultHeadroom),
		maxConc:  cmp.Or(c.MaxConcurrency, DefaultMaxConcurrency),
		reserve:  c.CompletionTokens,
		sleep:    c.Sleep,
		changed:  make(chan struct{}),
		limits:   c.Limits,
		scale:    1,
	}
	if l.sleep == nil {
		l.sleep = sleep
	}
	l.limits.Burst = cmp.Or(l.limits.Burst, DefaultRateBurst)
	l.window = float64(min(initialConcurrency, l.maxConc))
	return l, nil
}

// Stats returns the counters so far.
func (l *Limiter) Stats() LimiterStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.stats
	s.Concurrency, s.InFlight = int(l.window), l.inFlight
	s.RequestsLimit, s.TokensLimit = l.limits.RequestsPerMinute, l.limits.TokensPerMinute
	return s
}

// ticket is one admitted call: what it was charged and when it started.
type ticket struct {
	estimate int
	start    time.Time
}

// admit waits for a slot among the calls in flight, then for the budget to
// admit a request of estimate prompt tokens, and returns the ticket to
// pass to done and how long it waited. On error the call holds no slot.
func (l *Limiter) admit(ctx context.Context, estimate int) (ticket, time.Duration, error) {
	start := time.Now()
	if err := l.slot(ctx); err != nil {
		return ticket{}, time.Since(start), err
	}
	var counted bool
	for {
		lim, cost := l.charge(estimate)
		w, err := l.budget.Take(ctx, l.key, lim, cost)
		if err == nil && w == 0 {
			l.mu.Lock()
			l.stats.Calls++
			l.stats.Tokens += int64(cost)
			if counted {
				l.stats.BudgetWaited += time.Since(start)
			}
			l.mu.Unlock()
			return ticket{estimate: estimate, start: time.Now()}, time.Since(start), nil
		}
		if err == nil && !counted {
			counted = true
			l.mu.Lock()
			l.stats.BudgetWaits++
			l.mu.Unlock()
		}
		if err == nil {
			err = l.sleep(ctx, w)
		}
		if err != nil {
			l.release()
			return ticket{}, time.Since(start), groupmem.WrapError(groupmem.EUNAVAILABLE, "chat model: waiting for the rate budget", err)
		}
	}
}

// charge returns the limits in force, less the headroom, and what a
// request of estimate prompt tokens costs.
func (l *Limiter) charge(estimate int) (groupmem.RateLimits, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limits
	lim.RequestsPerMinute = int(float64(lim.RequestsPerMinute) * l.headroom)
	lim.TokensPerMinute = int(float64(lim.TokensPerMinute) * l.headroom)
	return lim, int(math.Ceil(float64(estimate)*l.scale)) + l.reserve
}

// slot waits until fewer calls than the window are in flight and takes
// one.
func (l *Limiter) slot(ctx context.Context) error {
	for {
		l.mu.Lock()
		if l.inFlight < int(l.window) {
			l.inFlight++
			l.mu.Unlock()
			return nil
		}
		ch := l.changed
		l.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return groupmem.WrapError(groupmem.EUNAVAILABLE, "chat model: waiting for a free call slot", ctx.Err())
		}
	}
}

// release frees a slot. l.mu must not be held.
func (l *Limiter) release() {
	l.mu.Lock()
	l.inFlight--
	l.wake()
	l.mu.Unlock()
}

// wake tells every waiter that the state changed. l.mu must be held.
func (l *Limiter) wake() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// done ends an admitted call: it frees the slot and learns from the answer
// (status 0 when none came): its rate-limit headers, a 429's Retry-After,
// which pauses the shared budget, and its latency.
func (l *Limiter) done(ctx context.Context, t ticket, status int, h http.Header) error {
	now := time.Now()
	latency := now.Sub(t.start).Seconds()
	var pause time.Duration
	l.mu.Lock()
	l.inFlight--
	l.learnLimits(h)
	switch {
	case status == http.StatusTooManyRequests:
		l.stats.Throttled++
		pause = cmp.Or(max(retryAfter(h, now), 0), defaultThrottlePause)
		l.cut(now, cutThrottled, concurrencyCutOn429)
	case status >= 200 && status < 300:
		pause = l.exhausted(h)
		l.window = min(l.window+1/l.window, float64(l.maxConc))
		if l.slow == 0 {
			l.fast, l.slow = latency, latency
		}
		l.fast += fastAlpha * (latency - l.fast)
		l.slow += slowAlpha * (latency - l.slow)
		if l.fast > latencyGrowth*l.slow {
			l.cut(now, cutSlow, concurrencyCutOnLatent)
		}
	}
	l.wake()
	l.mu.Unlock()
	if pause > 0 {
		return l.budget.Pause(ctx, l.key, pause)
	}
	return nil
}

// Reasons to cut the window, each rationed on its own.
const (
	cutThrottled = iota
	cutSlow
)

// cut shrinks the window by factor, at most once per recent latency for
// each reason, so that the answers of one burst cut it once. l.mu must be
// held.
func (l *Limiter) cut(now time.Time, reason int, factor float64) {
	if now.Sub(l.lastCut[reason]).Seconds() < l.fast {
		return
	}
	l.lastCut[reason] = now
	l.window = max(1, l.window*factor)
}

// learnLimits lowers the limits in force to those the provider reports.
// l.mu must be held.
func (l *Limiter) learnLimits(h http.Header) {
	if n := headerInt(h, "X-Ratelimit-Limit-Requests"); n > 0 && (l.limits.RequestsPerMinute == 0 || n < l.limits.RequestsPerMinute) {
		l.limits.RequestsPerMinute = n
	}
	if n := headerInt(h, "X-Ratelimit-Limit-Tokens"); n > 0 && (l.limits.TokensPerMinute == 0 || n < l.limits.TokensPerMinute) {
		l.limits.TokensPerMinute = n
	}
}

// exhausted returns how long to pause when the provider reports no request
// or too few tokens left for one more call, and 0 otherwise.
func (l *Limiter) exhausted(h http.Header) time.Duration {
	var d time.Duration
	if n := headerInt(h, "X-Ratelimit-Remaining-Requests"); n == 0 {
		d = max(d, resetHeader(h.Get("X-Ratelimit-Reset-Requests")))
	}
	if n := headerInt(h, "X-Ratelimit-Remaining-Tokens"); n >= 0 && n < l.reserve+1 {
		d = max(d, resetHeader(h.Get("X-Ratelimit-Reset-Tokens")))
	}
	return d
}

// calibrate learns how the provider counts prompt tokens from a call whose
// prompt was estimated at estimate and counted as reported.
func (l *Limiter) calibrate(estimate, reported int) {
	if estimate <= 0 || reported <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ratio := min(max(float64(reported)/float64(estimate), minScale), maxScale)
	l.scale += 0.1 * (ratio - l.scale)
	if ratio > l.scale { // never charge less than the last call proved
		l.scale = ratio
	}
}

// headerInt reads a non-negative integer header; -1 when absent or bad.
func headerInt(h http.Header, name string) int {
	n, err := strconv.Atoi(strings.TrimSpace(h.Get(name)))
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// resetHeader reads an x-ratelimit-reset-* value: a Go-style duration such
// as "1s", "6m0s" or "20ms", or a number of seconds. Zero when bad.
func resetHeader(v string) time.Duration {
	v = strings.TrimSpace(v)
	if d, err := time.ParseDuration(v); err == nil && d > 0 && d < time.Hour {
		return d
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 && s < 3600 {
		return time.Duration(s * float64(time.Second))
	}
	return 0
}
