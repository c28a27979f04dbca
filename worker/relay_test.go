package worker_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

var memOpts = cmp.Options{cmpopts.EquateEmpty(), cmpopts.IgnoreFields(groupmem.Memory{}, "Embedding")}

// embedPlan gives every new version of a plan a real local embedding.
func embedPlan(t *testing.T, s *stores, p *groupmem.Plan) *groupmem.Plan {
	t.Helper()
	for i := range p.New {
		p.New[i].Embedding = s.embedder.Vector(p.New[i].Statement)
	}
	return p
}

// history commits a small history to group: creates, an update, a delete.
func history(t *testing.T, s *stores, group string) {
	t.Helper()
	p1 := embedPlan(t, s, storetest.CreatePlan(storetest.Begin(t, s.ledger, group),
		"meets every Friday night to discuss new anime", "most members are front-end developers", "no politics here"))
	storetest.Commit(t, s.ledger, p1)
	storetest.Commit(t, s.ledger, embedPlan(t, s, storetest.UpdatePlan(storetest.Begin(t, s.ledger, group), p1.New[0],
		"meets every Friday night to discuss new sci-fi anime")))
	storetest.Commit(t, s.ledger, &groupmem.Plan{
		Run: storetest.Begin(t, s.ledger, group),
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: p1.New[2].ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: p1.New[2].ID, Version: 1}},
		},
	})
}

// A process that dies right after a commit leaves the index behind; the
// next process's relay replays the outbox and the index matches the ledger.
func TestOutboxReplayRepairsACrashAfterCommit(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	history(t, s, "g1") // committed, never projected: the "crash"
	if got := indexed(t, s.index, "g1"); len(got) != 0 {
		t.Fatalf("index has %d points before any projection", len(got))
	}
	if n, _, _ := s.ledger.OutboxLag(ctx); n == 0 {
		t.Fatal("no pending outbox entries after commits")
	}

	// A restarted process: a new index client and a new relay.
	restarted := openIndex(t, s.qaddr, "memories")
	n, err := worker.NewRelay(s.ledger, restarted, s.log, worker.RelayConfig{}).Drain(ctx)
	if err != nil || n == 0 {
		t.Fatalf("Drain = %d, %v", n, err)
	}
	if diff := cmp.Diff(ledgerState(t, s.ledger, "g1"), indexed(t, restarted, "g1"), memOpts); diff != "" {
		t.Fatalf("index after replay differs from ledger (-ledger +index):\n%s", diff)
	}
	if pending, _, _ := s.ledger.OutboxLag(ctx); pending != 0 {
		t.Fatalf("%d entries still pending", pending)
	}
}

// While the index is down nothing is lost: entries stay pending and a
// later round projects them.
func TestRelayKeepsEntriesWhileIndexIsDown(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	down, err := qdranttest.NewServer(qdranttest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := openIndex(t, down.Addr(), "memories")
	down.Close()
	history(t, s, "g1")
	before, _, _ := s.ledger.OutboxLag(ctx)
	relay := worker.NewRelay(s.ledger, x, s.log, worker.RelayConfig{Lease: 1})
	if _, err := relay.Drain(ctx); err == nil {
		t.Fatal("Drain against a stopped index reported success")
	}
	if after, _, _ := s.ledger.OutboxLag(ctx); after != before {
		t.Fatalf("pending went from %d to %d while the index was down", before, after)
	}
	if _, err := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{}).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ledgerState(t, s.ledger, "g1"), indexed(t, s.index, "g1"), memOpts); diff != "" {
		t.Fatalf("index differs from ledger (-ledger +index):\n%s", diff)
	}
}

// Reindex rebuilds exactly the collection the relay built, from the
// ledger alone.
func TestReindexReproducesTheCollection(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	for g := 0; g < 3; g++ {
		history(t, s, fmt.Sprintf("g%d", g))
	}
	if _, err := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{}).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	before := map[string]map[string]groupmem.Memory{}
	for g := 0; g < 3; g++ {
		group := fmt.Sprintf("g%d", g)
		before[group] = indexed(t, s.index, group)
	}
	// A query result before and after must match too (vectors intact).
	query := groupmem.SearchQuery{GroupID: "g1", Vector: s.embedder.Vector("front-end developers"), Limit: 3, Status: groupmem.StatusActive}
	hitsBefore, err := s.index.Search(ctx, query)
	if err != nil || len(hitsBefore) == 0 {
		t.Fatalf("search before = %v, %v", hitsBefore, err)
	}
	// Damage the index: drop a group and write a point the ledger never had.
	if err := s.index.DeleteGroup(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	stray := storetest.CreatePlan(groupmem.Run{ID: groupmem.NewID(), GroupID: "g1"}, "never committed").New[0]
	stray.Embedding = s.embedder.Vector(stray.Statement)
	if err := s.index.Upsert(ctx, []groupmem.Memory{stray}); err != nil {
		t.Fatal(err)
	}

	n, err := worker.Reindex(ctx, s.ledger, s.index, 2)
	if err != nil {
		t.Fatal(err)
	}
	if n != 3*4 {
		t.Fatalf("reindexed %d versions, want 12", n)
	}
	for group, want := range before {
		if diff := cmp.Diff(want, indexed(t, s.index, group), memOpts); diff != "" {
			t.Fatalf("group %s after reindex (-before +after):\n%s", group, diff)
		}
	}
	hitsAfter, err := s.index.Search(ctx, query)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(hitsBefore, hitsAfter, memOpts, cmpopts.EquateApprox(0, 1e-6)); diff != "" {
		t.Fatalf("search after reindex (-before +after):\n%s", diff)
	}
}

// gatedIndex holds every Upsert until the test lets it through: a slow
// index, to order two projections of one memory.
type gatedIndex struct {
	groupmem.Index
	entered chan struct{}
	release chan struct{}
}

func (g *gatedIndex) Upsert(ctx context.Context, mems []groupmem.Memory) error {
	g.entered <- struct{}{}
	<-g.release
	return g.Index.Upsert(ctx, mems)
}

// A slow projection of an older state that lands after a newer one does
// not leave the index stale: its entry stays pending and is projected
// again.
func TestRelaySlowOlderWriteIsProjectedAgain(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	p := embedPlan(t, s, storetest.CreatePlan(storetest.Begin(t, s.ledger, "g"), "members meet on friday"))
	storetest.Commit(t, s.ledger, p)
	id := p.New[0].ID

	gate := &gatedIndex{Index: s.index, entered: make(chan struct{}), release: make(chan struct{})}
	// The slow relay's lease must outlast what happens before the fast
	// relay claims (a commit), even on a loaded machine, or the fast relay
	// takes its entry too.
	const lease = time.Second
	slow := worker.NewRelay(s.ledger, gate, s.log, worker.RelayConfig{Lease: lease})
	done := make(chan error, 1)
	go func() { _, err := slow.RunOnce(ctx); done <- err }()
	<-gate.entered // the slow relay has read the memory as active

	storetest.Commit(t, s.ledger, &groupmem.Plan{
		Run: storetest.Begin(t, s.ledger, "g"),
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: id, Version: 1}},
		},
	})
	fast := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{})
	if n, err := fast.Drain(ctx); err != nil || n != 1 {
		t.Fatalf("fast relay projected %d, %v; want the delete", n, err)
	}
	close(gate.release) // the stale "active" lands last
	<-done
	if pending, _, _ := s.ledger.OutboxLag(ctx); pending != 1 {
		t.Fatalf("pending = %d: the stale write's entry must stay pending", pending)
	}
	time.Sleep(lease + 50*time.Millisecond) // its lease runs out
	if _, err := fast.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if got := indexed(t, s.index, "g")[id].Status; got != groupmem.StatusDeprecated {
		t.Fatalf("index shows %s; the ledger says deprecated", got)
	}
	if pending, _, _ := s.ledger.OutboxLag(ctx); pending != 0 {
		t.Fatalf("pending = %d after the retry", pending)
	}
}

// A committer's own projection completes its entries at once while its
// run still holds the group. When another run took the group after the
// commit, the projection checks what it wrote against the ledger instead:
// a state the ledger still holds is completed, a state that changed is
// left pending for the relay, and the index ends equal to the ledger.
func TestProjectChecksOnlyWhenTheGroupMovedOn(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	relay := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{})
	pending := func() int {
		t.Helper()
		n, _, err := s.ledger.OutboxLag(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	own := embedPlan(t, s, storetest.CreatePlan(storetest.Begin(t, s.ledger, "g1"), "plays chess on Sundays"))
	storetest.Commit(t, s.ledger, own)
	if err := relay.Project(ctx, own); err != nil || pending() != 0 {
		t.Fatalf("Project while the run holds the group = %v, %d pending; want done", err, pending())
	}

	moved := embedPlan(t, s, storetest.CreatePlan(storetest.Begin(t, s.ledger, "g2"), "meets on Fridays"))
	storetest.Commit(t, s.ledger, moved)
	storetest.Begin(t, s.ledger, "g2") // another run holds the group now; the state is unchanged
	if err := relay.Project(ctx, moved); err != nil || pending() != 0 {
		t.Fatalf("Project after the group moved on, state unchanged = %v, %d pending; want done", err, pending())
	}

	stale := embedPlan(t, s, storetest.CreatePlan(storetest.Begin(t, s.ledger, "g3"), "likes tea"))
	storetest.Commit(t, s.ledger, stale)
	storetest.Commit(t, s.ledger, embedPlan(t, s, storetest.UpdatePlan(storetest.Begin(t, s.ledger, "g3"), stale.New[0], "likes green tea")))
	before := pending()
	if err := relay.Project(ctx, stale); err == nil || pending() != before {
		t.Fatalf("Project of a superseded state = %v, %d pending (was %d); want an error and the entry left pending", err, pending(), before)
	}
	if _, err := relay.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"g1", "g2", "g3"} {
		if diff := cmp.Diff(ledgerState(t, s.ledger, g), indexed(t, s.index, g), memOpts); diff != "" {
			t.Fatalf("index of %s differs from ledger (-ledger +index):\n%s", g, diff)
		}
	}
}
