package worker_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// Retention on the service's clock: the text of fused messages older than
// the retention period goes (not that of messages not fused yet), then
// idle groups are purged; each removal is recorded.
func TestRetain(t *testing.T) {
	// The ledger's clock stands on the day the messages arrive, the
	// worker's forty days later: retention reads both, never the real one.
	arrived := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return arrived }
	s := newStores(t)
	lite, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db"), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	inproc, err := inmem.NewIndex(dim)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range map[string]struct {
		l  groupmem.Ledger
		x  groupmem.Index
		lk groupmem.Locker
	}{
		"postgres+redis+qdrant": {pgtest.OpenWith(t, pgtest.Options{Now: clock}), s.index, s.locker},
		"embedded":              {lite, inproc, inmem.NewLocker()},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			l, x, lk := st.l, st.x, st.lk
			addMessages(t, l, "m", 3, "fused", "waiting") // sent on 2026-11-01
			run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "fused", Trigger: groupmem.TriggerCron})
			if err != nil {
				t.Fatal(err)
			}
			plan := storetest.CreatePlan(run, "likes tea")
			plan.Run.NewWatermark = 3
			if err := l.CommitPlan(ctx, plan); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 12, 11, 3, 0, 0, 0, time.UTC)
			var reread []string // groups the in-process message index was told to read again
			svc := worker.New(worker.Deps{Ledger: l, Index: x, Locker: lk, Embedder: s.embedder,
				Fuser: &scriptedFuser{}, Logger: s.log, Now: func() time.Time { return now }},
				worker.Config{Relay: worker.RelayConfig{RereadMessages: func(_ context.Context, g string) error {
					reread = append(reread, g)
					return nil
				}}})

			r, err := svc.Retain(ctx, worker.RetentionConfig{MessageDays: 30})
			if err != nil || r.Messages != 3 || r.Groups != 0 {
				t.Fatalf("Retain(30 days) = %+v, %v; want the 3 fused messages", r, err)
			}
			if !slices.Equal(reread, []string{"fused"}) {
				t.Errorf("the message index was told to read again %v; want the group whose text expired", reread)
			}
			if msgs, _ := l.MessagesAfter(ctx, "fused", 0, 10); len(msgs) != 3 || msgs[0].Content != "" {
				t.Errorf("fused messages = %+v", msgs)
			}
			if msgs, _ := l.MessagesAfter(ctx, "waiting", 0, 10); len(msgs) != 3 || msgs[0].Content == "" {
				t.Errorf("messages not fused yet lost their text: %+v", msgs)
			}
			if m, _ := l.Memory(ctx, plan.New[0].ID); m.Statement != "likes tea" {
				t.Errorf("retention changed a memory: %+v", m)
			}
			if r, err := svc.Retain(ctx, worker.RetentionConfig{MessageDays: 60, IdleGroupDays: 60}); err != nil || r.Messages != 0 || r.Groups != 0 {
				t.Errorf("Retain(60 days) = %+v, %v; want nothing", r, err)
			}
			r, err = svc.Retain(ctx, worker.RetentionConfig{IdleGroupDays: 10})
			if err != nil || r.Groups != 2 || r.Rows == 0 {
				t.Fatalf("Retain(idle 10 days) = %+v, %v; want both groups purged", r, err)
			}
			if rs, _ := l.Removals(ctx, "fused", 10); len(rs) != 2 || rs[0].Kind != groupmem.RemovalPurge || rs[1].Kind != groupmem.RemovalRetention {
				t.Errorf("removals of fused = %+v", rs)
			}
			if page, _ := x.List(ctx, groupmem.MemoryQuery{GroupID: "fused", Limit: 10}); page.Total != 0 {
				t.Errorf("the index keeps %d points of a purged group", page.Total)
			}
		})
	}
}
