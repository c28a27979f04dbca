package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/prompts"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/worker"
)

// The provider of BenchmarkNightlyRateLimited: 500 requests and 200,000
// tokens a minute, answering after 2s, with time running rateSpeed times
// faster so that a night of 2,000 groups takes minutes, not an hour:
// every rate is multiplied and every duration divided by rateSpeed.
const (
	rateSpeed       = 20
	rateRPM         = 500 * rateSpeed
	rateTPM         = 200_000 * rateSpeed
	rateWindow      = time.Minute / rateSpeed
	rateLatency     = 2 * time.Second / rateSpeed
	rateConcurrency = 32 // per replica
	rateMaxTokens   = 256
	rateGroups      = 2000
)

// BenchmarkNightlyRateLimited is a night of 2,000 groups of 1 to 150 new
// messages against a scripted provider that
// enforces its limits over a sliding window with real 429s, Retry-After
// and x-ratelimit-* headers, and counts tokens otherwise than groupmem
// estimates them. The replicas (1 or 2, each a pool of concurrency 32 with
// its own model client) share one rate budget in Redis. It reports the
// wall time against the ideal, the largest of the provider's token count /
// TPM, calls / RPM and calls·L/C (ideal-ratio; target ≤ 1.10), the share
// of calls answered 429 (target ≤ 1%), and the rates achieved against the
// limits. Every group must succeed.
//
//	go test ./worker -run '^$' -bench BenchmarkNightlyRateLimited -benchtime 1x -timeout 30m
func BenchmarkNightlyRateLimited(b *testing.B) {
	for _, replicas := range []int{1, 2} {
		b.Run(fmt.Sprintf("replicas=%d", replicas), func(b *testing.B) { benchRateLimited(b, replicas) })
	}
}

func benchRateLimited(b *testing.B, replicas int) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		l := pgtest.OpenWith(b, pgtest.Options{MaxConns: int32(2 * rateConcurrency * replicas)})
		model := llmtest.New(b, llmtest.WithDefault(llmtest.Reply{Latency: rateLatency, CompletionTokens: 60,
			Text: `{"action":"create","statement":"Members post a message of the day every day","change_reason":"every day","evidence":["m1","m2"]}`}),
			llmtest.WithRateLimit(llmtest.RateLimit{Requests: rateRPM / rateSpeed, Tokens: rateTPM / rateSpeed, Window: rateWindow}))
		budget := openLocker(b, "groupmem-bench:"+groupmem.NewID()+":").RateBudget()
		rateFill(b, l)
		if n := tick(b, l, slot1, 1); n != rateGroups {
			b.Fatalf("tick enqueued %d of %d groups", n, rateGroups)
		}
		var pools []*worker.Pool
		var limiters []*llm.Limiter
		for range replicas {
			svc, lim := rateService(b, l, model, budget)
			limiters = append(limiters, lim)
			pools = append(pools, newPool(b, l, svc, nil, worker.PoolConfig{Concurrency: rateConcurrency, Poll: 10 * time.Millisecond}))
		}
		start := time.Now()
		b.StartTimer()
		for _, p := range pools {
			p.Start(ctx)
		}
		waitQueueEmpty(b, l)
		b.StopTimer()
		wall := time.Since(start)
		for _, p := range pools {
			if err := p.Stop(ctx); err != nil {
				b.Fatal(err)
			}
		}
		benchCheck(b, l, slot1, rateGroups)
		st := model.RateStats()
		calls := st.Admitted
		ideal := max(time.Duration(float64(st.Tokens)/rateTPM*float64(time.Minute)),
			time.Duration(calls)*time.Minute/rateRPM,
			time.Duration(calls)*rateLatency/time.Duration(rateConcurrency*replicas))
		var waits int64
		for _, lim := range limiters {
			waits += lim.Stats().BudgetWaits
		}
		// Figures in the provider's time: wall time × rateSpeed.
		b.ReportMetric(wall.Seconds()*rateSpeed, "wall-s")
		b.ReportMetric(ideal.Seconds()*rateSpeed, "ideal-s")
		b.ReportMetric(wall.Seconds()/ideal.Seconds(), "ideal-ratio")
		b.ReportMetric(100*float64(st.Throttled)/float64(calls+st.Throttled), "429-%")
		b.ReportMetric(float64(calls), "calls")
		b.ReportMetric(float64(st.Tokens)/wall.Minutes()/rateSpeed, "tokens/min")
		b.ReportMetric(float64(calls)/wall.Minutes()/rateSpeed, "calls/min")
		b.ReportMetric(float64(waits), "budget-waits")
	}
}

// rateService returns a Service whose model client is admitted by a
// Limiter on budget, as cmd/groupmem wires it.
func rateService(b *testing.B, l *postgres.Ledger, model *llmtest.Server, budget groupmem.RateBudget) (*worker.Service, *llm.Limiter) {
	b.Helper()
	x, err := qdrant.Open(context.Background(), qdrant.Config{Addr: qdranttest.Start(b), Collection: "memories", Dimension: dim, SkipCompatibilityCheck: true})
	if err != nil {
		b.Fatalf("open index: %v", err)
	}
	b.Cleanup(func() { x.Close() })
	emb, err := embed.NewHashing(dim)
	if err != nil {
		b.Fatal(err)
	}
	lim, err := llm.NewLimiter(llm.LimiterConfig{Budget: budget, Key: "chat:scripted", MaxConcurrency: rateConcurrency,
		CompletionTokens: rateMaxTokens, Limits: groupmem.RateLimits{RequestsPerMinute: rateRPM, TokensPerMinute: rateTPM, Burst: time.Second / rateSpeed}})
	if err != nil {
		b.Fatal(err)
	}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: model.URL(), Model: "scripted", MaxTokens: rateMaxTokens, Limiter: lim,
		EstimateTokens: prompts.EstimateTokens, MaxBackoff: time.Second, MaxRetries: 10,
		HTTPClient: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: rateConcurrency}}})
	if err != nil {
		b.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		b.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: l, Index: x, Locker: openLocker(b, "groupmem-bench:"+groupmem.NewID()+":"), Embedder: emb,
		Fuser: fuser, Logger: slog.New(slog.DiscardHandler)}, worker.Config{})
	return svc, lim
}

// rateFill stores 1 to 300 messages in each of rateGroups groups.
func rateFill(b *testing.B, l *postgres.Ledger) {
	b.Helper()
	var batch []groupmem.Message
	var mu sync.Mutex
	flush := func() {
		mu.Lock()
		defer mu.Unlock()
		if _, err := l.InsertMessages(context.Background(), batch); err != nil {
			b.Fatal(err)
		}
		batch = batch[:0]
	}
	for g := range rateGroups {
		group := fmt.Sprintf("group-%05d", g)
		for k := range 1 + (g*7919)%150 {
			batch = append(batch, groupmem.Message{GroupID: group, ID: fmt.Sprintf("m%d", k), SenderID: "u", SenderName: fmt.Sprintf("member%d", k%9),
				Content: fmt.Sprintf("message %d: the weekend plans, topic %d, and who brings the snacks", k, k%13), SentAt: night.Add(-time.Duration(150-k) * time.Minute)})
			if len(batch) == groupmem.MaxBatchMessages {
				flush()
			}
		}
	}
	if len(batch) > 0 {
		flush()
	}
}
