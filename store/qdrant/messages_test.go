package qdrant_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/groupmem/groupmem/llm/static"
	"github.com/groupmem/groupmem/msgsearch/searchtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// messagesContract runs the message index contract against the Qdrant at
// addr, each case in a collection of its own (deleted afterwards on a real
// Qdrant, whose raw client is then given).
func messagesContract(t *testing.T, addr, key string, cleanup func(t *testing.T, name string)) {
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	searchtest.Run(t, func(t *testing.T) searchtest.Fixture {
		l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		name := uniqueCollection()
		m, err := qdrant.OpenMessages(context.Background(), qdrant.Config{Addr: addr, APIKey: key, Collection: name,
			Dimension: emb.Dimension(), SkipCompatibilityCheck: true}, l, emb)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		if cleanup != nil {
			t.Cleanup(func() { cleanup(t, name) })
		}
		return searchtest.Fixture{Ledger: l, Searcher: m}
	})
}

func TestMessagesContract(t *testing.T) {
	messagesContract(t, qdranttest.Start(t), "", nil)
}

// TestMessagesContractRealQdrant runs the message index contract against
// the Qdrant at $GROUPMEM_TEST_QDRANT_ADDR.
func TestMessagesContractRealQdrant(t *testing.T) {
	addr := os.Getenv(envAddr)
	if addr == "" {
		t.Skipf("set %s to the host:port of a real Qdrant's gRPC port to run the contract against it", envAddr)
	}
	key := os.Getenv(envAPIKey)
	raw := rawClient(t, addr, key)
	messagesContract(t, addr, key, func(t *testing.T, name string) {
		if err := raw.DeleteCollection(context.Background(), name); err != nil {
			t.Errorf("delete test collection %s: %v", name, err)
		}
	})
}
