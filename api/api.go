package api

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/webhook"
	"github.com/groupmem/groupmem/worker"
)

// Service is what the API asks of the writer path; *worker.Service is one.
type Service interface {
	// Evolve runs one evolution of a group and waits for it.
	Evolve(ctx context.Context, groupID string, o worker.Options) (worker.Result, error)
	// Start begins one evolution and returns once its run is recorded;
	// the evolution carries on until it ends or ctx does.
	Start(ctx context.Context, groupID string, o worker.Options) (*worker.Evolution, error)
	// Delete deprecates the active version id.
	Delete(ctx context.Context, id, actor, reason string) (groupmem.Memory, error)
	// Restore makes a deleted version active again, or writes a superseded
	// version's statement as a new version on top of its lineage.
	Restore(ctx context.Context, id, actor string) (groupmem.Memory, error)
	// SetStrength sets the strength of version id.
	SetStrength(ctx context.Context, id string, strength float64, actor string) (groupmem.Memory, error)
	// Create writes a new memory of a group by hand.
	Create(ctx context.Context, groupID, actor string, in worker.ManualMemory) (groupmem.Memory, error)
	// Edit writes a new version of the active version id by hand.
	Edit(ctx context.Context, id, actor string, in worker.ManualMemory) (groupmem.Memory, error)
	// Purge forgets a group.
	Purge(ctx context.Context, groupID, actor string) (groupmem.Removal, error)
	// Redact removes the text of one message.
	Redact(ctx context.Context, groupID, messageID, actor string) (groupmem.Redaction, error)
	// ApplyPlan commits exactly a plan a dry run or a held run kept.
	ApplyPlan(ctx context.Context, id string, p worker.ApplyParams) (worker.Result, error)
}

var _ Service = (*worker.Service)(nil)

// Deps are the parts the API works with. Ledger, Index, Embedder and
// Service are required.
type Deps struct {
	Ledger   groupmem.Ledger   // history, changes, runs, message ingestion, id look-ups
	Index    groupmem.Index    // list, search, context
	Embedder groupmem.Embedder // embeds search and context queries; must match the index
	Service  Service           // evolve, delete, restore, strength
	// Keys are the accepted API keys (see ParseKeys). With none, New
	// refuses to build a handler unless Config.Open is set.
	Keys []Key
	// Metrics, when set, records every request and is served at
	// GET /metrics. Without it /metrics answers 404.
	Metrics *metrics.Registry
	// Messages is the message index behind message search and context:
	// the assembly's (Qdrant's, or msgsearch.New in process), the one its
	// outbox relay feeds and a purge empties. Required.
	Messages msgsearch.Searcher
	// Webhooks manages webhook subscriptions over the ledger's store of
	// them (nil: the webhook endpoints answer 503).
	Webhooks *webhook.Subscriptions
	Logger   *slog.Logger
	// Telemetry, when set, traces every request: a span named after its
	// route, the caller's trace continued (nil: no tracing).
	Telemetry *telemetry.Telemetry
	// Ready reports whether the backends can serve (GET /readyz): for
	// example Postgres and Redis answer a ping and the Qdrant collection
	// matches the configuration. nil means always ready.
	Ready func(ctx context.Context) error
	// List serves GET /memory/list (default Ledger.Memories: exact and
	// cheap to page on Postgres and SQLite). Pass Index.List where the
	// index pages cheaply, as the in-process index does.
	List func(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error)
	// Background is the parent context of evolutions started with
	// async=true; cancel it to stop them (default context.Background()).
	Background context.Context
	Now        func() time.Time
}

// Defaults of Config.
const (
	DefaultMaxBodyBytes      = 8 << 20
	DefaultMaxImportBytes    = 4 << 30
	DefaultThreshold         = 0.7
	DefaultRequestTimeout    = 30 * time.Second
	DefaultEvolveTimeout     = 10 * time.Minute
	DefaultReadyTimeout      = 3 * time.Second
	DefaultReadHeaderTimeout = 5 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = 60 * time.Second
	DefaultIdleTimeout       = 120 * time.Second
	DefaultMaxHeaderBytes    = 64 << 10
)

// smallBodyBytes limits every request body but a message batch.
const smallBodyBytes = 64 << 10

// Config tunes the API. The zero value of every field means its default.
type Config struct {
	// Open serves every request without a key, as an admin of every group
	// acting as "anonymous". It is meant for local demos; it must not be
	// combined with Keys (New returns EINVALID).
	Open bool
	// MaxBodyBytes limits the body of a message batch (default 8 MiB);
	// every other body is limited to 64 KiB. Larger bodies get 413.
	MaxBodyBytes int64
	// MaxImportBytes limits the archive POST /memory/import reads, as a
	// whole (default 4 GiB; each of its lines is limited to
	// archive.MaxLineBytes besides). A larger one gets 413 and writes
	// nothing.
	MaxImportBytes int64
	// DefaultThreshold is the search and context similarity threshold when
	// a request names none, within [0, 1] (default 0.7, the original
	// spec's, for an embeddings service; the stack sets 0.25 for the
	// static embedder and 0.15 for the hashing one, which score related
	// texts lower).
	DefaultThreshold float64
	// RequestTimeout bounds the work of one request (default 30s); a
	// backend that does not answer in time gives 503.
	RequestTimeout time.Duration
	// EvolveTimeout bounds a synchronous evolution (default 10m). The
	// write deadline of that response is extended to match.
	EvolveTimeout time.Duration
	// ReadyTimeout bounds the readiness check (default 3s).
	ReadyTimeout time.Duration

	// Server timeouts and limits, used by NewServer.
	ReadHeaderTimeout time.Duration // default 5s
	ReadTimeout       time.Duration // default 30s: reading a whole request
	WriteTimeout      time.Duration // default 60s: answering (synchronous evolve extends its own)
	IdleTimeout       time.Duration // default 120s: keep-alive
	MaxHeaderBytes    int           // default 64 KiB

	// CORSOrigins are the browser origins allowed to call the API (see
	// ParseOrigins; "*" for any). None: no CORS headers, so browsers allow
	// only pages served by the API's own origin.
	CORSOrigins []string
}

// withDefaults returns c with defaults applied, or EINVALID naming the
// first bad setting.
func (c Config) withDefaults() (Config, error) {
	c.MaxBodyBytes = cmp.Or(c.MaxBodyBytes, DefaultMaxBodyBytes)
	c.MaxImportBytes = cmp.Or(c.MaxImportBytes, DefaultMaxImportBytes)
	c.DefaultThreshold = cmp.Or(c.DefaultThreshold, DefaultThreshold)
	c.RequestTimeout = cmp.Or(c.RequestTimeout, DefaultRequestTimeout)
	c.EvolveTimeout = cmp.Or(c.EvolveTimeout, DefaultEvolveTimeout)
	c.ReadyTimeout = cmp.Or(c.ReadyTimeout, DefaultReadyTimeout)
	c.ReadHeaderTimeout = cmp.Or(c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	c.ReadTimeout = cmp.Or(c.ReadTimeout, DefaultReadTimeout)
	c.WriteTimeout = cmp.Or(c.WriteTimeout, DefaultWriteTimeout)
	c.IdleTimeout = cmp.Or(c.IdleTimeout, DefaultIdleTimeout)
	c.MaxHeaderBytes = cmp.Or(c.MaxHeaderBytes, DefaultMaxHeaderBytes)
	switch {
	case c.MaxBodyBytes < 0:
		return c, groupmem.Errorf(groupmem.EINVALID, "api MaxBodyBytes must not be negative")
	case c.MaxImportBytes < 0:
		return c, groupmem.Errorf(groupmem.EINVALID, "api MaxImportBytes must not be negative")
	case !(c.DefaultThreshold >= 0 && c.DefaultThreshold <= 1):
		return c, groupmem.Errorf(groupmem.EINVALID, "api DefaultThreshold must be within [0, 1]")
	case c.RequestTimeout < 0 || c.EvolveTimeout < 0 || c.ReadyTimeout < 0 || c.ReadHeaderTimeout < 0 ||
		c.ReadTimeout < 0 || c.WriteTimeout < 0 || c.IdleTimeout < 0:
		return c, groupmem.Errorf(groupmem.EINVALID, "api timeouts must not be negative")
	case c.MaxHeaderBytes < 0:
		return c, groupmem.Errorf(groupmem.EINVALID, "api MaxHeaderBytes must not be negative")
	}
	return c, nil
}

// Handler is the groupmem HTTP API. It is safe for concurrent use.
type Handler struct {
	d    Deps
	cfg  Config
	log  *slog.Logger
	now  func() time.Time
	keys []Key
	mux  *http.ServeMux
	jobs sync.WaitGroup     // asynchronous evolutions in flight
	msgs msgsearch.Searcher // the groups' messages, searchable

}

// New returns the API handler. It returns EINVALID when a required Deps
// field is missing, a Config value is out of range, no key is configured
// and Config.Open is not set, or keys are configured and Config.Open is set
// as well.
func New(d Deps, cfg Config) (*Handler, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	switch {
	case d.Ledger == nil || d.Index == nil || d.Embedder == nil || d.Service == nil || d.Messages == nil:
		return nil, groupmem.Errorf(groupmem.EINVALID, "api needs a Ledger, an Index, an Embedder, a Service and a message index (Messages)")
	case len(d.Keys) == 0 && !cfg.Open:
		return nil, groupmem.Errorf(groupmem.EINVALID,
			"no API key is configured (Deps.Keys); set Config.Open to serve without keys")
	case len(d.Keys) > 0 && cfg.Open:
		return nil, groupmem.Errorf(groupmem.EINVALID,
			"both Deps.Keys and Config.Open are set; choose one")
	}
	h := &Handler{d: d, cfg: cfg, log: d.Logger, now: d.Now, keys: d.Keys, mux: http.NewServeMux(),
		msgs: d.Messages}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.d.Background == nil {
		h.d.Background = context.Background()
	}
	if h.d.List == nil {
		h.d.List = h.d.Ledger.Memories
	}
	for _, rt := range h.routes() {
		h.mux.Handle(rt.pattern, h.wrap(rt))
	}
	h.mux.HandleFunc("/", h.unmatched)
	return h, nil
}

// NewServer returns an *http.Server for h on addr with cfg's timeouts and
// header limit applied (defaults for zero values).
func NewServer(addr string, h http.Handler, cfg Config) *http.Server {
	cfg, _ = cfg.withDefaults() // a bad Config is reported by New; defaults are safe here
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    cfg.MaxHeaderBytes,
	}
}

// Wait blocks until every evolution started with async=true has ended, or
// ctx ends (then it returns ctx's error). Call it after the server has
// shut down, for a graceful stop.
func (h *Handler) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		h.jobs.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ServeHTTP implements http.Handler: it routes the request, recovers from
// any panic with a 500 JSON answer, and records the request's latency.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	r, span := h.startRequest(r)
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			h.log.ErrorContext(r.Context(), "panic in handler", "method", r.Method, "path", r.URL.Path,
				"panic", v, "stack", string(debug.Stack()))
			if !sw.wrote {
				writeJSON(sw, http.StatusInternalServerError, errorBody(groupmem.EINTERNAL, "internal error"))
			}
		}
		route := r.Pattern
		if route == "" || route == "/" {
			route = "unmatched"
		}
		if h.d.Metrics != nil {
			h.d.Metrics.ObserveHTTP(route, sw.status(), time.Since(start))
		}
		h.log.DebugContext(r.Context(), "request", "method", r.Method, "route", route, "status", sw.status(),
			"duration", time.Since(start))
		h.endRequest(r, span, sw.status())
	}()
	if h.cors(sw, r) {
		return
	}
	h.mux.ServeHTTP(sw, r)
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.code, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.code, w.wrote = http.StatusOK, true
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) status() int {
	if !w.wrote {
		return http.StatusOK
	}
	return w.code
}
