package worker_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// forgetStack is a Service on one configuration, with the parts a test
// of forgetting looks into.
type forgetStack struct {
	ledger groupmem.Ledger
	index  groupmem.Index
	locker groupmem.Locker
	svc    *worker.Service
}

// forgetStacks builds the server configuration (Postgres, Redis, Qdrant's
// gRPC API) and the embedded default (SQLite, in-process lock and index).
func forgetStacks(t *testing.T) map[string]forgetStack {
	t.Helper()
	s := newStores(t)
	lite, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	idx, err := inmem.NewIndex(dim)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]forgetStack{}
	for name, p := range map[string]struct {
		l  groupmem.Ledger
		x  groupmem.Index
		lk groupmem.Locker
	}{"postgres+redis+qdrant": {s.ledger, s.index, s.locker}, "embedded": {lite, idx, inmem.NewLocker()}} {
		svc := worker.New(worker.Deps{Ledger: p.l, Index: p.x, Locker: p.lk, Embedder: s.embedder, Fuser: &scriptedFuser{}, Logger: s.log},
			worker.Config{})
		out[name] = forgetStack{p.l, p.x, p.lk, svc}
	}
	return out
}

// seedGroup gives group g three messages and two memories: one quoting
// and citing message 0, one citing message 1 only; both in the index.
func (st forgetStack) seedGroup(t *testing.T, g string) (quote string, mems []groupmem.Memory) {
	t.Helper()
	ctx := context.Background()
	quote = "my phone number is 555 0199, call me " + g
	msgs := []groupmem.Message{
		{GroupID: g, ID: "m0", SenderName: "Ann", Content: quote, SentAt: night},
		{GroupID: g, ID: "m1", SenderName: "Bo", Content: "I swim on mondays", SentAt: night},
		{GroupID: g, ID: "m2", SenderName: "Cy", Content: "hello", SentAt: night},
	}
	if _, err := st.ledger.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	run, err := st.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron})
	if err != nil {
		t.Fatal(err)
	}
	plan := storetest.CreatePlan(run, "Ann said: "+quote, "Bo swims weekly")
	plan.Run.NewWatermark = 3
	for i := range plan.New {
		plan.New[i].Evidence = []string{fmt.Sprintf("m%d", i)}
		vec := make([]float32, dim)
		vec[i] = 1
		plan.New[i].Embedding = vec
	}
	if err := st.ledger.CommitPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if _, err := st.svc.Relay().Drain(ctx); err != nil {
		t.Fatal(err)
	}
	return quote, plan.New
}

// everything returns every version of g in the index, of any status.
func (st forgetStack) everything(t *testing.T, g string) []groupmem.Memory {
	t.Helper()
	page, err := st.index.List(context.Background(), groupmem.MemoryQuery{GroupID: g, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return page.Memories
}

// On both configurations: a redaction leaves the text nowhere in the
// ledger or the index (the quoting memory redacted and deleted, the citing
// one marked for review); a purge whose index side was cut short by a
// crash is finished by the relay, and then no row or point of the group
// remains anywhere while the other group is untouched.
func TestForgetOnBothConfigurations(t *testing.T) {
	for name, st := range forgetStacks(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			quote, mems := st.seedGroup(t, "g1")
			st.seedGroup(t, "g2")
			other := fmt.Sprint(st.everything(t, "g2"))

			red, err := st.svc.Redact(ctx, "g1", "m0", "mod")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(red.Deleted, []string{mems[0].ID}) || len(red.Review) != 0 {
				t.Errorf("redaction of m0 = %+v", red)
			}
			red, err = st.svc.Redact(ctx, "g1", "m1", "mod")
			if err != nil || len(red.Review) != 1 {
				t.Fatalf("redaction of m1 = %+v, %v; want one memory marked for review", red, err)
			}
			page, err := st.ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			changes, err := st.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			msgs, err := st.ledger.MessagesAfter(ctx, "g1", 0, 10)
			if err != nil {
				t.Fatal(err)
			}
			for what, v := range map[string]any{"ledger versions": page.Memories, "change log": changes,
				"messages": msgs, "index": st.everything(t, "g1")} {
				if strings.Contains(fmt.Sprintf("%+v", v), "555 0199") {
					t.Errorf("%s still hold the redacted text %q", what, quote)
				}
			}
			var review bool
			for _, m := range st.everything(t, "g1") {
				review = review || m.ID == red.Review[0] && m.Status == groupmem.StatusActive && slices.Contains(m.Tags, groupmem.TagReview)
			}
			if !review {
				t.Errorf("the index lacks the active version marked for review")
			}

			if _, err := st.ledger.PurgeGroup(ctx, "g1", "mod"); err != nil { // the process dies before the index
				t.Fatal(err)
			}
			if len(st.everything(t, "g1")) == 0 {
				t.Fatal("the index lost g1 before the relay ran; the crash was not simulated")
			}
			if _, err := st.svc.Relay().Drain(ctx); err != nil {
				t.Fatal(err)
			}
			if left := st.everything(t, "g1"); len(left) != 0 {
				t.Errorf("after the relay the index keeps %d points of g1", len(left))
			}
			groups, _ := st.ledger.Groups(ctx, groupmem.GroupQuery{IDs: []string{"g1"}, Limit: 10})
			runs, _ := st.ledger.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Limit: 10})
			changes, _ = st.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10})
			msgs, _ = st.ledger.MessagesAfter(ctx, "g1", 0, 10)
			page, _ = st.ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
			if len(groups)+len(runs)+len(changes)+len(msgs)+page.Total != 0 {
				t.Errorf("after the purge g1 keeps groups %v, runs %d, changes %d, messages %d, versions %d",
					groups, len(runs), len(changes), len(msgs), page.Total)
			}
			if n, _, err := st.ledger.OutboxLag(ctx); err != nil || n != 0 {
				t.Errorf("outbox lag after the relay = %d, %v", n, err)
			}
			if got := fmt.Sprint(st.everything(t, "g2")); got != other {
				t.Errorf("g2's points changed:\n%s\n%s", other, got)
			}
			if rs, _ := st.ledger.Removals(ctx, "g1", 10); len(rs) != 3 {
				t.Errorf("removals of g1 = %+v; want the purge and both redactions", rs)
			}
			// A purge through the service leaves no lock of the group
			// behind: the group's key can be taken at once.
			if _, err := st.svc.Purge(ctx, "g2", "mod"); err != nil {
				t.Fatal(err)
			}
			lease, err := st.locker.Acquire(ctx, "group:g2", time.Second)
			if err != nil {
				t.Fatalf("the lock of a purged group is still held: %v", err)
			}
			_ = lease.Release(ctx)
		})
	}
}
