package api

import (
	"bytes"
	"context"
	_ "embed"
	"net/http"

	"github.com/groupmem/groupmem"
)

//go:embed openapi.json
var openAPIDoc []byte

// OpenAPI returns the OpenAPI 3.1 document of the API (a copy), as served
// at GET /openapi.json.
func OpenAPI() []byte { return bytes.Clone(openAPIDoc) }

type statusJSON struct {
	Success bool   `json:"success"`
	Status  string `json:"status"`
}

// healthz answers GET /healthz: the process is up. It needs no key and
// asks no backend.
func (h *Handler) healthz(w http.ResponseWriter, _ *http.Request, _ *call) error {
	writeJSON(w, http.StatusOK, statusJSON{true, "ok"})
	return nil
}

// readyz answers GET /readyz: 200 when Deps.Ready reports the backends
// ready, 503 (EUNAVAILABLE, with the failing check's caller-safe message)
// otherwise. It needs no key.
func (h *Handler) readyz(w http.ResponseWriter, r *http.Request, _ *call) error {
	if h.d.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), h.cfg.ReadyTimeout)
		defer cancel()
		if err := h.d.Ready(ctx); err != nil {
			msg := "not ready"
			if code := groupmem.ErrorCode(err); code != groupmem.EINTERNAL {
				msg += ": " + groupmem.ErrorMessage(err)
			}
			return groupmem.WrapError(groupmem.EUNAVAILABLE, msg, err)
		}
	}
	writeJSON(w, http.StatusOK, statusJSON{true, "ready"})
	return nil
}

// openapi answers GET /openapi.json. It needs no key.
func (h *Handler) openapi(w http.ResponseWriter, _ *http.Request, _ *call) error {
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(openAPIDoc)
	return nil
}

// metrics answers GET /metrics in the Prometheus text format. It needs no
// key: no metric carries a group id or any text of a group.
func (h *Handler) metrics(w http.ResponseWriter, r *http.Request, _ *call) error {
	h.d.Metrics.Handler().ServeHTTP(w, r)
	return nil
}
