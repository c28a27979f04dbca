// Package telemetry owns the spans of groupmem's traces: the Telemetry
// that requests and runs start their spans with, Child for the calls
// they make, the attributes spans carry, the switch that lets message
// text into them, the link of a nightly run to its schedule slot, and
// the log handler that stamps log lines with the active span. The
// exporter and its provider are built by package telemetry/otlp; this
// package needs only the OpenTelemetry API, so that every layer may use it.
//
// Off (a nil *Telemetry), tracing costs nothing: Start and Child return
// the context they were given, with a span that records nothing, and
// allocate nothing. On, every request and every evolution run is a span
// (a root unless a caller's trace is continued), and the calls they make
// are its children.
//
// No message text, statement or query enters a span unless content is
// on: spans carry ids, counts, timings and route templates, never the text
// of a request, of a message or of a memory.
package telemetry

import (
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Scope names the instrumentation of every span groupmem starts itself.
const Scope = "github.com/groupmem/groupmem"

// Telemetry starts the spans of one process. The nil *Telemetry is off:
// every method works and records nothing.
type Telemetry struct {
	tp      trace.TracerProvider
	tracer  trace.Tracer
	content bool
}

// New returns the Telemetry that starts its spans with tp, or nil (off)
// when tp is nil. With content set, spans may carry message text,
// statements, queries, prompts and answers (see Content).
func New(tp trace.TracerProvider, content bool) *Telemetry {
	if tp == nil {
		return nil
	}
	return &Telemetry{tp: tp, tracer: tp.Tracer(Scope), content: content}
}

// Enabled reports whether t records spans.
func (t *Telemetry) Enabled() bool { return t != nil }

// Provider returns the tracer provider, for the instrumentation of the
// drivers (Postgres, Redis, gRPC, HTTP clients); one that records nothing
// when t is off.
func (t *Telemetry) Provider() trace.TracerProvider {
	if t == nil {
		return noop.NewTracerProvider()
	}
	return t.tp
}

// Content reports whether t lets message text, statements and queries
// into spans.
func (t *Telemetry) Content() bool { return t != nil && t.content }
