package otlp

import (
	"context"
	"strings"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// The zero Config is off: no provider at all.
func TestOffByDefault(t *testing.T) {
	tp, err := New(context.Background(), Config{})
	if tp != nil || err != nil {
		t.Fatalf("New(zero) = %v, %v; want nothing", tp, err)
	}
}

// A setting that cannot work is EINVALID and names itself.
func TestBadSettings(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		name string
	}{
		{Config{Endpoint: "collector:4318"}, "Endpoint"},
		{Config{Endpoint: "http://collector:4318", Protocol: "thrift"}, "Protocol"},
		{Config{Endpoint: "http://collector:4318", SampleRatio: 1.5}, "SampleRatio"},
	} {
		_, err := New(context.Background(), c.cfg)
		if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(groupmem.ErrorMessage(err), c.name) {
			t.Errorf("New with a bad %s = %v; want EINVALID naming it", c.name, err)
		}
	}
}

// Requests and runs start traces; a client call outside them does not,
// and one inside them is kept with them. A slot's tick gets the slot's
// own ids.
func TestRootsAndSlots(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp, err := New(context.Background(), Config{Exporter: exp})
	if err != nil {
		t.Fatal(err)
	}
	tel := telemetry.New(tp, false)
	ctx := context.Background()
	_, orphan := tp.Tracer("x").Start(ctx, "SELECT", trace.WithSpanKind(trace.SpanKindClient))
	orphan.End()
	rctx, run := tel.Start(ctx, "evolve.run")
	_, query := tp.Tracer("x").Start(rctx, "SELECT", trace.WithSpanKind(trace.SpanKindClient))
	query.End()
	run.End()
	slot := time.Date(2026, 11, 27, 3, 0, 0, 0, time.UTC)
	_, tick := tel.StartSlot(ctx, slot)
	tick.End()
	if err := tp.ForceFlush(ctx); err != nil {
		t.Fatal(err)
	}
	got := exp.GetSpans()
	if len(got) != 3 || got[0].Parent.SpanID() != got[1].SpanContext.SpanID() {
		t.Fatalf("exported %d spans %v; want the query under the run, then the tick, and no orphan query", len(got), got)
	}
	if sc := got[2].SpanContext; sc.TraceID() != telemetry.Slot(slot).TraceID() || sc.SpanID() != telemetry.Slot(slot).SpanID() {
		t.Errorf("the tick's span is %v; want the slot's ids %v", sc, telemetry.Slot(slot))
	}
	_ = Shutdown(ctx, tp)
}

var _ sdktrace.IDGenerator = ids{}
