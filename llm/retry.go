package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// Retry defaults, shared by every client.
const (
	DefaultMaxRetries  = 4
	DefaultBaseBackoff = 500 * time.Millisecond
	DefaultMaxBackoff  = 30 * time.Second
)

// retryPolicy decides whether and how long to wait before the next attempt
// of one call. It is the one piece of retry logic in this package.
type retryPolicy struct {
	name       string        // names the endpoint in messages, e.g. "chat model"
	maxRetries int           // attempts after the first one
	base, max  time.Duration // full-jitter backoff: rand * min(max, base * 2^retry)
	sleep      func(context.Context, time.Duration) error
	rand       func() float64
}

// retryableError is an attempt's failure that another attempt may cure.
type retryableError struct {
	msg        string        // caller-safe summary, e.g. "status 503: overloaded"
	err        error         // the cause, for logs
	retryAfter time.Duration // the wait the server asked for; negative when it asked none
}

func (e *retryableError) Error() string {
	if e.err != nil {
		return e.msg + ": " + e.err.Error()
	}
	return e.msg
}

func (e *retryableError) Unwrap() error { return e.err }

// run calls attempt until it returns nil or an error that is not a
// *retryableError, until the retries are used up (EUNAVAILABLE naming the
// last failure), or until ctx ends (EUNAVAILABLE wrapping ctx.Err()). Each
// call of attempt is told how long the policy waited before it. It returns
// the number of attempts made.
func (p retryPolicy) run(ctx context.Context, attempt func(ctx context.Context, waited time.Duration) error) (int, error) {
	var waited time.Duration
	for n := 1; ; n++ {
		err := attempt(ctx, waited)
		var r *retryableError
		if !errors.As(err, &r) {
			return n, err
		}
		if ctx.Err() != nil {
			return n, p.cancelled(ctx, err)
		}
		if n > p.maxRetries {
			msg := fmt.Sprintf("%s: gave up after %d attempts: %s", p.name, n, r.msg)
			return n, groupmem.WrapError(groupmem.EUNAVAILABLE, msg, r.err)
		}
		waited = p.wait(n-1, r.retryAfter)
		if err := p.sleep(ctx, waited); err != nil {
			if ctx.Err() != nil {
				return n, p.cancelled(ctx, r)
			}
			return n, groupmem.WrapError(groupmem.EUNAVAILABLE, p.name+": wait between attempts failed", err)
		}
	}
}

// cancelled is the error of a call that stopped because ctx ended; last is
// the failure of the last attempt. errors.Is(err, context.Canceled) holds
// for the result when ctx was cancelled.
func (p retryPolicy) cancelled(ctx context.Context, last error) error {
	return groupmem.WrapError(groupmem.EUNAVAILABLE, p.name+": call cancelled",
		fmt.Errorf("%w (last attempt: %w)", ctx.Err(), last))
}

// wait returns how long to wait before retry number retry (0 for the first
// retry): the server's Retry-After when it gave one, capped by max, and
// otherwise a full-jitter exponential backoff.
func (p retryPolicy) wait(retry int, retryAfter time.Duration) time.Duration {
	if retryAfter >= 0 {
		return min(retryAfter, p.max)
	}
	ceiling := p.max
	if retry < 63 && p.base <= p.max>>retry {
		ceiling = p.base << retry
	}
	return time.Duration(p.rand() * float64(ceiling))
}

// sleep waits d or until ctx ends, whichever is first; it returns ctx.Err()
// in the latter case.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfter reads how long the server asks the client to wait: the
// retry-after-ms header (milliseconds) or Retry-After (seconds, or an HTTP
// date relative to now). It returns a negative duration when neither holds
// a usable value.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms <= 1e12 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return -1
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if !(s >= 0 && s <= 1e9) { // also rejects NaN
			return -1
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return -1
}
