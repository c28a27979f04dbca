package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/groupmem/groupmem/internal/httpbench"
	"github.com/groupmem/groupmem/store/inmem"
)

// benchClients is the number of concurrent clients.
const benchClients = 64

// BenchmarkList measures GET /memory/list over a real loopback server on
// Postgres and the Qdrant test server, 64 clients at once.
func BenchmarkList(b *testing.B) {
	f := benchFixture(b)
	benchHTTP(b, f, func(int) string { return "/memory/list/bench?limit=20" })
}

// BenchmarkSearch measures GET /memory/search in hybrid mode with the
// local embedder (256 dimensions) over a real loopback server on Postgres
// and the Qdrant test server: as a bot calls it (no threshold, the
// default) and with a threshold (every candidate ranked, the payload read
// for the hits kept). 64 clients at once saturate the two cores and show
// throughput; 16 show the latency a service sees below saturation.
func BenchmarkSearch(b *testing.B) {
	f := benchFixture(b)
	queries := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "no politics", "新番动漫"}
	for _, mode := range []struct{ name, extra string }{{"default", ""}, {"threshold", "&threshold=0.1"}} {
		for _, clients := range []int{16, benchClients} {
			b.Run(fmt.Sprintf("%s/clients=%d", mode.name, clients), func(b *testing.B) {
				httpbench.Run(b, clients, func(i int) string {
					return f.srv.URL + "/memory/search/bench?limit=5" + mode.extra + "&q=" + url.QueryEscape(queries[i%len(queries)])
				}, http.Header{"Authorization": {"Bearer " + secretRoot}})
			})
		}
	}
}

// benchFixture is a fixture with 256-dimensional local embeddings and 60
// active memories in group "bench".
func benchFixture(b *testing.B) *fixture {
	b.Helper()
	f := newFixture(b, fixtureOptions{embedDim: 256, locker: inmem.NewLocker()})
	topics := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "politics", "新番动漫", "weekend hiking"}
	var stmts []string
	for i := range 60 {
		stmts = append(stmts, fmt.Sprintf("members talk about %s, item %d", topics[i%len(topics)], i))
	}
	f.seed(b, "bench", stmts...)
	return f
}

// benchHTTP runs b.N requests from benchClients goroutines and reports
// requests per second and latency percentiles.
func benchHTTP(b *testing.B, f *fixture, path func(i int) string) {
	httpbench.Run(b, benchClients, func(i int) string { return f.srv.URL + path(i) },
		http.Header{"Authorization": {"Bearer " + secretRoot}})
}
