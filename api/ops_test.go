package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/metrics"
)

// The operational endpoints on an address of their own answer as the API
// does: the same bodies, the same statuses, /metrics behind its key.
func TestOpsAnswerAsTheAPI(t *testing.T) {
	down := groupmem.WrapError(groupmem.EUNAVAILABLE, "redis is down", errors.New("dial tcp: refused"))
	var ready error = down
	h := api.Ops(api.OpsConfig{Metrics: metrics.New(nil), MetricsKey: api.HashKey("s3cret"),
		Ready: func(context.Context) error { return ready }})
	get := func(path, token string) (int, map[string]any) {
		t.Helper()
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		var body map[string]any
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		return w.Code, body
	}
	if code, body := get("/healthz", ""); code != 200 || body["status"] != "ok" {
		t.Errorf("healthz = %d %v", code, body)
	}
	code, body := get("/readyz", "")
	if e, _ := body["error"].(map[string]any); code != 503 || e["code"] != "unavailable" || e["message"] != "not ready: redis is down" {
		t.Errorf("readyz with redis down = %d %v", code, body)
	}
	ready = nil
	if code, body := get("/readyz", ""); code != 200 || body["status"] != "ready" {
		t.Errorf("readyz = %d %v", code, body)
	}
	if code, body := get("/metrics", "guess"); code != 401 || body["error"].(map[string]any)["code"] != "unauthorized" {
		t.Errorf("metrics with a wrong key = %d %v", code, body)
	}
	if code, _ := get("/metrics", "s3cret"); code != 200 {
		t.Errorf("metrics with its key = %d", code)
	}
}
