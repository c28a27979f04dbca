package storetest

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// TransferLedger is a ledger that moves groups whole.
type TransferLedger interface {
	groupmem.Ledger
	groupmem.Transfer
}

// TestTransfer runs the contract of groupmem.Transfer. open must return
// an empty, migrated ledger private to the test; each call a new one.
func TestTransfer(t *testing.T, open func(t *testing.T) TransferLedger) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open func(t *testing.T) TransferLedger)
	}{
		{"ExportImportExact", testTransferExact},
		{"ExportNamedRunsOnly", testTransferNamedRuns},
		{"ImportKeepsSeqsAndQueues", testTransferSeqsAndOutbox},
		{"ImportRefusesGroupNotEmpty", testTransferNotEmpty},
		{"ImportWritesNothingOnError", testTransferAllOrNothing},
		{"ImportRefusesIDsOfAnotherGroup", testTransferDuplicateIDs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open) })
	}
}

// FillGroup gives group g of l a history: 5 messages (m3 redacted), a
// failed run, and three runs that create two memories, update one and
// delete the other. It returns the ids of the versions, oldest first.
func FillGroup(t testing.TB, l groupmem.Ledger, g string) []string {
	t.Helper()
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs(g, "m", 5)); err != nil {
		t.Fatal(err)
	}
	failed := Begin(t, l, g)
	failed.Status, failed.Error, failed.Report.Reason = groupmem.RunFailed, "model timed out", groupmem.FailModel
	if err := l.FinishRun(ctx, failed); err != nil {
		t.Fatal(err)
	}
	r1 := Begin(t, l, g)
	p1 := CreatePlan(r1, "meets every Friday night to discuss anime", "most members are front-end developers")
	p1.New[0].Subjects = []string{"u1"}
	p1.Run.NewWatermark, p1.Run.Messages = 3, 3
	Commit(t, l, p1)
	r2 := Begin(t, l, g)
	p2 := UpdatePlan(r2, p1.New[0], "meets every Friday night to discuss sci-fi anime")
	p2.Run.NewWatermark = 4
	Commit(t, l, p2)
	r3 := Begin(t, l, g)
	p3 := &groupmem.Plan{Run: r3, Writes: groupmem.Writes{
		Transitions: []groupmem.Transition{{MemoryID: p1.New[1].ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
		Changes: []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: p1.New[1].ID, OldStatement: p1.New[1].Statement,
			Reason: "no longer true", Version: 1, Actor: "test"}},
	}}
	p3.Run.NewWatermark = 4
	Commit(t, l, p3)
	if _, err := l.RedactMessage(ctx, g, "m3", "test"); err != nil {
		t.Fatal(err)
	}
	return []string{p1.New[0].ID, p1.New[1].ID, p2.New[0].ID}
}

// ExportAll returns every batch of q's export of l.
func ExportAll(t testing.TB, l groupmem.Transfer, q groupmem.ExportQuery) []groupmem.GroupRows {
	t.Helper()
	var out []groupmem.GroupRows
	if err := l.ExportGroup(context.Background(), q, func(b groupmem.GroupRows) error {
		out = append(out, b)
		return nil
	}); err != nil {
		t.Fatalf("ExportGroup: %v", err)
	}
	return out
}

// Feed returns a next function for ImportGroup giving batches in turn,
// each row numbered by a line from 2 up, then io.EOF.
func Feed(batches []groupmem.GroupRows) func() (groupmem.GroupRows, error) {
	i, line := 0, 2
	return func() (groupmem.GroupRows, error) {
		if i == len(batches) {
			return groupmem.GroupRows{}, io.EOF
		}
		b := batches[i]
		i++
		n := len(b.Runs) + len(b.Messages) + len(b.Memories) + len(b.Changes)
		if b.State != nil {
			n++
		}
		b.Lines = make([]int, n)
		for j := range b.Lines {
			b.Lines[j] = line
			line++
		}
		return b, nil
	}
}

// comparable returns the rows of batches as an export compares across
// ledgers and groups: in group g, times to the microsecond, change-log
// ids left out.
func comparable(batches []groupmem.GroupRows, g string) []groupmem.GroupRows {
	us := func(t time.Time) time.Time {
		if t.IsZero() {
			return t
		}
		return t.UTC().Truncate(time.Microsecond)
	}
	var out []groupmem.GroupRows
	for _, b := range batches {
		var c groupmem.GroupRows
		for _, r := range b.Runs {
			r.GroupID, r.StartedAt, r.FinishedAt = g, us(r.StartedAt), us(r.FinishedAt)
			c.Runs = append(c.Runs, r)
		}
		for _, m := range b.Messages {
			m.GroupID, m.SentAt, m.RedactedAt = g, us(m.SentAt), us(m.RedactedAt)
			c.Messages = append(c.Messages, m)
		}
		for _, m := range b.Memories {
			m.GroupID, m.CreatedAt, m.UpdatedAt = g, us(m.CreatedAt), us(m.UpdatedAt)
			c.Memories = append(c.Memories, m)
		}
		for _, ch := range b.Changes {
			ch.ID, ch.GroupID, ch.CreatedAt = 0, g, us(ch.CreatedAt)
			c.Changes = append(c.Changes, ch)
		}
		c.State = b.State
		out = append(out, c)
	}
	return out
}

func importInto(t *testing.T, l groupmem.Transfer, g string, batches []groupmem.GroupRows) groupmem.GroupCounts {
	t.Helper()
	counts, err := l.ImportGroup(context.Background(), g, Feed(comparable(batches, g)))
	if err != nil {
		t.Fatalf("ImportGroup(%s): %v", g, err)
	}
	return counts
}

func testTransferExact(t *testing.T, open func(t *testing.T) TransferLedger) {
	src, dst := open(t), open(t)
	FillGroup(t, src, "g1")
	q := groupmem.ExportQuery{GroupID: "g1", Messages: true, AllRuns: true, PageSize: 2}
	out := ExportAll(t, src, q)
	var runs []groupmem.Run
	for _, b := range out {
		runs = append(runs, b.Runs...)
	}
	if !slices.IsSortedFunc(runs, func(a, b groupmem.Run) int { return strings.Compare(a.ID, b.ID) }) || len(runs) != 4 {
		t.Fatalf("exported runs out of id order, the order of a file (package archive): %+v", runs)
	}
	counts := importInto(t, dst, "g2", out)
	if want := (groupmem.GroupCounts{Runs: 4, Messages: 5, Memories: 3, Changes: 4}); counts != want {
		t.Fatalf("imported %+v, want %+v", counts, want)
	}
	back := ExportAll(t, dst, groupmem.ExportQuery{GroupID: "g2", Messages: true, AllRuns: true, PageSize: 2})
	if diff := cmp.Diff(comparable(out, "g2"), comparable(back, "g2")); diff != "" {
		t.Fatalf("export of the import differs (-first +second):\n%s", diff)
	}
	var redacted groupmem.StoredMessage
	for _, b := range back {
		for _, m := range b.Messages {
			if m.ID == "m3" {
				redacted = m
			}
		}
	}
	if redacted.Content != "" || redacted.RedactedAt.IsZero() {
		t.Fatalf("redacted message after import = %+v", redacted)
	}
	// What the ledger's readers see agrees too.
	page, err := dst.Memories(context.Background(), groupmem.MemoryQuery{GroupID: "g2", Limit: 10})
	if err != nil || page.Total != 3 {
		t.Fatalf("Memories(g2) = %+v, %v", page, err)
	}
	lin, err := dst.Lineage(context.Background(), page.Memories[0].ID)
	if err != nil || len(lin) == 0 {
		t.Fatalf("Lineage after import: %v", err)
	}
}

func testTransferNamedRuns(t *testing.T, open func(t *testing.T) TransferLedger) {
	l := open(t)
	FillGroup(t, l, "g1")
	var runs []groupmem.Run
	for _, b := range ExportAll(t, l, groupmem.ExportQuery{GroupID: "g1"}) {
		runs = append(runs, b.Runs...)
		if len(b.Messages) > 0 {
			t.Fatal("messages exported unasked")
		}
	}
	if len(runs) != 3 {
		t.Fatalf("exported %d runs, want the 3 that wrote versions or changes", len(runs))
	}
	for _, r := range runs {
		if r.Status == groupmem.RunFailed {
			t.Fatalf("the failed run was exported unasked: %+v", r)
		}
	}
}

func testTransferSeqsAndOutbox(t *testing.T, open func(t *testing.T) TransferLedger) {
	ctx := context.Background()
	src, dst := open(t), open(t)
	FillGroup(t, src, "g1")
	importInto(t, dst, "g1", ExportAll(t, src, groupmem.ExportQuery{GroupID: "g1", Messages: true}))
	after, err := dst.MessagesAfter(ctx, "g1", 0, 10)
	if err != nil || len(after) != 5 || after[0].Seq != 1 || after[4].Seq != 5 {
		t.Fatalf("messages after import = %+v, %v", after, err)
	}
	if _, err := dst.InsertMessages(ctx, Msgs("g1", "n", 1)); err != nil {
		t.Fatal(err)
	}
	run := Begin(t, dst, "g1")
	if run.Watermark != 4 {
		t.Fatalf("watermark after import = %d, want 4", run.Watermark)
	}
	pending, err := dst.MessagesAfter(ctx, "g1", run.Watermark, 10)
	if err != nil || len(pending) != 2 || pending[1].ID != "n0" || pending[1].Seq != 6 {
		t.Fatalf("messages past the watermark = %+v, %v", pending, err)
	}
	entries, err := dst.ClaimOutbox(ctx, 100, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range entries {
		kinds[e.Kind]++
	}
	if kinds[groupmem.OutboxMemory] != 3 || kinds[groupmem.OutboxMessages] != 1 {
		t.Fatalf("outbox after import = %v, want 3 memory entries and 1 messages entry", kinds)
	}
}

func testTransferNotEmpty(t *testing.T, open func(t *testing.T) TransferLedger) {
	ctx := context.Background()
	src, dst := open(t), open(t)
	FillGroup(t, src, "g1")
	if _, err := dst.InsertMessages(ctx, Msgs("g1", "x", 1)); err != nil {
		t.Fatal(err)
	}
	_, err := dst.ImportGroup(ctx, "g1", Feed(comparable(ExportAll(t, src, groupmem.ExportQuery{GroupID: "g1"}), "g1")))
	mustCode(t, err, groupmem.ECONFLICT)
	if !strings.Contains(groupmem.ErrorMessage(err), "not empty") {
		t.Fatalf("error = %v", err)
	}
	page, _ := dst.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
	if page.Total != 0 {
		t.Fatalf("a refused import wrote %d versions", page.Total)
	}
}

// empty fails the test unless group g of l holds nothing.
func empty(t *testing.T, l TransferLedger, g string) {
	t.Helper()
	rows := 0
	for _, b := range ExportAll(t, l, groupmem.ExportQuery{GroupID: g, Messages: true, AllRuns: true}) {
		rows += len(b.Runs) + len(b.Messages) + len(b.Memories) + len(b.Changes)
	}
	if rows != 0 {
		t.Fatalf("group %s holds %d rows after a refused import", g, rows)
	}
	entries, _ := l.ClaimOutbox(context.Background(), 100, time.Minute)
	for _, e := range entries {
		if e.GroupID == g {
			t.Fatalf("a refused import queued outbox entry %+v", e)
		}
	}
}

func testTransferAllOrNothing(t *testing.T, open func(t *testing.T) TransferLedger) {
	ctx := context.Background()
	src := open(t)
	FillGroup(t, src, "g1")
	out := comparable(ExportAll(t, src, groupmem.ExportQuery{GroupID: "g1", Messages: true, AllRuns: true}), "g1")
	for _, tc := range []struct {
		name  string
		spoil func(b []groupmem.GroupRows) []groupmem.GroupRows
		line  string
	}{
		{"change names an unknown version", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			last := len(b) - 2 // the changes, before the state
			b[last].Changes = append([]groupmem.Change(nil), b[last].Changes...)
			b[last].Changes[1].MemoryID = groupmem.NewID()
			return b
		}, "line 15:"},
		{"version names an unknown run", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			b[2].Memories = append([]groupmem.Memory(nil), b[2].Memories...)
			b[2].Memories[0].RunID = groupmem.NewID()
			return b
		}, "line 11:"},
		{"version with a child names an unknown run", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			mems, i := b[2].Memories, 0
			for mems[i+1].ParentID != mems[i].ID {
				i++
			}
			// The parent and its child first: a refused parent must name
			// its line, not fail its child's write.
			first := append([]groupmem.Memory{mems[i], mems[i+1]}, slices.Delete(slices.Clone(mems), i, i+2)...)
			first[0].RunID = groupmem.NewID()
			b[2].Memories = first
			return b
		}, "line 11:"},
		{"message repeats an id", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			b[1].Messages = append([]groupmem.StoredMessage(nil), b[1].Messages...)
			b[1].Messages[1].ID = b[1].Messages[0].ID
			return b
		}, "line 7:"},
		{"message repeats a seq", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			b[1].Messages = append([]groupmem.StoredMessage(nil), b[1].Messages...)
			b[1].Messages[2].Seq = b[1].Messages[1].Seq
			return b
		}, "line 8:"},
		{"message repeats an id of an earlier batch", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			msgs := append([]groupmem.StoredMessage(nil), b[1].Messages...)
			msgs[3].ID = msgs[0].ID
			return slices.Concat(b[:1], []groupmem.GroupRows{{Messages: msgs[:3]}, {Messages: msgs[3:]}}, b[2:])
		}, "line 9:"},
		{"version repeats an id of an earlier batch", func(b []groupmem.GroupRows) []groupmem.GroupRows {
			mems := append([]groupmem.Memory(nil), b[2].Memories...)
			extra := mems[0]
			extra.LineageID, extra.ParentID, extra.Version = groupmem.NewID(), "", 1
			return slices.Concat(b[:2], []groupmem.GroupRows{{Memories: mems}, {Memories: []groupmem.Memory{extra}}}, b[3:])
		}, "line 14:"},
		{"no state", func(b []groupmem.GroupRows) []groupmem.GroupRows { return b[:len(b)-1] }, "state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := open(t)
			batches := tc.spoil(append([]groupmem.GroupRows(nil), out...))
			_, err := dst.ImportGroup(ctx, "g1", Feed(batches))
			mustCode(t, err, groupmem.EINVALID)
			if !strings.Contains(groupmem.ErrorMessage(err), tc.line) {
				t.Fatalf("error %q does not name %q", groupmem.ErrorMessage(err), tc.line)
			}
			empty(t, dst, "g1")
		})
	}
}

func testTransferDuplicateIDs(t *testing.T, open func(t *testing.T) TransferLedger) {
	ctx := context.Background()
	src, dst := open(t), open(t)
	FillGroup(t, src, "g1")
	out := ExportAll(t, src, groupmem.ExportQuery{GroupID: "g1", Messages: true})
	importInto(t, dst, "g1", out)
	// The same ids under another group: ids are global.
	_, err := dst.ImportGroup(ctx, "g2", Feed(comparable(out, "g2")))
	mustCode(t, err, groupmem.EINVALID)
	if !strings.Contains(groupmem.ErrorMessage(err), "line 2:") || !strings.Contains(groupmem.ErrorMessage(err), "already") {
		t.Fatalf("error = %v", err)
	}
	empty(t, dst, "g2")
	// A version repeated within one import.
	dup := comparable(ExportAll(t, src, groupmem.ExportQuery{GroupID: "g1"}), "g3")
	for i, b := range dup {
		if len(b.Memories) > 0 {
			twice := append([]groupmem.Memory(nil), b.Memories...)
			extra := twice[len(twice)-1]
			extra.LineageID, extra.ParentID, extra.Version = groupmem.NewID(), "", 1
			dup[i].Memories = append(twice, extra)
		}
	}
	fresh := open(t)
	_, err = fresh.ImportGroup(ctx, "g3", Feed(dup))
	mustCode(t, err, groupmem.EINVALID)
	if !strings.Contains(groupmem.ErrorMessage(err), "already") {
		t.Fatalf("error = %v", err)
	}
	empty(t, fresh, "g3")
}
