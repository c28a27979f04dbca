package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/internal/httpbench"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// benchEmbedded serves the embedded default (SQLite ledger, in-process
// index and lock, the static embedder) with a group "bench" of
// 60 active memories, built the way `groupmem serve` builds it.
func benchEmbedded(b *testing.B) string {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "bench.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		b.Fatal(err)
	}
	emb, err := static.Load() // the embedded default's embedder
	if err != nil {
		b.Fatal(err)
	}
	topics := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "politics", "新番动漫", "weekend hiking"}
	var stmts []string
	for i := range 60 {
		stmts = append(stmts, fmt.Sprintf("members talk about %s, item %d", topics[i%len(topics)], i))
	}
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "bench", Trigger: groupmem.TriggerCLI})
	if err != nil {
		b.Fatal(err)
	}
	plan := storetest.CreatePlan(run, stmts...)
	for i := range plan.New {
		plan.New[i].Embedding = emb.Vector(plan.New[i].Statement)
	}
	if err := l.CommitPlan(ctx, plan); err != nil {
		b.Fatal(err)
	}
	l.Close()
	base, stop := serveOn(b, map[string]string{
		"GROUPMEM_SQLITE_PATH": path, "GROUPMEM_LLM_URL": llmtest.New(b).URL(),
		"GROUPMEM_API_KEYS": "bot:admin:*:" + hashOf("s3cret"), "GROUPMEM_SCHEDULER": "false",
	})
	b.Cleanup(func() { _ = stop() })
	return base
}

var benchHeader = http.Header{"Authorization": {"Bearer s3cret"}}

// BenchmarkServeEmbeddedList: GET /memory/list from 64 concurrent clients
// against `groupmem serve` on the embedded default.
func BenchmarkServeEmbeddedList(b *testing.B) {
	base := benchEmbedded(b)
	httpbench.Run(b, 64, func(int) string { return base + "/memory/list/bench?limit=20" }, benchHeader)
}

// BenchmarkServeEmbeddedSearch: GET /memory/search (hybrid, static embedder) from
// 64 concurrent clients against `groupmem serve` on the embedded default,
// and from 16, a load that still passes the 3,000 req/s of the target
// without queueing 64 deep on two cores.
func BenchmarkServeEmbeddedSearch(b *testing.B) {
	base := benchEmbedded(b)
	queries := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "no politics", "新番动漫"}
	for _, clients := range []int{64, 16} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			httpbench.Run(b, clients, func(i int) string {
				return base + "/memory/search/bench?limit=5&threshold=0.1&q=" + url.QueryEscape(queries[i%len(queries)])
			}, benchHeader)
		})
	}
}
