package qdrant_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	qc "github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// redactAfterRead is a real ledger that redacts one message right after a
// catch-up has read it, before the catch-up writes its point.
type redactAfterRead struct {
	*sqlite.Ledger
	id   string
	once sync.Once
}

func (r *redactAfterRead) MessagesAfter(ctx context.Context, group string, after int64, limit int) ([]groupmem.Message, error) {
	msgs, err := r.Ledger.MessagesAfter(ctx, group, after, limit)
	if err == nil && len(msgs) > 0 {
		r.once.Do(func() { _, err = r.Ledger.RedactMessage(ctx, group, r.id, "mod") })
	}
	return msgs, err
}

// openForgetting returns the Qdrant message index over src in a
// collection of its own on a test server, and a counter of the points of
// a group's messages (all of them without ids), read with the raw client.
func openForgetting(t *testing.T, src msgsearch.Source) (*qdrant.Messages, func(g string, ids ...string) uint64) {
	t.Helper()
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	addr, name := qdranttest.Start(t), uniqueCollection()
	m, err := qdrant.OpenMessages(t.Context(), qdrant.Config{Addr: addr, Collection: name, Dimension: emb.Dimension(), SkipCompatibilityCheck: true}, src, emb)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	raw := rawClient(t, addr, "")
	return m, func(g string, ids ...string) uint64 {
		t.Helper()
		f := &qc.Filter{Must: []*qc.Condition{qc.NewMatchKeyword("group_id", g)}}
		if len(ids) > 0 {
			f.Must = append(f.Must, qc.NewMatchKeywords("message_id", ids...))
		}
		n, err := raw.Count(context.Background(), &qc.CountPoints{CollectionName: name, Filter: f, Exact: qc.PtrOf(true)})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
}

func openLedger(t *testing.T) *sqlite.Ledger {
	t.Helper()
	l, err := sqlite.Open(t.Context(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// A message redacted while a catch-up writes its point leaves no point:
// the catch-up reads back what it wrote and removes it.
func TestCatchUpDropsWhatARedactionRemovedMeanwhile(t *testing.T) {
	l := &redactAfterRead{Ledger: openLedger(t), id: "m1"}
	if _, err := l.InsertMessages(t.Context(), []groupmem.Message{
		{GroupID: "g", ID: "m1", SenderName: "ann", Content: "my phone number is 555 0199", SentAt: time.Now()},
		{GroupID: "g", ID: "m2", SenderName: "bo", Content: "badminton on friday", SentAt: time.Now()},
	}); err != nil {
		t.Fatal(err)
	}
	m, points := openForgetting(t, l)
	if err := m.CatchUp(t.Context(), "g"); err != nil {
		t.Fatal(err)
	}
	if points("g", "m1") != 0 || points("g", "m2") != 1 {
		t.Errorf("after a catch-up that raced a redaction: %d points of m1, %d of m2; want 0 and 1", points("g", "m1"), points("g", "m2"))
	}
}

// ForgetExpired removes the points of the group's messages sent before
// the cut whose text went, and keeps every other: a text kept past the
// cut (not fused yet), one sent later in the same second, another group's.
func TestForgetExpiredKeepsWhatKeepsItsText(t *testing.T) {
	l := openLedger(t)
	ctx := t.Context()
	cut := time.Date(2026, 11, 1, 12, 0, 0, 500_000_000, time.UTC)
	msgs := []groupmem.Message{
		{GroupID: "g", ID: "old1", SenderName: "ann", Content: "my phone number is 555 0199", SentAt: cut.Add(-time.Hour)},
		{GroupID: "g", ID: "old2", SenderName: "bo", Content: "I live at 12 Elm Street", SentAt: cut.Add(-time.Minute)},
		{GroupID: "g", ID: "unfused", SenderName: "cy", Content: "badminton on friday", SentAt: cut.Add(-time.Second)},
		{GroupID: "g", ID: "same-second", SenderName: "cy", Content: "see you there", SentAt: cut.Add(300 * time.Millisecond)},
		{GroupID: "h", ID: "old1", SenderName: "dee", Content: "my phone number is 555 0123", SentAt: cut.Add(-time.Hour)},
	}
	if _, err := l.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	m, points := openForgetting(t, l)
	for _, g := range []string{"g", "h"} {
		if _, err := m.Search(ctx, msgsearch.Query{GroupID: g, Limit: 1}); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"old1", "old2"} { // what retention expires: their text goes, their rows stay
		if _, err := l.RedactMessage(ctx, "g", id, "retention"); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.ForgetExpired(ctx, "g", cut); err != nil {
		t.Fatal(err)
	}
	if n := points("g", "old1", "old2"); n != 0 {
		t.Errorf("%d points of expired messages left", n)
	}
	if n := points("g", "unfused", "same-second"); n != 2 {
		t.Errorf("%d points left of the 2 messages that keep their text", n)
	}
	if n := points("h"); n != 1 {
		t.Errorf("%d points left of the other group, want 1", n)
	}
}
