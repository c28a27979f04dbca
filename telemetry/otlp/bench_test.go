package otlp_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/internal/httpbench"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/telemetry/otlp"
	"github.com/groupmem/groupmem/worker"
)

// BenchmarkListSearchTraces measures GET /memory/list and GET
// /memory/search (hybrid, the local 256-dimension embedder) from 64
// clients at once, as api's BenchmarkList and BenchmarkSearch do, on the
// assembly's own stack (Postgres, Redis, the Qdrant test server), with
// traces off and on: every request traced (sample ratio 1) with the
// Postgres and Qdrant calls beneath it, exported by OTLP over HTTP to a
// collector on loopback that discards them. Run the two in turn:
//
//	go test ./telemetry/otlp -run '^$' -bench 'BenchmarkListSearchTraces/traces=off' -benchtime 3000x
//	go test ./telemetry/otlp -run '^$' -bench 'BenchmarkListSearchTraces/traces=on' -benchtime 3000x
func BenchmarkListSearchTraces(b *testing.B) {
	queries := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "no politics", "新番动漫"}
	for _, on := range []bool{false, true} {
		name := "traces=off"
		if on {
			name = "traces=on"
		}
		b.Run(name, func(b *testing.B) {
			srv := benchStack(b, on)
			b.Run("list", func(b *testing.B) {
				httpbench.Run(b, 64, func(int) string { return srv + "/memory/list/bench?limit=20" }, nil)
			})
			b.Run("search", func(b *testing.B) {
				httpbench.Run(b, 64, func(i int) string {
					return srv + "/memory/search/bench?limit=5&q=" + url.QueryEscape(queries[i%len(queries)])
				}, nil)
			})
		})
	}
}

// benchStack opens the assembly on the real backends with the local
// embedder, traced or not, seeds group "bench" with 60 memories and
// returns the URL of its API.
func benchStack(b *testing.B, traced bool) string {
	b.Helper()
	ctx := context.Background()
	var tc otlp.Config
	if traced {
		collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
		}))
		b.Cleanup(collector.Close)
		tc.Endpoint = collector.URL
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	schema := "gmtest_" + hex.EncodeToString(raw[:])
	b.Cleanup(func() { pgtest.DropSchema(b, schema) })
	st, err := stack.Open(ctx, stack.Config{
		Postgres:      postgres.Config{URL: pgtest.URL(), Schema: schema},
		Redis:         redis.Config{Addr: redistest.Addr(), Prefix: redistest.Prefix(b)},
		Qdrant:        qdrant.Config{Addr: qdranttest.Start(b), SkipCompatibilityCheck: true},
		LocalEmbedder: stack.Hashing, Dim: 256,
		Telemetry: tc,
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	topics := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "politics", "新番动漫", "weekend hiking"}
	for i := range 60 {
		stmt := fmt.Sprintf("members talk about %s, item %d", topics[i%len(topics)], i)
		if _, err := st.Service.Create(ctx, "bench", "bench", worker.ManualMemory{Statement: stmt}); err != nil {
			b.Fatal(err)
		}
	}
	h, err := api.New(api.Deps{Ledger: st.Ledger, Index: st.Index, Embedder: st.Embedder, Service: st.Service,
		Messages: st.Messages, List: st.List, Telemetry: st.Telemetry}, api.Config{Open: true, DefaultThreshold: st.SearchThreshold})
	if err != nil {
		b.Fatal(err)
	}
	web := httptest.NewServer(h)
	b.Cleanup(web.Close)
	return web.URL
}
