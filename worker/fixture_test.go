package worker_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
)

const dim = 64

// stores are the real parts a worker test runs on: Postgres, Redis, and
// Qdrant's gRPC API served in-process, all private to the test.
type stores struct {
	ledger   *postgres.Ledger
	index    *qdrant.Index
	qaddr    string
	locker   *redis.Locker
	embedder *embed.Hashing
	log      *slog.Logger
}

func newStores(t testing.TB) *stores {
	t.Helper()
	s := &stores{ledger: pgtest.Open(t), qaddr: qdranttest.Start(t)}
	s.index = openIndex(t, s.qaddr, "memories")
	s.locker = redistest.Open(t, redis.Config{})
	var err error
	s.embedder, err = embed.NewHashing(dim)
	if err != nil {
		t.Fatal(err)
	}
	s.log = slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return s
}

func openIndex(t testing.TB, addr, collection string) *qdrant.Index {
	t.Helper()
	x, err := qdrant.Open(context.Background(), qdrant.Config{Addr: addr, Collection: collection, Dimension: dim, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatalf("open index: %v", err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// testWriter sends log lines to the test's log.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// indexed returns every point of a group in the index, by id.
func indexed(t *testing.T, x groupmem.Index, group string) map[string]groupmem.Memory {
	t.Helper()
	page, err := x.List(context.Background(), groupmem.MemoryQuery{GroupID: group, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]groupmem.Memory{}
	for _, m := range page.Memories {
		out[m.ID] = m
	}
	return out
}

// ledgerState returns every version of a group in the ledger, by id,
// without embeddings, as the index would show them.
func ledgerState(t *testing.T, l groupmem.Ledger, group string) map[string]groupmem.Memory {
	t.Helper()
	page, err := l.Memories(context.Background(), groupmem.MemoryQuery{GroupID: group, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]groupmem.Memory{}
	for _, m := range page.Memories {
		m.Embedding = nil
		out[m.ID] = m
	}
	return out
}
