package telemetry

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"time"

	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// contentKey marks a context whose spans may carry content.
type contentKey struct{}

// Start begins a span named name with t's tracer: a child of ctx's span,
// or a root when ctx has none. Off (t nil), it returns ctx and a span that
// records nothing, and allocates nothing.
func (t *Telemetry) Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	if t == nil {
		return ctx, noop.Span{}
	}
	ctx, span := t.tracer.Start(ctx, name, opts...)
	if t.content && !Content(ctx) {
		ctx = context.WithValue(ctx, contentKey{}, true)
	}
	return ctx, span
}

// Child begins a span named name under ctx's span, through the provider
// that span came from, when that span records; otherwise it returns ctx
// and a span that records nothing, and allocates nothing. Packages that
// only work inside a request or a run (the model client, the passes)
// start their spans with it and need no Telemetry of their own.
func Child(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if !parent.IsRecording() {
		return ctx, noop.Span{}
	}
	return parent.TracerProvider().Tracer(Scope).Start(ctx, name, opts...)
}

// Content reports whether spans started under ctx may carry message text,
// statements, queries, prompts and answers (Config.Content).
func Content(ctx context.Context) bool {
	on, _ := ctx.Value(contentKey{}).(bool)
	return on
}

// Recording reports whether ctx's span records, that is whether anything
// added to it is kept. Callers check it before computing attributes.
func Recording(ctx context.Context) bool { return trace.SpanFromContext(ctx).IsRecording() }

// slotKey carries the ids a slot's span must have.
type slotKey struct{}

// Slot returns the span context of a schedule slot: the same ids, in
// every replica, for the same slot, so that a run of the slot's job links
// to the slot's span wherever the slot was ticked.
func Slot(slot time.Time) trace.SpanContext {
	sum := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("groupmem slot "), uint64(slot.UTC().UnixNano())))
	var tid trace.TraceID
	var sid trace.SpanID
	copy(tid[:], sum[:16])
	copy(sid[:], sum[16:24])
	return trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled})
}

// StartSlot begins the root span of a schedule slot's tick, with the ids
// of Slot(slot). Each replica that ticks the slot records one.
func (t *Telemetry) StartSlot(ctx context.Context, slot time.Time) (context.Context, trace.Span) {
	if t == nil {
		return ctx, noop.Span{}
	}
	ctx, span := t.Start(context.WithValue(ctx, slotKey{}, Slot(slot)), "evolve.slot", trace.WithNewRoot(),
		trace.WithAttributes(SlotTime.String(slot.UTC().Format(time.RFC3339))))
	return ctx, span
}

// LinkSlot is the option that links a span to its schedule slot's span.
func LinkSlot(slot time.Time) trace.SpanStartOption {
	return trace.WithLinks(trace.Link{SpanContext: Slot(slot)})
}

// SlotOf returns the span context a slot's root span must have, when
// ctx is the one StartSlot begins it with.
func SlotOf(ctx context.Context) (trace.SpanContext, bool) {
	sc, ok := ctx.Value(slotKey{}).(trace.SpanContext)
	return sc, ok
}

// Follow returns ctx with from's span as the parent of the spans started
// under it: work that outlives the request that started it (an
// evolution started with async=true) stays in the request's trace.
func Follow(ctx, from context.Context) context.Context {
	sc := trace.SpanContextFromContext(from)
	if !sc.IsValid() {
		return ctx
	}
	if Content(from) {
		ctx = context.WithValue(ctx, contentKey{}, true)
	}
	return trace.ContextWithSpanContext(ctx, sc)
}
