package otlp_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/telemetry/otlp"
	"github.com/groupmem/groupmem/worker"
)

// The words of the test's chat, memory and question: none may leave the
// process in a span unless content is on.
const (
	statement = "Members of the violet kite club fly kites on the pier every Saturday"
	question  = "when does the violet kite club meet on the pier"
	group     = "kiteclub"
	model     = "scripted-chat"
)

var chat = []string{
	"saturday kites on the pier again, bring the violet one",
	"the pier at nine, the kite club flies whatever the wind",
	"my violet kite lost its tail last saturday",
}

// tracedStack is the whole service on the real backends (Postgres, Redis,
// the Qdrant test server, a scripted model and embeddings service) with
// traces exported to a receiver on loopback, behind its HTTP API.
type tracedStack struct {
	st   *stack.Stack
	srv  *httptest.Server
	recv *receiver
}

func openTracedStack(t *testing.T, content bool) *tracedStack {
	t.Helper()
	ctx := context.Background()
	recv := startReceiver(t)
	hashing, err := embed.NewHashing(64)
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t, llmtest.WithEmbed(func(texts []string) [][]float32 {
		out := make([][]float32, len(texts))
		for i, s := range texts {
			out[i] = hashing.Vector(s)
		}
		return out
	}))
	srv.Enqueue(llmtest.Reply{PromptTokens: 1234, CompletionTokens: 56,
		Text: fmt.Sprintf(`{"action":"create","statement":%q,"change_reason":"every week","evidence":["m1","m2","m3"]}`, statement)})
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "gmtest_" + hex.EncodeToString(b[:])
	t.Cleanup(func() { pgtest.DropSchema(t, schema) })
	st, err := stack.Open(ctx, stack.Config{
		Postgres:   postgres.Config{URL: pgtest.URL(), Schema: schema},
		Redis:      redis.Config{Addr: redistest.Addr(), Prefix: redistest.Prefix(t)},
		Qdrant:     qdrant.Config{Addr: qdranttest.Start(t), SkipCompatibilityCheck: true},
		Chat:       llm.ChatConfig{BaseURL: srv.URL(), Model: model},
		Embeddings: llm.EmbeddingsConfig{BaseURL: srv.URL(), Model: "scripted-embeddings", Dimension: 64},
		Telemetry:  otlp.Config{Endpoint: recv.srv.URL, Content: content},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := api.New(api.Deps{Ledger: st.Ledger, Index: st.Index, Embedder: st.Embedder, Service: st.Service,
		Messages: st.Messages, Telemetry: st.Telemetry}, api.Config{Open: true})
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(h)
	t.Cleanup(web.Close)
	sent := time.Now().Add(-2 * time.Hour)
	msgs := make([]groupmem.Message, len(chat))
	for i, text := range chat {
		msgs[i] = groupmem.Message{GroupID: group, ID: fmt.Sprintf("m%d", i+1), SenderID: "u1", SenderName: "ann",
			Content: text, SentAt: sent.Add(time.Duration(i) * time.Minute)}
	}
	if _, err := st.Ledger.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	return &tracedStack{st: st, srv: web, recv: recv}
}

// do sends one request and fails the test unless it answers 200.
func (ts *tracedStack) do(t *testing.T, method, path string) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.srv.URL+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s = %d", method, path, resp.StatusCode)
	}
}

// flush closes the stack, which exports every span left, and returns what
// the receiver got.
func (ts *tracedStack) flush(t *testing.T) (tree, []byte) {
	t.Helper()
	ts.srv.Close()
	if err := ts.st.Close(); err != nil {
		t.Fatal(err)
	}
	spans, raw := ts.recv.received()
	return newTree(spans), raw
}

// One manual evolution over HTTP is one trace, from the request to the
// commit and the projection, with every phase, the model call and its
// tokens, and the calls to Postgres, Redis, Qdrant and the embeddings
// service beneath; a context request is another. No message text,
// statement, question or group id is exported.
func TestSpanTreeOfAnEvolutionAndAContextRequest(t *testing.T) {
	ts := openTracedStack(t, false)
	ts.do(t, http.MethodPost, "/memory/evolve/"+group+"?days=1")
	ts.do(t, http.MethodGet, "/memory/context/"+group+"?q="+url.QueryEscape(question))
	tr, raw := ts.flush(t)

	evolve := one(t, tr, "POST /memory/evolve/{group_id}")
	if len(evolve.ParentSpanId) != 0 || evolve.Kind != tracepb.Span_SPAN_KIND_SERVER {
		t.Errorf("the evolve request's span has parent %x and kind %v; want a server root", evolve.ParentSpanId, evolve.Kind)
	}
	if v, _ := attr(evolve, "http.response.status_code"); v.GetIntValue() != 200 {
		t.Errorf("evolve status attribute = %v, want 200", v)
	}
	run := child(t, tr, evolve, "evolve.run")
	for _, phase := range []string{"evolve.lock", "evolve.load", "evolve.fuse", "evolve.embed", "evolve.commit", "evolve.project"} {
		child(t, tr, run, phase)
	}
	fuse := child(t, tr, run, "evolve.fuse")
	pass := child(t, tr, fuse, "evolve.pass")
	child(t, tr, fuse, "evolve.validate")
	call := child(t, tr, pass, "chat "+model)
	for key, want := range map[string]any{"gen_ai.operation.name": "chat", "gen_ai.request.model": model,
		"gen_ai.usage.input_tokens": int64(1234), "gen_ai.usage.output_tokens": int64(56)} {
		v, ok := attr(call, key)
		if got := value(v); !ok || got != want {
			t.Errorf("model call attribute %s = %v, want %v", key, got, want)
		}
	}
	child(t, tr, child(t, tr, run, "evolve.embed"), "embeddings scripted-embeddings")
	beneath := map[string]*tracepb.Span{"postgresql": child(t, tr, run, "evolve.commit"), "redis": child(t, tr, run, "evolve.lock")}
	for system, parent := range beneath {
		if !hasDB(tr.under(parent), system) {
			t.Errorf("no %s call beneath %s", system, parent.Name)
		}
	}
	if !hasRPC(tr.under(child(t, tr, run, "evolve.project"))) {
		t.Error("no Qdrant gRPC call beneath evolve.project")
	}
	for _, s := range tr.under(evolve) {
		if string(s.TraceId) != string(evolve.TraceId) {
			t.Errorf("span %s is in trace %x, not the request's %x", s.Name, s.TraceId, evolve.TraceId)
		}
	}

	ctxSpan := one(t, tr, "GET /memory/context/{group_id}")
	if len(ctxSpan.ParentSpanId) != 0 || string(ctxSpan.TraceId) == string(evolve.TraceId) {
		t.Error("the context request is not a trace of its own")
	}
	within := tr.under(ctxSpan)
	if !hasRPC(within) || !hasSpan(within, "embeddings scripted-embeddings") {
		t.Errorf("the context request's trace lacks the query's embedding or the Qdrant search: %v", names(within))
	}

	for _, secret := range append([]string{statement, question, url.QueryEscape(question), group}, chat...) {
		if strings.Contains(string(raw), secret) {
			t.Errorf("the exported spans contain %q", secret)
		}
	}
}

// A nightly run is a trace of its own, the job's, linked to the span of
// the slot the scheduler's tick recorded, whose ids the slot alone gives.
func TestNightlyRunLinksToItsSlot(t *testing.T) {
	ts := openTracedStack(t, false)
	ctx := context.Background()
	sch, err := worker.NewScheduler(ts.st.Queue, nil, worker.SchedulerConfig{Telemetry: ts.st.Telemetry})
	if err != nil {
		t.Fatal(err)
	}
	slot := sch.Slot(time.Now())
	if n, err := sch.Tick(ctx, slot); err != nil || n != 1 {
		t.Fatalf("Tick = %d, %v; want the group's job", n, err)
	}
	pool, err := worker.NewPool(ts.st.Queue, ts.st.Service, nil, worker.PoolConfig{Telemetry: ts.st.Telemetry})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := pool.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v; want the job run", n, err)
	}
	tr, _ := ts.flush(t)
	want := telemetry.Slot(slot)
	tid, sid := want.TraceID(), want.SpanID()
	tick := one(t, tr, "evolve.slot")
	if string(tick.TraceId) != string(tid[:]) || string(tick.SpanId) != string(sid[:]) {
		t.Errorf("the tick's span is %x/%x; want the slot's ids %v", tick.TraceId, tick.SpanId, want)
	}
	job := one(t, tr, "evolve.job")
	if len(job.ParentSpanId) != 0 || len(job.Links) != 1 ||
		string(job.Links[0].TraceId) != string(tick.TraceId) || string(job.Links[0].SpanId) != string(tick.SpanId) {
		t.Fatalf("the job's span has parent %x and links %v; want a root linked to the tick", job.ParentSpanId, job.Links)
	}
	run := child(t, tr, job, "evolve.run")
	child(t, tr, child(t, tr, run, "evolve.fuse"), "evolve.pass")
}

// With content on, the question a request asked is exported: the switch
// is what keeps it out.
func TestContentSwitchLetsTheQueryIn(t *testing.T) {
	ts := openTracedStack(t, true)
	ts.do(t, http.MethodGet, "/memory/context/"+group+"?q="+url.QueryEscape(question))
	_, raw := ts.flush(t)
	if !strings.Contains(string(raw), url.QueryEscape(question)) {
		t.Error("with content on, the request's query is not in its span")
	}
}

// one returns the only span named name.
func one(t *testing.T, tr tree, name string) *tracepb.Span {
	t.Helper()
	got := tr.named(name)
	if len(got) != 1 {
		t.Fatalf("%d spans named %q; want 1 (spans: %v)", len(got), name, names(tr.all))
	}
	return got[0]
}

// child returns the first span named name whose parent is parent.
func child(t *testing.T, tr tree, parent *tracepb.Span, name string) *tracepb.Span {
	t.Helper()
	for _, s := range tr.named(name) {
		if tr.parent(s) == parent {
			return s
		}
	}
	t.Fatalf("no span %q under %q (spans under it: %v)", name, parent.Name, names(tr.under(parent)))
	return nil
}

func hasSpan(spans []*tracepb.Span, name string) bool {
	for _, s := range spans {
		if s.Name == name {
			return true
		}
	}
	return false
}

// hasDB reports whether a span among spans is a call to the database
// system named.
func hasDB(spans []*tracepb.Span, system string) bool {
	for _, s := range spans {
		for _, key := range []string{"db.system.name", "db.system"} {
			if v, ok := attr(s, key); ok && v.GetStringValue() == system {
				return true
			}
		}
	}
	return false
}

// hasRPC reports whether a span among spans is a gRPC client call.
func hasRPC(spans []*tracepb.Span) bool {
	for _, s := range spans {
		if v, ok := attr(s, "rpc.system.name"); ok && v.GetStringValue() == "grpc" && s.Kind == tracepb.Span_SPAN_KIND_CLIENT {
			return true
		}
		if v, ok := attr(s, "rpc.system"); ok && v.GetStringValue() == "grpc" && s.Kind == tracepb.Span_SPAN_KIND_CLIENT {
			return true
		}
	}
	return false
}

func names(spans []*tracepb.Span) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Name
	}
	return out
}
