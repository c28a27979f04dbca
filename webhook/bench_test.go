package webhook_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// benchGroups and benchPlans shape one iteration's events: benchPlans
// plans of 50 creates (51 events each, with the run's) spread over
// benchGroups groups.
const (
	benchGroups = 32
	benchPlans  = 64
)

// BenchmarkDeliver measures deliveries per second from the ledger to a
// receiver on loopback that answers 204 at once: each iteration commits
// 3,264 events (the timer stopped) and has one Deliverer, with its
// defaults, deliver them twice over, in two phases measured back to back
// under the same load: "alone", with a second webhook of every group
// paused, and "beside-slow", with that webhook resumed: its receiver
// answers after 10 s, so its streams hold their webhook's share of the
// deliverer the whole phase. slowdown-% is how much slower the fast
// receiver's phase was beside the slow one.
func BenchmarkDeliver(b *testing.B) {
	for _, ledger := range []string{"postgres", "sqlite"} {
		b.Run(ledger, func(b *testing.B) { benchDeliver(b, openBench(b, ledger)) })
	}
}

func openBench(b *testing.B, kind string) storetest.WebhookLedger {
	if kind == "postgres" {
		return pgtest.Open(b)
	}
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(b.TempDir(), "ledger.db")})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	return l
}

// benchHooks are the two receivers of BenchmarkDeliver and their webhooks.
type benchHooks struct {
	got        atomic.Int64 // deliveries the fast receiver accepted
	fast, slow groupmem.Webhook
	releaseMu  sync.Mutex
	release    chan struct{} // closed to let the slow receiver's requests in flight answer
	fastServer *httptest.Server
}

func newBenchHooks(b *testing.B, l storetest.WebhookLedger) *benchHooks {
	ctx := context.Background()
	bh := &benchHooks{release: make(chan struct{})}
	fast := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bh.got.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bh.releaseMu.Lock()
		release := bh.release
		bh.releaseMu.Unlock()
		select {
		case <-time.After(10 * time.Second):
		case <-release:
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	b.Cleanup(func() { bh.unblock(); slow.Close(); fast.Close() })
	subs := &webhook.Subscriptions{Store: l, Guard: open}
	var err error
	if bh.fast, err = subs.Create(ctx, webhook.NewWebhook{URL: fast.URL, Events: groupmem.EventTypes}); err != nil {
		b.Fatal(err)
	}
	if bh.slow, err = subs.Create(ctx, webhook.NewWebhook{URL: slow.URL, Events: groupmem.EventTypes}); err != nil {
		b.Fatal(err)
	}
	return bh
}

// unblock lets the slow receiver's requests in flight answer at once.
func (bh *benchHooks) unblock() {
	bh.releaseMu.Lock()
	close(bh.release)
	bh.release = make(chan struct{})
	bh.releaseMu.Unlock()
}

func benchDeliver(b *testing.B, l storetest.WebhookLedger) {
	ctx := context.Background()
	bh := newBenchHooks(b, l)
	for g := range benchGroups {
		if _, err := l.InsertMessages(ctx, storetest.Msgs(fmt.Sprintf("g%d", g), "m", 1)); err != nil {
			b.Fatal(err)
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		webhook.New(l, webhook.Config{Guard: open, Poll: 20 * time.Millisecond}).Run(runCtx)
	}()
	var want int64
	var alone, beside, cpu time.Duration
	round := 0
	// A phase commits its events while both webhooks are paused, then
	// resumes the fast one (and the slow one beside it) and times the
	// fast receiver's deliveries.
	phase := func(slow bool) time.Duration {
		b.StopTimer()
		for _, id := range []string{bh.fast.ID, bh.slow.ID} {
			if err := l.PauseWebhook(ctx, id, "the benchmark commits"); err != nil {
				b.Fatal(err)
			}
		}
		bh.unblock()
		want += commitBenchEvents(b, l, round)
		round++
		resume := []string{bh.fast.ID}
		if slow {
			resume = append(resume, bh.slow.ID)
		}
		b.StartTimer()
		start, cpuStart := time.Now(), cpuTime()
		for _, id := range resume {
			if _, err := l.ResumeWebhook(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
		for bh.got.Load() < want {
			time.Sleep(time.Millisecond)
		}
		cpu += cpuTime() - cpuStart
		return time.Since(start)
	}
	for b.Loop() {
		alone += phase(false)
		beside += phase(true)
	}
	cancel()
	bh.unblock()
	<-done
	n := float64(want) / 2
	b.ReportMetric(n/alone.Seconds(), "alone-deliveries/s")
	b.ReportMetric(n/beside.Seconds(), "beside-slow-deliveries/s")
	b.ReportMetric(100*(beside.Seconds()-alone.Seconds())/alone.Seconds(), "slowdown-%")
	b.ReportMetric(float64(cpu.Microseconds())/float64(want), "cpu-µs/delivery")
}

// cpuTime is the CPU time this process has used (user and system): the
// deliverer's and the receivers', not the database's.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// commitBenchEvents commits benchPlans plans of 50 creates and returns
// how many events they are.
func commitBenchEvents(b *testing.B, l storetest.WebhookLedger, round int) int64 {
	statements := make([]string, 50)
	for p := range benchPlans {
		for j := range statements {
			statements[j] = fmt.Sprintf("fact %d of plan %d, round %d", j, p, round)
		}
		storetest.Commit(b, l, storetest.CreatePlan(storetest.Begin(b, l, fmt.Sprintf("g%d", p%benchGroups)), statements...))
	}
	return benchPlans * 51
}
