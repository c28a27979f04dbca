package telemetry_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem/telemetry"
)

// Off, starting a span allocates nothing and hands back the caller's
// context.
func TestOffCostsNothing(t *testing.T) {
	var off *telemetry.Telemetry
	ctx := context.Background()
	allocs := testing.AllocsPerRun(1000, func() {
		c, span := off.Start(ctx, "evolve.run")
		c2, child := telemetry.Child(c, "evolve.pass")
		child.End()
		span.End()
		if c2 != ctx {
			t.Fatal("Start or Child changed the context with tracing off")
		}
	})
	if allocs != 0 {
		t.Errorf("a span with tracing off costs %v allocations, want 0", allocs)
	}
	if off.Enabled() || off.Content() || telemetry.Content(ctx) {
		t.Error("the nil Telemetry claims to be on")
	}
}

// recorder is a Telemetry whose spans are kept in memory.
func recorder(content bool) (*telemetry.Telemetry, *tracetest.SpanRecorder) {
	rec := tracetest.NewSpanRecorder()
	return telemetry.New(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)), content), rec
}

// Child spans come from the provider of the span in the context, under
// it; without a recording span there is none.
func TestChildFollowsTheContextsSpan(t *testing.T) {
	tel, rec := recorder(false)
	ctx, root := tel.Start(context.Background(), "root")
	_, child := telemetry.Child(ctx, "child")
	child.End()
	root.End()
	ended := rec.Ended()
	if len(ended) != 2 || ended[0].Name() != "child" || ended[0].Parent().SpanID() != root.SpanContext().SpanID() {
		t.Fatalf("spans = %v; want child under root", ended)
	}
	if _, span := telemetry.Child(context.Background(), "orphan"); span.IsRecording() {
		t.Error("Child without a recording parent recorded a span")
	}
}

// Content travels with the spans' contexts, only when it is on, and to
// work that outlives its request (Follow).
func TestContentSwitch(t *testing.T) {
	for _, on := range []bool{false, true} {
		tel, _ := recorder(on)
		ctx, span := tel.Start(context.Background(), "request")
		if telemetry.Content(ctx) != on || tel.Content() != on {
			t.Errorf("content %v: Content(ctx) = %v", on, telemetry.Content(ctx))
		}
		later := telemetry.Follow(context.Background(), ctx)
		if telemetry.Content(later) != on || trace.SpanContextFromContext(later).SpanID() != span.SpanContext().SpanID() {
			t.Errorf("content %v: Follow lost the content switch or the parent", on)
		}
		span.End()
	}
}

// A slot has the same span context wherever it is computed, and another
// slot has another; runs link to it.
func TestSlotIsTheSameEverywhere(t *testing.T) {
	slot := time.Date(2026, 11, 27, 3, 0, 0, 0, time.UTC)
	a, b := telemetry.Slot(slot), telemetry.Slot(slot.In(time.FixedZone("CST", 8*3600)))
	if !a.IsValid() || !a.Equal(b) {
		t.Fatalf("Slot(%v) = %v and %v; want one valid span context", slot, a, b)
	}
	if telemetry.Slot(slot.Add(24 * time.Hour)).Equal(a) {
		t.Error("two slots share a span context")
	}
	tel, rec := recorder(false)
	ctx, tick := tel.Start(context.Background(), "evolve.job", telemetry.LinkSlot(slot))
	_ = ctx
	tick.End()
	if links := rec.Ended()[0].Links(); len(links) != 1 || !links[0].SpanContext.Equal(a) {
		t.Errorf("links = %v; want the slot's span context", links)
	}
}

// A line logged within a span carries its trace and span ids; one logged
// outside any span carries neither.
func TestLogLinesCarryTheSpan(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(telemetry.LogHandler(slog.NewTextHandler(&buf, nil))).With("run_id", "r1")
	tel, _ := recorder(false)
	ctx, span := tel.Start(context.Background(), "evolve.run")
	log.InfoContext(ctx, "evolved")
	log.InfoContext(context.Background(), "idle")
	span.End()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	sc := span.SpanContext()
	if want := "trace_id=" + sc.TraceID().String(); !strings.Contains(lines[0], want) ||
		!strings.Contains(lines[0], "span_id="+sc.SpanID().String()) || !strings.Contains(lines[0], "run_id=r1") {
		t.Errorf("line in a span = %q; want its trace_id, span_id and run_id", lines[0])
	}
	if strings.Contains(lines[1], "trace_id") {
		t.Errorf("line outside any span = %q; want no trace_id", lines[1])
	}
}

// BenchmarkSpan measures one span a run's phase starts and ends, with
// tracing off (the nil Telemetry) and on (an SDK provider that keeps
// every span and hands it to a batch exporter that drops it).
func BenchmarkSpan(b *testing.B) {
	ctx := context.Background()
	b.Run("off", func(b *testing.B) {
		var off *telemetry.Telemetry
		for b.Loop() {
			c, run := off.Start(ctx, "evolve.run")
			_, phase := telemetry.Child(c, "evolve.load")
			phase.End()
			run.End()
		}
	})
	b.Run("on", func(b *testing.B) {
		tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(tracetest.NewNoopExporter()))
		defer tp.Shutdown(ctx)
		tel := telemetry.New(tp, false)
		for b.Loop() {
			c, run := tel.Start(ctx, "evolve.run")
			_, phase := telemetry.Child(c, "evolve.load")
			phase.End()
			run.End()
		}
	})
}
