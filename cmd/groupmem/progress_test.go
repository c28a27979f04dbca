package main

import (
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/worker"
)

// TestProgressLine: the progress of evolve -all shows the model's 429s,
// budget waits and tokens per minute as the limiter counted them.
func TestProgressLine(t *testing.T) {
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: "ok"}))
	s.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "0"})
	lim, err := llm.NewLimiter(llm.LimiterConfig{Budget: inmem.NewRateBudget(nil), CompletionTokens: 50})
	if err != nil {
		t.Fatal(err)
	}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: s.URL(), Model: "m", MaxTokens: 50, Limiter: lim, BaseBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chat.Ask(t.Context(), "system", "user"); err != nil {
		t.Fatal(err)
	}
	p := worker.Progress{Counts: worker.Counts{Total: 3, Done: 1, Tokens: groupmem.Tokens{Prompt: 70, Completion: 5}}}
	got := progressLine(p, 30*time.Second, lim)
	charged := lim.Stats().Tokens
	want := progress{tokens: 75, tokensPerMin: 2 * charged, throttled: 1, waits: 1}
	if got != want || charged < 100 {
		t.Errorf("progressLine = %+v; want %+v (charged %d)", got, want, charged)
	}
	if got := progressLine(p, 30*time.Second, nil); got != (progress{tokens: 75}) {
		t.Errorf("without a limiter: %+v", got)
	}
}
