package worker_test

import (
	"context"
	"errors"
	"net"
	"strconv"
	"testing"
	"time"

	qc "github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/worker"
)

// A purge that the process did not finish (it died after the ledger's
// transaction) is finished by the relay in the message index too: the
// purged group's message points go, the other group's stay, and while the
// message index cannot be reached the purge entry stays pending.
func TestRelayForgetsPurgedMessages(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	m, err := qdrant.OpenMessages(ctx, qdrant.Config{Addr: s.qaddr, Dimension: dim, SkipCompatibilityCheck: true}, s.ledger, s.embedder)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	addMessages(t, s.ledger, "m", 3, "g1", "g2")
	for _, g := range []string{"g1", "g2"} {
		if _, err := m.Search(ctx, msgsearch.Query{GroupID: g, Limit: 1}); err != nil {
			t.Fatal(err)
		}
	}
	points := messagePoints(t, s.qaddr, qdrant.DefaultMessageCollection)
	if points("g1") != 3 || points("g2") != 3 {
		t.Fatalf("message points before the purge: g1 %d, g2 %d; want 3 each", points("g1"), points("g2"))
	}
	if _, err := s.ledger.PurgeGroup(ctx, "g1", "mod"); err != nil {
		t.Fatal(err)
	}
	down := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{Lease: time.Millisecond,
		ForgetMessages: func(context.Context, string) error { return errors.New("qdrant is unavailable") }})
	if _, err := down.RunOnce(ctx); err == nil {
		t.Fatal("the relay reported success although the message index could not be reached")
	}
	if n, _, err := s.ledger.OutboxLag(ctx); err != nil || n != 1 {
		t.Fatalf("outbox lag after a failed forget = %d, %v; want the purge entry pending", n, err)
	}
	time.Sleep(20 * time.Millisecond) // the failed claim's lease runs out
	relay := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{
		ForgetMessages: func(ctx context.Context, g string) error { return m.Forget(ctx, g) }})
	if _, err := relay.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _, err := s.ledger.OutboxLag(ctx); err != nil || n != 0 {
		t.Fatalf("outbox lag after the relay = %d, %v; want none", n, err)
	}
	if points("g1") != 0 || points("g2") != 3 {
		t.Fatalf("message points after the relay: g1 %d, g2 %d; want 0 and 3", points("g1"), points("g2"))
	}
}

// Stored messages reach the Qdrant message index through the outbox,
// before anyone searches: the relay catches each group up; while the
// index cannot be reached the entry stays pending, and a relay without a
// message index completes it (searches catch up themselves).
func TestRelayIndexesStoredMessages(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	m, err := qdrant.OpenMessages(ctx, qdrant.Config{Addr: s.qaddr, Collection: "msgs", Dimension: dim, SkipCompatibilityCheck: true}, s.ledger, s.embedder)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	points := messagePoints(t, s.qaddr, "msgs")
	addMessages(t, s.ledger, "m", 3, "g1", "g2")
	down := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{Lease: time.Millisecond,
		IndexMessages: func(context.Context, string) error { return errors.New("qdrant is unavailable") }})
	if _, err := down.RunOnce(ctx); err == nil {
		t.Fatal("the relay reported success although the message index could not be reached")
	}
	if n, _, _ := s.ledger.OutboxLag(ctx); n != 2 {
		t.Fatalf("outbox lag after a failed catch-up = %d; want both groups' entries pending", n)
	}
	time.Sleep(20 * time.Millisecond)
	relay := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{IndexMessages: m.CatchUp})
	if _, err := relay.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if points("g1") != 3 || points("g2") != 3 {
		t.Fatalf("message points after the relay: g1 %d, g2 %d; want 3 each, before any search", points("g1"), points("g2"))
	}
	addMessages(t, s.ledger, "n", 2, "g1")
	if _, err := worker.NewRelay(s.ledger, s.index, s.log, worker.RelayConfig{}).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := s.ledger.OutboxLag(ctx); n != 0 || points("g1") != 3 {
		t.Fatalf("a relay without a message index: lag %d, g1 points %d; want the entry completed and nothing written", n, points("g1"))
	}
	hits, err := m.Search(ctx, msgsearch.Query{GroupID: "g1", Limit: 10})
	if err != nil || len(hits) != 5 {
		t.Fatalf("search of g1 = %d hits, %v; want all 5 messages (the search catches up)", len(hits), err)
	}
}

// messagePoints returns a counter of the points a group has in the Qdrant
// collection at addr, read with the raw client.
func messagePoints(t *testing.T, addr, collection string) func(g string) int {
	t.Helper()
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	raw, err := qc.NewClient(&qc.Config{Host: host, Port: p, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return func(g string) int {
		t.Helper()
		pts, err := raw.Scroll(context.Background(), &qc.ScrollPoints{CollectionName: collection, Limit: qc.PtrOf(uint32(100)),
			Filter: &qc.Filter{Must: []*qc.Condition{qc.NewMatchKeyword("group_id", g)}}, WithPayload: qc.NewWithPayload(false)})
		if err != nil {
			t.Fatal(err)
		}
		return len(pts)
	}
}
