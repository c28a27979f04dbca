package storetest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// testRunsAndChangesPages: runs and change-log rows page newest first by
// a (time, id) position, every row exactly once even when rows share a
// time; filters by status and action; manual runs are never listed.
func testRunsAndChangesPages(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	const n = 5
	var created []groupmem.Memory
	for i := range n {
		plan := CreatePlan(Begin(t, l, "g1"), fmt.Sprintf("fact %d", i), fmt.Sprintf("other %d", i))
		Commit(t, l, plan)
		created = append(created, plan.New...)
	}
	noop := Begin(t, l, "g1")
	noop.Status = groupmem.RunNoop
	if err := l.FinishRun(ctx, noop); err != nil {
		t.Fatal(err)
	}
	admin, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerAdmin, Actor: "mod"})
	if err != nil {
		t.Fatal(err)
	}
	s := 0.25
	Commit(t, l, &groupmem.Plan{
		Run: admin,
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: created[0].ID, From: groupmem.StatusActive, To: groupmem.StatusActive, Strength: &s}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionStrength, MemoryID: created[0].ID, Version: 1, Actor: "mod"}},
		},
	})

	var runs []groupmem.Run
	q := groupmem.RunQuery{GroupID: "g1", Limit: 2}
	for range 10 {
		page, err := l.Runs(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, page...)
		if len(page) < q.Limit {
			break
		}
		last := page[len(page)-1]
		q.BeforeTime, q.BeforeID = last.StartedAt, last.ID
	}
	seen := map[string]bool{}
	for i, r := range runs {
		if seen[r.ID] || r.Trigger == groupmem.TriggerAdmin {
			t.Fatalf("run %d: %+v listed twice or a manual run", i, r)
		}
		seen[r.ID] = true
		if i > 0 && r.StartedAt.After(runs[i-1].StartedAt) {
			t.Fatalf("runs not newest first at %d", i)
		}
	}
	if len(runs) != n+1 || runs[0].ID != noop.ID {
		t.Fatalf("paged %d runs, first %s; want %d, the noop first", len(runs), runs[0].ID, n+1)
	}
	only, err := l.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Status: groupmem.RunSucceeded, Limit: 100})
	if err != nil || len(only) != n {
		t.Fatalf("succeeded runs = %d, %v; want %d", len(only), err, n)
	}

	var changes []groupmem.Change
	cq := groupmem.ChangeQuery{GroupID: "g1", Limit: 3}
	for range 10 {
		page, err := l.Changes(ctx, cq)
		if err != nil {
			t.Fatal(err)
		}
		changes = append(changes, page...)
		if len(page) < cq.Limit {
			break
		}
		last := page[len(page)-1]
		cq.BeforeTime, cq.BeforeID = last.CreatedAt, last.ID
	}
	ids := map[int64]bool{}
	for _, c := range changes {
		if ids[c.ID] {
			t.Fatalf("change %d listed twice", c.ID)
		}
		ids[c.ID] = true
		if manual := c.RunID == admin.ID; c.Manual != manual {
			t.Fatalf("change %d of run %s: Manual = %v, want %v (only the admin run's change is manual)", c.ID, c.RunID, c.Manual, manual)
		}
	}
	if len(changes) != 2*n+1 || changes[0].Action != groupmem.ActionStrength {
		t.Fatalf("paged %d changes, first %s; want %d, the strength change first", len(changes), changes[0].Action, 2*n+1)
	}
	creates, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Actions: []groupmem.ActionKind{groupmem.ActionCreate}, Limit: 100})
	if err != nil || len(creates) != 2*n {
		t.Fatalf("create changes = %d, %v; want %d", len(creates), err, 2*n)
	}
	none, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Actions: []groupmem.ActionKind{}, Limit: 100})
	if err != nil || len(none) != 0 {
		t.Fatalf("changes of no action = %d, %v; want none", len(none), err)
	}
	_, err = l.Runs(ctx, groupmem.RunQuery{GroupID: "g1", BeforeTime: t0, BeforeID: "x", Limit: 1})
	mustCode(t, err, groupmem.EINVALID)
}

// testGroups: every group with messages or runs is listed in id order with
// its counts and latest evolution run (never a manual one); IDs narrows
// the list, an empty IDs lists nothing, and After pages.
func testGroups(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("b", "m", 3)); err != nil {
		t.Fatal(err)
	}
	run := Begin(t, l, "a")
	plan := CreatePlan(run, "one", "two")
	Commit(t, l, plan)
	Commit(t, l, UpdatePlan(Begin(t, l, "a"), plan.New[0], "one, clearer"))
	admin, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "a", Trigger: groupmem.TriggerAdmin, Actor: "mod"})
	if err != nil {
		t.Fatal(err)
	}
	Commit(t, l, &groupmem.Plan{
		Run: admin,
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: plan.New[1].ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: plan.New[1].ID, Version: 1}},
		},
	})

	all, err := l.Groups(ctx, groupmem.GroupQuery{Limit: 10})
	if err != nil || len(all) != 2 {
		t.Fatalf("Groups = %+v, %v", all, err)
	}
	a, b := all[0], all[1]
	if a.GroupID != "a" || a.Active != 1 || a.Superseded != 1 || a.Deprecated != 1 || a.Messages != 0 ||
		a.LastRun == nil || a.LastRun.Trigger == groupmem.TriggerAdmin || a.LastRun.Status != groupmem.RunSucceeded {
		t.Fatalf("group a = %+v, last run %+v", a, a.LastRun)
	}
	if b.GroupID != "b" || b.Messages != 3 || b.Pending != 3 || b.LastRun != nil || b.Active != 0 {
		t.Fatalf("group b = %+v", b)
	}
	page, err := l.Groups(ctx, groupmem.GroupQuery{After: "a", Limit: 10})
	if err != nil || len(page) != 1 || page[0].GroupID != "b" {
		t.Fatalf("Groups after a = %+v, %v", page, err)
	}
	only, err := l.Groups(ctx, groupmem.GroupQuery{IDs: []string{"b", "zz"}, Limit: 10})
	if err != nil || len(only) != 1 || only[0].GroupID != "b" {
		t.Fatalf("Groups of b, zz = %+v, %v", only, err)
	}
	none, err := l.Groups(ctx, groupmem.GroupQuery{IDs: []string{}, Limit: 10})
	if err != nil || len(none) != 0 {
		t.Fatalf("Groups of no ids = %+v, %v", none, err)
	}
}

// testMessagesByID: a memory's evidence ids turn into its messages, in
// seq order, only of the group asked; unknown ids are left out.
func testMessagesByID(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 5)); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, Msgs("g2", "m", 5)); err != nil {
		t.Fatal(err)
	}
	got, err := l.MessagesByID(ctx, "g1", []string{"m3", "nope", "m1"})
	if err != nil || len(got) != 2 || got[0].ID != "m1" || got[1].ID != "m3" || got[0].GroupID != "g1" || got[1].Content == "" {
		t.Fatalf("MessagesByID = %+v, %v", got, err)
	}
	if got, err := l.MessagesByID(ctx, "g1", nil); err != nil || len(got) != 0 {
		t.Fatalf("no ids = %+v, %v", got, err)
	}
	_, err = l.MessagesByID(ctx, "", []string{"m1"})
	mustCode(t, err, groupmem.EINVALID)
}

// testMetaAndEmbeddings: ledger-wide values are kept and replaced; stored
// embeddings are replaced by id, the rest of each version untouched.
func testMetaAndEmbeddings(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if v, err := l.Meta(ctx, groupmem.MetaEmbedder); err != nil || v != "" {
		t.Fatalf("Meta before any = %q, %v", v, err)
	}
	for _, v := range []string{"hashing-256", "static-1"} {
		if err := l.SetMeta(ctx, groupmem.MetaEmbedder, v); err != nil {
			t.Fatal(err)
		}
		if got, err := l.Meta(ctx, groupmem.MetaEmbedder); err != nil || got != v {
			t.Fatalf("Meta = %q, %v; want %q", got, err, v)
		}
	}
	plan := CreatePlan(Begin(t, l, "g1"), "one", "two")
	Commit(t, l, plan)
	id := plan.New[0].ID
	if err := l.SetEmbeddings(ctx, map[string][]float32{id: {0, 0, 1}, groupmem.NewID(): {1}}); err != nil {
		t.Fatal(err)
	}
	m, err := l.Memory(ctx, id)
	if err != nil || len(m.Embedding) != 3 || m.Embedding[2] != 1 || m.Statement != "one" || m.Status != groupmem.StatusActive {
		t.Fatalf("re-embedded version = %+v, %v", m, err)
	}
	if other, _ := l.Memory(ctx, plan.New[1].ID); len(other.Embedding) != 4 {
		t.Fatalf("a version not named changed: %v", other.Embedding)
	}
	mustCode(t, l.SetEmbeddings(ctx, map[string][]float32{"x": {1}}), groupmem.EINVALID)
}

// testPurgeGroup: a purge removes every row of the group and nothing of
// another, records what it removed (counts, no text), leaves an outbox
// entry for the index side, is idempotent, and the group starts again
// from nothing: its first message gets seq 1 and its first run fence 1.
func testPurgeGroup(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	for _, g := range []string{"g1", "g2"} {
		if _, err := l.InsertMessages(ctx, Msgs(g, "m", 3)); err != nil {
			t.Fatal(err)
		}
		plan := CreatePlan(Begin(t, l, g), "likes tea", "likes coffee")
		Commit(t, l, plan)
		Commit(t, l, UpdatePlan(Begin(t, l, g), plan.New[0], "likes green tea"))
	}
	// Drain what the commits queued, so that only the purge's entry is left.
	for {
		es, err := l.ClaimOutbox(ctx, 100, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(es) == 0 {
			break
		}
		var ids []int64
		for _, e := range es {
			ids = append(ids, e.ID)
		}
		if err := l.CompleteOutbox(ctx, ids); err != nil {
			t.Fatal(err)
		}
	}
	keep := snap(t, l, "g2")
	r, err := l.PurgeGroup(ctx, "g1", "mod")
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows["messages"] != 3 || r.Rows["memory_versions"] != 3 || r.Rows["evolution_runs"] != 2 || r.Rows["group_state"] != 1 ||
		r.Rows["memory_change_log"] != 3 || r.Actor != "mod" || r.ID == 0 {
		t.Fatalf("removal = %+v", r)
	}
	if msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10); len(msgs) != 0 {
		t.Errorf("messages left: %v", msgs)
	}
	if page, _ := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10}); page.Total != 0 {
		t.Errorf("memory versions left: %d", page.Total)
	}
	if runs, _ := l.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Limit: 10}); len(runs) != 0 {
		t.Errorf("runs left: %d", len(runs))
	}
	if ch, _ := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10}); len(ch) != 0 {
		t.Errorf("changes left: %d", len(ch))
	}
	if gs, _ := l.Groups(ctx, groupmem.GroupQuery{IDs: []string{"g1"}, Limit: 10}); len(gs) != 0 {
		t.Errorf("group still listed: %+v", gs)
	}
	es, err := l.ClaimOutbox(ctx, 10, time.Minute)
	if err != nil || len(es) != 1 || es[0].Kind != groupmem.OutboxPurge || es[0].GroupID != "g1" {
		t.Fatalf("outbox after purge = %+v, %v; want the purge entry only", es, err)
	}
	if err := l.CompleteOutbox(ctx, []int64{es[0].ID}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(keep, snap(t, l, "g2")); diff != "" {
		t.Errorf("g2 changed:\n%s", diff)
	}
	again, err := l.PurgeGroup(ctx, "g1", "mod")
	if err != nil || again.Total() != 0 {
		t.Errorf("second purge = %+v, %v; want nothing removed", again, err)
	}
	rs, err := l.Removals(ctx, "g1", 10)
	if err != nil || len(rs) != 1 || rs[0].Rows["messages"] != 3 || rs[0].Kind != groupmem.RemovalPurge {
		t.Errorf("removals = %+v, %v", rs, err)
	}
	if _, err := l.InsertMessages(ctx, Msgs("g1", "n", 1)); err != nil {
		t.Fatal(err)
	}
	if msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10); len(msgs) != 1 || msgs[0].Seq != 1 {
		t.Errorf("after the purge, messages = %+v; want seq 1", msgs)
	}
	if run := Begin(t, l, "g1"); run.Fence != 1 || run.Watermark != 0 {
		t.Errorf("first run after the purge: fence %d, watermark %d", run.Fence, run.Watermark)
	}
	_, err = l.PurgeGroup(ctx, "", "mod")
	mustCode(t, err, groupmem.EINVALID)
}

// testRedactMessage: the message keeps its row without its text; a version
// quoting it gets the statement redacted (deleted if it was active), one
// that merely cites it is left alone, the change log forgets the text,
// another group is untouched, and redacting again changes nothing.
func testRedactMessage(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	for _, g := range []string{"g1", "g2"} {
		if _, err := l.InsertMessages(ctx, Msgs(g, "m", 3)); err != nil {
			t.Fatal(err)
		}
	}
	plan := CreatePlan(Begin(t, l, "g1"), "said: message m1", "Ann writes messages")
	for i := range plan.New {
		plan.New[i].Evidence = []string{"m1"}
	}
	Commit(t, l, plan)
	quoting, citing := plan.New[0], plan.New[1]
	other := CreatePlan(Begin(t, l, "g2"), "said: message m1")
	other.New[0].Evidence = []string{"m1"}
	Commit(t, l, other)
	keep := snap(t, l, "g2")

	r, err := l.RedactMessage(ctx, "g1", "m1", "mod")
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows["messages"] != 1 || len(r.Redacted) != 1 || r.Redacted[0] != quoting.ID || len(r.Deleted) != 1 || r.ID == 0 {
		t.Fatalf("redaction = %+v", r)
	}
	msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10)
	if len(msgs) != 3 || msgs[1].ID != "m1" || msgs[1].Content != "" || msgs[1].Seq != 2 || msgs[0].Content == "" {
		t.Fatalf("messages after the redaction = %+v", msgs)
	}
	if m, _ := l.Memory(ctx, quoting.ID); m.Statement != groupmem.Redacted || m.Status != groupmem.StatusDeprecated {
		t.Errorf("the quoting version = %q %s", m.Statement, m.Status)
	}
	if m, _ := l.Memory(ctx, citing.ID); m.Statement != "Ann writes messages" || m.Status != groupmem.StatusActive {
		t.Errorf("the citing version = %q %s", m.Statement, m.Status)
	}
	changes, _ := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 100})
	for _, c := range changes {
		if strings.Contains(c.OldStatement+c.NewStatement, "message m1") {
			t.Errorf("the change log still quotes the message: %+v", c)
		}
	}
	if after := snap(t, l, "g2"); !cmp.Equal(keep.Memories, after.Memories) || keep.Changes != after.Changes {
		t.Errorf("g2 changed:\n%s", cmp.Diff(keep, after))
	}
	if again, err := l.RedactMessage(ctx, "g1", "m1", "mod"); err != nil || again.ID != 0 || again.Total() != 0 {
		t.Errorf("second redaction = %+v, %v", again, err)
	}
	if rs, _ := l.Removals(ctx, "g1", 10); len(rs) != 1 || rs[0].Kind != groupmem.RemovalRedact {
		t.Errorf("removals = %+v", rs)
	}
	_, err = l.RedactMessage(ctx, "g1", "nope", "mod")
	mustCode(t, err, groupmem.ENOTFOUND)
}

// testRetention: only fused messages older than the cut lose their text,
// once; each group's expiry is recorded; idle groups are those without a
// message or a run since the cut.
func testRetention(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 4)); err != nil {
		t.Fatal(err)
	}
	plan := CreatePlan(Begin(t, l, "g1"), "likes tea")
	plan.Run.NewWatermark = 2
	Commit(t, l, plan)
	n, err := l.ExpireMessages(ctx, t0.Add(10*time.Minute), "retention")
	if err != nil || len(n) != 1 || n["g1"] != 2 {
		t.Fatalf("ExpireMessages = %v, %v; want the 2 fused messages of g1", n, err)
	}
	msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10)
	if len(msgs) != 4 || msgs[0].Content != "" || msgs[1].Content != "" || msgs[2].Content == "" || msgs[3].Content == "" {
		t.Errorf("messages after expiry = %+v", msgs)
	}
	if m, _ := l.Memory(ctx, plan.New[0].ID); m.Statement != "likes tea" || m.Status != groupmem.StatusActive {
		t.Errorf("expiry touched a memory: %+v", m)
	}
	if n, err := l.ExpireMessages(ctx, t0.Add(10*time.Minute), "retention"); err != nil || len(n) != 0 {
		t.Errorf("second expiry = %v, %v", n, err)
	}
	if rs, _ := l.Removals(ctx, "g1", 10); len(rs) != 1 || rs[0].Kind != groupmem.RemovalRetention || rs[0].Rows["messages"] != 2 {
		t.Errorf("removals = %+v", rs)
	}
	if ids, err := l.IdleGroups(ctx, time.Now().Add(time.Hour), 10); err != nil || len(ids) != 1 || ids[0] != "g1" {
		t.Errorf("idle since an hour from now = %v, %v", ids, err)
	}
	if ids, err := l.IdleGroups(ctx, t0.AddDate(-1, 0, 0), 10); err != nil || len(ids) != 0 {
		t.Errorf("idle since last year = %v, %v", ids, err)
	}
}
