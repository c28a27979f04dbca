package storetest

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// testRedactionFencesRuns: a run that began before a redaction (and so may
// have read the text) can never commit after it: it would write a memory
// quoting text that is gone. The commit fails with ESTALE and writes
// nothing; a run begun after the redaction commits.
func testRedactionFencesRuns(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	stale := Begin(t, l, "g1")
	msgs, err := l.MessagesAfter(ctx, "g1", stale.Watermark, 10)
	if err != nil || len(msgs) != 3 {
		t.Fatalf("messages = %v, %v", msgs, err)
	}
	quote := msgs[1].Content
	before := snap(t, l, "g1")
	if _, err := l.RedactMessage(ctx, "g1", msgs[1].ID, "mod"); err != nil {
		t.Fatal(err)
	}
	redacted := snap(t, l, "g1")
	plan := CreatePlan(stale, "Ann said: "+quote)
	plan.Run.NewWatermark = msgs[2].Seq
	mustCode(t, l.CommitPlan(ctx, plan), groupmem.ESTALE)
	if diff := cmp.Diff(redacted, snap(t, l, "g1")); diff != "" {
		t.Errorf("the stale run wrote:\n%s", diff)
	}
	if before.Outbox != redacted.Outbox || len(redacted.Memories) != 0 {
		t.Errorf("the redaction of a message no memory cites wrote memories or outbox entries: %+v", redacted)
	}
	fresh := Begin(t, l, "g1")
	plan = CreatePlan(fresh, "Ann writes messages")
	plan.Run.NewWatermark = msgs[2].Seq
	Commit(t, l, plan)
	for _, m := range snap(t, l, "g1").Memories {
		if strings.Contains(m.Statement, quote) {
			t.Errorf("memory %s quotes the redacted text: %q", m.ID, m.Statement)
		}
	}
}
