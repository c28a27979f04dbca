package api

import (
	"cmp"
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/metrics"
)

// OpsConfig is what Ops serves.
type OpsConfig struct {
	Metrics *metrics.Registry           // served at GET /metrics; nil: 404
	Ready   func(context.Context) error // GET /readyz; nil: always ready
	// ReadyTimeout bounds Ready (default DefaultReadyTimeout).
	ReadyTimeout time.Duration
	// MetricsKey, when set, is the SHA-256 hex (HashKey) of the bearer
	// token GET /metrics needs.
	MetricsKey string
	Logger     *slog.Logger
}

// Ops serves the operational endpoints alone, for an address of their
// own: GET /healthz, GET /readyz and GET /metrics, answered as the API
// answers them (the same bodies, and errors by the same status table).
func Ops(cfg OpsConfig) http.Handler {
	h := &Handler{d: Deps{Ready: cfg.Ready, Metrics: cfg.Metrics}, cfg: Config{ReadyTimeout: cmp.Or(cfg.ReadyTimeout, DefaultReadyTimeout)},
		log: cfg.Logger}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	mux := http.NewServeMux()
	serve := func(pattern string, fn func(http.ResponseWriter, *http.Request, *call) error) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := fn(w, r, nil); err != nil {
				h.writeError(w, r, err)
			}
		})
	}
	serve("GET /healthz", h.healthz)
	serve("GET /readyz", h.readyz)
	if cfg.Metrics != nil {
		mux.Handle("GET /metrics", RequireMetricsKey(cfg.MetricsKey, cfg.Metrics.Handler()))
	}
	return mux
}

// RequireMetricsKey lets a request through to next when hash is empty or
// the request's bearer token hashes to it (HashKey); any other request is
// answered 401 (EUNAUTH) as the API answers a refused key.
func RequireMetricsKey(hash string, next http.Handler) http.Handler {
	if hash == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(HashKey(token)), []byte(strings.ToLower(hash))) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			writeJSON(w, statusOf[groupmem.EUNAUTH], errorBody(groupmem.EUNAUTH, "/metrics needs the metrics key"))
			return
		}
		next.ServeHTTP(w, r)
	})
}
