package api_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/msgsearch"
)

func TestOperationsEndpoints(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	f.seed(t, "g1", "likes tea")
	if _, err := f.svc.Relay().Drain(context.Background()); err != nil { // the group's messages, for the message index
		t.Fatal(err)
	}

	want(t, f.get(t, "/healthz", ""), 200, "")
	want(t, f.get(t, "/readyz", ""), 200, "")
	r := f.get(t, "/openapi.json", "")
	want(t, r, 200, "")
	if !bytes.Equal(r.body, api.OpenAPI()) {
		t.Error("/openapi.json does not serve the embedded document")
	}
	r = f.get(t, "/metrics", "")
	want(t, r, 200, "")
	for _, line := range []string{
		`groupmem_http_request_duration_seconds_count{code="2xx",route="POST /memory/evolve/{group_id}"} 1`,
		`groupmem_runs_total{status="succeeded",trigger="manual"} 1`,
		`groupmem_outbox_pending 0`,
		`groupmem_outbox_lag_up 1`,
	} {
		if !strings.Contains(string(r.body), line+"\n") {
			t.Errorf("/metrics lacks %q", line)
		}
	}
	if strings.Contains(string(r.body), "g1") {
		t.Error("/metrics names a group")
	}
}

func TestUnmatched(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	tests := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/nope", 404, ""},
		{"GET", "/memory/list/g1/extra", 404, ""},
		{"GET", "/memory", 404, ""},
		{"PUT", "/memory/list/g1", 405, "GET, HEAD"},
		{"POST", "/healthz", 405, "GET, HEAD"},
		{"GET", "/memory/evolve/g1", 405, "POST"},
		{"PATCH", "/memory/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f", 405, "DELETE, GET, HEAD, PUT"},
		{"DELETE", "/memory/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f/restore", 405, "PUT"},
	}
	for _, tt := range tests {
		t.Run(tt.method+tt.path, func(t *testing.T) {
			r := f.do(t, req{method: tt.method, path: tt.path, key: secretRoot})
			code := "not_found"
			if tt.status == 405 {
				code = "method_not_allowed"
			}
			want(t, r, tt.status, code)
			if got := r.header.Get("Allow"); got != tt.allow {
				t.Errorf("Allow = %q, want %q", got, tt.allow)
			}
		})
	}
}

// TestBackendDown shows that an unreachable index answers 503 on the
// endpoints that search it (memories or messages, which live in Qdrant
// too), while the ledger's endpoints keep working.
func TestBackendDown(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	mem := f.seed(t, "g1", "likes tea")["likes tea"]
	f.qsrv.Close()
	ready := f.get(t, "/readyz", "")
	want(t, ready, 503, "unavailable")
	for _, p := range []string{"/memory/search/g1?q=tea", "/memory/context/g1?q=tea", "/memory/context/g1", "/memory/messages/g1?q=tea"} {
		want(t, f.get(t, p, secretRoot), 503, "unavailable")
	}
	want(t, f.get(t, "/memory/list/g1", secretRoot), 200, "")
	want(t, f.get(t, "/memory/history/"+mem.ID, secretRoot), 200, "")
	want(t, f.get(t, "/memory/changes/g1", secretRoot), 200, "")
	// A manual change commits to the ledger; the projection waits in the
	// outbox for the index to come back.
	want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + mem.ID, key: secretRoot}), 200, "")
	// So do the group's messages, for the message index.
	n, _, err := f.ledger.OutboxLag(context.Background())
	if err != nil || n != 2 {
		t.Errorf("outbox lag = %d, %v; want 2 pending (the deletion's projection, the messages)", n, err)
	}
	if r := f.get(t, "/metrics", ""); !strings.Contains(string(r.body), "groupmem_outbox_pending 2\n") {
		t.Error("/metrics does not show the pending outbox entries")
	}
}

func TestServerTimeouts(t *testing.T) {
	srv := api.NewServer("127.0.0.1:0", http.NotFoundHandler(), api.Config{ReadTimeout: 7 * time.Second})
	if srv.ReadHeaderTimeout != api.DefaultReadHeaderTimeout || srv.ReadTimeout != 7*time.Second ||
		srv.WriteTimeout != api.DefaultWriteTimeout || srv.IdleTimeout != api.DefaultIdleTimeout || srv.MaxHeaderBytes != api.DefaultMaxHeaderBytes {
		t.Errorf("server = %+v", srv)
	}
}

// panicEmbedder panics on every call, to show that a panic in a handler is
// answered as a JSON 500 and the server carries on.
type panicEmbedder struct{}

func (panicEmbedder) Embed(context.Context, []string) ([][]float32, error) { panic("embedder bug") }
func (panicEmbedder) Dimension() int                                       { return dim }

func TestPanicRecovered(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	h, err := api.New(api.Deps{Ledger: f.ledger, Index: f.index, Embedder: panicEmbedder{}, Service: f.svc, Keys: testKeys(t),
		Messages: msgsearch.New(f.ledger, panicEmbedder{}, msgsearch.Config{})}, api.Config{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("X-API-Key", secretRoot)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	status, body := get("/memory/search/g1?q=tea")
	if status != 500 || body != `{"success":false,"error":{"code":"internal","message":"internal error"}}`+"\n" {
		t.Errorf("panicking handler = %d %s", status, body)
	}
	if status, _ := get("/healthz"); status != 200 {
		t.Errorf("after a panic /healthz = %d", status)
	}
}
