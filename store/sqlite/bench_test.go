package sqlite_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
)

// embedding returns a 256-dimensional vector, the default dimension.
func embedding(seed int) []float32 {
	v := make([]float32, 256)
	for i := range v {
		v[i] = float32((seed*31+i)%17) / 17
	}
	return v
}

// BenchmarkCommitPlan50 commits one run of 50 actions: 20 creates, 20
// updates (each a transition and a new version) and 10 deletes, with the
// change log, outbox rows and run record that go with them.
func BenchmarkCommitPlan50(b *testing.B) {
	ctx := context.Background()
	l := open(b)
	seed := storetest.CreatePlan(begin(b, l), statements("seed", 30)...)
	commit(b, l, seed)
	active := seed.New
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		plan := &groupmem.Plan{Run: begin(b, l)}
		for j, s := range statements(fmt.Sprintf("new %d", i), 20) {
			id := groupmem.NewID()
			plan.New = append(plan.New, groupmem.Memory{ID: id, LineageID: id, GroupID: "g", Statement: s, Version: 1,
				Status: groupmem.StatusActive, Strength: 0.5, Tags: []string{"habit"}, Evidence: []string{"m1", "m2"},
				Embedding: embedding(j)})
			plan.Changes = append(plan.Changes, groupmem.Change{Action: groupmem.ActionCreate, MemoryID: id, NewMemoryID: id, NewStatement: s, Version: 1})
		}
		for j, old := range active[:20] {
			up := storetest.UpdatePlan(plan.Run, old, fmt.Sprintf("%s, updated in run %d", old.Statement, i))
			up.New[0].Embedding = embedding(j)
			plan.New = append(plan.New, up.New...)
			plan.Transitions = append(plan.Transitions, up.Transitions...)
			plan.Changes = append(plan.Changes, up.Changes...)
		}
		for _, old := range active[20:30] {
			plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated})
			plan.Changes = append(plan.Changes, groupmem.Change{Action: groupmem.ActionDelete, MemoryID: old.ID, OldStatement: old.Statement, Version: old.Version})
		}
		b.StartTimer()
		if err := l.CommitPlan(ctx, plan); err != nil {
			b.Fatal(err)
		}
		active = append(active[30:], plan.New...)
	}
}

// BenchmarkMessagesAfter200 reads a page of 200 messages past a watermark
// from a group of 2000, in a file holding two such groups.
func BenchmarkMessagesAfter200(b *testing.B) {
	ctx := context.Background()
	l := open(b)
	for _, g := range []string{"g", "other"} {
		for i := 0; i < 4; i++ {
			if _, err := l.InsertMessages(ctx, storetest.Msgs(g, fmt.Sprintf("b%d-", i), 500)); err != nil {
				b.Fatal(err)
			}
		}
	}
	for b.Loop() {
		msgs, err := l.MessagesAfter(ctx, "g", 1000, 200)
		if err != nil || len(msgs) != 200 {
			b.Fatalf("read %d messages, %v", len(msgs), err)
		}
	}
}

// BenchmarkMemories30 reads the page of a group's 30 active memories (with
// 256-dimensional embeddings) among its 60 versions.
func BenchmarkMemories30(b *testing.B) {
	ctx := context.Background()
	l := open(b)
	plan := storetest.CreatePlan(begin(b, l), statements("fact", 30)...)
	for i := range plan.New {
		plan.New[i].Embedding = embedding(i)
	}
	commit(b, l, plan)
	for _, old := range plan.New {
		commit(b, l, storetest.UpdatePlan(begin(b, l), old, old.Statement+", clarified"))
	}
	for b.Loop() {
		page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g", Status: groupmem.StatusActive, Limit: 30})
		if err != nil || len(page.Memories) != 30 || page.Total != 30 {
			b.Fatalf("page of %d of %d, %v", len(page.Memories), page.Total, err)
		}
	}
}

func statements(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s %d: the group often talks about topic %d on weekday evenings", prefix, i, i)
	}
	return out
}

func begin(tb testing.TB, l groupmem.Ledger) groupmem.Run {
	tb.Helper()
	r, err := l.BeginRun(context.Background(), groupmem.BeginRunParams{GroupID: "g", Trigger: groupmem.TriggerCron})
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func commit(tb testing.TB, l groupmem.Ledger, p *groupmem.Plan) {
	tb.Helper()
	if err := l.CommitPlan(context.Background(), p); err != nil {
		tb.Fatal(err)
	}
}
