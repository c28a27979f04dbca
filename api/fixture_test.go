package api_test

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/webhook"
	"github.com/groupmem/groupmem/worker"
)

// The secrets of the test keys and the keys' configuration.
const (
	secretRoot  = "root-secret-0123456789abcdef"
	secretMod1  = "mod1-secret-0123456789abcdef"
	secretBot1  = "bot1-secret-0123456789abcdef"
	secretView1 = "view1-secret-0123456789abcdef"
)

func testKeys(t testing.TB) []api.Key {
	t.Helper()
	spec := fmt.Sprintf("root:admin:*:%s; mod1:admin:g1:%s, bot1:write:g1|g3:%s\nview1:read:g1:%s",
		api.HashKey(secretRoot), api.HashKey(secretMod1), api.HashKey(secretBot1), api.HashKey(secretView1))
	keys, err := api.ParseKeys(spec)
	if err != nil {
		t.Fatalf("ParseKeys: %v", err)
	}
	return keys
}

// dim is the embedding size of the test fixtures.
const dim = 64

// fixture is a running API over real Postgres, Redis and the Qdrant test
// server (or, embedded, over SQLite and the in-process index and lock),
// with a scripted fuser.
type fixture struct {
	ledger  fixtureLedger
	index   groupmem.Index
	qsrv    *qdranttest.Server
	svc     *worker.Service
	locker  groupmem.Locker
	reg     *metrics.Registry
	handler *api.Handler
	srv     *httptest.Server
	client  *http.Client
	spec    *openAPI
	// redisPrefix is the key prefix of the default Redis locker.
	redisPrefix string
}

type fixtureOptions struct {
	open      bool // Config.Open instead of keys
	threshold float64
	embedDim  int
	locker    groupmem.Locker // default: Redis on GROUPMEM_TEST_REDIS_ADDR
	failures  bool            // the fuser fails on "fail" and "crash" messages
	hold      chan struct{}   // the fuser waits on "hold" messages until it is closed
	lockTTL   time.Duration   // the service's lock ttl (default the worker's)
	cors      []string        // Config.CORSOrigins
	// embeddings, when set, is the URL of an OpenAI-compatible embeddings
	// endpoint the service embeds with instead of the local embedder.
	embeddings string
	// embedded runs the API on the embedded configuration: a SQLite
	// ledger and the in-process index (and lock, unless locker is set)
	// instead of Postgres, Qdrant and Redis.
	embedded bool
	// now, when set, is the clock of the ledger and of the handler.
	now func() time.Time
}

// fixtureLedger is a ledger the fixture can also ping.
type fixtureLedger interface {
	groupmem.Ledger
	Ping(ctx context.Context) error
}

var (
	_ fixtureLedger = (*postgres.Ledger)(nil)
	_ fixtureLedger = (*sqlite.Ledger)(nil)
)

// onBoth runs fn as two subtests with a fixture each: on Postgres, Qdrant
// and Redis, and on the embedded configuration.
func onBoth(t *testing.T, o fixtureOptions, fn func(t *testing.T, f *fixture)) {
	t.Helper()
	for _, name := range []string{"postgres", "embedded"} {
		t.Run(name, func(t *testing.T) {
			o := o
			o.embedded = name == "embedded"
			fn(t, newFixture(t, o))
		})
	}
}

func newFixture(t testing.TB, o fixtureOptions) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{spec: loadOpenAPI(t)}
	d := cmp.Or(o.embedDim, dim)
	var check func(ctx context.Context) error
	if o.embedded {
		l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "groupmem.db"), Now: o.now})
		if err != nil {
			t.Fatalf("open the SQLite ledger: %v", err)
		}
		t.Cleanup(func() { l.Close() })
		f.ledger = l
		x, err := inmem.NewIndex(d)
		if err != nil {
			t.Fatal(err)
		}
		f.index, check = x, func(context.Context) error { return nil }
		if o.locker == nil {
			o.locker = inmem.NewLocker()
		}
	} else {
		f.ledger = pgtest.OpenWith(t, pgtest.Options{Now: o.now})
		f.qsrv = qdranttest.StartServer(t, qdranttest.Config{})
		x, err := qdrant.Open(ctx, qdrant.Config{Addr: f.qsrv.Addr(), Dimension: d, SkipCompatibilityCheck: true, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatalf("open qdrant index on the test server: %v", err)
		}
		t.Cleanup(func() { x.Close() })
		f.index, check = x, x.Check
	}
	x := f.index
	locker := o.locker
	var rl *redis.Locker
	var err error
	if locker == nil {
		f.redisPrefix = redistest.Prefix(t)
		rl = redistest.Open(t, redis.Config{Prefix: f.redisPrefix})
		locker = rl
	}
	f.locker = locker
	var emb groupmem.Embedder
	emb, err = embed.NewHashing(d)
	if o.embeddings != "" {
		emb, err = llm.NewEmbeddings(llm.EmbeddingsConfig{BaseURL: o.embeddings, APIKey: "sk-test", Model: "e1", Dimension: d, MaxRetries: -1})
	}
	if err != nil {
		t.Fatal(err)
	}
	f.reg = metrics.New(f.ledger)
	log := slog.New(slog.DiscardHandler)
	f.svc = worker.New(worker.Deps{Ledger: f.ledger, Index: x, Locker: locker, Embedder: emb, Fuser: scriptFuser{failures: o.failures, hold: o.hold},
		Observer: f.reg, Logger: log}, worker.Config{LockTTL: o.lockTTL})
	var msgs msgsearch.Searcher = msgsearch.New(f.ledger, emb, msgsearch.Config{}) // the embedded configuration: in process
	if f.qsrv != nil {
		m, err := qdrant.OpenMessages(ctx, qdrant.Config{Addr: f.qsrv.Addr(), Dimension: d, SkipCompatibilityCheck: true, Timeout: 5 * time.Second},
			f.ledger, emb)
		if err != nil {
			t.Fatalf("open the qdrant message index on the test server: %v", err)
		}
		t.Cleanup(func() { m.Close() })
		msgs = m
	}
	deps := api.Deps{
		Ledger: f.ledger, Index: x, Embedder: emb, Service: f.svc, Metrics: f.reg, Logger: log, Messages: msgs,
		Webhooks: &webhook.Subscriptions{Store: f.ledger.(groupmem.Webhooks), Guard: webhook.Guard{AllowHTTP: true}},
		Ready: func(ctx context.Context) error {
			if err := f.ledger.Ping(ctx); err != nil {
				return err
			}
			if rl != nil {
				if err := rl.Ping(ctx); err != nil {
					return err
				}
			}
			return check(ctx)
		},
	}
	if !o.open {
		deps.Keys = testKeys(t)
	}
	deps.Now = o.now
	h, err := api.New(deps, api.Config{Open: o.open, DefaultThreshold: cmp.Or(o.threshold, 0.1), CORSOrigins: o.cors})
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	f.handler = h
	f.srv = httptest.NewServer(h)
	t.Cleanup(f.srv.Close)
	f.client = f.srv.Client()
	t.Cleanup(func() {
		wctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := h.Wait(wctx); err != nil {
			t.Errorf("asynchronous evolutions did not end: %v", err)
		}
	})
	return f
}

// resp is one answered request.
type resp struct {
	method, path string
	status       int
	header       http.Header
	body         []byte
}

// obj decodes the answer as a JSON object.
func (r resp) obj(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("%s %s: answer is not a JSON object: %v\n%s", r.method, r.path, err, r.body)
	}
	return m
}

// code returns the error code of an error answer.
func (r resp) code(t testing.TB) string {
	t.Helper()
	e, _ := r.obj(t)["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// req describes a request to make.
type req struct {
	method, path string
	key          string // secret; "" sends none
	body         string
	ctype        string // Content-Type; defaults to application/json when a body is set
	header       map[string]string
}

// do makes the request over the loopback server, checks the answer against
// the OpenAPI document, and returns it.
func (f *fixture) do(t testing.TB, rq req) resp {
	t.Helper()
	var body io.Reader
	if rq.body != "" {
		body = strings.NewReader(rq.body)
	}
	hr, err := http.NewRequest(rq.method, f.srv.URL+rq.path, body)
	if err != nil {
		t.Fatalf("new request %s %s: %v", rq.method, rq.path, err)
	}
	if rq.key != "" {
		hr.Header.Set("Authorization", "Bearer "+rq.key)
	}
	if rq.body != "" {
		hr.Header.Set("Content-Type", cmp.Or(rq.ctype, "application/json"))
	}
	for k, v := range rq.header {
		hr.Header.Set(k, v)
	}
	res, err := f.client.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", rq.method, rq.path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: read answer: %v", rq.method, rq.path, err)
	}
	r := resp{method: rq.method, path: rq.path, status: res.StatusCode, header: res.Header, body: b}
	if err := f.spec.check(r); err != nil {
		t.Errorf("answer does not conform to openapi.json: %v", err)
	}
	return r
}

// get is do for a GET with a key.
func (f *fixture) get(t testing.TB, path, key string) resp {
	t.Helper()
	return f.do(t, req{method: http.MethodGet, path: path, key: key})
}

// want fails the test unless r has the status (and, for errors, the code).
func want(t testing.TB, r resp, status int, code string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s %s = %d, want %d\n%s", r.method, r.path, r.status, status, r.body)
	}
	if code != "" {
		if got := r.code(t); got != code {
			t.Fatalf("%s %s: error code %q, want %q\n%s", r.method, r.path, got, code, r.body)
		}
	}
}

// ingest posts messages (one per content) to group g with the root key.
func (f *fixture) ingest(t testing.TB, g string, contents ...string) {
	t.Helper()
	type msg struct {
		ID      string `json:"id"`
		Content string `json:"content"`
		SentAt  string `json:"sent_at"`
	}
	var msgs []msg
	now := time.Now().UTC()
	for _, c := range contents {
		msgs = append(msgs, msg{ID: "m-" + rand.Text(), Content: c, SentAt: now.Format(time.RFC3339)})
	}
	b, _ := json.Marshal(map[string]any{"messages": msgs})
	want(t, f.do(t, req{method: http.MethodPost, path: "/memory/messages/" + g, key: secretRoot, body: string(b)}), 200, "")
}

// evolve runs a synchronous evolution of g with the root key and returns
// the answer.
func (f *fixture) evolve(t testing.TB, g string) map[string]any {
	t.Helper()
	r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/" + g, key: secretRoot})
	want(t, r, 200, "")
	return r.obj(t)
}

// seed ingests the statements as "create:" messages and evolves, and
// returns the active memories of g by statement.
func (f *fixture) seed(t testing.TB, g string, statements ...string) map[string]groupmem.Memory {
	t.Helper()
	var contents []string
	for _, s := range statements {
		contents = append(contents, "create: "+s)
	}
	f.ingest(t, g, contents...)
	f.evolve(t, g)
	return f.active(t, g)
}

// active returns the active memories of g in the ledger by statement.
func (f *fixture) active(t testing.TB, g string) map[string]groupmem.Memory {
	t.Helper()
	page, err := f.ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]groupmem.Memory)
	for _, m := range page.Memories {
		out[m.Statement] = m
	}
	return out
}

// jsonBody marshals v.
func jsonBody(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
