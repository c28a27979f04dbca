package llm

import (
	"context"
	"encoding/json"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// Operations of the GenAI semantic conventions that the clients make.
const (
	opChat       = "chat"
	opEmbeddings = "embeddings"
)

// startCall begins the span of one call to a model (named "chat gpt-4o",
// "embeddings text-embedding-3-small"), with the GenAI attributes of its
// request, when ctx's span records; nothing otherwise.
func startCall(ctx context.Context, op, model string, extra ...attribute.KeyValue) (context.Context, trace.Span) {
	if !telemetry.Recording(ctx) {
		return ctx, noop.Span{}
	}
	attrs := append([]attribute.KeyValue{telemetry.GenAIOperation.String(op), telemetry.GenAIProvider.String("openai"),
		telemetry.GenAIRequestModel.String(model)}, extra...)
	return telemetry.Child(ctx, op+" "+model, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
}

// endCall ends a model call's span, marking it failed with err's code
// (never its message, which may quote the provider's answer).
func endCall(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		code := groupmem.ErrorCode(err)
		span.SetStatus(codes.Error, code)
		span.SetAttributes(telemetry.ErrorType.String(code))
	}
	span.End()
}

// endChat records what a completion cost and how it ended, and the
// conversation itself when content is on, then ends the span.
func endChat(ctx context.Context, span trace.Span, msgs []ChatMessage, comp Completion, err error) {
	if span.IsRecording() {
		span.SetAttributes(telemetry.GenAIInputTokens.Int(comp.Usage.PromptTokens),
			telemetry.GenAIOutputTokens.Int(comp.Usage.CompletionTokens))
		if err == nil {
			span.SetAttributes(telemetry.GenAIRespModel.String(comp.Model), telemetry.GenAIFinish.StringSlice([]string{comp.FinishReason}))
		}
		if telemetry.Content(ctx) {
			in, _ := json.Marshal(msgs)
			out, _ := json.Marshal([]ChatMessage{{Role: RoleAssistant, Content: comp.Text}})
			span.SetAttributes(telemetry.GenAIInput.String(string(in)), telemetry.GenAIOutput.String(string(out)))
		}
	}
	endCall(span, err)
}

// attemptEvents adds to ctx's span what one attempt of a call met: a
// retry (its number, the wait before it and the status that caused it),
// a wait for the rate budget, a 429.
func attemptEvents(ctx context.Context, attempts []groupmem.Attempt, queued int64) {
	span := trace.SpanFromContext(ctx)
	if !span.IsRecording() || len(attempts) == 0 {
		return
	}
	n := len(attempts)
	a := attempts[n-1]
	if queued > 0 {
		span.AddEvent("rate_limit.wait", trace.WithAttributes(telemetry.Attempt.Int(n), telemetry.WaitMS.Int64(queued)))
	}
	if n > 1 {
		span.AddEvent("retry", trace.WithAttributes(telemetry.Attempt.Int(n), telemetry.WaitMS.Int64(a.WaitMS),
			telemetry.AfterStatus.String(attempts[n-2].Status)))
	}
	if a.Status == "429" {
		span.AddEvent("rate_limited", trace.WithAttributes(telemetry.Attempt.Int(n)))
	}
}
