package api

import (
	"net/http"
	"strconv"
	"strings"

	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem/telemetry"
)

// startRequest begins the span of one request, continuing the caller's
// trace when its headers carry one. With tracing off it returns r as it
// is. The span is named after the route once the request is routed (see
// endRequest); it carries neither the path nor the query, which hold group
// ids and search text, unless content is on.
func (h *Handler) startRequest(r *http.Request) (*http.Request, trace.Span) {
	t := h.d.Telemetry
	if !t.Enabled() {
		return r, trace.SpanFromContext(r.Context())
	}
	ctx := propagation.TraceContext{}.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
	ctx, span := t.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(telemetry.HTTPMethod.String(r.Method)))
	return r.WithContext(ctx), span
}

// endRequest names the span of a routed request after its route template
// ("GET /memory/context/{group_id}"), records the status, and ends it.
func (h *Handler) endRequest(r *http.Request, span trace.Span, status int) {
	if !h.d.Telemetry.Enabled() || !span.IsRecording() {
		return
	}
	if route := r.Pattern; route != "" && route != "/" {
		span.SetName(route)
		_, path, _ := strings.Cut(route, " ")
		span.SetAttributes(telemetry.HTTPRoute.String(path))
	}
	span.SetAttributes(telemetry.HTTPStatus.Int(status))
	if telemetry.Content(r.Context()) {
		span.SetAttributes(telemetry.URLQuery.String(r.URL.RawQuery), telemetry.GroupID.String(r.PathValue("group_id")))
	}
	if status >= 500 {
		span.SetStatus(codes.Error, http.StatusText(status))
		span.SetAttributes(telemetry.ErrorType.String(strconv.Itoa(status)))
	}
	span.End()
}
