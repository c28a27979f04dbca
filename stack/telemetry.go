package stack

import (
	"context"
	"net/http"
	"time"

	"github.com/exaring/otelpgx"
	"github.com/redis/go-redis/extra/redisotel/v9"
	goredis "github.com/redis/go-redis/v9"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"google.golang.org/grpc"

	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/telemetry/otlp"
)

// shutdownTimeout bounds the export of the spans left when the stack
// closes.
const shutdownTimeout = 5 * time.Second

// openTelemetry builds the tracer provider Config.Telemetry asks for and,
// when traces are on, has every driver trace its calls under the spans
// of requests and runs: Postgres queries (otelpgx), Redis commands
// (redisotel), Qdrant's gRPC calls (otelgrpc) and the model's HTTP calls
// (otelhttp). Without content, no SQL text, Redis arguments or request
// body enters a span. The provider is shut down, its spans exported, when
// the stack closes, after every other part.
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
	content := s.cfg.Telemetry.Content
	s.Telemetry = telemetry.New(tp, content)
	meters := metricnoop.NewMeterProvider()

	pg := []otelpgx.Option{otelpgx.WithTracerProvider(tp), otelpgx.WithMeterProvider(meters), otelpgx.WithDisableAcquireTracer()}
	if !content {
		pg = append(pg, otelpgx.WithDisableSQLStatementInAttributes())
	}
	s.cfg.Postgres.Tracer = otelpgx.NewTracer(pg...)
	s.cfg.Redis.Instrument = func(c goredis.UniversalClient) error {
		return redisotel.InstrumentTracing(c, redisotel.WithTracerProvider(tp), redisotel.WithDBStatement(content),
			redisotel.WithCallerEnabled(false))
	}
	s.cfg.Qdrant.DialOptions = append(s.cfg.Qdrant.DialOptions, grpc.WithStatsHandler(otelgrpc.NewClientHandler(
		otelgrpc.WithTracerProvider(tp), otelgrpc.WithMeterProvider(meters))))
	model := func(c *http.Client) *http.Client {
		t := http.DefaultTransport
		if c != nil && c.Transport != nil {
			t = c.Transport
		}
		traced := &http.Client{}
		if c != nil {
			*traced = *c
		}
		traced.Transport = otelhttp.NewTransport(t, otelhttp.WithTracerProvider(tp), otelhttp.WithMeterProvider(meters))
		return traced
	}
	if s.cfg.Chat.BaseURL != "" {
		s.cfg.Chat.HTTPClient = model(s.cfg.Chat.HTTPClient)
	}
	if s.cfg.Embeddings.BaseURL != "" {
		s.cfg.Embeddings.HTTPClient = model(s.cfg.Embeddings.HTTPClient)
	}
	return nil
}
