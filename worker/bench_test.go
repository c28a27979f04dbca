package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// BenchmarkEvolveOverhead measures one evolution's own cost: a group of 50
// memories and 200 new messages, the scripted model answering at once
// (5 updates, 2 creates, the rest kept), on real Postgres and Redis and
// the in-process Qdrant test server. It reports p50 and p99 of the time
// Evolve takes less the time the scripted model spends making up its
// answer (see ownCost); the HTTP exchange with the model counts.
func BenchmarkEvolveOverhead(b *testing.B) { benchEvolveOverhead(b, newBenchHarness(b)) }

// benchEvolveOverhead runs BenchmarkEvolveOverhead's evolutions through h.
func benchEvolveOverhead(b *testing.B, h *harness) {
	ctx := context.Background()
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		g := fmt.Sprintf("bench-%d", i)
		statements := make([]string, 50)
		for j := range statements {
			statements[j] = fmt.Sprintf("members of %s share habit %d every week", g, j)
		}
		plan := storetest.CreatePlan(mustBeginB(b, h, g), statements...)
		for j := range plan.New {
			plan.New[j].Embedding = h.embedder.Vector(plan.New[j].Statement)
		}
		if err := h.ledger.CommitPlan(ctx, plan); err != nil {
			b.Fatal(err)
		}
		msgs := make([]groupmem.Message, 200)
		for j := range msgs {
			msgs[j] = groupmem.Message{GroupID: g, ID: fmt.Sprintf("%s-m%d", g, j), SenderID: "u", SenderName: fmt.Sprintf("member%d", j%7),
				Content: fmt.Sprintf("message %d about habit %d and the weekend plans of the group", j, j%50), SentAt: night.Add(-time.Duration(200-j) * time.Minute)}
		}
		if _, err := h.ledger.InsertMessages(ctx, msgs); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		var res worker.Result
		var err error
		lat = append(lat, h.ownCost(func() { res, err = h.svc.Evolve(ctx, g, worker.Options{Trigger: groupmem.TriggerCron}) }))
		if err != nil || res.Stats.Updated != 5 || res.Stats.Created != 2 {
			b.Fatalf("Evolve = %+v, %v", res.Stats, err)
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

func newBenchHarness(b *testing.B) *harness {
	h := newHarness(b)
	h.stores.log = slog.New(slog.DiscardHandler)
	h.svc = h.service(b, h.locker, worker.Config{})
	h.answer(func(a map[string]string) string {
		var shown []string
		for stmt := range a {
			shown = append(shown, stmt)
		}
		slices.Sort(shown)
		var lines []string
		for n, stmt := range shown[:5] {
			lines = append(lines, fmt.Sprintf(`{"action":"update","id":%q,"statement":%q,"change_reason":"more detail","evidence":["m%d"]}`, a[stmt], stmt+", mostly on Saturdays", n+1))
		}
		lines = append(lines,
			`{"action":"create","statement":"Members plan weekend trips together","change_reason":"recurring","evidence":["m3","m9"]}`,
			`{"action":"create","statement":"Members review each other's code on Tuesdays","change_reason":"recurring","evidence":["m4","m8"]}`)
		return strings.Join(lines, "\n")
	})
	return h
}

// ownCost runs evolve and returns how long it took, less the time the
// scripted model spent making up its answers meanwhile: a real model's
// thinking is not the evolution's cost, and neither is the harness's
// stand-in for it (reading the prompt's aliases with a regular
// expression, building the reply), which runs in this process on the
// same cores.
func (h *harness) ownCost(evolve func()) time.Duration {
	scripted := h.scripting.Load()
	start := time.Now()
	evolve()
	return time.Since(start) - time.Duration(h.scripting.Load()-scripted)
}

func mustBeginB(b *testing.B, h *harness, g string) groupmem.Run {
	r, err := h.ledger.BeginRun(context.Background(), groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron})
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkEvolveHistory measures one evolution's own cost in a group that
// already holds 1,000, 10,000 or 100,000 fused messages: 50 memories and
// 200 new messages a run, the scripted model answering at once, as in
// BenchmarkEvolveOverhead. A run reads what is new, never the history,
// so the three sizes cost the same. It reports p50 and p99, less the
// scripted model's own time, as BenchmarkEvolveOverhead does.
//
//	go test ./worker -run '^$' -bench BenchmarkEvolveHistory -benchtime 100x
func BenchmarkEvolveHistory(b *testing.B) {
	for _, stored := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("stored=%d", stored), func(b *testing.B) { benchEvolveHistory(b, stored) })
	}
}

func benchEvolveHistory(b *testing.B, stored int) {
	ctx := context.Background()
	h := newBenchHarness(b)
	const g = "history"
	newMessages := func(from, n int) []groupmem.Message {
		msgs := make([]groupmem.Message, n)
		for j := range msgs {
			k := from + j
			msgs[j] = groupmem.Message{GroupID: g, ID: fmt.Sprintf("m%d", k), SenderID: "u", SenderName: fmt.Sprintf("member%d", k%7),
				Content: fmt.Sprintf("message %d about habit %d and the weekend plans of the group", k, k%50),
				SentAt:  night.Add(-time.Duration(stored+1_000_000-k) * time.Second)}
		}
		return msgs
	}
	for from := 0; from < stored; from += groupmem.MaxBatchMessages {
		if _, err := h.ledger.InsertMessages(ctx, newMessages(from, min(groupmem.MaxBatchMessages, stored-from))); err != nil {
			b.Fatal(err)
		}
	}
	statements := make([]string, 50)
	for j := range statements {
		statements[j] = fmt.Sprintf("members of the group share habit %d every week", j)
	}
	plan := storetest.CreatePlan(mustBeginB(b, h, g), statements...)
	plan.Run.NewWatermark = int64(stored)
	for j := range plan.New {
		plan.New[j].Embedding = h.embedder.Vector(plan.New[j].Statement)
	}
	if err := h.ledger.CommitPlan(ctx, plan); err != nil {
		b.Fatal(err)
	}
	// The bulk load leaves autovacuum work that would land in the
	// measurement of the largest group only: do it first, for every size.
	if _, err := h.ledger.Pool().Exec(ctx, "VACUUM ANALYZE messages"); err != nil {
		b.Fatal(err)
	}
	next := stored
	evolve := func() time.Duration {
		if _, err := h.ledger.InsertMessages(ctx, newMessages(next, 200)); err != nil {
			b.Fatal(err)
		}
		next += 200
		var res worker.Result
		var err error
		took := h.ownCost(func() { res, err = h.svc.Evolve(ctx, g, worker.Options{Trigger: groupmem.TriggerCron}) })
		if err != nil || res.Status != groupmem.RunSucceeded || res.Messages != 200 || res.Stats.Updated < 5 {
			b.Fatalf("Evolve = %s, %d messages, %+v, %v; want 200 messages fused and 5 updates", res.Status, res.Messages, res.Stats, err)
		}
		return took
	}
	// Warm up, so that every size is measured on warm caches and pools,
	// whatever ran before it.
	for range 20 {
		evolve()
	}
	var lat []time.Duration
	b.ResetTimer()
	for b.Loop() {
		lat = append(lat, evolve())
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
