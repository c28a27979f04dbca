// Package otlp builds the OpenTelemetry tracer provider an operator's
// settings ask for: spans batched and exported by OTLP over HTTP or gRPC,
// requests and runs sampled by ratio, and the ids of a schedule slot's
// span derived from the slot (telemetry.Slot). It is wired by the
// assembly; every other package starts its spans through package
// telemetry.
package otlp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem"
)

// Protocols of the OTLP exporter.
const (
	ProtocolHTTP = "http/protobuf"
	ProtocolGRPC = "grpc"
)

// Config says whether and where traces go. The zero value is off.
type Config struct {
	// Endpoint is the URL of an OTLP collector, e.g.
	// http://collector:4318 for OTLP over HTTP (the path /v1/traces is
	// added when the URL has none) or http://collector:4317 with Protocol
	// grpc. It overrides the exporter's standard endpoint variables.
	Endpoint string
	// Standard says that the exporter's standard variables
	// (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and
	// the other OTEL_EXPORTER_OTLP_* settings) are set: the exporter reads
	// them itself. Traces are on when Endpoint is set or Standard is true.
	Standard bool
	// Protocol is ProtocolHTTP (the default) or ProtocolGRPC.
	Protocol string
	// SampleRatio is the share of requests and runs traced, within [0, 1]
	// (0 means 1: every one). The calls a traced request or run makes are
	// traced with it; a call outside any of them never starts a trace.
	SampleRatio float64
	// Content lets message text, statements, search queries, prompts,
	// answers and SQL into spans (telemetry.Content). Off by default:
	// spans then carry ids, counts and timings only.
	Content bool
	// Service and Version name the process in every span's resource
	// (default service "groupmem"); OTEL_SERVICE_NAME and
	// OTEL_RESOURCE_ATTRIBUTES, when set, are read too.
	Service, Version string
	// Exporter, when set, replaces the OTLP exporter.
	Exporter sdktrace.SpanExporter
}

// Enabled reports whether c asks for traces.
func (c Config) Enabled() bool { return c.Endpoint != "" || c.Standard || c.Exporter != nil }

// New returns the provider c asks for, or nil when c asks for none (no
// exporter, no goroutine). The exporter connects when it first exports.
// EINVALID names the setting at fault: Endpoint, Protocol or SampleRatio.
// Shut the provider down to export what is left.
func New(ctx context.Context, c Config) (*sdktrace.TracerProvider, error) {
	if !c.Enabled() {
		return nil, nil
	}
	if !(c.SampleRatio >= 0 && c.SampleRatio <= 1) {
		return nil, groupmem.Errorf(groupmem.EINVALID, "telemetry SampleRatio %v must lie within [0, 1]", c.SampleRatio)
	}
	exp := c.Exporter
	if exp == nil {
		var err error
		if exp, err = exporter(ctx, c); err != nil {
			return nil, err
		}
	}
	res, err := resource.New(ctx, resource.WithFromEnv(), resource.WithTelemetrySDK(),
		resource.WithAttributes(attribute.String("service.name", cmp.Or(c.Service, "groupmem")),
			attribute.String("service.version", c.Version)))
	if err != nil && res == nil {
		return nil, fmt.Errorf("telemetry resource: %w", err)
	}
	return sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exp),
		sdktrace.WithResource(res),
		sdktrace.WithSampler(sdktrace.ParentBased(rootSampler{sdktrace.TraceIDRatioBased(cmp.Or(c.SampleRatio, 1))})),
		sdktrace.WithIDGenerator(ids{}),
	), nil
}

// exporter builds the OTLP exporter of c.
func exporter(ctx context.Context, c Config) (sdktrace.SpanExporter, error) {
	proto := cmp.Or(c.Protocol, ProtocolHTTP)
	if proto != ProtocolHTTP && proto != ProtocolGRPC {
		return nil, groupmem.Errorf(groupmem.EINVALID, "telemetry Protocol %q must be %s or %s",
			groupmem.Truncate(c.Protocol, 40), ProtocolHTTP, ProtocolGRPC)
	}
	var u *url.URL
	if c.Endpoint != "" {
		var err error
		u, err = url.Parse(c.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, groupmem.Errorf(groupmem.EINVALID, "telemetry Endpoint %q is not an absolute http or https URL",
				groupmem.Truncate(c.Endpoint, 200))
		}
	}
	if proto == ProtocolGRPC {
		var opts []otlptracegrpc.Option
		if u != nil {
			opts = append(opts, otlptracegrpc.WithEndpointURL(u.String()))
		}
		return wrapExporter(otlptracegrpc.New(ctx, opts...))
	}
	var opts []otlptracehttp.Option
	if u != nil {
		if strings.Trim(u.Path, "/") == "" {
			u.Path = "/v1/traces"
		}
		opts = append(opts, otlptracehttp.WithEndpointURL(u.String()))
	}
	return wrapExporter(otlptracehttp.New(ctx, opts...))
}

// wrapExporter names the failure to build an exporter.
func wrapExporter[E sdktrace.SpanExporter](exp E, err error) (sdktrace.SpanExporter, error) {
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, "telemetry exporter cannot be built from its settings", err)
	}
	return exp, nil
}

// Shutdown exports what is left in tp and stops its exporter; a nil tp
// does nothing.
func Shutdown(ctx context.Context, tp *sdktrace.TracerProvider) error {
	if tp == nil {
		return nil
	}
	if err := tp.Shutdown(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("telemetry shutdown: %w", err)
	}
	return nil
}

// rootSampler decides the spans that would begin a trace: a request or a
// run is kept by ratio; a client call (a query, a command, an RPC, an
// HTTP request) with no parent is never kept, so that background loops
// start no trace of their own.
type rootSampler struct{ ratio sdktrace.Sampler }

func (s rootSampler) ShouldSample(p sdktrace.SamplingParameters) sdktrace.SamplingResult {
	if p.Kind == trace.SpanKindClient || p.Kind == trace.SpanKindProducer {
		return sdktrace.SamplingResult{Decision: sdktrace.Drop,
			Tracestate: trace.SpanContextFromContext(p.ParentContext).TraceState()}
	}
	return s.ratio.ShouldSample(p)
}

func (s rootSampler) Description() string { return "RootsByRatio{" + s.ratio.Description() + "}" }
