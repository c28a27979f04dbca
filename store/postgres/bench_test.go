package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// timings records per-operation latencies and reports p50 and p99.
type timings []time.Duration

func (ts *timings) time(fn func()) {
	start := time.Now()
	fn()
	*ts = append(*ts, time.Since(start))
}

func (ts timings) report(b *testing.B) {
	if len(ts) == 0 {
		return
	}
	slices.Sort(ts)
	b.ReportMetric(float64(ts[len(ts)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(ts[len(ts)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkCommitPlan50 commits a 50-action plan: 20 creates, 20 updates
// (new version + superseded parent) and 10 deletes, with 256-dimensional
// embeddings, against the Postgres at GROUPMEM_TEST_POSTGRES_URL.
func BenchmarkCommitPlan50(b *testing.B) {
	ctx := context.Background()
	l := pgtest.Open(b)
	var ts timings
	for b.Loop() {
		b.StopTimer()
		group := "bench-" + groupmem.NewID()
		seed := storetest.CreatePlan(mustBegin(b, l, group), statements(30)...)
		if err := l.CommitPlan(ctx, seed); err != nil {
			b.Fatal(err)
		}
		run := mustBegin(b, l, group)
		plan := storetest.CreatePlan(run, statements(20)...)
		for _, old := range seed.New[:20] {
			up := storetest.UpdatePlan(run, old, old.Statement+" (revised)")
			plan.New = append(plan.New, up.New...)
			plan.Transitions = append(plan.Transitions, up.Transitions...)
			plan.Changes = append(plan.Changes, up.Changes...)
		}
		for _, old := range seed.New[20:30] {
			plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated})
			plan.Changes = append(plan.Changes, groupmem.Change{Action: groupmem.ActionDelete, MemoryID: old.ID, OldStatement: old.Statement, Version: 1})
		}
		for i := range plan.New {
			plan.New[i].Embedding = make([]float32, 256)
			plan.New[i].Embedding[i%256] = 1
		}
		b.StartTimer()
		ts.time(func() {
			if err := l.CommitPlan(ctx, plan); err != nil {
				b.Fatal(err)
			}
		})
	}
	ts.report(b)
}

// BenchmarkMessagesAfter200 reads 200 messages past a watermark in a group
// of 1,000 among 20 groups.
func BenchmarkMessagesAfter200(b *testing.B) {
	ctx := context.Background()
	l := pgtest.Open(b)
	for g := 0; g < 20; g++ {
		msgs := storetest.Msgs(fmt.Sprintf("g%d", g), "m", 1000)
		if _, err := l.InsertMessages(ctx, msgs); err != nil {
			b.Fatal(err)
		}
	}
	var ts timings
	for b.Loop() {
		ts.time(func() {
			msgs, err := l.MessagesAfter(ctx, "g7", 500, 200)
			if err != nil || len(msgs) != 200 {
				b.Fatalf("read %d, %v", len(msgs), err)
			}
		})
	}
	ts.report(b)
}

// BenchmarkMemories30 lists the 30 active memories of a group among 100
// groups, each also holding superseded versions.
func BenchmarkMemories30(b *testing.B) {
	ctx := context.Background()
	l := pgtest.Open(b)
	for g := 0; g < 100; g++ {
		group := fmt.Sprintf("g%d", g)
		seed := storetest.CreatePlan(mustBegin(b, l, group), statements(30)...)
		if err := l.CommitPlan(ctx, seed); err != nil {
			b.Fatal(err)
		}
		run := mustBegin(b, l, group)
		up := storetest.UpdatePlan(run, seed.New[0], "revised")
		if err := l.CommitPlan(ctx, up); err != nil {
			b.Fatal(err)
		}
	}
	var ts timings
	for b.Loop() {
		ts.time(func() {
			page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g42", Status: groupmem.StatusActive, Limit: 30})
			if err != nil || len(page.Memories) != 30 {
				b.Fatalf("listed %d, %v", len(page.Memories), err)
			}
		})
	}
	ts.report(b)
}

func mustBegin(b *testing.B, l groupmem.Ledger, g string) groupmem.Run {
	r, err := l.BeginRun(context.Background(), groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron})
	if err != nil {
		b.Fatal(err)
	}
	return r
}

func statements(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("members share habit number %d every week", i)
	}
	return out
}
