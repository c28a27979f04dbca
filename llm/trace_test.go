package llm_test

import (
	"context"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/telemetry"
)

// A model call within a traced run is a span named after its operation
// and model, with the GenAI attributes of its request and usage, and its
// retry and its 429 as events; the conversation stays out of it.
func TestChatSpan(t *testing.T) {
	srv := llmtest.New(t)
	srv.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "1"},
		llmtest.Reply{Text: "the answer text", PromptTokens: 70, CompletionTokens: 8, Model: "m-2026"})
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: srv.URL(), Model: "m",
		Sleep: func(context.Context, time.Duration) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	rec := tracetest.NewSpanRecorder()
	tel := telemetry.New(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)), false)
	ctx, run := tel.Start(context.Background(), "evolve.pass")
	if _, err := chat.Ask(ctx, "the system prompt", "the user prompt"); err != nil {
		t.Fatal(err)
	}
	run.End()
	span := rec.Ended()[0]
	if span.Name() != "chat m" || span.Parent().SpanID() != run.SpanContext().SpanID() {
		t.Fatalf("span %q under %v; want chat m under the pass", span.Name(), span.Parent().SpanID())
	}
	want := map[attribute.Key]attribute.Value{
		"gen_ai.operation.name":      attribute.StringValue("chat"),
		"gen_ai.request.model":       attribute.StringValue("m"),
		"gen_ai.response.model":      attribute.StringValue("m-2026"),
		"gen_ai.usage.input_tokens":  attribute.IntValue(70),
		"gen_ai.usage.output_tokens": attribute.IntValue(8),
	}
	got := map[attribute.Key]attribute.Value{}
	for _, kv := range span.Attributes() {
		got[kv.Key] = kv.Value
		if s := kv.Value.Emit(); s == "the answer text" || s == "the user prompt" {
			t.Errorf("attribute %s carries the conversation", kv.Key)
		}
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k].Emit(), v.Emit())
		}
	}
	var events []string
	for _, e := range span.Events() {
		events = append(events, e.Name)
	}
	if len(events) != 2 || events[0] != "rate_limited" || events[1] != "retry" {
		t.Errorf("events = %v; want the 429, then the retry", events)
	}
}
