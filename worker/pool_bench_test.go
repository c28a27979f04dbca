package worker_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// BenchmarkNightly is one night of the scheduled evolution: N groups with
// 200 new messages each, a model that answers after L = 200 ms, one pool
// of concurrency 32, over the real Postgres, Redis and Qdrant test server.
// It reports the wall time against the ideal N·L/32 (ideal-ratio, 1.0 is
// perfect), the peak resident memory of the process during the night
// (peak-rss-MB), and groups per second. Each size is set up afresh
// (not timed); run one size for a clean memory peak:
//
//	go test ./worker -run '^$' -bench 'BenchmarkNightly/groups=2000$' -benchtime 1x
func BenchmarkNightly(b *testing.B) {
	for _, n := range []int{500, 1000, 2000} {
		b.Run(fmt.Sprintf("groups=%d", n), func(b *testing.B) { benchNightly(b, n) })
	}
}

const (
	benchLatency     = 200 * time.Millisecond
	benchConcurrency = 32
	benchMessages    = 200
)

func benchNightly(b *testing.B, groups int) {
	ctx := context.Background()
	var wall time.Duration
	var peak int64
	var evolving time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		l, svc := benchService(b)
		benchFill(b, l, groups)
		slot := slot1.Add(time.Duration(i) * 24 * time.Hour)
		if n := tick(b, l, slot, 1); n != groups {
			b.Fatalf("tick enqueued %d of %d groups", n, groups)
		}
		resetPeakRSS(b)
		timed := &timedEvolver{svc: svc}
		pool := newPool(b, l, timed, nil, worker.PoolConfig{Concurrency: benchConcurrency, Poll: 10 * time.Millisecond})
		start := time.Now()
		b.StartTimer()
		pool.Start(ctx)
		waitQueueEmpty(b, l)
		b.StopTimer()
		wall += time.Since(start)
		if err := pool.Stop(ctx); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, peakRSS(b))
		evolving += time.Duration(timed.total.Load())
		benchCheck(b, l, slot, groups)
	}
	ideal := time.Duration(groups) * benchLatency / benchConcurrency
	perRun := wall / time.Duration(b.N)
	b.ReportMetric(perRun.Seconds(), "wall-s")
	b.ReportMetric(ideal.Seconds(), "ideal-s")
	b.ReportMetric(perRun.Seconds()/ideal.Seconds(), "ideal-ratio")
	b.ReportMetric(float64(groups)/perRun.Seconds(), "groups/s")
	b.ReportMetric(float64(peak)/1024, "peak-rss-MB")
	// The mean time of one Evolve call, and the mean time a lane spends
	// on one job around it (claim, record the outcome, wait for work).
	runMS := float64(evolving.Milliseconds()) / float64(groups*b.N)
	b.ReportMetric(runMS, "evolve-ms")
	b.ReportMetric(perRun.Seconds()*1000*benchConcurrency/float64(groups)-runMS, "queue-ms")
}

// timedEvolver adds up the time spent in Evolve.
type timedEvolver struct {
	svc   worker.Evolver
	total atomic.Int64
}

func (e *timedEvolver) Evolve(ctx context.Context, group string, o worker.Options) (worker.Result, error) {
	start := time.Now()
	defer func() { e.total.Add(int64(time.Since(start))) }()
	return e.svc.Evolve(ctx, group, o)
}

// benchService returns a fresh ledger and a Service over the real stores
// whose model answers after benchLatency.
func benchService(b *testing.B) (*postgres.Ledger, *worker.Service) {
	b.Helper()
	ctx := context.Background()
	l := pgtest.OpenWith(b, pgtest.Options{MaxConns: 2 * benchConcurrency})
	x, err := qdrant.Open(ctx, qdrant.Config{Addr: qdranttest.Start(b), Collection: "memories", Dimension: dim, SkipCompatibilityCheck: true})
	if err != nil {
		b.Fatalf("open index: %v", err)
	}
	b.Cleanup(func() { x.Close() })
	emb, err := embed.NewHashing(dim)
	if err != nil {
		b.Fatal(err)
	}
	locker := openLocker(b, "groupmem-bench:"+groupmem.NewID()+":")
	// The scripted model over HTTP on loopback, answering after L: the
	// whole model path (prompt, HTTP, parse, validate) is in the figures.
	model := llmtest.New(b, llmtest.WithDefault(llmtest.Reply{Latency: benchLatency, PromptTokens: 6000, CompletionTokens: 60,
		Text: `{"action":"create","statement":"Members post a message of the day every day","change_reason":"every day","evidence":["m1","m2"]}`}))
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: model.URL(), Model: "scripted", MaxRetries: -1,
		HTTPClient: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: benchConcurrency}}})
	if err != nil {
		b.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		b.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: l, Index: x, Locker: locker, Embedder: emb,
		Fuser: fuser, Logger: slog.New(slog.DiscardHandler)}, worker.Config{})
	return l, svc
}

// benchFill stores benchMessages messages in each of groups groups.
func benchFill(b *testing.B, l *postgres.Ledger, groups int) {
	b.Helper()
	per := groupmem.MaxBatchMessages / benchMessages
	for g := 0; g < groups; g += per {
		var batch []groupmem.Message
		for k := g; k < min(g+per, groups); k++ {
			batch = append(batch, storetest.Msgs(fmt.Sprintf("group-%05d", k), "m", benchMessages)...)
		}
		if _, err := l.InsertMessages(context.Background(), batch); err != nil {
			b.Fatal(err)
		}
	}
}

// waitQueueEmpty returns once no job is pending or running.
func waitQueueEmpty(b *testing.B, l *postgres.Ledger) {
	b.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		var open int
		err := l.Pool().QueryRow(context.Background(),
			`SELECT count(*) FROM evolution_jobs WHERE status IN ('pending', 'running')`).Scan(&open)
		if err != nil {
			b.Fatal(err)
		}
		if open == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Fatal("the queue did not empty within 10 minutes")
}

// benchCheck fails the benchmark unless every group was evolved once,
// successfully.
func benchCheck(b *testing.B, l *postgres.Ledger, slot time.Time, groups int) {
	b.Helper()
	var done, runs int
	err := l.Pool().QueryRow(context.Background(), `
		SELECT (SELECT count(*) FROM evolution_jobs WHERE slot = $1 AND status = 'done' AND run_status = 'succeeded'),
		       (SELECT count(*) FROM evolution_runs WHERE trigger = 'cron' AND status = 'succeeded')`, slot).Scan(&done, &runs)
	if err != nil {
		b.Fatal(err)
	}
	if done != groups || runs != groups {
		b.Fatalf("%d jobs done and %d runs succeeded for %d groups", done, runs, groups)
	}
}

// resetPeakRSS resets the process's peak resident set size (VmHWM).
func resetPeakRSS(b *testing.B) {
	b.Helper()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		b.Logf("cannot reset the memory peak; peak-rss-MB covers the whole process life: %v", err)
	}
}

// peakRSS returns VmHWM from /proc/self/status, in KiB.
func peakRSS(b *testing.B) int64 {
	b.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}
