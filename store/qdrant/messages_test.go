package qdrant_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	qc "github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
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

// purgeAfterRead is a real ledger that purges the group right after a
// catch-up has read its messages, before it writes them.
type purgeAfterRead struct {
	*sqlite.Ledger
	once sync.Once
}

func (p *purgeAfterRead) MessagesAfter(ctx context.Context, group string, after int64, limit int) ([]groupmem.Message, error) {
	msgs, err := p.Ledger.MessagesAfter(ctx, group, after, limit)
	if err == nil && len(msgs) > 0 {
		p.once.Do(func() { _, err = p.Ledger.PurgeGroup(ctx, group, "mod") })
	}
	return msgs, err
}

// A catch-up that read a group before a purge and writes after it does not
// leave the purged group's points in the message index.
func TestCatchUpDropsWhatAPurgeRemovedMeanwhile(t *testing.T) {
	ctx := context.Background()
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := l.InsertMessages(ctx, []groupmem.Message{
		{GroupID: "g", ID: "m1", SenderName: "ann", Content: "my phone number is 555 0199", SentAt: time.Now()},
		{GroupID: "g", ID: "m2", SenderName: "bo", Content: "badminton on friday", SentAt: time.Now()},
	}); err != nil {
		t.Fatal(err)
	}
	addr := qdranttest.Start(t)
	name := uniqueCollection()
	m, err := qdrant.OpenMessages(ctx, qdrant.Config{Addr: addr, Collection: name, Dimension: emb.Dimension(), SkipCompatibilityCheck: true},
		&purgeAfterRead{Ledger: l}, emb)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.CatchUp(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	points, err := rawClient(t, addr, "").Scroll(ctx, &qc.ScrollPoints{CollectionName: name, Limit: qc.PtrOf(uint32(100)), WithPayload: qc.NewWithPayload(false),
		Filter: &qc.Filter{Must: []*qc.Condition{qc.NewMatch("group_id", "g")}}})
	if err != nil {
		t.Fatal(err)
	}
	n := len(points)
	if n != 0 {
		t.Errorf("the message index holds %d points of a group purged during its catch-up", n)
	}
}
