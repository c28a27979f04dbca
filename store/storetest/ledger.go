package storetest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// TestLedger runs the contract every groupmem.Ledger must keep. open must
// return an empty, migrated ledger private to the test.
func TestLedger(t *testing.T, open func(t *testing.T) groupmem.Ledger) {
	tests := []struct {
		name string
		fn   func(t *testing.T, l groupmem.Ledger)
	}{
		{"MessagesIdempotent", testMessagesIdempotent},
		{"MessagesBadInput", testMessagesBadInput},
		{"MessagesPaging", testMessagesPaging},
		{"FenceAdvances", testFenceAdvances},
		{"CommitCreateThenUpdate", testCommitCreateThenUpdate},
		{"StaleFenceWritesNothing", testStaleFenceWritesNothing},
		{"ConflictingTransitionWritesNothing", testConflictingTransition},
		{"BadPlanWritesNothing", testBadPlan},
		{"DeleteAndRestore", testDeleteAndRestore},
		{"FinishRunRecordsFailure", testFinishRun},
		{"RunningRuns", testRunningRuns},
		{"AbandonRunFencesTheRunOut", testAbandonRun},
		{"ReadsBadInput", testReadsBadInput},
		{"OutboxClaims", testOutboxClaims},
		{"OutboxTwoClaimers", testOutboxTwoClaimers},
		{"OutboxQueuesMessages", testOutboxQueuesMessages},
		{"ScanMemories", testScanMemories},
		{"RunsAndChangesPages", testRunsAndChangesPages},
		{"Groups", testGroups},
		{"MessagesByID", testMessagesByID},
		{"MetaAndEmbeddings", testMetaAndEmbeddings},
		{"PurgeGroup", testPurgeGroup},
		{"RedactionFencesRuns", testRedactionFencesRuns},
		{"RedactionScrubsRuns", testRedactionScrubsRuns},
		{"RedactMessage", testRedactMessage},
		{"Retention", testRetention},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fn(t, open(t))
		})
	}
}

var t0 = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

// Msgs returns n messages of group g with ids prefix0..prefixN-1, a minute
// apart from t0.
func Msgs(g, prefix string, n int) []groupmem.Message {
	out := make([]groupmem.Message, n)
	for i := range out {
		out[i] = groupmem.Message{
			GroupID: g, ID: fmt.Sprintf("%s%d", prefix, i), SenderID: "u1", SenderName: "Ann",
			Content: fmt.Sprintf("message %s%d", prefix, i), SentAt: t0.Add(time.Duration(i) * time.Minute),
		}
	}
	return out
}

func ids(msgs []groupmem.Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.ID
	}
	return out
}

func mustCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := groupmem.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

func testMessagesIdempotent(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	first := Msgs("g1", "a", 3)
	n, err := l.InsertMessages(ctx, first)
	if err != nil || n != 3 {
		t.Fatalf("InsertMessages = %d, %v; want 3", n, err)
	}
	// A resend with one new message stores only the new one.
	n, err = l.InsertMessages(ctx, append(first, Msgs("g1", "b", 1)...))
	if err != nil || n != 1 {
		t.Fatalf("resend: InsertMessages = %d, %v; want 1", n, err)
	}
	got, err := l.MessagesAfter(ctx, "g1", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a0", "a1", "a2", "b0"}, ids(got)); diff != "" {
		t.Fatalf("messages (-want +got):\n%s", diff)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Seq <= got[i-1].Seq {
			t.Fatalf("seqs not increasing: %d then %d", got[i-1].Seq, got[i].Seq)
		}
	}
	if got[0].SenderName != "Ann" || got[0].Content != "message a0" || !got[0].SentAt.Equal(t0) {
		t.Fatalf("message fields not kept: %+v", got[0])
	}
	// The same message id in another group is another message.
	if n, err := l.InsertMessages(ctx, Msgs("g2", "a", 1)); err != nil || n != 1 {
		t.Fatalf("other group: %d, %v", n, err)
	}
	for _, c := range []struct {
		after, upTo int64
		want        int
	}{{0, got[3].Seq, 4}, {got[0].Seq, got[2].Seq, 2}, {got[3].Seq, got[3].Seq + 100, 0}, {got[2].Seq, got[1].Seq, 0}} {
		if n, err := l.CountMessages(ctx, "g1", c.after, c.upTo); err != nil || n != c.want {
			t.Fatalf("CountMessages(%d, %d) = %d, %v; want %d", c.after, c.upTo, n, err, c.want)
		}
	}
}

func testMessagesBadInput(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	dirty := Msgs("g1", "d", 2)
	dirty[0].Content = "nul\x00byte and bad \xff utf8"
	dirty[0].SenderName = "A\x00nn"
	dirty[1].Content = strings.Repeat("長", 1<<20/3+1) // > 1 MB
	if _, err := l.InsertMessages(ctx, dirty); err != nil {
		t.Fatalf("dirty text must be cleaned, got %v", err)
	}
	got, err := l.MessagesAfter(ctx, "g1", 0, 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("read back: %d, %v", len(got), err)
	}
	if got[0].Content != "nulbyte and bad \uFFFD utf8" || got[0].SenderName != "Ann" {
		t.Fatalf("cleaned = %q / %q", got[0].Content, got[0].SenderName)
	}
	if len(got[1].Content) > groupmem.MaxMessageBytes || !strings.HasPrefix(got[1].Content, "長長") {
		t.Fatalf("long content not cut to %d bytes: %d", groupmem.MaxMessageBytes, len(got[1].Content))
	}

	// A batch with one unusable message is rejected whole: nothing written.
	for _, bad := range []groupmem.Message{
		{GroupID: "", ID: "x", Content: "c", SentAt: t0},
		{GroupID: "g\x00", ID: "x", Content: "c", SentAt: t0},
		{GroupID: "g1", ID: "", Content: "c", SentAt: t0},
		{GroupID: strings.Repeat("g", 300), ID: "x", Content: "c", SentAt: t0},
		{GroupID: "g1", ID: "\xff", Content: "c", SentAt: t0},
		{GroupID: "g1", ID: "x", Content: "c"},
	} {
		batch := append(Msgs("g3", "ok", 2), bad)
		_, err := l.InsertMessages(ctx, batch)
		mustCode(t, err, groupmem.EINVALID)
	}
	if got, _ := l.MessagesAfter(ctx, "g3", 0, 10); len(got) != 0 {
		t.Fatalf("rejected batch wrote %d messages", len(got))
	}
	// The ledger is not poisoned: a good batch still goes in.
	if n, err := l.InsertMessages(ctx, Msgs("g3", "ok", 2)); err != nil || n != 2 {
		t.Fatalf("good batch after bad: %d, %v", n, err)
	}
}

func testMessagesPaging(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 25)); err != nil {
		t.Fatal(err)
	}
	var all []string
	var after int64
	for {
		page, err := l.MessagesAfter(ctx, "g1", after, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		all = append(all, ids(page)...)
		after = page[len(page)-1].Seq
	}
	if diff := cmp.Diff(ids(Msgs("g1", "m", 25)), all); diff != "" {
		t.Fatalf("paged read (-want +got):\n%s", diff)
	}
	recent, err := l.MessagesSince(ctx, "g1", 0, t0.Add(20*time.Minute), 100)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"m20", "m21", "m22", "m23", "m24"}, ids(recent)); diff != "" {
		t.Fatalf("since (-want +got):\n%s", diff)
	}
	if got, err := l.MessagesAfter(ctx, "nobody", 0, 10); err != nil || len(got) != 0 {
		t.Fatalf("unknown group: %v, %v", got, err)
	}
}

func testFenceAdvances(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	r1 := Begin(t, l, "g1")
	r2 := Begin(t, l, "g1")
	other := Begin(t, l, "g2")
	if r2.Fence <= r1.Fence {
		t.Fatalf("fence did not advance: %d then %d", r1.Fence, r2.Fence)
	}
	if r1.ID == r2.ID || r1.Status != groupmem.RunRunning || r1.Watermark != 0 {
		t.Fatalf("bad run: %+v", r1)
	}
	got, err := l.Run(ctx, r2.ID)
	if err != nil || got.Fence != r2.Fence || got.Status != groupmem.RunRunning || got.GroupID != "g1" {
		t.Fatalf("Run = %+v, %v", got, err)
	}
	_ = other
}

// Begin starts a cron run on group g or fails the test.
func Begin(t *testing.T, l groupmem.Ledger, g string) groupmem.Run {
	t.Helper()
	r, err := l.BeginRun(context.Background(), groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron, Actor: "test"})
	if err != nil {
		t.Fatalf("BeginRun(%s): %v", g, err)
	}
	return r
}

// CreatePlan returns a plan for run that creates one version-1 memory per
// statement, with a 4-dimensional embedding.
func CreatePlan(run groupmem.Run, statements ...string) *groupmem.Plan {
	p := &groupmem.Plan{Run: run}
	for i, s := range statements {
		id := groupmem.NewID()
		p.New = append(p.New, groupmem.Memory{
			ID: id, LineageID: id, GroupID: run.GroupID, Statement: s, Version: 1,
			Status: groupmem.StatusActive, Strength: 0.5, Tags: []string{"habit"},
			ChangeSummary: "seen often", Evidence: []string{fmt.Sprintf("m%d", i)},
			Embedding: []float32{1, float32(i), 0, 0},
		})
		p.Changes = append(p.Changes, groupmem.Change{Action: groupmem.ActionCreate, MemoryID: id, NewMemoryID: id,
			NewStatement: s, Reason: "seen often", Version: 1, Actor: "test"})
	}
	p.Run.Stats.Created = len(statements)
	return p
}

// UpdatePlan returns a plan for run that replaces old with a new version.
func UpdatePlan(run groupmem.Run, old groupmem.Memory, statement string) *groupmem.Plan {
	id := groupmem.NewID()
	return &groupmem.Plan{
		Run: run,
		New: []groupmem.Memory{{
			ID: id, LineageID: old.LineageID, GroupID: old.GroupID, Statement: statement,
			Version: old.Version + 1, ParentID: old.ID, Status: groupmem.StatusActive, Strength: 0.7,
			ChangeSummary: "clarified", Embedding: []float32{0, 1, 0, 0},
		}},
		Transitions: []groupmem.Transition{{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded}},
		Changes: []groupmem.Change{{Action: groupmem.ActionUpdate, MemoryID: old.ID, NewMemoryID: id,
			OldStatement: old.Statement, NewStatement: statement, Reason: "clarified", Version: old.Version + 1}},
	}
}

// Commit commits plan or fails the test.
func Commit(t *testing.T, l groupmem.Ledger, plan *groupmem.Plan) {
	t.Helper()
	if err := l.CommitPlan(context.Background(), plan); err != nil {
		t.Fatalf("CommitPlan: %v", err)
	}
}

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

// snapshot is everything a reader can see of one group.
type snapshot struct {
	Memories []groupmem.Memory
	Changes  int
	Outbox   int
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
	mustCode(t, l.CommitPlan(ctx, bad), groupmem.ECONFLICT)
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
		Run:         Begin(t, l, "g1"),
		Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
		Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: id, OldStatement: "every Friday anime night", Reason: "three weeks without mention", Version: 1}},
	}
	Commit(t, l, del)
	if m, _ := l.Memory(ctx, id); m.Status != groupmem.StatusDeprecated {
		t.Fatalf("status after delete = %s", m.Status)
	}
	s := 0.9
	restore := &groupmem.Plan{
		Run:         Begin(t, l, "g1"),
		Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusDeprecated, To: groupmem.StatusActive, Strength: &s}},
		Changes:     []groupmem.Change{{Action: groupmem.ActionRestore, MemoryID: id, Version: 1, Actor: "moderator"}},
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

func testFinishRun(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	r := Begin(t, l, "g1")
	before := snap(t, l, "g1")
	r.Status = groupmem.RunFailed
	r.Error = "model timed out\x00"
	r.Report = groupmem.Report{Lines: 3, Dropped: []groupmem.Drop{{Line: 2, Reason: "unknown alias M9", Text: "{\x00}"}}}
	if err := l.FinishRun(ctx, r); err != nil {
		t.Fatal(err)
	}
	got, err := l.Run(ctx, r.ID)
	if err != nil || got.Status != groupmem.RunFailed || got.Error != "model timed out" || got.FinishedAt.IsZero() ||
		len(got.Report.Dropped) != 1 || got.Report.Dropped[0].Reason != "unknown alias M9" {
		t.Fatalf("failed run = %+v, %v", got, err)
	}
	if diff := cmp.Diff(before, snap(t, l, "g1")); diff != "" {
		t.Fatalf("FinishRun changed memory state:\n%s", diff)
	}
	// A finished run is not finished twice.
	r.Status = groupmem.RunNoop
	mustCode(t, l.FinishRun(ctx, r), groupmem.ECONFLICT)
	r.Status = groupmem.RunSucceeded
	err = l.FinishRun(ctx, r)
	mustCode(t, err, groupmem.EINVALID)
	if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, "noop, failed, review or dry_run") {
		t.Errorf("FinishRun of a succeeded run says %q; want the statuses it records", msg)
	}
	// A dry run ends here too, and a run cannot be finished as running.
	dry := Begin(t, l, "g1")
	dry.Status = groupmem.RunRunning
	mustCode(t, l.FinishRun(ctx, dry), groupmem.EINVALID)
	dry.Status = groupmem.RunDryRun
	if err := l.FinishRun(ctx, dry); err != nil {
		t.Fatalf("FinishRun of a dry run: %v", err)
	}
	if got, err := l.Run(ctx, dry.ID); err != nil || got.Status != groupmem.RunDryRun {
		t.Fatalf("dry run = %+v, %v", got, err)
	}
}

func testReadsBadInput(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	_, err := l.Memory(ctx, "not-a-uuid")
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.Memory(ctx, groupmem.NewID())
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.Lineage(ctx, "'; DROP TABLE memory_versions; --")
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.Lineage(ctx, groupmem.NewID())
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.Run(ctx, groupmem.NewID())
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.Memories(ctx, groupmem.MemoryQuery{GroupID: "", Limit: 5})
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Status: "bogus", Limit: 5})
	mustCode(t, err, groupmem.EINVALID)
	page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "unknown-group", Limit: 5})
	if err != nil || page.Total != 0 || len(page.Memories) != 0 {
		t.Fatalf("unknown group = %+v, %v", page, err)
	}
	_, err = l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "bad\x00group"})
	mustCode(t, err, groupmem.EINVALID)
}

// Storing messages queues one OutboxMessages entry per group that stored
// any: at most one waits unclaimed, so batches before a claim share it,
// and one stored while a relay holds it queues the next; resent
// duplicates queue nothing. Completed, it is gone.
func testOutboxQueuesMessages(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	pending := func() int {
		t.Helper()
		n, _, err := l.OutboxLag(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	insert := func(msgs []groupmem.Message) {
		t.Helper()
		if _, err := l.InsertMessages(ctx, msgs); err != nil {
			t.Fatal(err)
		}
	}
	insert(append(Msgs("g1", "a", 3), Msgs("g2", "a", 2)...))
	insert(Msgs("g1", "b", 2))
	if n := pending(); n != 2 {
		t.Fatalf("pending after batches of g1 and g2 = %d, want one entry per group", n)
	}
	got, err := l.ClaimOutbox(ctx, 10, time.Minute)
	if err != nil || len(got) != 2 {
		t.Fatalf("claim = %+v, %v", got, err)
	}
	for _, e := range got {
		if e.Kind != groupmem.OutboxMessages || e.MemoryID != groupmem.NilID || (e.GroupID != "g1" && e.GroupID != "g2") {
			t.Fatalf("claimed %+v; want a messages entry of g1 or g2", e)
		}
	}
	insert(Msgs("g1", "a", 3)) // resent: nothing new
	if n := pending(); n != 2 {
		t.Fatalf("pending after a resent batch = %d, want the 2 claimed", n)
	}
	insert(Msgs("g1", "c", 1)) // stored while a relay holds g1's entry
	if n := pending(); n != 3 {
		t.Fatalf("pending after a batch during the claim = %d, want 3", n)
	}
	if err := l.CompleteOutbox(ctx, []int64{got[0].ID, got[1].ID}); err != nil {
		t.Fatal(err)
	}
	next, err := l.ClaimOutbox(ctx, 10, time.Minute)
	if err != nil || len(next) != 1 || next[0].GroupID != "g1" || next[0].Kind != groupmem.OutboxMessages {
		t.Fatalf("claim after completing = %+v, %v; want g1's next entry", next, err)
	}
	if err := l.CompleteOutbox(ctx, []int64{next[0].ID}); err != nil {
		t.Fatal(err)
	}
	if n := pending(); n != 0 {
		t.Fatalf("pending at the end = %d, want none", n)
	}
}

func testOutboxClaims(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	p := CreatePlan(Begin(t, l, "g1"), "a", "b", "c")
	Commit(t, l, p)
	if n, _, _ := l.OutboxLag(ctx); n != 3 {
		t.Fatalf("pending = %d, want 3", n)
	}
	// The plan names its entries, one per touched version, in order.
	if touched := p.Touched(); len(p.Outbox) != len(touched) {
		t.Fatalf("plan.Outbox = %v for %d touched versions", p.Outbox, len(touched))
	}
	got, err := l.ClaimOutbox(ctx, 2, time.Minute)
	if err != nil || len(got) != 2 {
		t.Fatalf("claim = %v, %v", got, err)
	}
	for i, e := range got {
		if e.ID != p.Outbox[i] || e.MemoryID != p.Touched()[i] {
			t.Fatalf("claimed entry %d = %+v; the plan said entry %d for %s", i, e, p.Outbox[i], p.Touched()[i])
		}
	}
	// Leased entries are not handed out again; the third is.
	more, _ := l.ClaimOutbox(ctx, 10, time.Minute)
	if len(more) != 1 || more[0].MemoryID == got[0].MemoryID || more[0].MemoryID == got[1].MemoryID {
		t.Fatalf("second claim = %+v", more)
	}
	if err := l.CompleteOutbox(ctx, []int64{got[0].ID, got[1].ID, more[0].ID}); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := l.OutboxLag(ctx); n != 0 {
		t.Fatalf("pending after complete = %d", n)
	}
	// An expired lease is claimable again, with its attempt counted.
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "d"))
	first, _ := l.ClaimOutbox(ctx, 10, time.Nanosecond)
	time.Sleep(5 * time.Millisecond)
	again, _ := l.ClaimOutbox(ctx, 10, time.Minute)
	if len(first) != 1 || len(again) != 1 || again[0].ID != first[0].ID || again[0].Attempts != 2 {
		t.Fatalf("reclaim: first=%+v again=%+v", first, again)
	}
}

func testOutboxTwoClaimers(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	var want []string
	for i := 0; i < 10; i++ {
		p := CreatePlan(Begin(t, l, "g1"), fmt.Sprintf("s%d-a", i), fmt.Sprintf("s%d-b", i))
		Commit(t, l, p)
		for _, m := range p.New {
			want = append(want, m.ID)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := l.ClaimOutbox(ctx, 3, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				var done []int64
				mu.Lock()
				for _, e := range got {
					seen[e.MemoryID]++
					done = append(done, e.ID)
				}
				mu.Unlock()
				if err := l.CompleteOutbox(ctx, done); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, id := range want {
		if seen[id] != 1 {
			t.Errorf("memory %s projected %d times, want exactly once", id, seen[id])
		}
	}
}

func testScanMemories(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	want := map[string]bool{}
	for _, g := range []string{"g1", "g2", "g3"} {
		p := CreatePlan(Begin(t, l, g), "x", "y", "z")
		Commit(t, l, p)
		for _, m := range p.New {
			want[m.ID] = true
		}
	}
	got := map[string]bool{}
	after := ""
	for {
		page, err := l.ScanMemories(ctx, after, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, m := range page {
			if m.ID <= after {
				t.Fatalf("scan not in id order: %s after %s", m.ID, after)
			}
			got[m.ID] = true
			after = m.ID
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("scan (-want +got):\n%s", diff)
	}
}
