package worker_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// purgeFirst is a real index that lets a purge of the group land between
// a projection's read of the ledger and its write, once.
type purgeFirst struct {
	groupmem.Index
	once  sync.Once
	purge func(ctx context.Context, g string)
}

func (p *purgeFirst) Upsert(ctx context.Context, mems []groupmem.Memory) error {
	if len(mems) > 0 {
		p.once.Do(func() { p.purge(ctx, mems[0].GroupID) })
	}
	return p.Index.Upsert(ctx, mems)
}

// A projection that read the ledger before a purge and writes after it
// would put the purged group's points back: the relay sees the versions
// gone and drops them again.
func TestRelayDropsPointsOfAGroupPurgedMeanwhile(t *testing.T) {
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	x, err := inmem.NewIndex(dim)
	if err != nil {
		t.Fatal(err)
	}
	emb, _ := embed.NewHashing(dim)
	plan := storetest.CreatePlan(storetest.Begin(t, l, "g1"), "likes tea", "likes coffee")
	for i := range plan.New {
		plan.New[i].Embedding = emb.Vector(plan.New[i].Statement)
	}
	storetest.Commit(t, l, plan)

	idx := &purgeFirst{Index: x, purge: func(ctx context.Context, g string) {
		if _, err := l.PurgeGroup(ctx, g, "mod"); err != nil {
			t.Error(err)
		}
		if err := x.DeleteGroup(ctx, g); err != nil {
			t.Error(err)
		}
	}}
	relay := worker.NewRelay(l, idx, slog.New(slog.DiscardHandler), worker.RelayConfig{})
	if _, err := relay.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	page, err := x.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 0 {
		t.Errorf("the index holds %d points of the purged group", page.Total)
	}
}
