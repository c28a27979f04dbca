package metrics_test

import (
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/store/inmem"
)

// TestModelRate: the limiter's figures reach the metrics as a real model
// client counts them, 429s included.
func TestModelRate(t *testing.T) {
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: "ok"}))
	s.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "0"})
	lim, err := llm.NewLimiter(llm.LimiterConfig{Budget: inmem.NewRateBudget(nil), CompletionTokens: 100,
		Limits: groupmem.RateLimits{RequestsPerMinute: 600}})
	if err != nil {
		t.Fatal(err)
	}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: s.URL(), Model: "m", MaxTokens: 100, Limiter: lim, BaseBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	r := metrics.New(nil)
	r.WatchModelRate(func() metrics.ModelRate {
		st := lim.Stats()
		return metrics.ModelRate{Calls: st.Calls, Tokens: st.Tokens, Throttled: st.Throttled, BudgetWaits: st.BudgetWaits,
			BudgetWaited: st.BudgetWaited, Concurrency: st.Concurrency, InFlight: st.InFlight}
	})
	if _, err := chat.Ask(t.Context(), "system", "user"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{
		"groupmem_model_calls_total":        2,
		"groupmem_model_throttled_total":    1,
		"groupmem_model_budget_waits_total": 1, // the retry waited for the 1s pause or the 100ms pace
		"groupmem_model_in_flight":          0,
	} {
		if got, ok := value(t, r, name, nil); !ok || got != want {
			t.Errorf("%s = %v (found %v); want %v", name, got, ok, want)
		}
	}
	if got, _ := value(t, r, "groupmem_model_budget_tokens_total", nil); got < 200 {
		t.Errorf("tokens charged %v; want two calls of at least 100 each", got)
	}
}

// The latest night's jobs are exported by state once there is a night to
// show, and not before.
func TestWatchNight(t *testing.T) {
	r := metrics.New(nil)
	var jobs groupmem.JobCounts
	shown := false
	r.WatchNight(func() (groupmem.JobCounts, bool) { return jobs, shown })
	if _, ok := value(t, r, "groupmem_night_jobs", map[string]string{"status": "pending"}); ok {
		t.Fatal("groupmem_night_jobs exported before any night")
	}
	jobs, shown = groupmem.JobCounts{Pending: 7, Running: 2, Done: 40, GivenUp: 1}, true
	for status, want := range map[string]float64{"pending": 7, "running": 2, "done": 40, "given_up": 1} {
		if got, ok := value(t, r, "groupmem_night_jobs", map[string]string{"status": status}); !ok || got != want {
			t.Errorf("groupmem_night_jobs{status=%q} = %v (found %v); want %v", status, got, ok, want)
		}
	}
}
