package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkIngest measures POST /memory/messages/{group}: batches of 100
// messages from 8 clients at once, spread over 256 groups, into Postgres
// over a real loopback server. Each b.N is one batch. It reports messages
// per second and the p50 and p99 time of one batch.
//
//	go test ./api -run '^$' -bench BenchmarkIngest -benchtime 2000x
func BenchmarkIngest(b *testing.B) {
	const clients, batch, groups = 8, 100, 256
	f := newFixture(b, fixtureOptions{})
	body := func(i int) []byte {
		msgs := make([]map[string]string, batch)
		for k := range msgs {
			msgs[k] = map[string]string{"id": fmt.Sprintf("b%d-m%d", i, k), "sender_id": fmt.Sprintf("u%d", k%17),
				"sender_name": fmt.Sprintf("member %d", k%17), "content": fmt.Sprintf("message %d of batch %d: plans for the weekend and who brings snacks", k, i),
				"sent_at": time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC).Add(time.Duration(i*batch+k) * time.Second).Format(time.RFC3339)}
		}
		out, _ := json.Marshal(map[string]any{"messages": msgs})
		return out
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients}}
	defer client.CloseIdleConnections()
	var next, failed atomic.Int64
	lat := make([][]time.Duration, clients)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for c := range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/memory/messages/ingest-%d", f.srv.URL, i%groups), bytes.NewReader(body(i)))
				req.Header.Set("Authorization", "Bearer "+secretRoot)
				req.Header.Set("Content-Type", "application/json")
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
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d of %d batches failed", n, b.N)
	}
	stored := 0
	for g := range min(groups, b.N) {
		n, err := f.ledger.CountMessages(context.Background(), fmt.Sprintf("ingest-%d", g), 0, math.MaxInt64)
		if err != nil {
			b.Fatal(err)
		}
		stored += n
	}
	if stored != b.N*batch {
		b.Fatalf("%d messages stored; %d were sent", stored, b.N*batch)
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	pct := func(p float64) float64 {
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(b.N*batch)/elapsed.Seconds(), "msgs/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
