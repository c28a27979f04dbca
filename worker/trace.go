package worker

import (
	"context"

	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// The spans of an evolution: the run, and its phases in order. Passes and
// their model calls are children of the fusion; validation is a child of
// each pass's answer (package evolve).
const (
	spanRun     = "evolve.run"
	spanLock    = "evolve.lock" // the group's lock and the run's fence (BeginRun)
	spanLoad    = "evolve.load"
	spanFuse    = "evolve.fuse"
	spanPass    = "evolve.pass"
	spanEmbed   = "evolve.embed"
	spanCommit  = "evolve.commit"
	spanProject = "evolve.project"
	spanJob     = "evolve.job"
)

// endSpan ends a span, marking it failed with err's code (never its
// message, which may quote what a model or a person wrote).
func endSpan(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		code := groupmem.ErrorCode(err)
		span.SetStatus(codes.Error, code)
		span.SetAttributes(telemetry.ErrorType.String(code))
	}
	span.End()
}

// endRun ends the span of a run with what the run did.
func endRun(span trace.Span, res Result, err error) {
	if span.IsRecording() {
		span.SetAttributes(telemetry.RunStatus.String(string(res.Status)), telemetry.Messages.Int(res.Messages),
			telemetry.GenAIInputTokens.Int(res.Tokens.Prompt), telemetry.GenAIOutputTokens.Int(res.Tokens.Completion))
	}
	endSpan(span, err)
}

// under returns ctx (the lease's, which ends with the lock) with span as
// the parent of the spans started under it.
func under(ctx context.Context, span trace.Span) context.Context {
	if !span.IsRecording() {
		return ctx
	}
	return trace.ContextWithSpan(ctx, span)
}

// fuserFor is the Fuser the passes of a run under ctx ask: s's own, with
// a span per pass when the run is traced.
func (s *Service) fuserFor(ctx context.Context) groupmem.Fuser {
	if !telemetry.Recording(ctx) {
		return s.fuser
	}
	return tracedFuser{s.fuser}
}

// tracedFuser records each pass a Fuser answers as a span: the pass's
// number and size, and the actions and tokens of its answer. No message
// or memory text enters it.
type tracedFuser struct{ groupmem.Fuser }

func (f tracedFuser) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	ctx, span := telemetry.Child(ctx, spanPass, trace.WithAttributes(telemetry.Pass.Int(p.N), telemetry.Asked.Int(p.Asked),
		telemetry.Messages.Int(len(p.Messages)), telemetry.Memories.Int(len(p.Memories))))
	ans, err := f.Fuser.Fuse(ctx, p)
	span.SetAttributes(telemetry.Actions.Int(len(ans.Actions)),
		telemetry.GenAIInputTokens.Int(ans.Tokens.Prompt), telemetry.GenAIOutputTokens.Int(ans.Tokens.Completion))
	endSpan(span, err)
	return ans, err
}

// startJob begins the root span of one claimed job's run, linked to the
// span of the slot it was enqueued for.
func (p *Pool) startJob(ctx context.Context, job groupmem.Job) (context.Context, trace.Span) {
	t := p.cfg.Telemetry
	if !t.Enabled() {
		return ctx, noop.Span{}
	}
	return t.Start(ctx, spanJob, trace.WithNewRoot(), telemetry.LinkSlot(job.Slot),
		trace.WithAttributes(telemetry.JobID.Int64(job.ID), telemetry.JobAttempt.Int(job.Attempts+1)))
}
