package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/worker"
)

// A run records its model calls and what its tokens cost at the
// configured prices, in its result and its record; the ledger sums them
// for its day and the metrics count them by model.
func TestRunRecordsItsCost(t *testing.T) {
	h := newHarness(t)
	reg := metrics.New(nil)
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: h.ledger, Index: h.index, Locker: h.locker, Embedder: h.embedder, Fuser: fuser,
		Logger: h.log, Observer: reg, Now: func() time.Time { return night }},
		worker.Config{Prices: groupmem.Prices{ChatInput: 2.5, ChatOutput: 10, EmbedInput: 0.02}})
	h.say(t, "g", "ann: chess on wednesday", "bob: wednesday at seven")
	h.answerReply(func(map[string]string) llmtest.Reply {
		return llmtest.Reply{Text: `{"action":"create","statement":"Members play chess on Wednesday evenings"}`,
			PromptTokens: 400_000, CompletionTokens: 50_000}
	})
	ctx := context.Background()
	res, err := svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil || res.Status != groupmem.RunSucceeded {
		t.Fatalf("Evolve = %s, %v; want succeeded", res.Status, err)
	}
	want := groupmem.Tokens{Prompt: 400_000, Completion: 50_000, Calls: 1, Cost: 1.5 * groupmem.CostUnit} // 0.4 × 2.5 + 0.05 × 10
	run, err := h.ledger.Run(ctx, res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, run.Tokens); diff != "" {
		t.Errorf("the run's record (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, res.Tokens); diff != "" {
		t.Errorf("the run's result (-want +got):\n%s", diff)
	}
	day := groupmem.UsageDay(run.StartedAt)
	rep, err := h.ledger.Usage(ctx, groupmem.UsageQuery{GroupID: "g", Since: day, Until: day, By: groupmem.UsageByDay})
	if err != nil {
		t.Fatal(err)
	}
	u := groupmem.Usage{Day: day, Runs: 1, Calls: 1, PromptTokens: 400_000, CompletionTokens: 50_000, Cost: 1.5 * groupmem.CostUnit}
	if diff := cmp.Diff([]groupmem.Usage{u}, rep.Rows); diff != "" {
		t.Errorf("the day's usage (-want +got):\n%s", diff)
	}
	for name, want := range map[string]float64{"groupmem_usage_cost_total": 1.5, "groupmem_usage_calls_total": 1,
		"groupmem_usage_tokens_total": 450_000} {
		if got := gathered(t, reg, name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

// A run records the tokens the embeddings service reported for its new
// versions and prices them beside the chat model's.
func TestRunRecordsItsEmbeddingTokens(t *testing.T) {
	h := newHarness(t)
	server := llmtest.New(t, llmtest.WithEmbed(func(texts []string) [][]float32 {
		out := make([][]float32, len(texts))
		for i := range out {
			out[i] = make([]float32, dim)
			out[i][i%dim] = 1
		}
		return out
	}))
	server.EnqueueEmbeddings(llmtest.Reply{PromptTokens: 50_000})
	emb, err := llm.NewEmbeddings(llm.EmbeddingsConfig{BaseURL: server.URL(), Model: "scripted-embed", Dimension: dim, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: h.ledger, Index: h.index, Locker: h.locker, Embedder: emb, Fuser: fuser,
		Logger: h.log, Now: func() time.Time { return night }},
		worker.Config{Prices: groupmem.Prices{ChatInput: 2.5, ChatOutput: 10, EmbedInput: 0.02}})
	h.say(t, "g", "ann: chess on wednesday")
	h.answerReply(func(map[string]string) llmtest.Reply {
		return llmtest.Reply{Text: `{"action":"create","statement":"Members play chess on Wednesday evenings"}`,
			PromptTokens: 400_000, CompletionTokens: 50_000}
	})
	ctx := context.Background()
	res, err := svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil || res.Status != groupmem.RunSucceeded {
		t.Fatalf("Evolve = %s, %v; want succeeded", res.Status, err)
	}
	want := groupmem.Tokens{Prompt: 400_000, Completion: 50_000, Embedding: 50_000, Calls: 1, Cost: 1.501 * groupmem.CostUnit} // + 0.05 × 0.02
	run, err := h.ledger.Run(ctx, res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, run.Tokens, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("the run's record (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, res.Tokens, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("the run's result (-want +got):\n%s", diff)
	}
}
