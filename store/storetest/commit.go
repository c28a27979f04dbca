package storetest

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

func testCommitCreateThenUpdate(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 5)); err != nil {
		t.Fatal(err)
	}
	msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10)
	r1 := Begin(t, l, "g1")
	p1 := CreatePlan(r1, "meets every Friday night to discuss anime", "most members are front-end developers")
	p1.Run.NewWatermark = msgs[2].Seq
	p1.Run.Messages = 3
	Commit(t, l, p1)

	page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Status: groupmem.StatusActive, Limit: 10})
	if err != nil || page.Total != 2 || len(page.Memories) != 2 {
		t.Fatalf("Memories = %+v, %v", page, err)
	}
	if page.Memories[0].Embedding != nil {
		t.Fatal("Memories returned embeddings; listings leave them out")
	}
	first, err := l.Memory(ctx, p1.New[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if first.Version != 1 || first.ParentID != "" || first.RunID != r1.ID || first.Statement != p1.New[0].Statement ||
		!cmp.Equal(first.Evidence, []string{"m0"}) || !cmp.Equal(first.Tags, []string{"habit"}) ||
		!cmp.Equal(first.Embedding, []float32{1, 0, 0, 0}) || first.Strength != 0.5 || first.CreatedAt.IsZero() {
		t.Fatalf("stored memory = %+v", first)
	}
	run, err := l.Run(ctx, r1.ID)
	if err != nil || run.Status != groupmem.RunSucceeded || run.Stats.Created != 2 || run.NewWatermark != msgs[2].Seq || run.FinishedAt.IsZero() {
		t.Fatalf("run after commit = %+v, %v", run, err)
	}

	// The next run reads the raised watermark and sees only the rest.
	r2 := Begin(t, l, "g1")
	if r2.Watermark != msgs[2].Seq {
		t.Fatalf("watermark = %d, want %d", r2.Watermark, msgs[2].Seq)
	}
	rest, _ := l.MessagesAfter(ctx, "g1", r2.Watermark, 10)
	if diff := cmp.Diff([]string{"m3", "m4"}, ids(rest)); diff != "" {
		t.Fatalf("messages past watermark (-want +got):\n%s", diff)
	}
	p2 := UpdatePlan(r2, first, "meets every Friday night to discuss sci-fi anime")
	p2.Run.NewWatermark = msgs[4].Seq
	Commit(t, l, p2)
	// The plan holds every version it touched as the ledger now holds it,
	// embedding included, in the order of Touched.
	touched := p2.Touched()
	if len(p2.Committed) != len(touched) {
		t.Fatalf("plan.Committed holds %d versions for %d touched", len(p2.Committed), len(touched))
	}
	for i, id := range touched {
		stored, err := l.Memory(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(stored, p2.Committed[i]); diff != "" {
			t.Fatalf("plan.Committed[%d] (-stored +committed):\n%s", i, diff)
		}
	}
	if p2.Committed[0].Status != groupmem.StatusSuperseded || p2.Committed[1].Status != groupmem.StatusActive {
		t.Fatalf("plan.Committed = %+v; want the old version superseded, the new one active", p2.Committed)
	}
	r3 := Begin(t, l, "g1")
	p3 := UpdatePlan(r3, p2.New[0], "meets every Friday at 21:00 to discuss sci-fi anime")
	Commit(t, l, p3)

	// The lineage is the same from any of its versions, oldest first.
	want := []string{first.ID, p2.New[0].ID, p3.New[0].ID}
	for _, id := range want {
		lin, err := l.Lineage(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, m := range lin {
			got = append(got, m.ID)
			if m.Version != i+1 {
				t.Fatalf("lineage version %d at %d", m.Version, i)
			}
			if i > 0 && m.ParentID != lin[i-1].ID {
				t.Fatalf("parent of v%d = %s, want %s", m.Version, m.ParentID, lin[i-1].ID)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("lineage from %s (-want +got):\n%s", id, diff)
		}
		if lin[0].Status != groupmem.StatusSuperseded || lin[2].Status != groupmem.StatusActive {
			t.Fatalf("statuses = %s, %s", lin[0].Status, lin[2].Status)
		}
	}
	all, _ := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
	sup, _ := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Status: groupmem.StatusSuperseded, Limit: 10})
	if all.Total != 4 || sup.Total != 2 {
		t.Fatalf("totals all=%d superseded=%d, want 4 and 2", all.Total, sup.Total)
	}
	changes, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 100})
	if err != nil || len(changes) != 4 {
		t.Fatalf("Changes = %d, %v; want 4", len(changes), err)
	}
	if c := changes[0]; c.Action != groupmem.ActionUpdate || c.MemoryID != p2.New[0].ID || c.NewMemoryID != p3.New[0].ID ||
		c.OldStatement != p2.New[0].Statement || c.Version != 3 || c.RunID != r3.ID {
		t.Fatalf("newest change = %+v", c)
	}
	runs, err := l.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Limit: 10})
	if err != nil || len(runs) != 3 {
		t.Fatalf("Runs = %d, %v", len(runs), err)
	}
	// Paging is stable and complete.
	var paged []groupmem.Memory
	for off := 0; off < 4; off += 3 {
		pg, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 3, Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		paged = append(paged, pg.Memories...)
	}
	seenIDs := map[string]bool{}
	for i, m := range paged {
		seenIDs[m.ID] = true
		if i > 0 && m.UpdatedAt.After(paged[i-1].UpdatedAt) {
			t.Fatalf("page not newest first at %d", i)
		}
	}
	if len(paged) != 4 || len(seenIDs) != 4 {
		t.Fatalf("paging returned %d memories, %d distinct; want 4", len(paged), len(seenIDs))
	}
}

func snap(t *testing.T, l groupmem.Ledger, g string) snapshot {
	t.Helper()
	ctx := context.Background()
	page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: g, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := l.OutboxLag(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return snapshot{Memories: page.Memories, Changes: len(ch), Outbox: n}
}

func testStaleFenceWritesNothing(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	slow := Begin(t, l, "g1")
	fast := Begin(t, l, "g1") // takes over, e.g. after slow's lock expired
	before := snap(t, l, "g1")

	stale := CreatePlan(slow, "should never appear")
	stale.Run.NewWatermark = 3
	mustCode(t, l.CommitPlan(ctx, stale), groupmem.ESTALE)
	if diff := cmp.Diff(before, snap(t, l, "g1")); diff != "" {
		t.Fatalf("stale commit changed the store (-before +after):\n%s", diff)
	}
	if r, _ := l.Run(ctx, slow.ID); r.Status != groupmem.RunFailed || r.Error != groupmem.AbandonedRun || r.Report.Reason != groupmem.FailAbandoned || r.FinishedAt.IsZero() {
		t.Fatalf("superseded run = %s %q; want failed as abandoned", r.Status, r.Error)
	}
	if r, _ := l.Run(ctx, fast.ID); r.Status != groupmem.RunRunning {
		t.Fatalf("current run status = %s, want running", r.Status)
	}
	if r := Begin(t, l, "g1"); r.Watermark != 0 {
		t.Fatalf("stale commit moved the watermark to %d", r.Watermark)
	}
	// The run that took over is stale too now: the Begin above superseded it.
	mustCode(t, l.CommitPlan(ctx, CreatePlan(fast, "x")), groupmem.ESTALE)
	// A fresh run can commit: the failure did not poison anything.
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "the real memory"))
}

func testConflictingTransition(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	p := CreatePlan(Begin(t, l, "g1"), "a habit")
	Commit(t, l, p)
	mem := p.New[0]
	before := snap(t, l, "g1")
	// The transition expects deprecated but the memory is active.
	bad := UpdatePlan(Begin(t, l, "g1"), mem, "changed habit")
	bad.Transitions[0].From = groupmem.StatusDeprecated
	err := l.CommitPlan(ctx, bad)
	mustCode(t, err, groupmem.ECONFLICT)
	if msg := groupmem.ErrorMessage(err); msg != "1 of 1 memories changed state since the run read them" {
		t.Errorf("stale transition: message %q; every ledger says how many of the plan's memories changed", msg)
	}
	// Two updates of one version cannot both become active.
	run := Begin(t, l, "g1")
	twice := UpdatePlan(run, mem, "one")
	twice.New = append(twice.New, UpdatePlan(run, mem, "two").New...)
	mustCode(t, l.CommitPlan(ctx, twice), groupmem.ECONFLICT)
	if diff := cmp.Diff(before, snap(t, l, "g1")); diff != "" {
		t.Fatalf("failed commit changed the store (-before +after):\n%s", diff)
	}
}

func testBadPlan(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "kept"))
	before := snap(t, l, "g1")
	for name, mutate := range map[string]func(p *groupmem.Plan){
		"huge statement":  func(p *groupmem.Plan) { p.New[0].Statement = strings.Repeat("x", 1<<20) },
		"empty statement": func(p *groupmem.Plan) { p.New[0].Statement = " \x00 " },
		"bad id":          func(p *groupmem.Plan) { p.New[0].ID = "not-a-uuid" },
		"other group":     func(p *groupmem.Plan) { p.New[0].GroupID = "g2" },
		"strength":        func(p *groupmem.Plan) { p.New[0].Strength = 1.5 },
		"lower watermark": func(p *groupmem.Plan) { p.Run.NewWatermark = p.Run.Watermark - 1 },
		"version":         func(p *groupmem.Plan) { p.New[0].Version = 2 },
		"bad run id":      func(p *groupmem.Plan) { p.Run.ID = "x" },
	} {
		p := CreatePlan(Begin(t, l, "g1"), "fresh")
		mutate(p)
		if err := l.CommitPlan(ctx, p); groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("%s: error = %v, want %s", name, err, groupmem.EINVALID)
		}
	}
	if diff := cmp.Diff(before, snap(t, l, "g1")); diff != "" {
		t.Fatalf("rejected plans changed the store (-before +after):\n%s", diff)
	}
	// NUL bytes and invalid UTF-8 in a statement are cleaned, not fatal.
	p := CreatePlan(Begin(t, l, "g1"), "likes\x00 tea \xff")
	Commit(t, l, p)
	if m, _ := l.Memory(ctx, p.New[0].ID); m.Statement != "likes tea \uFFFD" {
		t.Fatalf("statement = %q", m.Statement)
	}
}

func testDeleteAndRestore(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	p := CreatePlan(Begin(t, l, "g1"), "every Friday anime night")
	Commit(t, l, p)
	id := p.New[0].ID
	del := &groupmem.Plan{
		Run: Begin(t, l, "g1"),
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: id, OldStatement: "every Friday anime night", Reason: "three weeks without mention", Version: 1}},
		},
	}
	Commit(t, l, del)
	if m, _ := l.Memory(ctx, id); m.Status != groupmem.StatusDeprecated {
		t.Fatalf("status after delete = %s", m.Status)
	}
	s := 0.9
	restore := &groupmem.Plan{
		Run: Begin(t, l, "g1"),
		Writes: groupmem.Writes{
			Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusDeprecated, To: groupmem.StatusActive, Strength: &s}},
			Changes:     []groupmem.Change{{Action: groupmem.ActionRestore, MemoryID: id, Version: 1, Actor: "moderator"}},
		},
	}
	Commit(t, l, restore)
	m, _ := l.Memory(ctx, id)
	if m.Status != groupmem.StatusActive || m.Strength != 0.9 || m.Statement != "every Friday anime night" {
		t.Fatalf("after restore = %+v", m)
	}
	ch, _ := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10})
	if len(ch) != 3 || ch[0].Action != groupmem.ActionRestore || ch[0].Actor != "moderator" || ch[1].Action != groupmem.ActionDelete {
		t.Fatalf("change log = %+v", ch)
	}
}
