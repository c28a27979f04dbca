package worker_test

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	qc "github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// The texts of the forgetting tests: group g's first three lines are
// fused, the fourth is not; group h's stay.
var (
	sentAt = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	lines  = []groupmem.Message{
		{GroupID: "g", ID: "r1", SenderID: "u1", SenderName: "Ann", Content: "my phone number is 555 0199", SentAt: sentAt},
		{GroupID: "g", ID: "r2", SenderID: "u2", SenderName: "Bo", Content: "I live at 12 Elm Street", SentAt: sentAt.Add(time.Minute)},
		{GroupID: "g", ID: "r3", SenderID: "u1", SenderName: "Ann", Content: "badminton on friday", SentAt: sentAt.Add(2 * time.Minute)},
		{GroupID: "g", ID: "r4", SenderID: "u2", SenderName: "Bo", Content: "see you there", SentAt: sentAt.Add(3 * time.Minute)},
		{GroupID: "h", ID: "r1", SenderID: "u3", SenderName: "Cy", Content: "my phone number is 555 0123", SentAt: sentAt},
	}
)

// forgetIndex is a message index under test, wired to the relay as the
// stack wires it, with an outage switch between them.
type forgetIndex struct {
	ledger groupmem.Ledger
	index  groupmem.Index
	embed  groupmem.Embedder
	relay  worker.RelayConfig
	down   *atomic.Bool
	// holds reports whether the index holds anything of the messages ids
	// of group g (of the whole group without ids), read from the index
	// itself.
	holds func(t *testing.T, g string, ids ...string) bool
	// exact says that the index forgets only the messages named; the
	// in-process one forgets the whole group, to read it again.
	exact bool
}

// unreachable is the outage's error.
var unreachable = errors.New("the message index is unreachable")

// wire returns the relay configuration of a message index m, as the stack
// makes it, each call failing while down is on.
func wire(m msgsearch.Searcher, expire func(ctx context.Context, g string, before time.Time) error,
	textless func(ctx context.Context, g string) error, down *atomic.Bool) worker.RelayConfig {
	gate := func() error {
		if down.Load() {
			return unreachable
		}
		return nil
	}
	rc := worker.RelayConfig{Lease: time.Millisecond,
		ForgetMessages: func(ctx context.Context, g string) error {
			if err := gate(); err != nil {
				return err
			}
			return m.Forget(ctx, g)
		},
		IndexMessages: func(ctx context.Context, g string) error {
			if err := gate(); err != nil {
				return err
			}
			return m.(msgsearch.CatchUpper).CatchUp(ctx, g)
		},
		ForgetMessageText: func(ctx context.Context, g string, ids ...string) error {
			if err := gate(); err != nil {
				return err
			}
			return m.Forget(ctx, g, ids...)
		},
		ExpireMessages: func(ctx context.Context, g string, before time.Time) error {
			if err := gate(); err != nil {
				return err
			}
			return expire(ctx, g, before)
		},
	}
	if textless != nil {
		rc.ForgetTextless = func(ctx context.Context, g string) error {
			if err := gate(); err != nil {
				return err
			}
			return textless(ctx, g)
		}
	}
	return rc
}

// qdrantForget is the Qdrant message index (the test server, through the
// real client) over a Postgres ledger; holds counts points with the raw
// client.
func qdrantForget(t *testing.T) forgetIndex {
	s := newStores(t)
	m, err := qdrant.OpenMessages(t.Context(), qdrant.Config{Addr: s.qaddr, Dimension: dim, SkipCompatibilityCheck: true}, s.ledger, s.embedder)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	host, port, _ := net.SplitHostPort(s.qaddr)
	p, _ := strconv.Atoi(port)
	raw, err := qc.NewClient(&qc.Config{Host: host, Port: p, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	down := &atomic.Bool{}
	holds := func(t *testing.T, g string, ids ...string) bool {
		t.Helper()
		f := &qc.Filter{Must: []*qc.Condition{qc.NewMatchKeyword("group_id", g)}}
		if len(ids) > 0 {
			f.Must = append(f.Must, qc.NewMatchKeywords("message_id", ids...))
		}
		n, err := raw.Count(context.Background(), &qc.CountPoints{CollectionName: qdrant.DefaultMessageCollection, Filter: f, Exact: qc.PtrOf(true)})
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	return forgetIndex{ledger: s.ledger, index: s.index, embed: s.embedder, relay: wire(m, m.ForgetExpired, m.ForgetTextless, down), down: down, holds: holds, exact: true}
}

// inprocForget is the in-process message index over a SQLite ledger, as
// the embedded default runs it; holds reports whether it holds the group.
func inprocForget(t *testing.T) forgetIndex {
	l, err := sqlite.Open(t.Context(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	x, err := inmem.NewIndex(dim)
	if err != nil {
		t.Fatal(err)
	}
	emb, err := embed.NewHashing(dim)
	if err != nil {
		t.Fatal(err)
	}
	m := msgsearch.New(l, emb, msgsearch.Config{})
	down := &atomic.Bool{}
	holds := func(t *testing.T, g string, _ ...string) bool {
		t.Helper()
		// Forget drops a group whole, and only g is ever forgotten here:
		// the index holds g while it holds both groups, h while any.
		if g == "g" {
			return m.Groups() == 2
		}
		return m.Groups() >= 1
	}
	expire := func(ctx context.Context, g string, _ time.Time) error { return m.Forget(ctx, g) }
	return forgetIndex{ledger: l, index: x, embed: emb, relay: wire(m, expire, nil, down), down: down, holds: holds}
}

// start stores the lines, fuses g's first three, and indexes both groups
// through the relay; it returns the service on clock now.
func (f forgetIndex) start(t *testing.T, now time.Time) *worker.Service {
	t.Helper()
	ctx := t.Context()
	if _, err := f.ledger.InsertMessages(ctx, lines); err != nil {
		t.Fatal(err)
	}
	run, err := f.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g", Trigger: groupmem.TriggerCron})
	if err != nil {
		t.Fatal(err)
	}
	run.NewWatermark = 3
	if err := f.ledger.CommitPlan(ctx, &groupmem.Plan{Run: run}); err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: f.ledger, Index: f.index, Locker: inmem.NewLocker(), Embedder: f.embed,
		Fuser: &scriptedFuser{}, Now: func() time.Time { return now }}, worker.Config{Relay: f.relay})
	if _, err := svc.Relay().Drain(ctx); err != nil {
		t.Fatal(err)
	}
	for _, m := range lines {
		if !f.holds(t, m.GroupID, m.ID) {
			t.Fatalf("the message index lacks %s of %s after the relay caught the groups up", m.ID, m.GroupID)
		}
	}
	return svc
}

// cycle runs one round of the relay after the outage ends, and waits out
// the lease of an entry whose first try failed.
func (f forgetIndex) cycle(t *testing.T, svc *worker.Service) {
	t.Helper()
	f.down.Store(false)
	time.Sleep(20 * time.Millisecond)
	if _, err := svc.Relay().RunOnce(t.Context()); err != nil {
		t.Fatalf("the relay's round: %v", err)
	}
}

// wantGone fails unless the index holds nothing of the messages ids of g.
func (f forgetIndex) wantGone(t *testing.T, when, g string, ids ...string) {
	t.Helper()
	if f.holds(t, g, ids...) {
		t.Errorf("%s: the message index still holds %v of group %s", when, ids, g)
	}
}

// wantHeld fails unless the index holds the messages ids of g; of the
// forgotten group only when the index forgets messages one by one.
func (f forgetIndex) wantHeld(t *testing.T, when, g string, ids ...string) {
	t.Helper()
	if (g == "h" || f.exact) && !f.holds(t, g, ids...) {
		t.Errorf("%s: the message index lost %v of group %s, whose text stays", when, ids, g)
	}
}

var forgetIndexes = map[string]func(t *testing.T) forgetIndex{"qdrant": qdrantForget, "in-process": inprocForget}

// Retention: once the text of fused messages expires, one round of the
// relay leaves the message index nothing of them (the first try failed),
// while the unfused line and the other group stay.
func TestRetentionLeavesNoMessagePoints(t *testing.T) {
	for name, open := range forgetIndexes {
		t.Run(name, func(t *testing.T) {
			f := open(t)
			svc := f.start(t, sentAt.Add(40*24*time.Hour))
			f.down.Store(true)
			r, err := svc.Retain(t.Context(), worker.RetentionConfig{MessageDays: 30})
			if err != nil || r.Messages != 3 {
				t.Fatalf("Retain = %+v, %v; want the 3 fused messages expired", r, err)
			}
			if !f.holds(t, "g", "r1") {
				t.Fatal("the message index forgot with the index unreachable")
			}
			f.cycle(t, svc)
			f.wantGone(t, "after one round", "g", "r1", "r2", "r3")
			f.wantHeld(t, "after one round", "g", "r4")
			f.wantHeld(t, "after one round", "h", "r1")
		})
	}
}

// Redaction: one round of the relay leaves the message index nothing of
// the redacted message (the first try failed); the rest stays.
func TestRedactionLeavesNoMessagePoint(t *testing.T) {
	for name, open := range forgetIndexes {
		t.Run(name, func(t *testing.T) {
			f := open(t)
			svc := f.start(t, sentAt)
			f.down.Store(true)
			if _, err := svc.Redact(t.Context(), "g", "r2", "mod"); err != nil {
				t.Fatal(err)
			}
			if !f.holds(t, "g", "r2") {
				t.Fatal("the message index forgot with the index unreachable")
			}
			f.cycle(t, svc)
			f.wantGone(t, "after one round", "g", "r2")
			f.wantHeld(t, "after one round", "g", "r1", "r3", "r4")
			f.wantHeld(t, "after one round", "h", "r1")
		})
	}
}

// Purge: one round of the relay leaves the message index nothing of the
// purged group (the first try failed); the other group stays.
func TestPurgeLeavesNoMessagePoints(t *testing.T) {
	for name, open := range forgetIndexes {
		t.Run(name, func(t *testing.T) {
			f := open(t)
			svc := f.start(t, sentAt)
			f.down.Store(true)
			if _, err := svc.Purge(t.Context(), "g", "mod"); err != nil {
				t.Fatal(err)
			}
			if !f.holds(t, "g") {
				t.Fatal("the message index forgot with the index unreachable")
			}
			f.cycle(t, svc)
			f.wantGone(t, "after one round", "g")
			f.wantHeld(t, "after one round", "h", "r1")
		})
	}
}

// A process that removed text and stopped before its relay forgot it
// (its queue lived in memory) leaves the work in the outbox: the next
// relay, of another process, has the Qdrant message index let go of the
// redacted and the expired messages in one round. (An in-process index
// is rebuilt from the ledger at every start.)
func TestForgettingOutlivesTheProcess(t *testing.T) {
	f := qdrantForget(t)
	svc := f.start(t, sentAt)
	ctx := t.Context()
	// What the stopped process committed: the text went, its relay never ran.
	if _, err := f.ledger.RedactMessage(ctx, "g", "r4", "mod"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ledger.ExpireMessages(ctx, sentAt.Add(90*time.Second), "retention"); err != nil {
		t.Fatal(err)
	}
	if !f.holds(t, "g", "r1") || !f.holds(t, "g", "r4") {
		t.Fatal("the message index forgot before any relay ran")
	}
	next := worker.New(worker.Deps{Ledger: f.ledger, Index: f.index, Locker: inmem.NewLocker(), Embedder: f.embed,
		Fuser: &scriptedFuser{}, Now: func() time.Time { return sentAt }}, worker.Config{Relay: f.relay})
	_ = svc // stopped: its relay never runs again
	if _, err := next.Relay().RunOnce(ctx); err != nil {
		t.Fatalf("the next process's relay round: %v", err)
	}
	f.wantGone(t, "after the next process's round", "g", "r1", "r2", "r4")
	f.wantHeld(t, "after the next process's round", "g", "r3")
	f.wantHeld(t, "after the next process's round", "h", "r1")
}
