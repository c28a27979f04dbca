package llm_test

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/inmem"
)

// newLimited returns a chat client of s admitted by a Limiter on budget
// with lc, retrying 429s after real waits.
func newLimited(t *testing.T, s *llmtest.Server, budget groupmem.RateBudget, lc llm.LimiterConfig) (*llm.Chat, *llm.Limiter) {
	t.Helper()
	lc.Budget = budget
	lim, err := llm.NewLimiter(lc)
	if err != nil {
		t.Fatalf("NewLimiter: %v", err)
	}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: s.URL(), Model: "m1", MaxTokens: lc.CompletionTokens, Limiter: lim,
		BaseBackoff: 10 * time.Millisecond, MaxBackoff: 5 * time.Second, MaxRetries: 20})
	if err != nil {
		t.Fatalf("NewChat: %v", err)
	}
	return chat, lim
}

// hammer runs workers goroutines asking chat until d has passed and
// returns how many calls succeeded.
func hammer(t *testing.T, chat *llm.Chat, workers int, d time.Duration) int64 {
	t.Helper()
	var ok atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(d)
	prompt := strings.Repeat("the group meets on friday nights to talk about new anime. ", 20)
	for range workers {
		wg.Go(func() {
			for time.Now().Before(stop) {
				if _, err := chat.Ask(t.Context(), "fuse", prompt); err != nil {
					t.Error(err)
					return
				}
				ok.Add(1)
			}
		})
	}
	wg.Wait()
	return ok.Load()
}

// TestLimiterStaysUnderProviderLimits runs two clients, as two replicas,
// sharing one budget against a server that enforces its limits over a
// sliding window and counts tokens otherwise than the clients estimate:
// almost no call is refused, and the limits are used.
func TestLimiterStaysUnderProviderLimits(t *testing.T) {
	t.Parallel()
	for _, headers := range []bool{true, false} {
		t.Run(fmt.Sprintf("headers=%v", headers), func(t *testing.T) {
			t.Parallel()
			limiterUnderProviderLimits(t, headers)
		})
	}
}

// limiterUnderProviderLimits is TestLimiterStaysUnderProviderLimits with
// or without the provider's x-ratelimit-* headers.
func limiterUnderProviderLimits(t *testing.T, headers bool) {
	// 40 requests and 24,000 tokens every 2s: 1,200 requests and 720,000
	// tokens a minute, as the headers report them. A call costs about 400
	// prompt tokens + 100.
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: `{"action":"keep"}`, Latency: 20 * time.Millisecond}),
		llmtest.WithRateLimit(llmtest.RateLimit{Requests: 40, Tokens: 24_000, Window: 2 * time.Second, NoHeaders: !headers}))
	budget := inmem.NewRateBudget(nil)
	lc := llm.LimiterConfig{Limits: groupmem.RateLimits{RequestsPerMinute: 1200, TokensPerMinute: 720_000, Burst: 50 * time.Millisecond},
		CompletionTokens: 100}
	a, la := newLimited(t, s, budget, lc)
	b, _ := newLimited(t, s, budget, lc)
	defer func() { t.Logf("limiter %+v server %+v", la.Stats(), s.RateStats()) }()
	var calls atomic.Int64
	var wg sync.WaitGroup
	for _, c := range []*llm.Chat{a, b} {
		wg.Go(func() { calls.Add(hammer(t, c, 12, 5*time.Second)) })
	}
	wg.Wait()
	st := s.RateStats()
	if share := float64(st.Throttled) / float64(st.Admitted+st.Throttled); share > 0.01 {
		t.Errorf("%d of %d requests answered 429 (%.1f%%); want at most 1%%", st.Throttled, st.Admitted+st.Throttled, 100*share)
	}
	// Tokens bind: 12,000/s at about 420 a call is about 28 calls a second.
	perSec := float64(st.Tokens) / float64(st.Admitted)
	if least := int64(0.75 * 5 * 12_000 / perSec); calls.Load() < least {
		t.Errorf("%d calls in 5s; want at least %d: the budget is left unused", calls.Load(), least)
	}
}

// TestRetryAfterPausesEveryCall: a 429 with Retry-After holds back every
// call sharing the budget, not just the one that got it.
func TestRetryAfterPausesEveryCall(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var arrivals []time.Time
	s := llmtest.New(t, llmtest.WithHandler(func(llmtest.Request) llmtest.Reply {
		mu.Lock()
		arrivals = append(arrivals, time.Now())
		mu.Unlock()
		return llmtest.Reply{Text: "ok"}
	}))
	first := time.Now()
	s.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "1"})
	budget := inmem.NewRateBudget(nil)
	a, la := newLimited(t, s, budget, llm.LimiterConfig{})
	b, _ := newLimited(t, s, budget, llm.LimiterConfig{})
	done := make(chan error, 1)
	go func() { _, err := a.Ask(t.Context(), "s", "u"); done <- err }()
	for la.Stats().Throttled == 0 { // the 429 has been answered and read
		time.Sleep(time.Millisecond)
	}
	if _, err := b.Ask(t.Context(), "s", "u"); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, at := range arrivals {
		if d := at.Sub(first); d < 900*time.Millisecond {
			t.Errorf("request %d sent %v after the 429 that asked for 1s", i+2, d)
		}
	}
}

// TestConcurrencyAdapts: calls in flight grow while answers come back
// well, halve on a 429, and follow the provider's reported limits.
func TestConcurrencyAdapts(t *testing.T) {
	t.Parallel()
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: "ok", Latency: 5 * time.Millisecond}),
		llmtest.WithRateLimit(llmtest.RateLimit{Requests: 100_000, Tokens: 50_000_000}))
	chat, lim := newLimited(t, s, inmem.NewRateBudget(nil), llm.LimiterConfig{MaxConcurrency: 32})
	before := lim.Stats().Concurrency
	hammer(t, chat, 32, 700*time.Millisecond)
	grown := lim.Stats()
	if grown.Concurrency <= before {
		t.Fatalf("concurrency %d after good answers; want above the start of %d", grown.Concurrency, before)
	}
	if grown.RequestsLimit != 100_000 || grown.TokensLimit != 50_000_000 {
		t.Errorf("limits in force %d/%d; want the provider's 100000/50000000", grown.RequestsLimit, grown.TokensLimit)
	}
	s.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "0"})
	if _, err := chat.Ask(t.Context(), "s", "u"); err != nil {
		t.Fatal(err)
	}
	after := lim.Stats()
	if after.Throttled != 1 || after.Concurrency > grown.Concurrency/2+1 {
		t.Errorf("after a 429: throttled %d, concurrency %d (was %d); want 1 and about half", after.Throttled, after.Concurrency, grown.Concurrency)
	}
}
