package stack

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/extra/redisotel/v9"
	goredis "github.com/redis/go-redis/v9"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/telemetry/otlp"
)

// shutdownTimeout bounds the export of the spans left when the stack
// closes.
const shutdownTimeout = 5 * time.Second

// openTelemetry builds the tracer provider Config.Telemetry asks for and,
// when traces are on, has every driver trace its calls (Config.Traced).
// The provider is shut down, its spans exported, when the stack closes,
// after every other part.
func (s *Stack) openTelemetry(ctx context.Context) error {
	tp, err := otlp.New(ctx, s.cfg.Telemetry)
	if err != nil || tp == nil {
		return setting("Telemetry", err)
	}
	s.closers = append(s.closers, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		return otlp.Shutdown(ctx, tp)
	})
	s.Telemetry = telemetry.New(tp, s.cfg.Telemetry.Content)
	s.cfg = s.cfg.Traced(tp, s.cfg.Telemetry.Content)
	return nil
}

// Traced returns c with every driver tracing its calls through tp under
// the spans of requests and runs: Postgres queries (otelpgx), Redis
// commands (redisotel), Qdrant's gRPC calls (otelgrpc) and the model's
// and the embeddings service's HTTP calls (otelhttp). Without content, no
// SQL text, Redis arguments or request body enters a span.
func (c Config) Traced(tp trace.TracerProvider, content bool) Config {
	meters := metricnoop.NewMeterProvider()
	pg := []otelpgx.Option{otelpgx.WithTracerProvider(tp), otelpgx.WithMeterProvider(meters), otelpgx.WithDisableAcquireTracer(),
		otelpgx.WithDisableConnectionDetailsInAttributes()}
	if !content {
		pg = append(pg, otelpgx.WithDisableSQLStatementInAttributes())
	}
	c.Postgres.Tracer = pgxTracer{otelpgx.NewTracer(pg...)}
	c.Redis.Instrument = func(rc goredis.UniversalClient) error {
		return redisotel.InstrumentTracing(rc, redisotel.WithTracerProvider(tp), redisotel.WithDBStatement(content),
			redisotel.WithCallerEnabled(false))
	}
	c.Qdrant.DialOptions = append(slices.Clip(c.Qdrant.DialOptions), grpc.WithStatsHandler(otelgrpc.NewClientHandler(
		otelgrpc.WithTracerProvider(tp), otelgrpc.WithMeterProvider(meters))))
	if c.Chat.BaseURL != "" {
		c.Chat.HTTPClient = tracedClient(c.Chat.HTTPClient, tp)
	}
	if c.Embeddings.BaseURL != "" {
		c.Embeddings.HTTPClient = tracedClient(c.Embeddings.HTTPClient, tp)
	}
	return c
}

// pgxTracer is otelpgx's tracer with a batch as one span (its size, its
// time, its error) rather than one more per query in it: a commit's
// batch would otherwise double the spans of a run. The server's address
// is left out of every span too; it is the same for all.
type pgxTracer struct{ *otelpgx.Tracer }

// TraceBatchQuery records nothing: the batch's span covers its queries.
func (pgxTracer) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

// tracedClient is a copy of c (nil: the default client) whose transport
// traces each request.
func tracedClient(c *http.Client, tp trace.TracerProvider) *http.Client {
	traced := &http.Client{}
	if c != nil {
		*traced = *c
	}
	base := cmp.Or[http.RoundTripper](traced.Transport, http.DefaultTransport)
	traced.Transport = otelhttp.NewTransport(base, otelhttp.WithTracerProvider(tp),
		otelhttp.WithMeterProvider(metricnoop.NewMeterProvider()))
	return traced
}
