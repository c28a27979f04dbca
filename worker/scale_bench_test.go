package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/worker"
)

// BenchmarkNightlyScale is one night of many small groups with an instant
// model: N groups of 3 new messages each, a stand-in model in process
// that answers at once with one new memory, one pool of concurrency 32,
// over the real Postgres, Redis and Qdrant test server. What it measures
// is the queue and the run's own path (claim, lock, fence, load, commit,
// project, finish), not the model. It reports the wall time, the time per
// group (per-group-ms, flat when the wall time is linear in N), and the
// peak resident memory of the process that runs the pool (peak-rss-MB):
// the Qdrant test server runs in a process of its own, as Qdrant does in
// production, so its points are not counted. The setup (messages by plain SQL, the
// scheduler's tick) is not timed. Run one size at a time:
//
//	go test ./worker -run '^$' -bench 'BenchmarkNightlyScale/groups=100000$' -benchtime 1x -timeout 60m
func BenchmarkNightlyScale(b *testing.B) {
	for _, n := range []int{10_000, 30_000, 100_000} {
		b.Run(fmt.Sprintf("groups=%d", n), func(b *testing.B) { benchNightlyScale(b, n) })
	}
}

func benchNightlyScale(b *testing.B, groups int) {
	ctx := context.Background()
	var wall time.Duration
	var peak int64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := newStores(b)
		s.ledger = pgtest.OpenWith(b, pgtest.Options{MaxConns: 2 * benchConcurrency})
		s.index = openIndex(b, qdranttest.StartProcess(b, "TestQdrantServerProcess"), "memories")
		s.log = slog.New(slog.DiscardHandler)
		svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
			Fuser: &scriptedFuser{}, Logger: s.log}, worker.Config{})
		scaleFill(b, s.ledger, groups)
		slot := slot1.Add(time.Duration(i) * 24 * time.Hour)
		if n := tick(b, s.ledger, slot, 1); n != groups {
			b.Fatalf("tick enqueued %d of %d groups", n, groups)
		}
		resetPeakRSS(b)
		pool := newPool(b, s.ledger, svc, s.log, worker.PoolConfig{Concurrency: benchConcurrency, Poll: 10 * time.Millisecond})
		start := time.Now()
		b.StartTimer()
		pool.Start(ctx)
		waitQueueEmpty(b, s.ledger)
		b.StopTimer()
		wall += time.Since(start)
		if err := pool.Stop(ctx); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, peakRSS(b))
		benchCheck(b, s.ledger, slot, groups)
	}
	perRun := wall / time.Duration(b.N)
	b.ReportMetric(perRun.Seconds(), "wall-s")
	b.ReportMetric(perRun.Seconds()*1000/float64(groups), "per-group-ms")
	b.ReportMetric(float64(groups)/perRun.Seconds(), "groups/s")
	b.ReportMetric(float64(peak)/1024, "peak-rss-MB")
}

// scaleFill stores 3 messages in each of groups groups with one plain SQL
// INSERT, the way a chat app may write them: the database assigns seqs.
func scaleFill(b *testing.B, l *postgres.Ledger, groups int) {
	b.Helper()
	_, err := l.Pool().Exec(context.Background(), `
		INSERT INTO messages (group_id, message_id, sender_id, sender_name, content, sent_at)
		SELECT format('group-%s', lpad(g::text, 6, '0')), format('m%s', k), format('u%s', k), format('member %s', k),
			format('member %s says the weekly call of group %s moves to Friday', k, g), now() - (3 - k) * interval '1 minute'
		FROM generate_series(0, $1 - 1) AS g, generate_series(0, 2) AS k
		ORDER BY g, k`, groups)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := l.Pool().Exec(context.Background(), `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// TestQdrantServerProcess is the child process of the scale benchmark's
// Qdrant test server.
func TestQdrantServerProcess(t *testing.T) { qdranttest.ServeChild(t) }
