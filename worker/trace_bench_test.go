package worker_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	gmstack "github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/telemetry/otlp"
	"github.com/groupmem/groupmem/worker"
)

// BenchmarkEvolveOverheadTraces is BenchmarkEvolveOverhead with traces
// off (exactly that benchmark) and on: every run traced (sample ratio 1),
// its phases, its model call and every Postgres, Redis and Qdrant call
// beneath, exported by OTLP over HTTP to a collector on loopback that
// discards them. The two alternate with -count:
//
//	go test ./worker -run '^$' -bench BenchmarkEvolveOverheadTraces -benchtime 100x -count 6
func BenchmarkEvolveOverheadTraces(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "traces=off"
		if on {
			name = "traces=on"
		}
		b.Run(name, func(b *testing.B) {
			h := newBenchHarness(b)
			var spans func() int
			if on {
				spans = traceHarness(b, h)
			}
			cpu := cpuTime()
			benchEvolveOverhead(b, h)
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			if spans != nil {
				b.ReportMetric(float64(spans())/float64(b.N), "spans/op")
			}
		})
	}
}

// cpuTime is the CPU time the process has used, user and system: the
// benchmark's own work, the in-process model and Qdrant servers, and the
// export of spans in the background.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// traceHarness rebuilds h's stores and service with every driver traced
// as the assembly traces them (stack.Config.Traced), exporting by OTLP
// over HTTP to a collector on loopback that drops them. It returns the
// count of spans exported so far, after a flush.
func traceHarness(b *testing.B, h *harness) func() int {
	b.Helper()
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
	}))
	b.Cleanup(collector.Close)
	ctx := context.Background()
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(collector.URL+"/v1/traces"))
	if err != nil {
		b.Fatal(err)
	}
	counted := &countingExporter{SpanExporter: exp}
	tp, err := otlp.New(ctx, otlp.Config{Exporter: counted})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = otlp.Shutdown(context.Background(), tp) })
	cfg := gmstack.Config{Redis: redis.Config{Prefix: redistest.Prefix(b)},
		Chat: llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second}}.Traced(tp, false)
	h.ledger = pgtest.OpenWith(b, pgtest.Options{Tracer: cfg.Postgres.Tracer})
	h.index, err = qdrant.Open(ctx, qdrant.Config{Addr: h.qaddr, Collection: "memories", Dimension: dim,
		SkipCompatibilityCheck: true, DialOptions: cfg.Qdrant.DialOptions})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.index.Close() })
	h.locker = redistest.Open(b, cfg.Redis)
	chat, err := llm.NewChat(cfg.Chat)
	if err != nil {
		b.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		b.Fatal(err)
	}
	h.svc = worker.New(worker.Deps{Ledger: h.ledger, Index: h.index, Locker: h.locker, Embedder: h.embedder, Fuser: fuser,
		Logger: h.log, Now: func() time.Time { return night }, Telemetry: telemetry.New(tp, false)}, worker.Config{})
	return func() int {
		_ = tp.ForceFlush(ctx)
		return int(counted.n.Load())
	}
}

// countingExporter is the OTLP exporter, counting the spans it exports.
type countingExporter struct {
	sdktrace.SpanExporter
	n atomic.Int64
}

func (e *countingExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	e.n.Add(int64(len(spans)))
	return e.SpanExporter.ExportSpans(ctx, spans)
}
