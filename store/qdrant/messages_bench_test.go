package qdrant_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// BenchmarkMessages100k: hybrid searches of one group holding 100,000
// messages in the Qdrant message index (the static embedder; the Qdrant
// at $GROUPMEM_TEST_QDRANT_ADDR, or the in-process test server, which
// scans every point for every query and says nothing of Qdrant's speed), after it caught up with the ledger; the catch-up,
// done once before the searches, is reported as messages indexed per
// second (read from the ledger, embedded, written to Qdrant). It reports
// the p50 and p99 of a search.
//
//	go test ./store/qdrant -run '^$' -bench Messages100k -benchtime 200x
func BenchmarkMessages100k(b *testing.B) {
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(b.TempDir(), "ledger.db")})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	words := []string{"周会", "星期五", "羽毛球", "deploy", "redis", "前端", "后端", "晚上", "meeting", "coffee", "猫", "周末",
		"爬山", "review", "火锅", "地铁", "加班", "release", "bug", "电影", "跑步", "吉他", "搬家", "面试", "杭州", "成都"}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var batch []groupmem.Message
	for i := range 100_000 {
		text := fmt.Sprintf("%s %s 还有 %s 的事 #%d", words[i%len(words)], words[(i*7+3)%len(words)], words[(i*13+5)%len(words)], i)
		batch = append(batch, groupmem.Message{GroupID: "g", ID: fmt.Sprint(i), SenderName: "u" + fmt.Sprint(i%20), Content: text,
			SentAt: t0.Add(time.Duration(i) * time.Minute)})
		if len(batch) == groupmem.MaxBatchMessages {
			if _, err := l.InsertMessages(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	emb, err := static.Load()
	if err != nil {
		b.Fatal(err)
	}
	addr, key := os.Getenv(envAddr), os.Getenv(envAPIKey)
	if addr == "" {
		addr = qdranttest.Start(b)
	}
	name := uniqueCollection()
	m, err := qdrant.OpenMessages(ctx, qdrant.Config{Addr: addr, APIKey: key, Collection: name, Dimension: emb.Dimension(), SkipCompatibilityCheck: true}, l, emb)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	if os.Getenv(envAddr) != "" {
		defer rawClient(b, addr, key).DeleteCollection(context.Background(), name)
	}
	start := time.Now()
	if err := m.CatchUp(ctx, "g"); err != nil {
		b.Fatal(err)
	}
	indexed := 100_000 / time.Since(start).Seconds()
	queries := []string{"周末去爬山还是打羽毛球", "when is the release review", "成都火锅", "redis bug 加班"}
	var lat []time.Duration
	i := 0
	for b.Loop() {
		t := time.Now()
		hits, err := m.Search(ctx, msgsearch.Query{GroupID: "g", Text: queries[i%len(queries)], Limit: 10})
		if err != nil || len(hits) == 0 {
			b.Fatalf("Search = %d hits, %v", len(hits), err)
		}
		lat = append(lat, time.Since(t))
		i++
	}
	slices.Sort(lat)
	b.ReportMetric(indexed, "indexed-msgs/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
