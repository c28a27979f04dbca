package otlp_test

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	collector "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	common "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// receiver is an OTLP/HTTP collector on loopback: it decodes every
// ExportTraceServiceRequest posted to /v1/traces and keeps its spans and
// its raw bytes.
type receiver struct {
	srv *httptest.Server

	mu    sync.Mutex
	raw   [][]byte
	spans []*tracepb.Span
}

func startReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	if req.URL.Path != "/v1/traces" || req.Method != http.MethodPost {
		http.Error(w, "not an OTLP traces export", http.StatusNotFound)
		return
	}
	var body io.Reader = req.Body
	if req.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(req.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = zr
	}
	data, err := io.ReadAll(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var export collector.ExportTraceServiceRequest
	if err := proto.Unmarshal(data, &export); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	r.raw = append(r.raw, data)
	for _, rs := range export.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			r.spans = append(r.spans, ss.Spans...)
		}
	}
	r.mu.Unlock()
	out, _ := proto.Marshal(&collector.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(out)
}

// received returns the spans and the bytes exported so far.
func (r *receiver) received() ([]*tracepb.Span, []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*tracepb.Span(nil), r.spans...), bytes.Join(r.raw, nil)
}

// tree indexes exported spans by id.
type tree struct {
	byID map[string]*tracepb.Span
	all  []*tracepb.Span
}

func newTree(spans []*tracepb.Span) tree {
	t := tree{byID: map[string]*tracepb.Span{}, all: spans}
	for _, s := range spans {
		t.byID[hex.EncodeToString(s.SpanId)] = s
	}
	return t
}

// parent returns the parent of s among the exported spans, or nil.
func (t tree) parent(s *tracepb.Span) *tracepb.Span {
	return t.byID[hex.EncodeToString(s.ParentSpanId)]
}

// named returns the spans named name.
func (t tree) named(name string) []*tracepb.Span {
	var out []*tracepb.Span
	for _, s := range t.all {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// under returns the spans whose chain of parents reaches root, root
// included.
func (t tree) under(root *tracepb.Span) []*tracepb.Span {
	var out []*tracepb.Span
	for _, s := range t.all {
		for p := s; p != nil; p = t.parent(p) {
			if p == root {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// attr returns the value of attribute key of s, and whether it has one.
func attr(s *tracepb.Span, key string) (*common.AnyValue, bool) {
	for _, kv := range s.Attributes {
		if kv.Key == key {
			return kv.Value, true
		}
	}
	return nil, false
}

// value is v as a Go value: a string, an int64, a float64 or a bool.
func value(v *common.AnyValue) any {
	switch x := v.GetValue().(type) {
	case *common.AnyValue_StringValue:
		return x.StringValue
	case *common.AnyValue_IntValue:
		return x.IntValue
	case *common.AnyValue_DoubleValue:
		return x.DoubleValue
	case *common.AnyValue_BoolValue:
		return x.BoolValue
	}
	return nil
}
