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
		{"OutboxQueuesForget", testOutboxQueuesForget},
		{"OutboxCompleteIfCurrent", testOutboxCompleteIfCurrent},
		{"Members", testMembers},
		{"KeptPlans", testKeptPlans},
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
func Begin(t testing.TB, l groupmem.Ledger, g string) groupmem.Run {
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
		Writes: groupmem.Writes{
			New: []groupmem.Memory{{
				ID: id, LineageID: old.LineageID, GroupID: old.GroupID, Statement: statement,
				Version: old.Version + 1, ParentID: old.ID, Status: groupmem.StatusActive, Strength: 0.7,
				ChangeSummary: "clarified", Embedding: []float32{0, 1, 0, 0},
			}},
			Transitions: []groupmem.Transition{{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded}},
			Changes: []groupmem.Change{{Action: groupmem.ActionUpdate, MemoryID: old.ID, NewMemoryID: id,
				OldStatement: old.Statement, NewStatement: statement, Reason: "clarified", Version: old.Version + 1}},
		},
	}
}

// Commit commits plan or fails the test.
func Commit(t testing.TB, l groupmem.Ledger, plan *groupmem.Plan) {
	t.Helper()
	if err := l.CommitPlan(context.Background(), plan); err != nil {
		t.Fatalf("CommitPlan: %v", err)
	}
}

// snapshot is everything a reader can see of one group.
type snapshot struct {
	Memories []groupmem.Memory
	Changes  int
	Outbox   int
}

func testFinishRun(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	r := Begin(t, l, "g1")
	before := snap(t, l, "g1")
	r.Status = groupmem.RunFailed
	r.Error = "model timed out\x00"
	r.Report = groupmem.Report{Lines: 3, Dropped: []groupmem.Drop{{Line: 2, Reason: "unknown alias M9", Text: "{\x00}"}}}
	// Failure reasons come from one closed list, and a failure gives one.
	mustCode(t, l.FinishRun(ctx, r), groupmem.EINVALID)
	r.Report.Reason = "model was slow"
	mustCode(t, l.FinishRun(ctx, r), groupmem.EINVALID)
	if got, _ := l.Run(ctx, r.ID); got.Status != groupmem.RunRunning {
		t.Fatalf("a refused FinishRun changed the run: %+v", got)
	}
	r.Report.Reason = groupmem.FailModel
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
	_, err = l.RunningRuns(ctx, groupmem.RunningRunsQuery{MinAge: -time.Second, Limit: 5})
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: "bad\x00group", Limit: 5})
	mustCode(t, err, groupmem.EINVALID)
	if runs, err := l.RunningRuns(ctx, groupmem.RunningRunsQuery{}); err != nil || len(runs) != 0 {
		t.Fatalf("RunningRuns without a limit = %v, %v; want none", runs, err)
	}
	_, err = l.PurgeGroup(ctx, "", "ops")
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.RedactMessage(ctx, "bad\x00group", "m1", "mod")
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.RedactMessage(ctx, "g1", "", "mod")
	mustCode(t, err, groupmem.EINVALID)
}
