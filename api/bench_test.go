package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// BenchmarkSearch measures GET /memory/search with the local embedder
// (256 dimensions) over a real loopback server on Postgres and the Qdrant
// test server, 64 clients at once.
func BenchmarkSearch(b *testing.B) {
	f := benchFixture(b)
	queries := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "no politics", "新番动漫"}
	benchHTTP(b, f, func(i int) string {
		return "/memory/search/bench?limit=5&threshold=0.1&q=" + url.QueryEscape(queries[i%len(queries)])
	})
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
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: benchClients, MaxIdleConnsPerHost: benchClients}}
	defer client.CloseIdleConnections()
	var next atomic.Int64
	lat := make([][]time.Duration, benchClients)
	var failed atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for c := range benchClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				req, _ := http.NewRequest(http.MethodGet, f.srv.URL+path(i), nil)
				req.Header.Set("Authorization", "Bearer "+secretRoot)
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				lat[c] = append(lat[c], time.Since(t0))
				if err != nil || res.StatusCode != http.StatusOK {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d of %d requests failed", n, b.N)
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	pct := func(p float64) float64 {
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
