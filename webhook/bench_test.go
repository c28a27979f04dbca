package webhook_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
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
// receiver on loopback that answers 204 at once: 3,264 events per
// iteration, committed with the timer stopped, then delivered by one
// Deliverer with its defaults. "slow" adds a second webhook of every
// group whose receiver answers after 10 s: its streams hold their
// webhook's share of the deliverer the whole time, and the fast
// receiver's rate is what is measured.
func BenchmarkDeliver(b *testing.B) {
	for _, ledger := range []string{"postgres", "sqlite"} {
		for _, slow := range []bool{false, true} {
			name := ledger + "/fast"
			if slow {
				name = ledger + "/fast+slow"
			}
			b.Run(name, func(b *testing.B) { benchDeliver(b, openBench(b, ledger), slow) })
		}
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

func benchDeliver(b *testing.B, l storetest.WebhookLedger, slow bool) {
	ctx := context.Background()
	var fastGot atomic.Int64
	fast := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fastGot.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	b.Cleanup(fast.Close)
	subs := &webhook.Subscriptions{Store: l, Guard: open}
	if _, err := subs.Create(ctx, webhook.NewWebhook{URL: fast.URL, Events: groupmem.EventTypes}); err != nil {
		b.Fatal(err)
	}
	if slow {
		stop := make(chan struct{})
		slowSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(10 * time.Second):
			case <-stop:
			}
			w.WriteHeader(http.StatusNoContent)
		}))
		b.Cleanup(func() { close(stop); slowSrv.Close() })
		if _, err := subs.Create(ctx, webhook.NewWebhook{URL: slowSrv.URL, Events: groupmem.EventTypes}); err != nil {
			b.Fatal(err)
		}
	}
	for g := range benchGroups {
		if _, err := l.InsertMessages(ctx, storetest.Msgs(fmt.Sprintf("g%d", g), "m", 1)); err != nil {
			b.Fatal(err)
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	d := webhook.New(l, webhook.Config{Guard: open, Poll: 20 * time.Millisecond})
	statements := make([]string, 50)
	var want int64
	var elapsed time.Duration
	started := false
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		for p := range benchPlans {
			for j := range statements {
				statements[j] = fmt.Sprintf("fact %d of plan %d, round %d", j, p, i)
			}
			storetest.Commit(b, l, storetest.CreatePlan(storetest.Begin(b, l, fmt.Sprintf("g%d", p%benchGroups)), statements...))
		}
		want += benchPlans * 51
		if !started { // the slow receiver's streams are claimed first
			go func() { defer close(done); d.Run(runCtx) }()
			started = true
		}
		b.StartTimer()
		start := time.Now()
		for fastGot.Load() < want {
			time.Sleep(time.Millisecond)
		}
		elapsed += time.Since(start)
	}
	cancel()
	<-done
	b.ReportMetric(float64(want)/elapsed.Seconds(), "deliveries/s")
}
