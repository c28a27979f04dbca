package llmtest

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// RateLimit makes the server enforce a provider's limits on chat requests
// over a sliding window, as providers do: a request that would take the
// requests or tokens of the last Window over the limit is answered 429 with
// Retry-After (seconds, rounded up) and retry-after-ms; every answer carries
// the x-ratelimit-limit-*, -remaining-* and -reset-* headers.
type RateLimit struct {
	// Requests and Tokens are the most requests and tokens admitted in any
	// Window; 0 leaves that resource unlimited.
	Requests, Tokens int
	// Window is the sliding window (default a minute).
	Window time.Duration
	// CountTokens counts a request's prompt tokens the way this provider
	// does; nil counts one token per three bytes of content plus three per
	// message. A request is charged its count plus its max_tokens, and
	// its answer reports the count as usage.prompt_tokens unless the
	// scripted reply sets one.
	CountTokens func([]Message) int
	// NoHeaders leaves out the x-ratelimit-* headers, as some providers do.
	NoHeaders bool
}

// RateStats is what the rate limit saw.
type RateStats struct {
	Admitted  int   // chat requests admitted
	Throttled int   // chat requests answered 429
	Tokens    int64 // tokens charged for the admitted requests
}

// WithRateLimit makes the server enforce l on chat requests.
func WithRateLimit(l RateLimit) Option {
	if l.Window <= 0 {
		l.Window = time.Minute
	}
	if l.CountTokens == nil {
		l.CountTokens = countTokens
	}
	return func(s *Server) { s.rate = &rateWindow{limit: l} }
}

// RateStats returns what the rate limit saw; zero without WithRateLimit.
func (s *Server) RateStats() RateStats {
	if s.rate == nil {
		return RateStats{}
	}
	s.rate.mu.Lock()
	defer s.rate.mu.Unlock()
	return s.rate.stats
}

func countTokens(msgs []Message) int {
	n := 0
	for _, m := range msgs {
		n += (len(m.Content)+2)/3 + 3
	}
	return n
}

// rateWindow is the sliding window of admitted requests.
type rateWindow struct {
	limit RateLimit

	mu      sync.Mutex
	entries []rateEntry // admitted, oldest first, within the window
	tokens  int         // sum of entries' tokens
	stats   RateStats
}

type rateEntry struct {
	at     time.Time
	tokens int
}

// admit charges req to the window if it fits, sets the rate headers on w,
// and reports whether it was admitted and the prompt tokens counted. On a
// refusal it also sets Retry-After.
func (rw *rateWindow) admit(w http.ResponseWriter, req Request) (bool, int) {
	prompt := rw.limit.CountTokens(req.Messages)
	cost := prompt + req.MaxTokens
	now := time.Now()
	rw.mu.Lock()
	defer rw.mu.Unlock()
	rw.prune(now)
	reqWait, tokWait := rw.wait(now, cost)
	ok := reqWait <= 0 && tokWait <= 0
	if ok {
		rw.entries = append(rw.entries, rateEntry{at: now, tokens: cost})
		rw.tokens += cost
		rw.stats.Admitted++
		rw.stats.Tokens += int64(cost)
	} else {
		rw.stats.Throttled++
		wait := max(reqWait, tokWait)
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		w.Header().Set("Retry-After-Ms", strconv.FormatInt(max(wait.Milliseconds(), 1), 10))
	}
	if !rw.limit.NoHeaders {
		rw.headers(w.Header(), now)
	}
	return ok, prompt
}

// prune drops the entries that left the window.
func (rw *rateWindow) prune(now time.Time) {
	i := 0
	for i < len(rw.entries) && now.Sub(rw.entries[i].at) >= rw.limit.Window {
		rw.tokens -= rw.entries[i].tokens
		i++
	}
	rw.entries = rw.entries[i:]
}

// wait returns how long until one more request, and cost more tokens,
// fit; zero or less when they fit now.
func (rw *rateWindow) wait(now time.Time, cost int) (req, tok time.Duration) {
	if l := rw.limit.Requests; l > 0 && len(rw.entries)+1 > l {
		req = rw.expiry(now, len(rw.entries)-l)
	}
	if l := rw.limit.Tokens; l > 0 && rw.tokens+cost > l {
		free, i := rw.tokens+cost-l, 0
		for ; i < len(rw.entries)-1 && free > rw.entries[i].tokens; i++ {
			free -= rw.entries[i].tokens
		}
		tok = rw.expiry(now, i)
	}
	return req, tok
}

// expiry returns how long until entry i leaves the window.
func (rw *rateWindow) expiry(now time.Time, i int) time.Duration {
	if i < 0 || i >= len(rw.entries) {
		return time.Millisecond
	}
	return max(rw.entries[i].at.Add(rw.limit.Window).Sub(now), time.Millisecond)
}

// headers sets the x-ratelimit-* headers. The limits are per minute, as
// providers report them (a Window shorter than a minute scales them up);
// what remains is what the window has room for now.
func (rw *rateWindow) headers(h http.Header, now time.Time) {
	reset := time.Duration(0)
	if len(rw.entries) > 0 {
		reset = rw.expiry(now, 0)
	}
	perMinute := float64(time.Minute) / float64(rw.limit.Window)
	set := func(kind string, limit, used int) {
		if limit <= 0 {
			return
		}
		h.Set("X-Ratelimit-Limit-"+kind, strconv.Itoa(int(float64(limit)*perMinute)))
		h.Set("X-Ratelimit-Remaining-"+kind, strconv.Itoa(max(limit-used, 0)))
		h.Set("X-Ratelimit-Reset-"+kind, fmt.Sprint(reset.Round(time.Millisecond)))
	}
	set("Requests", rw.limit.Requests, len(rw.entries))
	set("Tokens", rw.limit.Tokens, rw.tokens)
}
