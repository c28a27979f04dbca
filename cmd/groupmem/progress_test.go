package main

import (
	"bytes"
	"os"
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

// TestProgressBar: on a terminal, evolve -all redraws one line with the
// groups done and left and the model's figures, and ends it; elsewhere
// (a pipe, a file, a log collector) it writes nothing.
func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	bar := &progressBar{w: &b, tty: true}
	bar.update(3, 10, progress{tokens: 1200, tokensPerMin: 600, throttled: 2, waits: 5})
	bar.update(10, 10, progress{tokens: 4000, tokensPerMin: 800, throttled: 2, waits: 5})
	bar.finish()
	want := "\r[#########.....................] 3/10 groups, 7 left, 1200 tokens, 600 tokens/min, 2 429s, 5 budget waits" +
		"\r[##############################] 10/10 groups, 0 left, 4000 tokens, 800 tokens/min, 2 429s, 5 budget waits\n"
	if b.String() != want {
		t.Errorf("the bar drew\n%q\nwant\n%q", b.String(), want)
	}

	f, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quiet := newProgressBar(f)
	quiet.update(1, 2, progress{})
	quiet.finish()
	if st, _ := f.Stat(); quiet.tty || st.Size() != 0 {
		t.Errorf("on a file the bar wrote %d bytes (terminal %v); want none", st.Size(), quiet.tty)
	}
}
