package llm

import (
	"net/http"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/inmem"
)

// TestLimiterReadsRateHeaders: a provider's lower limit replaces the
// configured one, and an answer saying nothing is left pauses the shared
// budget until the reset it reports.
func TestLimiterReadsRateHeaders(t *testing.T) {
	budget := inmem.NewRateBudget(nil)
	l, err := NewLimiter(LimiterConfig{Budget: budget, Limits: groupmem.RateLimits{RequestsPerMinute: 6000, TokensPerMinute: 1_000_000}})
	if err != nil {
		t.Fatal(err)
	}
	tk, _, err := l.admit(t.Context(), 10)
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	h.Set("X-Ratelimit-Limit-Requests", "3000")
	h.Set("X-Ratelimit-Limit-Tokens", "2000000") // higher than configured: ignored
	h.Set("X-Ratelimit-Remaining-Requests", "0")
	h.Set("X-Ratelimit-Reset-Requests", "1.5s")
	if err := l.done(t.Context(), tk, http.StatusOK, h); err != nil {
		t.Fatal(err)
	}
	if st := l.Stats(); st.RequestsLimit != 3000 || st.TokensLimit != 1_000_000 || st.InFlight != 0 {
		t.Errorf("after the headers: %+v; want requests 3000, tokens 1000000, none in flight", st)
	}
	w, err := budget.Take(t.Context(), DefaultLimiterKey, groupmem.RateLimits{}, 0)
	if err != nil || w < time.Second || w > 1500*time.Millisecond {
		t.Errorf("budget after remaining 0 with reset 1.5s: wait %v, %v; want about 1.5s", w, err)
	}
}

func TestResetHeader(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"1s": time.Second, "6m0s": 6 * time.Minute, "20ms": 20 * time.Millisecond, "2.5": 2500 * time.Millisecond,
		"": 0, "soon": 0, "-1s": 0, "2h": 0,
	} {
		if got := resetHeader(in); got != want {
			t.Errorf("resetHeader(%q) = %v; want %v", in, got, want)
		}
	}
}

// TestLimiterCutsOnLatencyGrowth: when answers slow down well past the
// usual latency, fewer calls run at once.
func TestLimiterCutsOnLatencyGrowth(t *testing.T) {
	l, err := NewLimiter(LimiterConfig{Budget: inmem.NewRateBudget(nil), MaxConcurrency: 64})
	if err != nil {
		t.Fatal(err)
	}
	answer := func(latency time.Duration) {
		l.mu.Lock()
		l.inFlight++
		l.mu.Unlock()
		if err := l.done(t.Context(), ticket{start: time.Now().Add(-latency)}, http.StatusOK, nil); err != nil {
			t.Fatal(err)
		}
	}
	for range 40 {
		answer(20 * time.Millisecond)
	}
	grown := l.Stats().Concurrency
	if grown <= initialConcurrency {
		t.Fatalf("concurrency %d after steady answers; want above %d", grown, initialConcurrency)
	}
	for range 5 {
		answer(200 * time.Millisecond)
	}
	if got := l.Stats().Concurrency; got >= grown {
		t.Errorf("concurrency %d after answers ten times slower; want below %d", got, grown)
	}
}
