package client_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/client"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// server starts the API on the embedded configuration (SQLite, the
// in-process index and lock, the static embedder, the offline evolver)
// with one admin key, and returns a strict client of it.
func server(t *testing.T) (*client.Client, string) {
	t.Helper()
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	x, err := inmem.NewIndex(emb.Dimension())
	if err != nil {
		t.Fatal(err)
	}
	fuser, err := offline.New(offline.Config{History: l}, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: l, Index: x, Locker: inmem.NewLocker(), Embedder: emb, Fuser: fuser}, worker.Config{})
	keys, err := api.ParseKeys("bot:admin:*:" + api.HashKey("s3cret"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := api.New(api.Deps{Ledger: l, Index: x, Embedder: emb, Service: svc, Keys: keys, List: x.List,
		Messages: msgsearch.New(l, emb, msgsearch.Config{})}, api.Config{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL, "s3cret", client.WithStrictDecoding())
	if err != nil {
		t.Fatal(err)
	}
	return c, srv.URL
}

var t0 = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

// A bot's day through the client: store messages, write a memory, find it
// and the messages by keywords and meaning, read the memory with its
// evidence, compose a context. Every answer decodes strictly: the
// client's types hold every field the server sends.
func TestClientCoversTheRetrievalAPI(t *testing.T) {
	ctx := context.Background()
	c, _ := server(t)
	lines := []string{"周五晚上七点体育馆打羽毛球", "The weekly meeting moves to Tuesday at 10am", "I adopted a kitten named Miso",
		"明天要下雨，记得带伞", "Who brings snacks to the badminton game?"}
	var msgs []client.Message
	for i, s := range lines {
		msgs = append(msgs, client.Message{ID: fmt.Sprintf("m%d", i), SenderID: fmt.Sprintf("u%d", i%2), SenderName: []string{"Ann", "Bo"}[i%2],
			Content: s, SentAt: t0.Add(time.Duration(i) * time.Hour)})
	}
	in, err := c.Ingest(ctx, "g1", msgs)
	if err != nil || in.Received != 5 || in.Inserted != 5 || in.GroupID != "g1" {
		t.Fatalf("Ingest = %+v, %v; want 5 stored in g1", in, err)
	}
	if again, err := c.Ingest(ctx, "g1", msgs[:2]); err != nil || again.Inserted != 0 {
		t.Fatalf("Ingest again = %+v, %v; want nothing stored twice", again, err)
	}
	one := 0.8
	mem, err := c.Create(ctx, "g1", client.NewMemory{Statement: "Members play badminton on Friday evenings", Tags: []string{"habit"},
		Strength: &one, Reason: "told by a moderator"})
	if err != nil || mem.Version != 1 || mem.Status != "active" || mem.Strength != 0.8 {
		t.Fatalf("Create = %+v, %v", mem, err)
	}

	res, err := c.Search(ctx, "g1", "badminton", client.SearchOptions{})
	if err != nil || res.Mode != client.Hybrid || len(res.Results) != 1 || res.Results[0].MemoryID != mem.MemoryID {
		t.Fatalf("Search = %+v, %v; want the memory", res, err)
	}
	if h := res.Results[0]; h.KeywordScore == nil || h.Score <= 0 {
		t.Errorf("hybrid hit %+v: want a fused score and a keyword part", h)
	}
	cut := 0.99
	if res, err := c.Search(ctx, "g1", "badminton", client.SearchOptions{Mode: client.Semantic, Threshold: &cut}); err != nil || len(res.Results) != 0 {
		t.Errorf("semantic search above 0.99 = %+v, %v; want nothing", res, err)
	}

	page, err := c.Messages(ctx, "g1", client.MessageQuery{Q: "羽毛球 badminton", Limit: 3})
	if err != nil || len(page.Messages) == 0 || page.NextCursor != nil {
		t.Fatalf("Messages search = %+v, %v", page, err)
	}
	if got := page.Messages[0]; got.Score == nil || (got.ID != "m0" && got.ID != "m4") {
		t.Errorf("first message hit %+v: want a badminton message with a score", got)
	}
	newest, err := c.Messages(ctx, "g1", client.MessageQuery{Limit: 2})
	if err != nil || len(newest.Messages) != 2 || newest.Messages[0].ID != "m4" || newest.NextCursor == nil {
		t.Fatalf("Messages newest = %+v, %v; want m4 first and a cursor", newest, err)
	}
	next, err := c.Messages(ctx, "g1", client.MessageQuery{Limit: 2, Cursor: *newest.NextCursor})
	if err != nil || len(next.Messages) != 2 || next.Messages[0].ID != "m2" {
		t.Fatalf("Messages next page = %+v, %v; want m2 first", next, err)
	}
	byAnn, err := c.Messages(ctx, "g1", client.MessageQuery{Sender: "Ann", Since: t0.Add(time.Hour), Until: t0.Add(5 * time.Hour)})
	if ids := idsOf(byAnn.Messages); err != nil || !slices.Equal(ids, []string{"m4", "m2"}) {
		t.Fatalf("Ann's messages from hour 1 to 5 = %v, %v; want m4 m2", ids, err)
	}

	detail, err := c.Memory(ctx, mem.MemoryID)
	if err != nil || detail.Memory.Statement != mem.Statement {
		t.Fatalf("Memory = %+v, %v", detail, err)
	}
	cur, err := c.Current(ctx, mem.LineageID)
	if err != nil || cur.Memory.MemoryID != mem.MemoryID {
		t.Fatalf("Current = %+v, %v", cur, err)
	}

	block, err := c.PromptContext(ctx, "g1", "badminton on Friday", 400)
	if err != nil || !strings.Contains(block.Context, mem.Statement) || len(block.MessageIDs) == 0 || block.Tokens > 400 {
		t.Fatalf("PromptContext = %+v, %v; want the memory and messages within 400 tokens", block, err)
	}
}

func idsOf(hits []client.MessageHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

// A refused call is an *Error with the status, the API's code and
// message; a bad key, an unknown memory and bad input each say which.
func TestClientErrors(t *testing.T) {
	ctx := context.Background()
	c, base := server(t)
	_, err := c.Memory(ctx, "6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f")
	var e *client.Error
	if !errors.As(err, &e) || e.Status != http.StatusNotFound || e.Code != "not_found" || e.Message == "" {
		t.Fatalf("Memory of an unknown id = %v; want 404 not_found", err)
	}
	if _, err := c.Search(ctx, "g1", "x", client.SearchOptions{Mode: "fuzzy"}); !client.IsCode(err, "invalid") || !strings.Contains(err.Error(), "mode") {
		t.Errorf("Search with a bad mode = %v; want invalid naming mode", err)
	}
	wrong, err := client.New(base+"/", "not-the-key")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wrong.Search(ctx, "g1", "x", client.SearchOptions{}); !errors.As(err, &e) || e.Status != http.StatusUnauthorized {
		t.Errorf("Search with a wrong key = %v; want 401", err)
	}
	if _, err := client.New("localhost:8080", ""); err == nil {
		t.Error("New accepted a base URL without a scheme")
	}
}

// A group id that a path segment must escape (a space, CJK, "/", "%",
// "#", "?") is the group the client names: what it stores there is what
// a plain HTTP request for that group, escaped once, reads back, and
// the base URL's own path is kept before it.
func TestGroupIDsThatNeedEscaping(t *testing.T) {
	ctx := context.Background()
	_, base := server(t)
	// A base URL with a path of its own, served by a proxy that strips it.
	proxy := httptest.NewServer(http.StripPrefix("/gm", httputil.NewSingleHostReverseProxy(mustParse(t, base))))
	t.Cleanup(proxy.Close)
	for _, via := range []string{base, proxy.URL + "/gm"} {
		c, err := client.New(via, "s3cret", client.WithStrictDecoding())
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range []string{"读书 会", "a/b", "100%", "#general", "why?"} {
			id := fmt.Sprintf("m%d", i)
			in, err := c.Ingest(ctx, g, []client.Message{{ID: id, SenderID: "u1", SenderName: "Ann", Content: "hello " + g, SentAt: t0}})
			if err != nil {
				t.Fatalf("%s: Ingest(%q): %v", via, g, err)
			}
			if in.GroupID != g {
				t.Fatalf("%s: Ingest(%q) stored the messages in group %q", via, g, in.GroupID)
			}
			page, err := c.Messages(ctx, g, client.MessageQuery{})
			if err != nil || len(page.Messages) != 1 || page.Messages[0].ID != id {
				t.Fatalf("%s: Messages(%q) = %+v, %v; want the one message stored there", via, g, page.Messages, err)
			}
			req, _ := http.NewRequest(http.MethodGet, base+"/memory/messages/"+url.PathEscape(g), nil)
			req.Header.Set("Authorization", "Bearer s3cret")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"content":"hello `) {
				t.Fatalf("%s: GET %q over HTTP = %d %s; want the message the client stored", via, g, res.StatusCode, body)
			}
		}
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
